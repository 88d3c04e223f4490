/**
 * Fulfillment's reactions, end to end from the event (issue 25 item 2): a dispatched kit e-mails and texts the
 * patient its tracking number, a delivered one that it arrived, each once though the event is delivered again, on
 * the channels the patient's contact preference allows.
 */
import assert from 'node:assert/strict';
import type { FulfillmentEventData } from '@labline/contracts';
import { waitFor } from '@labline/testkit';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { logsOf, orderFor, startNotifications, USERS, type NotificationsTestContext } from './harness';

let harness: NotificationsTestContext;
beforeAll(async () => {
  harness = await startNotifications();
});
afterAll(async () => harness?.close());

const AMELIA = { email: 'amelia.kit@example.com', phone: '+447700900321' };

async function requestKit(fulfillmentRequestId: number, order: { patientId: number; testRequestId: number }) {
  const data: FulfillmentEventData<'FulfillmentRequested'> = {
    fulfillmentRequestId,
    test_request_id: order.testRequestId,
    institution_id: 1,
    patient_id: order.patientId,
    inventory_item_id: 11,
    quantity_requested: 1,
    priority: 'normal',
    assigned_to: USERS.northwindClinician.id,
    notes: null,
    replaces_request_id: null,
  };
  await harness.publish('fulfillment', {
    stream: `fulfillmentRequest-${fulfillmentRequestId}`,
    version: 0,
    type: 'FulfillmentRequested',
    data,
  });
}

const settled = (testRequestId: number, count: number) =>
  waitFor(
    async () => {
      const logs = await logsOf(harness, testRequestId);
      // an e-mail is sent; an SMS is delivered once the provider's status callback came
      const done = (log: (typeof logs)[number]) =>
        log.delivery_status === (log.notification_type === 'sms' ? 'delivered' : 'sent');
      return logs.length === count && logs.every(done) && logs;
    },
    { timeoutMs: 20_000, description: `${count} messages settled` },
  );

describe("the patient's kit messages", () => {
  it('a dispatch sends the tracking number by e-mail and SMS once, though redelivered; a delivery says it arrived', async () => {
    const order = await orderFor(harness, AMELIA);
    await requestKit(701, order);
    const dispatched = await harness.publish('fulfillment', {
      stream: 'fulfillmentRequest-701',
      version: 1,
      type: 'FulfillmentDispatched',
      data: {
        fulfillmentRequestId: 701,
        tracking_number: 'RM123456789GB',
        barcode_number: null,
        notes: 'Package dispatched',
        status: 'dispatched',
      },
    });
    await settled(order.testRequestId, 2);
    await harness.republish('fulfillment', dispatched);
    await harness.publish('fulfillment', {
      stream: 'fulfillmentRequest-701',
      version: 2,
      type: 'FulfillmentDelivered',
      data: {
        fulfillmentRequestId: 701,
        previous_status: 'dispatched',
        notes: 'Package delivered',
        status: 'delivered',
      },
    });
    const logs = await settled(order.testRequestId, 4);
    assert.deepEqual(logs.map((log) => [log.message_type, log.notification_type, log.delivery_status]).sort(), [
      ['kit_delivered', 'email', 'sent'],
      ['kit_delivered', 'sms', 'delivered'],
      ['kit_dispatched', 'email', 'sent'],
      ['kit_dispatched', 'sms', 'delivered'],
    ]);
    const mails = harness.smtp.messages().filter((mail) => mail.envelope.to.includes(AMELIA.email));
    assert.deepEqual(
      mails.map((mail) => mail.subject),
      [
        `Your test kit for REQ-${String(order.testRequestId).padStart(6, '0')} is on its way`,
        `Your test kit for REQ-${String(order.testRequestId).padStart(6, '0')} has been delivered`,
      ],
    );
    assert.match(mails[0]!.text, /Its tracking number is RM123456789GB\./);
    const texts = harness.sms.messages().filter((text) => text.to === AMELIA.phone);
    assert.equal(texts.length, 2);
    assert.match(texts[0]!.body, /Tracking number: RM123456789GB\./);
  });
});
