/**
 * Inventory's reactions, end to end from the event: a manager's Notify (InventoryLowStockNotified) e-mails each
 * active institution admin of the item's institution (all of them for a global item), an institution_admin's
 * Request Item (InventoryStockRequested) e-mails their institution's client admins; each message reaches the SMTP
 * sandbox once, is logged as staff, manual, under the institution, and a redelivery sends nothing twice.
 */
import assert from 'node:assert/strict';
import type { InventoryEventData } from '@labline/contracts';
import { waitFor } from '@labline/testkit';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { z } from 'zod';
import { emailOf, NORTHWIND, startNotifications, USERS, type NotificationsTestContext } from './harness';

let harness: NotificationsTestContext;
beforeAll(async () => {
  harness = await startNotifications();
});
afterAll(async () => harness?.close());

const item = { item_name: 'HbA1c Finger-Prick Kit', item_sku: 'TES-HBA-101', quantity_available: 4 };
const logSchema = z.object({
  message_type: z.string(),
  recipient_type: z.string(),
  delivery_status: z.string(),
  institution_id: z.number().nullable(),
  triggered_by_type: z.string(),
  triggered_by_user_id: z.number().nullable(),
  subject: z.string().nullable(),
});
const logsOf = (type: string) =>
  harness.pool.any(sql.type(logSchema.extend({ recipient_email: z.string().nullable() }))`
    SELECT message_type, recipient_type, delivery_status, institution_id, triggered_by_type, triggered_by_user_id,
           subject, recipient_email
    FROM notification_logs WHERE message_type = ${type} ORDER BY recipient_email`);
const mailTo = (address: string, subject: string) =>
  harness.smtp.messages().filter((mail) => mail.envelope.to.includes(address) && mail.subject === subject);
const sent = (type: string, count: number) =>
  waitFor(
    async () => {
      const logs = await logsOf(type);
      return logs.length === count && logs.every((log) => log.delivery_status === 'sent') && logs;
    },
    { timeoutMs: 20_000, description: `${count} ${type} e-mails sent` },
  );

function notice(itemId: number, institutionId: number | null) {
  const data: InventoryEventData<'InventoryLowStockNotified'> = {
    itemId,
    institution_id: institutionId,
    ...item,
    minimum_threshold: 20,
  };
  return harness.publish('inventory', {
    stream: `inventoryItem-${itemId}`,
    version: 3,
    type: 'InventoryLowStockNotified',
    data,
    actor: { userId: USERS.northwindClientAdmin.id, role: 'client_admin', institutionId: NORTHWIND },
  });
}

describe("inventory's messages", () => {
  it("Notify e-mails the item's institution admins once, even when the event is delivered again", async () => {
    const event = await notice(501, NORTHWIND);
    const [log] = await sent('low_stock_alert', 1);
    assert.deepEqual(log, {
      message_type: 'low_stock_alert',
      recipient_type: 'staff',
      delivery_status: 'sent',
      institution_id: NORTHWIND,
      triggered_by_type: 'manual',
      triggered_by_user_id: USERS.northwindClientAdmin.id,
      subject: 'Low stock: HbA1c Finger-Prick Kit (TES-HBA-101)',
      recipient_email: emailOf(USERS.northwindAdmin),
    });
    await harness.republish('inventory', event);
    // A later message through the same consumer proves the redelivery was handled (and requested nothing).
    await notice(502, null);
    await sent('low_stock_alert', 3);
    const toNorthwind = mailTo(emailOf(USERS.northwindAdmin), 'Low stock: HbA1c Finger-Prick Kit (TES-HBA-101)');
    assert.equal(toNorthwind.length, 2, 'one for the Northwind item, one for the global one');
    assert.match(toNorthwind[0]!.text, /4 available, minimum threshold 20/);
    // The global item reached Riverside's admin too.
    assert.equal(mailTo(emailOf(USERS.riversideAdmin), 'Low stock: HbA1c Finger-Prick Kit (TES-HBA-101)').length, 1);
  });

  it("Request Item e-mails the requesting institution's client admins", async () => {
    const data: InventoryEventData<'InventoryStockRequested'> = {
      itemId: 503,
      quantity: 25,
      institution_id: NORTHWIND,
      ...item,
    };
    await harness.publish('inventory', {
      stream: 'inventoryItem-503',
      version: 2,
      type: 'InventoryStockRequested',
      data,
      actor: { userId: USERS.northwindAdmin.id, role: 'institution_admin', institutionId: NORTHWIND },
    });
    const [log] = await sent('stock_request', 1);
    assert.equal(log?.recipient_email, emailOf(USERS.northwindClientAdmin));
    assert.equal(log?.triggered_by_user_id, USERS.northwindAdmin.id);
    const [mail] = mailTo(
      emailOf(USERS.northwindClientAdmin),
      'Stock request: 25 × HbA1c Finger-Prick Kit (TES-HBA-101)',
    );
    assert.ok(mail);
    assert.match(mail.text, /James Carter of Northwind General Hospital requests 25 units/);
  });
});
