/**
 * Fulfillment's reactions (issue 25 item 2; the saga in docs/architecture.md §2): a dispatched kit tells the patient
 * it is on its way with its tracking number, a delivered one that it has arrived, on the channels their contact
 * preference and SMS consent allow (as every patient message: messages.ts, consent.ts). Which test request (and so
 * which patient) a fulfillment request serves is the `fulfillment_requests` read model, a projection of
 * FulfillmentRequested; the patient's details are the clinical directory's. An idempotency key of event, patient
 * and channel makes a redelivered event request nothing twice.
 */
import {
  FULFILLMENT_EVENT_SCHEMAS,
  FULFILLMENT_REQUEST_SUBJECTS,
  parseEventData,
  type EventEnvelope,
  type FulfillmentEventType,
} from '@labline/contracts';
import type { CrossServiceProjection, Reactor } from '@labline/service-kit';
import { sql } from 'slonik';
import { z } from 'zod';
import { requestAll } from '../commands/notifications';
import { maxEventAgeMsOf, type NotificationsContext } from '../config';
import { smsOptedOut } from '../consent';
import type { DeliveryWorker } from '../delivery/worker';
import { kitDeliveredMessage, kitDispatchedMessage, patientMessageRequests } from '../messages';
import { testRequestRecipient } from '../projections/clinical/queries';

/** The test request each fulfillment request ships a kit for: from its FulfillmentRequested, once. */
export const fulfillmentRequestsProjection: CrossServiceProjection = {
  name: 'fulfillment-requests',
  version: 1,
  subjects: FULFILLMENT_REQUEST_SUBJECTS,
  handles: ['FulfillmentRequested'],
  tables: ['fulfillment_requests'],
  init: `
    CREATE TABLE IF NOT EXISTS fulfillment_requests (
      id integer PRIMARY KEY,
      test_request_id integer NOT NULL
    );`,
  async apply(db, event) {
    const data = parseEventData(FULFILLMENT_EVENT_SCHEMAS, 'FulfillmentRequested', event.data);
    await db.query(sql.unsafe`
      INSERT INTO fulfillment_requests (id, test_request_id)
      VALUES (${data.fulfillmentRequestId}, ${data.test_request_id})
      ON CONFLICT (id) DO NOTHING`);
  },
};

const REACTS_TO: readonly FulfillmentEventType[] = ['FulfillmentDispatched', 'FulfillmentDelivered'];

/** The reactor (durable consumer `notifications-fulfillment-reactions`). */
export const fulfillmentReactions = (context: NotificationsContext, worker: DeliveryWorker): Reactor => ({
  name: 'fulfillment-reactions',
  subjects: FULFILLMENT_REQUEST_SUBJECTS,
  handles: REACTS_TO,
  // (the clinical directory follows other subjects: it had the test request and its patient long before a dispatch)
  after: [fulfillmentRequestsProjection],
  maxEventAgeMs: maxEventAgeMsOf(context.config),
  backoffMs: [10_000, 30_000, 60_000, 300_000],
  maxDeliver: 10,
  async react(event: EventEnvelope, transaction, metadata) {
    const type = event.type as 'FulfillmentDispatched' | 'FulfillmentDelivered';
    const data = parseEventData(FULFILLMENT_EVENT_SCHEMAS, type, event.data);
    const testRequestId = await transaction.maybeOneFirst(sql.type(z.object({ test_request_id: z.number() }))`
      SELECT test_request_id FROM fulfillment_requests WHERE id = ${data.fulfillmentRequestId}`);
    const recipient = testRequestId === null ? null : await testRequestRecipient(transaction, testRequestId);
    // Not known yet (a directory behind): tried again later, up to maxDeliver, then the max-deliveries advisory.
    if (!recipient)
      throw new Error(`fulfillment request ${data.fulfillmentRequestId}: its test request is unknown here`);
    const content =
      type === 'FulfillmentDispatched' && 'tracking_number' in data
        ? kitDispatchedMessage(recipient, data.tracking_number)
        : kitDeliveredMessage(recipient);
    const consent = {
      smsOptedOut: recipient.patient_deleted ? false : await smsOptedOut(transaction, recipient.phone),
    };
    const requests = patientMessageRequests(recipient, consent.smsOptedOut, {
      ...content,
      message_type: type === 'FulfillmentDispatched' ? 'kit_dispatched' : 'kit_delivered',
      triggered_by_type: 'system',
      triggered_by_user_id: null,
      idempotencyKey: (channel) => `${event.id}:patient-${recipient.patient_id}:${channel}`,
    });
    await requestAll(context, worker, transaction, requests, metadata);
  },
});
