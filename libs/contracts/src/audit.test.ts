import assert from 'node:assert/strict';
import { it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES } from './analytics';
import { AUDIT_EVENTS, auditEntryKind } from './audit';

it('reads every event type as an action on a kind of record, leaving out the unaudited ones', () => {
  assert.deepEqual(auditEntryKind('TestRequestCancelled'), { action: 'cancelled', table_name: 'test_requests' });
  assert.deepEqual(auditEntryKind('UserDeactivated'), { action: 'deactivated', table_name: 'users' });
  assert.equal(auditEntryKind('SessionRefreshed'), null);
  // the one event with a set-password link: never consumed beyond notifications
  assert.equal(auditEntryKind('AccountEmailRequested'), null);
  // a newer producer's type, or an inherited key, is no entry
  assert.equal(auditEntryKind('SomethingNew'), null);
  assert.equal(auditEntryKind('toString'), null);
});

it('uses every action and record type it names', () => {
  const kinds = Object.values(AUDIT_EVENTS).filter((kind) => kind !== null);
  assert.deepEqual(new Set(kinds.map((kind) => kind.action)), new Set(AUDIT_ACTIONS));
  assert.deepEqual(new Set(kinds.map((kind) => kind.table_name)), new Set(AUDIT_RECORD_TYPES));
});
