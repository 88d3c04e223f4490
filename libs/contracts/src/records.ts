/**
 * Per-record access rules (spec 1 §6, spec 3 §2 and §6): who may read and change which patient, user and
 * institution. Pure functions beside the section policy, used by the services' deciders and read scopes and
 * by the web app's buttons and route guards alike, so that no rule is written twice (Medplum's
 * `core/src/access.ts`, ant-design-pro's `access.ts`).
 */
import { canAccessSection, type Role } from './access';
import { ERRORS } from './errors';

/** The signed-in user as every rule sees them: one shape for the services, the gateway and the web app. */
export interface Caller {
  userId: number;
  role: Role;
  /** The primary institution; null for super_admin and for system-level fulfillment partners. */
  institutionId: number | null;
  /** The primary institution and, for a clinician, the linked ones. */
  institutionIds: readonly number[];
  /** The menu permissions (sections and cms sub-permissions); empty means the role's defaults. */
  permissions: readonly string[];
}

/** A caller from a token's principal or a session user (both carry these fields). */
export function callerFromUser(user: {
  id: number;
  role: Role;
  institution_id: number | null;
  clinician_institution_ids: readonly number[];
  permissions: readonly string[];
}): Caller {
  const primary = user.institution_id === null ? [] : [user.institution_id];
  return {
    userId: user.id,
    role: user.role,
    institutionId: user.institution_id,
    institutionIds: [...new Set([...primary, ...user.clinician_institution_ids])],
    permissions: user.permissions,
  };
}

const subjectOf = (caller: Caller) => ({ role: caller.role, permissions: caller.permissions });
const sharesInstitution = (caller: Caller, institutionIds: readonly number[]) =>
  institutionIds.some((id) => caller.institutionIds.includes(id));

// ---------------------------------------------------------------------------------------------- patients

/** Which patients a caller reads: everything, those of some institutions, or a clinician's own there. */
export type PatientScope =
  | { kind: 'all' }
  | { kind: 'institutions'; institutionIds: readonly number[] }
  | { kind: 'clinician'; clinicianId: number; institutionIds: readonly number[] }
  | { kind: 'none' };

/** The part of a patient the rules look at. */
export interface PatientAccessFacts {
  institution_ids: readonly number[];
  clinician_id: number | null;
}

export function patientScope(caller: Caller): PatientScope {
  switch (caller.role) {
    case 'super_admin':
      return { kind: 'all' };
    case 'institution_admin':
    case 'lab_user':
    case 'client_admin':
      return { kind: 'institutions', institutionIds: caller.institutionIds };
    case 'clinician':
      // 'My Patients': the patients assigned to them within their institutions.
      return { kind: 'clinician', clinicianId: caller.userId, institutionIds: caller.institutionIds };
    case 'fulfillment_agent':
      return { kind: 'none' };
  }
}

export function isInPatientScope(scope: PatientScope, patient: PatientAccessFacts): boolean {
  const inInstitutions = (ids: readonly number[]) => patient.institution_ids.some((id) => ids.includes(id));
  switch (scope.kind) {
    case 'all':
      return true;
    case 'institutions':
      return inInstitutions(scope.institutionIds);
    case 'clinician':
      return patient.clinician_id === scope.clinicianId && inInstitutions(scope.institutionIds);
    case 'none':
      return false;
  }
}

/**
 * The patient routes: the patients section, or the tests section whose order form picks patients; never
 * for fulfillment agents, whatever their permissions say.
 */
export function canUsePatients(caller: Caller): boolean {
  const subject = subjectOf(caller);
  return (
    caller.role !== 'fulfillment_agent' && (canAccessSection(subject, 'patients') || canAccessSection(subject, 'tests'))
  );
}

export const canReadPatient = (caller: Caller, patient: PatientAccessFacts): boolean =>
  canUsePatients(caller) && isInPatientScope(patientScope(caller), patient);

/** Add Patient: everyone with the patients routes but lab users. */
export const canCreatePatient = (caller: Caller): boolean => canUsePatients(caller) && caller.role !== 'lab_user';

/**
 * Whether the caller edits patients at all: the edit route answers Access Denied at once to the others
 * (client_admin and lab_user see patients but never change one), before any patient is loaded.
 */
export const canEditPatients = (caller: Caller): boolean =>
  canUsePatients(caller) &&
  (caller.role === 'super_admin' || caller.role === 'institution_admin' || caller.role === 'clinician');

/** Administrators edit any patient they see; a clinician the patients assigned to them (all they see). */
export const canEditPatient = (caller: Caller, patient: PatientAccessFacts): boolean =>
  canReadPatient(caller, patient) && canEditPatients(caller);

export const canDeletePatient = (caller: Caller, patient: PatientAccessFacts): boolean =>
  canReadPatient(caller, patient) && (caller.role === 'super_admin' || caller.role === 'institution_admin');

/** Institutions a caller may file patients under: any for super_admin, else their own. */
export const canFilePatientUnder = (caller: Caller, institutionId: number): boolean =>
  caller.role === 'super_admin' || caller.institutionIds.includes(institutionId);

/** An institution's patient list: super_admin any institution, others their own (else as unknown: 404). */
export const canListInstitutionPatients = (caller: Caller, institutionId: number): boolean =>
  canUsePatients(caller) && canFilePatientUnder(caller, institutionId);

// ----------------------------------------------------------------------------------------- test requests

/** Create, edit and archive test requests (spec 1 §6, Test Requests). */
export const canOrderTests = (caller: Caller): boolean =>
  canAccessSection(subjectOf(caller), 'tests') &&
  (caller.role === 'super_admin' ||
    caller.role === 'institution_admin' ||
    caller.role === 'clinician' ||
    caller.role === 'client_admin');

// ------------------------------------------------------------------------------------------------- users

/** The part of a user the rules look at. */
export interface UserAccessFacts {
  id: number;
  institution_id: number | null;
  /** A clinician's linked institutions. */
  clinician_institution_ids: readonly number[];
}

/** Which users a caller may see. */
export type UserScope =
  | { kind: 'all' }
  | {
      kind: 'institutions';
      /** Users whose primary institution is one of these, or clinicians linked to one of them. */
      institutionIds: readonly number[];
      /** Also users without any institution (system-level fulfillment partners). */
      includeUnaffiliated?: boolean;
    }
  | { kind: 'self'; userId: number };

export function isInUserScope(scope: UserScope, user: UserAccessFacts): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'self':
      return user.id === scope.userId;
    case 'institutions': {
      const ids = [...(user.institution_id === null ? [] : [user.institution_id]), ...user.clinician_institution_ids];
      if (ids.some((id) => scope.institutionIds.includes(id))) return true;
      return scope.includeUnaffiliated === true && user.institution_id === null;
    }
  }
}

/**
 * GET /users/{id}: super_admin any user; institution_admin and client_admin (the e-mail card) the users of
 * their institution; everyone else only themself.
 */
export function userDetailScope(caller: Caller): UserScope {
  switch (caller.role) {
    case 'super_admin':
      return { kind: 'all' };
    case 'institution_admin':
    case 'client_admin':
      return { kind: 'institutions', institutionIds: caller.institutionIds };
    default:
      return { kind: 'self', userId: caller.userId };
  }
}

export const canReadUser = (caller: Caller, user: UserAccessFacts): boolean =>
  isInUserScope(userDetailScope(caller), user);

/** The roles of the Email communication card (spec 3 §6). */
const ACCOUNT_EMAIL_SENDERS: readonly Role[] = ['super_admin', 'institution_admin', 'client_admin'];

/**
 * The Email communication card (spec 3 §2, §6): super_admin, institution_admin and client_admin, for an active
 * user they see (the user detail's scope: super_admin anyone, the others the users of their institutions).
 */
export const canSendAccountEmails = (caller: Caller): boolean => ACCOUNT_EMAIL_SENDERS.includes(caller.role);

export const canEmailUser = (caller: Caller, user: UserAccessFacts & { is_active: boolean }): boolean =>
  canSendAccountEmails(caller) && user.is_active && canReadUser(caller, user);

/**
 * Where the card is offered outside the user detail. Spec 3 §6 gives the card to client_admin; spec 1 §6 closes
 * the users section, and so /users/{id}, to them. A caller who may send account e-mails but cannot open the user
 * screens (client_admin; an administrator whose menu permissions leave users out) gets the card beside the users
 * their record pages show (a patient's and a test request's clinician), for the users canEmailUser allows: the
 * active users of their institution. README, "Roles and permissions".
 */
export const emailsUsersFromRecordPages = (caller: Caller): boolean =>
  canSendAccountEmails(caller) && !canAccessSection(subjectOf(caller), 'users');

/** What a user list asks for, as far as the scope depends on it. */
export interface UserListRequest {
  role?: Role | undefined;
  isActive?: boolean | undefined;
}

/**
 * GET /users, or null when the caller may not list these users at all (403). Administrators list their
 * institution's users (super_admin all). The patient and order forms of the other roles only pick clinicians
 * and fulfillment partners: a clinician lists the active clinicians of their institutions and the active
 * fulfillment agents, a fulfillment agent the latter only. Fulfillment agents without an institution are
 * system-level partners and listed to everyone who may order.
 */
export function userListScope(
  caller: Caller,
  request: UserListRequest,
): { scope: UserScope; isActive: boolean | undefined } | null {
  const partners = request.role === 'fulfillment_agent';
  const institutions = (includeUnaffiliated: boolean): UserScope => ({
    kind: 'institutions',
    institutionIds: caller.institutionIds,
    includeUnaffiliated,
  });
  switch (caller.role) {
    case 'super_admin':
      return { scope: { kind: 'all' }, isActive: request.isActive };
    case 'institution_admin':
    case 'client_admin':
      return { scope: institutions(partners), isActive: request.isActive };
    case 'clinician':
      if (request.role !== 'clinician' && !partners) return null;
      return { scope: institutions(partners), isActive: true };
    case 'fulfillment_agent':
      return partners ? { scope: institutions(true), isActive: true } : null;
    case 'lab_user':
      // No lab screen lists users (spec 1 §6: lab users neither order nor manage accounts).
      return null;
  }
}

/** Who the user-management rules look at. */
type Manager = Pick<Caller, 'userId' | 'role' | 'institutionId'>;

/** Writes to users are for super_admin and institution_admin. */
export const canManageUsers = (caller: Manager): boolean =>
  caller.role === 'super_admin' || caller.role === 'institution_admin';

/** A user's rank in user management: nobody manages, creates or promotes to a role above their own. */
const MANAGEMENT_RANK: Readonly<Record<Role, number>> = {
  super_admin: 3,
  institution_admin: 2,
  clinician: 1,
  client_admin: 1,
  fulfillment_agent: 1,
  lab_user: 1,
};

/** What an administrator does to an account. */
export const USER_ACTIONS = ['edit', 'deactivate', 'reactivate', 'set_password'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** Whether an administrator may give an account this role (create, or change a role to it). */
export const canAssignRole = (actor: Manager, role: Role): boolean =>
  canManageUsers(actor) && MANAGEMENT_RANK[role] <= MANAGEMENT_RANK[actor.role];

/**
 * Whether an administrator may do this to a user: super_admin to anyone; an institution_admin to the users
 * whose primary institution is theirs (a clinician of another institution linked to theirs is visible to them
 * but not theirs to change); nobody to a user of a higher role; nobody deactivates or reactivates themself.
 */
export function canManageUser(
  actor: Manager,
  target: Pick<UserAccessFacts, 'id' | 'institution_id'> & { role: Role },
  action: UserAction = 'edit',
): boolean {
  if ((action === 'deactivate' || action === 'reactivate') && actor.userId === target.id) return false;
  if (!canAssignRole(actor, target.role)) return false;
  if (actor.role === 'super_admin') return true;
  return actor.institutionId !== null && target.institution_id === actor.institutionId;
}

/** Deactivate and reactivate: as edit, never on oneself. */
export const canChangeUserStatus = (
  actor: Manager,
  target: Pick<UserAccessFacts, 'id' | 'institution_id'> & { role: Role },
): boolean => canManageUser(actor, target, 'deactivate');

/** Only super_admin chooses the super_admin role, a user's primary institution and the menu permissions. */
export const canSetAccountScope = (actor: Manager): boolean => actor.role === 'super_admin';

/** Roles that always belong to an institution (a clinician belongs through their clinician institutions). */
export const ROLES_WITH_INSTITUTION: readonly Role[] = ['institution_admin', 'client_admin', 'lab_user'];

/**
 * What is wrong with an account's institution for its role, or null: a super_admin never has one;
 * institution_admin, client_admin and lab_user always do; fulfillment agents may be system-level partners.
 */
export function accountInstitutionProblem(role: Role, institutionId: number | null): string | null {
  if (role === 'super_admin' && institutionId !== null) return ERRORS.superAdminHasNoInstitution;
  if (ROLES_WITH_INSTITUTION.includes(role) && institutionId === null) return ERRORS.institutionRequiredForRole;
  return null;
}

// ------------------------------------------------------------------------------------------ institutions

/** Institutions a caller may read: all for super_admin, else their own (a clinician's linked ones too). */
export type InstitutionScope = { kind: 'all' } | { kind: 'ids'; ids: readonly number[] };

export const institutionScope = (caller: Caller): InstitutionScope =>
  caller.role === 'super_admin' ? { kind: 'all' } : { kind: 'ids', ids: caller.institutionIds };

export const canReadInstitution = (caller: Caller, institutionId: number): boolean =>
  caller.role === 'super_admin' || sharesInstitution(caller, [institutionId]);

export const canCreateInstitution = (caller: Caller): boolean => caller.role === 'super_admin';

/** The institution detail and its edit: super_admin every institution, the institution_admin their own. */
export const canEditInstitution = (caller: Caller, institutionId: number): boolean =>
  caller.role === 'super_admin' || (caller.role === 'institution_admin' && caller.institutionId === institutionId);

/** Add User and Add Clinician on the institution detail (spec 3 §6). */
export const canAddUsersFromInstitution = (caller: Caller): boolean => caller.role === 'super_admin';
