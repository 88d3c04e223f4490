/**
 * The access-rule matrix: every rule of records.ts over every role × relation, against a table written out
 * from spec 1 §6 and spec 3 §6. A changed rule shows here as a changed cell.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { ROLES, type Role } from './access';
import { ERRORS } from './errors';
import {
  accountInstitutionProblem,
  canAssignRole,
  canCreateInstitution,
  canCreatePatient,
  canDeletePatient,
  canEditInstitution,
  canEditPatient,
  canEditPatients,
  canListInstitutionPatients,
  canManageUser,
  USER_ACTIONS,
  canManageUsers,
  canOrderTests,
  canReadInstitution,
  canReadPatient,
  canReadUser,
  canSetAccountScope,
  callerFromUser,
  userListScope,
  type Caller,
  type PatientAccessFacts,
} from './records';
import { assertMatrix, callerAs, CALLER_ID, F, OTHER, OWN, T } from './access-matrix.fixture';

const PATIENTS: Record<string, PatientAccessFacts> = {
  'own institution, assigned to the caller': { institution_ids: [OWN], clinician_id: CALLER_ID },
  'own institution, another clinician': { institution_ids: [OWN], clinician_id: 99 },
  'own institution, no clinician': { institution_ids: [OWN], clinician_id: null },
  'shared with another institution': { institution_ids: [OTHER, OWN], clinician_id: CALLER_ID },
  'another institution only': { institution_ids: [OTHER], clinician_id: CALLER_ID },
};
const patient = (relation: string) => PATIENTS[relation]!;

describe('per-record access rules: patients', () => {
  //                                                   super   inst    clin    client  fulfil  lab
  it('reads', () => {
    assertMatrix(
      'canReadPatient',
      {
        'own institution, assigned to the caller': [T, T, T, T, F, T],
        'own institution, another clinician': [T, T, F, T, F, T],
        'own institution, no clinician': [T, T, F, T, F, T],
        'shared with another institution': [T, T, T, T, F, T],
        'another institution only': [T, F, F, F, F, F],
      },
      (caller, relation) => canReadPatient(caller, patient(relation)),
    );
  });

  it('edits', () => {
    assertMatrix(
      'canEditPatient',
      {
        'own institution, assigned to the caller': [T, T, T, F, F, F],
        'own institution, another clinician': [T, T, F, F, F, F],
        'own institution, no clinician': [T, T, F, F, F, F],
        'shared with another institution': [T, T, T, F, F, F],
        'another institution only': [T, F, F, F, F, F],
      },
      (caller, relation) => canEditPatient(caller, patient(relation)),
    );
  });

  it('deletes', () => {
    assertMatrix(
      'canDeletePatient',
      {
        'own institution, assigned to the caller': [T, T, F, F, F, F],
        'own institution, another clinician': [T, T, F, F, F, F],
        'another institution only': [T, F, F, F, F, F],
      },
      (caller, relation) => canDeletePatient(caller, patient(relation)),
    );
  });

  it('creates, files under an institution and lists an institution', () => {
    assertMatrix('canCreatePatient', { any: [T, T, T, T, F, F] }, (caller) => canCreatePatient(caller));
    // The edit route's own check, before any patient is loaded: the roles canEditPatient ever lets through.
    assertMatrix('canEditPatients', { any: [T, T, T, F, F, F] }, (caller) => canEditPatients(caller));
    assertMatrix(
      'canListInstitutionPatients',
      { 'own institution': [T, T, T, T, F, T], 'another institution': [T, F, F, F, F, F] },
      (caller, relation) => canListInstitutionPatients(caller, relation === 'own institution' ? OWN : OTHER),
    );
  });

  it('takes a clinician linked to a second institution as belonging to both', () => {
    const linked = callerFromUser({
      id: CALLER_ID,
      role: 'clinician',
      institution_id: OWN,
      clinician_institution_ids: [OTHER],
      permissions: [],
    });
    assert.deepEqual(linked.institutionIds, [OWN, OTHER]);
    assert.equal(canReadPatient(linked, patient('another institution only')), true);
  });

  it('follows the menu permissions: without patients and tests a role has no patient routes', () => {
    const narrowed = { ...callerAs('institution_admin'), permissions: ['dashboard', 'users'] };
    assert.equal(canReadPatient(narrowed, patient('own institution, no clinician')), false);
    assert.equal(canCreatePatient(narrowed), false);
    const ordersOnly = { ...callerAs('clinician'), permissions: ['tests'] };
    assert.equal(canReadPatient(ordersOnly, patient('own institution, assigned to the caller')), true);
  });
});

describe('per-record access rules: test requests', () => {
  it('orders tests', () => {
    assertMatrix('canOrderTests', { any: [T, T, T, T, F, F] }, (caller) => canOrderTests(caller));
  });
});

describe('per-record access rules: users', () => {
  const TARGETS = {
    self: { id: CALLER_ID, institution_id: OWN, clinician_institution_ids: [] },
    'own institution': { id: 20, institution_id: OWN, clinician_institution_ids: [] },
    'clinician of another institution linked to own': {
      id: 21,
      institution_id: OTHER,
      clinician_institution_ids: [OWN],
    },
    'another institution': { id: 22, institution_id: OTHER, clinician_institution_ids: [] },
    'no institution': { id: 23, institution_id: null, clinician_institution_ids: [] },
  } as const;
  const target = (relation: string) => TARGETS[relation as keyof typeof TARGETS];

  it('reads a user', () => {
    assertMatrix(
      'canReadUser',
      {
        self: [T, T, T, T, T, T],
        'own institution': [T, T, F, T, F, F],
        'clinician of another institution linked to own': [T, T, F, T, F, F],
        'another institution': [T, F, F, F, F, F],
        'no institution': [T, F, F, F, F, F],
      },
      (caller, relation) => canReadUser(caller, target(relation)),
    );
  });

  it('manages users: canManageUsers and canSetAccountScope', () => {
    assertMatrix('canManageUsers', { any: [T, T, F, F, F, F] }, (caller) => canManageUsers(caller));
    assertMatrix('canSetAccountScope', { any: [T, F, F, F, F, F] }, (caller) => canSetAccountScope(caller));
  });
  it('lists users by what the screen asks for', () => {
    const lists = (role: 'clinician' | 'fulfillment_agent' | undefined) => (caller: Caller) =>
      userListScope(caller, { role }) !== null;
    assertMatrix('userListScope(any role)', { any: [T, T, F, T, F, F] }, lists(undefined));
    assertMatrix('userListScope(clinicians)', { any: [T, T, T, T, F, F] }, lists('clinician'));
    assertMatrix('userListScope(fulfillment agents)', { any: [T, T, T, T, T, F] }, lists('fulfillment_agent'));
    // Pickers of the ordering roles list active users only, whatever the filter asks for.
    assert.deepEqual(userListScope(callerAs('clinician'), { role: 'clinician', isActive: false })?.isActive, true);
  });
});

describe('who may manage whom (every actor role × target role × same/other institution × action)', () => {
  /** The spec's answer, written as a table: whom each role may manage in its institution and in others. */
  const MAY_MANAGE: Record<Role, { sameInstitution: readonly Role[]; otherInstitution: readonly Role[] }> = {
    super_admin: { sameInstitution: ROLES, otherInstitution: ROLES },
    institution_admin: {
      sameInstitution: ['institution_admin', 'clinician', 'client_admin', 'fulfillment_agent', 'lab_user'],
      otherInstitution: [],
    },
    clinician: { sameInstitution: [], otherInstitution: [] },
    client_admin: { sameInstitution: [], otherInstitution: [] },
    fulfillment_agent: { sameInstitution: [], otherInstitution: [] },
    lab_user: { sameInstitution: [], otherInstitution: [] },
  };

  it('answers every cell as the table says, and never lets anyone deactivate or reactivate themself', () => {
    let cells = 0;
    for (const actorRole of ROLES) {
      const actor = { ...callerAs(actorRole), institutionId: OWN };
      for (const targetRole of ROLES) {
        for (const relation of ['sameInstitution', 'otherInstitution'] as const) {
          const target = { id: 77, role: targetRole, institution_id: relation === 'sameInstitution' ? OWN : OTHER };
          const expected = MAY_MANAGE[actorRole][relation].includes(targetRole);
          for (const action of USER_ACTIONS) {
            assert.equal(
              canManageUser(actor, target, action),
              expected,
              `${actorRole} ${action} ${targetRole} of the ${relation}`,
            );
            assert.equal(
              canManageUser(actor, { ...target, id: actor.userId }, action),
              expected && action !== 'deactivate' && action !== 'reactivate',
            );
            cells += 1;
          }
        }
      }
    }
    assert.equal(cells, ROLES.length * ROLES.length * 2 * USER_ACTIONS.length);
  });

  it('lets nobody give a role above their own', () => {
    for (const actorRole of ROLES) {
      for (const role of ROLES) {
        const expected = MAY_MANAGE[actorRole].sameInstitution.includes(role);
        assert.equal(canAssignRole(callerAs(actorRole), role), expected, `${actorRole} assigns ${role}`);
      }
    }
  });

  it('keeps super admins out of institutions and the institution roles in one', () => {
    assert.equal(accountInstitutionProblem('super_admin', OWN), ERRORS.superAdminHasNoInstitution);
    assert.equal(accountInstitutionProblem('super_admin', null), null);
    for (const role of ['institution_admin', 'client_admin', 'lab_user'] as const) {
      assert.equal(accountInstitutionProblem(role, null), ERRORS.institutionRequiredForRole, role);
      assert.equal(accountInstitutionProblem(role, OWN), null, role);
    }
    assert.equal(accountInstitutionProblem('fulfillment_agent', null), null);
    assert.equal(accountInstitutionProblem('clinician', null), null);
  });
});

describe('per-record access rules: institutions', () => {
  it('reads, creates and edits', () => {
    const own = (relation: string) => (relation === 'own institution' ? OWN : OTHER);
    assertMatrix(
      'canReadInstitution',
      { 'own institution': [T, T, T, T, T, T], 'another institution': [T, F, F, F, F, F] },
      (caller, relation) => canReadInstitution(caller, own(relation)),
    );
    assertMatrix(
      'canEditInstitution',
      { 'own institution': [T, T, F, F, F, F], 'another institution': [T, F, F, F, F, F] },
      (caller, relation) => canEditInstitution(caller, own(relation)),
    );
    assertMatrix('canCreateInstitution', { any: [T, F, F, F, F, F] }, (caller) => canCreateInstitution(caller));
  });
});
