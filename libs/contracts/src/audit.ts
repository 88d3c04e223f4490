/**
 * The audit trail's reading of events (spec 3 §2 Audit Logs, §3 audit_summary): for every event type of every
 * service, what was done (`action`) to which kind of record (`table_name`), or null for the events it leaves
 * out: a session's token refresh (it repeats every few minutes of a signed-in user's work), the session start
 * that UserLoggedIn already records, and AccountEmailRequested, which carries a set-password link and so is
 * consumed by the notifications service alone (its e-mail's notification is audited there). The analytics audit
 * projection stores one row per event of a type mapped here; a new event type fails the type check until it is
 * added.
 */
import type { AuditAction, AuditRecordType } from './analytics';
import type { ClinicalEventType } from './events/clinical';
import type { FulfillmentEventType } from './events/fulfillment';
import type { IdentityEventType } from './events/identity';
import type { InventoryEventType } from './events/inventory';
import type { NotificationEventType } from './events/notifications';
import type { ResultsEventType } from './events/results';

export interface AuditEntryKind {
  action: AuditAction;
  table_name: AuditRecordType;
}

export type AuditedEventType =
  | IdentityEventType
  | ClinicalEventType
  | NotificationEventType
  | InventoryEventType
  | FulfillmentEventType
  | ResultsEventType;

const entry = (action: AuditAction, table_name: AuditRecordType): AuditEntryKind => ({ action, table_name });

export const AUDIT_EVENTS: Readonly<Record<AuditedEventType, AuditEntryKind | null>> = {
  // identity
  InstitutionRegistered: entry('created', 'institutions'),
  InstitutionUpdated: entry('updated', 'institutions'),
  UserRegistered: entry('created', 'users'),
  UserProfileUpdated: entry('updated', 'users'),
  UserUpdated: entry('updated', 'users'),
  UserDeactivated: entry('deactivated', 'users'),
  UserReactivated: entry('reactivated', 'users'),
  UserPasswordChanged: entry('password_changed', 'users'),
  UserLoggedIn: entry('logged_in', 'sessions'),
  SessionStarted: null,
  SessionRefreshed: null,
  SessionEnded: entry('logged_out', 'sessions'),
  PasswordTokenIssued: entry('token_issued', 'password_tokens'),
  PasswordTokenUsed: entry('token_used', 'password_tokens'),
  AccountEmailRequested: null,
  // clinical
  PatientRegistered: entry('created', 'patients'),
  PatientUpdated: entry('updated', 'patients'),
  PatientDeleted: entry('deleted', 'patients'),
  PatientRemovedFromInstitutions: entry('removed', 'patients'),
  CatalogueItemCreated: entry('created', 'catalogue_items'),
  CatalogueItemUpdated: entry('updated', 'catalogue_items'),
  CatalogueItemDeleted: entry('deleted', 'catalogue_items'),
  LabAssigned: entry('assigned', 'lab_assignments'),
  LabAssignmentRemoved: entry('unassigned', 'lab_assignments'),
  TestRequestCreated: entry('created', 'test_requests'),
  TestRequestUpdated: entry('updated', 'test_requests'),
  TestRequestStatusChanged: entry('status_changed', 'test_requests'),
  TestRequestCancelled: entry('cancelled', 'test_requests'),
  TestRequestArchived: entry('archived', 'test_requests'),
  TestRequestRestored: entry('restored', 'test_requests'),
  TestRequestNotificationRequested: entry('notification_requested', 'test_requests'),
  // notifications
  NotificationRequested: entry('created', 'notifications'),
  NotificationSent: entry('sent', 'notifications'),
  NotificationAttemptFailed: entry('attempt_failed', 'notifications'),
  NotificationDelivered: entry('delivered', 'notifications'),
  NotificationFailed: entry('failed', 'notifications'),
  NotificationSkipped: entry('skipped', 'notifications'),
  SmsOptedOut: entry('opted_out', 'sms_consents'),
  SmsOptedIn: entry('opted_in', 'sms_consents'),
  ReminderConfigCreated: entry('created', 'reminder_configs'),
  ReminderConfigUpdated: entry('updated', 'reminder_configs'),
  ReminderConfigDeleted: entry('deleted', 'reminder_configs'),
  ReminderScheduled: entry('scheduled', 'reminders'),
  ReminderCancelled: entry('cancelled', 'reminders'),
  ReminderTooLate: entry('too_late', 'reminders'),
  ReminderSent: entry('sent', 'reminders'),
  ReminderMissed: entry('missed', 'reminders'),
  // inventory
  InventoryItemCreated: entry('created', 'inventory_items'),
  InventoryItemUpdated: entry('updated', 'inventory_items'),
  InventoryStockAdjusted: entry('stock_adjusted', 'inventory_items'),
  InventoryStockReserved: entry('stock_reserved', 'inventory_items'),
  InventoryStockReleased: entry('stock_released', 'inventory_items'),
  InventoryStockConsumed: entry('stock_consumed', 'inventory_items'),
  InventoryReservationRefused: entry('reservation_refused', 'inventory_items'),
  InventoryLowStockReached: entry('low_stock_reached', 'inventory_items'),
  InventoryStockRequested: entry('stock_requested', 'inventory_items'),
  InventoryLowStockNotified: entry('low_stock_notified', 'inventory_items'),
  StorageLocationCreated: entry('created', 'storage_locations'),
  StorageLocationUpdated: entry('updated', 'storage_locations'),
  StorageLocationDeleted: entry('deleted', 'storage_locations'),
  // fulfillment
  FulfillmentRequested: entry('created', 'fulfillment_requests'),
  FulfillmentAssigned: entry('assigned', 'fulfillment_requests'),
  FulfillmentDispatched: entry('dispatched', 'fulfillment_requests'),
  FulfillmentDelivered: entry('delivered', 'fulfillment_requests'),
  FulfillmentCancelled: entry('cancelled', 'fulfillment_requests'),
  FulfillmentReopened: entry('reopened', 'fulfillment_requests'),
  // results
  ResultEntered: entry('created', 'test_results'),
  ResultUpdated: entry('updated', 'test_results'),
  ResultReviewed: entry('reviewed', 'test_results'),
  ResultFinalized: entry('released', 'test_results'),
  ResultAmended: entry('amended', 'test_results'),
};

/** The audit reading of an event type; null for one that is not audited or unknown (a newer producer's). */
export const auditEntryKind = (type: string): AuditEntryKind | null =>
  Object.hasOwn(AUDIT_EVENTS, type) ? AUDIT_EVENTS[type as AuditedEventType] : null;
