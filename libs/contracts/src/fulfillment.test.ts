import { describe, expect, test } from 'vitest';
import { fulfillmentDispatchedSchema, fulfillmentRequestedSchema } from './events/fulfillment';
import {
  canManageFulfillment,
  canReadFulfillmentRequest,
  FULFILLMENT_ERRORS,
  FULFILLMENT_STATUSES,
  fulfillmentActionFor,
  fulfillmentActionsFrom,
  type FulfillmentStatus,
} from './fulfillment';
import type { Caller } from './records';

const caller = (role: Caller['role'], institutionId: number | null = 1, userId = 9): Caller => ({
  userId,
  role,
  institutionId,
  institutionIds: institutionId === null ? [] : [institutionId],
  permissions: [],
});

/** spec 2 §4, as pairs: every move the product offers, and only those. */
const ALLOWED: readonly [FulfillmentStatus, FulfillmentStatus][] = [
  ['pending', 'assigned'],
  ['pending', 'dispatched'],
  ['assigned', 'dispatched'],
  ['dispatched', 'delivered'],
  ['pending', 'cancelled'],
  ['assigned', 'cancelled'],
  ['dispatched', 'cancelled'],
  ['cancelled', 'pending'],
];

describe('the fulfillment transitions (spec 2 §4)', () => {
  test('allow exactly the moves the spec lists, each by its action', () => {
    const allowed = FULFILLMENT_STATUSES.flatMap((from) =>
      FULFILLMENT_STATUSES.filter((to) => fulfillmentActionFor(from, to) !== null).map((to) => [from, to]),
    );
    expect(new Set(allowed.map((pair) => pair.join('→')))).toEqual(new Set(ALLOWED.map((pair) => pair.join('→'))));
    expect(fulfillmentActionFor('pending', 'assigned')).toBe('assign');
    expect(fulfillmentActionFor('assigned', 'dispatched')).toBe('dispatch');
    expect(fulfillmentActionFor('cancelled', 'pending')).toBe('reopen');
  });

  test('delivered is terminal; cancelled only reopens; pending offers assign, dispatch and cancel', () => {
    expect(fulfillmentActionsFrom('delivered')).toEqual([]);
    expect(fulfillmentActionsFrom('cancelled')).toEqual(['reopen']);
    expect(fulfillmentActionsFrom('pending')).toEqual(['assign', 'dispatch', 'cancel']);
    expect(fulfillmentActionsFrom('dispatched')).toEqual(['deliver', 'cancel']);
  });

  test('a refused move says why in a sentence', () => {
    expect(FULFILLMENT_ERRORS.illegalTransition('delivered', 'cancelled')).toBe(
      'A delivered request is final: it cannot become cancelled',
    );
    expect(FULFILLMENT_ERRORS.illegalTransition('assigned', 'assigned')).toBe('The request is already assigned');
    expect(FULFILLMENT_ERRORS.illegalTransition('cancelled', 'delivered')).toBe(
      'A cancelled request cannot become delivered',
    );
  });
});

describe('who manages and sees fulfillment requests (spec 2 §6)', () => {
  const ownRequest = { institution_id: 1, assigned_to: null };
  const foreignRequest = { institution_id: 2, assigned_to: null };

  test('the three managers, no one else', () => {
    const roles = (
      ['super_admin', 'client_admin', 'fulfillment_agent', 'institution_admin', 'clinician', 'lab_user'] as const
    ).filter((role) => canManageFulfillment({ role }));
    expect(roles).toEqual(['super_admin', 'client_admin', 'fulfillment_agent']);
    expect(canReadFulfillmentRequest(caller('institution_admin'), ownRequest)).toBe(false);
  });

  test("a manager sees their institutions' requests; another institution's is hidden", () => {
    expect(canReadFulfillmentRequest(caller('client_admin'), ownRequest)).toBe(true);
    expect(canReadFulfillmentRequest(caller('client_admin'), foreignRequest)).toBe(false);
    expect(canReadFulfillmentRequest(caller('super_admin', null), foreignRequest)).toBe(true);
  });

  test('an agent sees what is assigned to them anywhere; an agent of no institution serves every one', () => {
    expect(canReadFulfillmentRequest(caller('fulfillment_agent', 1, 7), { institution_id: 2, assigned_to: 7 })).toBe(
      true,
    );
    expect(canReadFulfillmentRequest(caller('fulfillment_agent', 1, 7), foreignRequest)).toBe(false);
    expect(canReadFulfillmentRequest(caller('fulfillment_agent', null), foreignRequest)).toBe(true);
  });
});

describe('the fulfillment events', () => {
  test('a dispatch needs a tracking number that is not blank', () => {
    const dispatched = {
      fulfillmentRequestId: 1,
      barcode_number: null,
      notes: 'Package dispatched',
      status: 'dispatched',
    };
    expect(fulfillmentDispatchedSchema.safeParse({ ...dispatched, tracking_number: '   ' }).success).toBe(false);
    expect(fulfillmentDispatchedSchema.safeParse({ ...dispatched, tracking_number: 'RM123456789GB' }).success).toBe(
      true,
    );
  });

  test('a request asks for at least one unit', () => {
    const requested = {
      fulfillmentRequestId: 1,
      test_request_id: 5,
      institution_id: 1,
      patient_id: 3,
      inventory_item_id: 11,
      priority: 'normal',
      assigned_to: null,
      notes: null,
      replaces_request_id: null,
    };
    expect(fulfillmentRequestedSchema.safeParse({ ...requested, quantity_requested: 0 }).success).toBe(false);
    expect(fulfillmentRequestedSchema.safeParse({ ...requested, quantity_requested: 1 }).success).toBe(true);
  });
});
