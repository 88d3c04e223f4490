/**
 * Who sees which figures of the analytics read side (spec 1 §2, spec 3 §2): the dashboard's scope per caller and
 * the guards of the activity filter's lists; and the descriptions of its Recent Activity. Pure functions over the
 * Caller, beside records.ts's rules, which they reuse (patientScope: a clinician sees their own patients and
 * requests within their institutions).
 */
import type { ActivityFilter } from './analytics';
import type { TestRequestStatus } from './test-requests';
import { canManageFulfillment } from './fulfillment';
import { canViewInventory } from './inventory';
import { patientScope, type Caller } from './records';

/**
 * The records a dashboard counts and lists: everything, those of some institutions, or a clinician's own
 * (`institutionIds` null: in any institution, super_admin's clinician filter).
 */
export type DashboardScope =
  | { kind: 'all' }
  | { kind: 'institutions'; institutionIds: readonly number[] }
  | { kind: 'clinician'; clinicianId: number; institutionIds: readonly number[] | null };

export interface DashboardFilter {
  activity_filter: ActivityFilter;
  institution_id?: number | undefined;
  clinician_id?: number | undefined;
}

/**
 * super_admin: everything, or the filter's institution or clinician (a filter without its id is 'all'; an id
 * of nothing gives zeros). Everyone else: their own scope, whatever the filter says (it is super_admin's only
 * and is ignored for the others): their institutions, a clinician their own patients and requests there.
 */
export function dashboardScope(caller: Caller, filter: DashboardFilter): DashboardScope {
  if (caller.role === 'super_admin') {
    if (filter.activity_filter === 'institution' && filter.institution_id !== undefined)
      return { kind: 'institutions', institutionIds: [filter.institution_id] };
    if (filter.activity_filter === 'clinician' && filter.clinician_id !== undefined)
      return { kind: 'clinician', clinicianId: filter.clinician_id, institutionIds: null };
    return { kind: 'all' };
  }
  const scope = patientScope(caller);
  switch (scope.kind) {
    case 'all':
      return scope;
    case 'clinician':
      return { kind: 'clinician', clinicianId: scope.clinicianId, institutionIds: scope.institutionIds };
    case 'institutions':
      return scope;
    case 'none':
      // fulfillment_agent sees no patient record, but the dashboard's figures of their institutions.
      return { kind: 'institutions', institutionIds: caller.institutionIds };
  }
}

/**
 * Whether a record (its institutions, its clinician) is within a dashboard's scope: the rule the dashboard's
 * queries apply in SQL, for a change the live stream is about to send.
 */
export function withinDashboardScope(
  scope: DashboardScope,
  record: { institutionIds: readonly number[]; clinicianId: number | null },
): boolean {
  const within = (ids: readonly number[]) => record.institutionIds.some((id) => ids.includes(id));
  switch (scope.kind) {
    case 'all':
      return true;
    case 'institutions':
      return within(scope.institutionIds);
    case 'clinician':
      return (
        record.clinicianId === scope.clinicianId && (scope.institutionIds === null || within(scope.institutionIds))
      );
  }
}

/** The system-wide cards (institutions, clinicians) and names of institutions on activities: super_admin's. */
export const seesSystemFigures = (caller: Caller): boolean => caller.role === 'super_admin';

/** GET /analytics/institutions (the dashboard's institution filter, spec 3's Institutions tab): super_admin. */
export const canReadInstitutionFigures = (caller: Caller): boolean => caller.role === 'super_admin';

/**
 * The analytics screen's calls (spec 3 §2 Analytics): super_admin, institution_admin and client_admin; everyone
 * else 403 with ERRORS.noPermissionViewAnalytics.
 */
export const canReadAnalytics = (caller: Caller): boolean =>
  caller.role === 'super_admin' || caller.role === 'institution_admin' || caller.role === 'client_admin';

/**
 * GET /analytics/user-activity (the dashboard's clinician filter, spec 3's User Activity tab): super_admin all
 * users (or an institution's), institution_admin and client_admin their institutions' users.
 */
export const canReadUserActivity = canReadAnalytics;

/**
 * The institutions an analytics call covers (spec 3 §2): super_admin every institution, or the filter's one;
 * everyone else their institutions, or the filter's one when it is among them. null: the filter names an
 * institution outside the caller's, which answers 404 as an unknown one does.
 */
export type AnalyticsScope = { kind: 'all' } | { kind: 'institutions'; institutionIds: readonly number[] };

export function analyticsScope(caller: Caller, institutionId?: number): AnalyticsScope | null {
  if (caller.role === 'super_admin')
    return institutionId === undefined ? { kind: 'all' } : { kind: 'institutions', institutionIds: [institutionId] };
  if (institutionId === undefined) return { kind: 'institutions', institutionIds: caller.institutionIds };
  return caller.institutionIds.includes(institutionId)
    ? { kind: 'institutions', institutionIds: [institutionId] }
    : null;
}

/** What a Recent Activity row says happened (spec 1 §2), by the clinical event it comes from. */
export const ACTIVITY_DESCRIPTIONS = {
  testRequestCreated: 'Test request created',
  testRequestUpdated: 'Test request updated',
  // 'in_progress' reads 'in progress' in the sentence.
  testRequestStatusChanged: (status: TestRequestStatus) =>
    `Test request status changed to ${status.replace(/_/g, ' ')}`,
  testRequestCancelled: 'Test request cancelled',
  testRequestArchived: 'Test request archived',
  patientRegistered: 'Patient registered',
  patientUpdated: 'Patient record updated',
  // identity's accounts: super_admin's `system` activities (include_user_activity)
  userCreated: 'User created',
  userUpdated: 'User updated',
  userDeactivated: 'User deactivated',
  userReactivated: 'User reactivated',
  // inventory's items (issue 24): their creation and stock movements
  inventoryItemAdded: (name: string) => `Inventory item added: ${name}`,
  stockAdjusted: (name: string, change: number, reason: string) =>
    `Stock of ${name} ${change > 0 ? `+${change}` : change} (${reason})`,
  stockReserved: (name: string, quantity: number) => `${quantity} × ${name} reserved for fulfillment`,
  stockReleased: (name: string, quantity: number) => `${quantity} × ${name} released`,
  stockConsumed: (name: string, quantity: number) => `${quantity} × ${name} dispatched`,
  lowStockReached: (name: string) => `Low stock: ${name}`,
  // fulfillment's requests (issue 25): 'Fulfillment processed' activities, one per step of a kit's journey
  fulfillmentRequested: (id: string) => `Fulfillment request ${id} created`,
  fulfillmentAssigned: (id: string) => `Fulfillment request ${id} assigned`,
  fulfillmentDispatched: (id: string, tracking: string) => `Fulfillment request ${id} dispatched (${tracking})`,
  fulfillmentDelivered: (id: string) => `Fulfillment request ${id} delivered`,
  fulfillmentCancelled: (id: string) => `Fulfillment request ${id} cancelled`,
  fulfillmentReopened: (id: string) => `Fulfillment request ${id} reopened`,
  // results (issue 26): 'Test result entered' activities, one per step of a result's review
  resultEntered: (id: string) => `Test result ${id} entered`,
  resultUpdated: (id: string) => `Test result ${id} updated`,
  resultReviewed: (id: string) => `Test result ${id} reviewed`,
  resultReleased: (id: string) => `Test result ${id} released`,
  resultAmended: (id: string, reason: string) => `Test result ${id} amended (${reason})`,
} as const;

/**
 * The dashboard's Low Stock Alert (spec 1 §2): for the roles that see inventory (its link leads there), over the
 * items they see (canReadInventoryItem: the global items and their institutions'; super_admin every item, or the
 * activity filter's institution's and the global ones). null: the card is not shown.
 */
/**
 * The dashboard's Pending Fulfillment (spec 1 §2 "shown if fulfillment data exists"): for the roles that manage
 * fulfillment (its link leads there), over the requests they see: super_admin every one or the activity filter's
 * institution's; an agent of no institution every one; the others their institutions'. null: no card.
 */
export function pendingFulfillmentScope(
  caller: Caller,
  filter: DashboardFilter,
): { institutionIds: readonly number[] | null } | null {
  if (!canManageFulfillment(caller)) return null;
  if (caller.role === 'super_admin') {
    return filter.activity_filter === 'institution' && filter.institution_id !== undefined
      ? { institutionIds: [filter.institution_id] }
      : { institutionIds: null };
  }
  if (caller.role === 'fulfillment_agent' && caller.institutionId === null) return { institutionIds: null };
  return { institutionIds: caller.institutionIds };
}

export function lowStockScope(
  caller: Caller,
  filter: DashboardFilter,
): { institutionIds: readonly number[] | null } | null {
  if (!canViewInventory(caller)) return null;
  if (caller.role === 'super_admin') {
    return filter.activity_filter === 'institution' && filter.institution_id !== undefined
      ? { institutionIds: [filter.institution_id] }
      : { institutionIds: null };
  }
  return { institutionIds: caller.institutionIds };
}
