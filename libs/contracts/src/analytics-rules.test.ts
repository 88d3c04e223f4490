import assert from 'node:assert/strict';
import { describe, expect, it } from 'vitest';
import { ROLES } from './access';
import { callerAs, CALLER_ID, F, OTHER, OWN, T, assertMatrix } from './access-matrix.fixture';
import {
  ACTIVITY_DESCRIPTIONS,
  analyticsScope,
  canReadAnalytics,
  canReadInstitutionFigures,
  canReadUserActivity,
  dashboardScope,
  seesSystemFigures,
  withinDashboardScope,
} from './analytics-rules';

it("scopes the dashboard by role, super_admin's filter only for super_admin", () => {
  const all = { activity_filter: 'all' } as const;
  const byInstitution = { activity_filter: 'institution', institution_id: OTHER } as const;
  const byClinician = { activity_filter: 'clinician', clinician_id: 77 } as const;
  const scopes = ROLES.map((role) => [role, dashboardScope(callerAs(role), all)]);
  assert.deepEqual(Object.fromEntries(scopes), {
    super_admin: { kind: 'all' },
    institution_admin: { kind: 'institutions', institutionIds: [OWN] },
    clinician: { kind: 'clinician', clinicianId: CALLER_ID, institutionIds: [OWN] },
    client_admin: { kind: 'institutions', institutionIds: [OWN] },
    fulfillment_agent: { kind: 'institutions', institutionIds: [OWN] },
    lab_user: { kind: 'institutions', institutionIds: [OWN] },
  });
  const superAdmin = callerAs('super_admin');
  assert.deepEqual(dashboardScope(superAdmin, byInstitution), { kind: 'institutions', institutionIds: [OTHER] });
  assert.deepEqual(dashboardScope(superAdmin, byClinician), {
    kind: 'clinician',
    clinicianId: 77,
    institutionIds: null,
  });
  // a filter without its id is no filter
  assert.deepEqual(dashboardScope(superAdmin, { activity_filter: 'institution' }), { kind: 'all' });
  // the others' filter is ignored
  for (const role of ROLES.filter((role) => role !== 'super_admin')) {
    const caller = callerAs(role);
    assert.deepEqual(dashboardScope(caller, byInstitution), dashboardScope(caller, all), role);
    assert.deepEqual(dashboardScope(caller, byClinician), dashboardScope(caller, all), role);
  }
});

it('lets super_admin read the system figures and institution list, administrators the user activity', () => {
  assertMatrix(
    'analytics',
    {
      'system figures': [T, F, F, F, F, F],
      'institution figures': [T, F, F, F, F, F],
      'user activity': [T, T, F, T, F, F],
      'analytics screen': [T, T, F, T, F, F],
    },
    (caller, relation) =>
      relation === 'system figures'
        ? seesSystemFigures(caller)
        : relation === 'institution figures'
          ? canReadInstitutionFigures(caller)
          : relation === 'user activity'
            ? canReadUserActivity(caller)
            : canReadAnalytics(caller),
  );
});

it("scopes the analytics screen: super_admin everything or the filter's institution, others theirs or 404", () => {
  assert.deepEqual(analyticsScope(callerAs('super_admin')), { kind: 'all' });
  assert.deepEqual(analyticsScope(callerAs('super_admin'), OTHER), { kind: 'institutions', institutionIds: [OTHER] });
  for (const role of ['institution_admin', 'client_admin'] as const) {
    const caller = callerAs(role);
    assert.deepEqual(analyticsScope(caller), { kind: 'institutions', institutionIds: [OWN] }, role);
    assert.deepEqual(analyticsScope(caller, OWN), { kind: 'institutions', institutionIds: [OWN] }, role);
    // another institution is as unknown: null, which the service answers 404
    assert.equal(analyticsScope(caller, OTHER), null, role);
  }
});

describe('Recent Activity descriptions', () => {
  it('name a status as words', () => {
    expect(ACTIVITY_DESCRIPTIONS.testRequestStatusChanged('in_progress')).toBe(
      'Test request status changed to in progress',
    );
    expect(ACTIVITY_DESCRIPTIONS.testRequestStatusChanged('approved')).toBe('Test request status changed to approved');
  });
});

it("keeps a live change within the dashboard's scope: institutions overlap, a clinician's own record", () => {
  const record = (institutionIds: number[], clinicianId: number | null) => ({ institutionIds, clinicianId });
  const all = { kind: 'all' } as const;
  const institutions = { kind: 'institutions', institutionIds: [1, 2] } as const;
  const clinician = { kind: 'clinician', clinicianId: 7, institutionIds: [1] } as const;
  const anyInstitution = { kind: 'clinician', clinicianId: 7, institutionIds: null } as const;
  assert.equal(withinDashboardScope(all, record([9], null)), true);
  assert.equal(withinDashboardScope(institutions, record([3, 2], null)), true);
  assert.equal(withinDashboardScope(institutions, record([3], 7)), false);
  assert.equal(withinDashboardScope(clinician, record([1], 7)), true);
  assert.equal(withinDashboardScope(clinician, record([1], 8)), false);
  assert.equal(withinDashboardScope(clinician, record([2], 7)), false);
  assert.equal(withinDashboardScope(anyInstitution, record([2], 7)), true);
});
