/**
 * Reactions to inventory's events (issue 24 item 3, the "low stock" reaction issue 13 left for when inventory
 * exists): a manager's Notify (InventoryLowStockNotified) becomes one e-mail to each active institution admin of the
 * item's institution (every institution's, for a global item); an institution_admin's Request Item
 * (InventoryStockRequested) one e-mail to each active client admin of their institution (every client admin when
 * it has none, so a request never goes nowhere). Staff messages, triggered manually by whoever acted, filed under the
 * institution, in the consumer's transaction with its processed-event row; the idempotency key of event, recipient
 * and channel makes a redelivery request nothing twice. They appear in Notification Logs like every message.
 */
import {
  INVENTORY_EVENT_SCHEMAS,
  INVENTORY_ITEM_SUBJECTS,
  parseEventData,
  type EventEnvelope,
  type NotificationMessageType,
} from '@labline/contracts';
import type { Reactor } from '@labline/service-kit';
import type { CommonQueryMethods } from 'slonik';
import { requestAll, type NotificationRequest } from '../commands/notifications';
import { maxEventAgeMsOf, type NotificationsContext } from '../config';
import type { DeliveryWorker } from '../delivery/worker';
import { lowStockAlertContent, stockRequestContent, type AccountEmailContent } from '../messages';
import { activeStaff, institutionName, userById, type DirectoryUser } from '../projections/directory/queries';

/** A staff e-mail asked for by a user's action (the event's actor), once per event and recipient. */
export function staffEmail(
  event: EventEnvelope,
  recipient: DirectoryUser,
  messageType: NotificationMessageType,
  content: AccountEmailContent,
  institutionId: number | null,
): NotificationRequest {
  return {
    idempotency_key: `${event.id}:staff-${recipient.id}:email`,
    message_type: messageType,
    notification_type: 'email',
    recipient_type: 'staff',
    recipient_email: recipient.email,
    recipient_phone: null,
    patient_id: null,
    patient_name: null,
    subject: content.subject,
    body: content.body,
    reply_to: null,
    test_request_id: null,
    institution_id: institutionId,
    triggered_by_type: 'manual',
    triggered_by_user_id: event.actor.userId,
    skip_reason: null,
  };
}

/** The e-mails an inventory event asks for (none for the others). */
export async function inventoryEmailRequests(
  db: CommonQueryMethods,
  event: EventEnvelope,
): Promise<NotificationRequest[]> {
  if (event.type === 'InventoryLowStockNotified') {
    const item = parseEventData(INVENTORY_EVENT_SCHEMAS, event.type, event.data);
    const admins = await activeStaff(db, 'institution_admin', item.institution_id);
    return Promise.all(
      admins.map(async (admin) =>
        staffEmail(
          event,
          admin,
          'low_stock_alert',
          lowStockAlertContent(admin, item, await institutionName(db, admin.institution_id)),
          admin.institution_id,
        ),
      ),
    );
  }
  if (event.type === 'InventoryStockRequested') {
    const request = parseEventData(INVENTORY_EVENT_SCHEMAS, event.type, event.data);
    const own = await activeStaff(db, 'client_admin', request.institution_id);
    const clientAdmins = own.length > 0 ? own : await activeStaff(db, 'client_admin', null);
    const requester = event.actor.userId === null ? null : await userById(db, event.actor.userId);
    const from = {
      name: requester ? `${requester.first_name} ${requester.last_name}` : null,
      institution: await institutionName(db, request.institution_id),
    };
    return clientAdmins.map((clientAdmin) =>
      staffEmail(
        event,
        clientAdmin,
        'stock_request',
        stockRequestContent(clientAdmin, request, from),
        request.institution_id,
      ),
    );
  }
  return [];
}

/** The reactor (durable consumer `notifications-inventory-reactions`). */
export const inventoryReactions = (context: NotificationsContext, worker: DeliveryWorker): Reactor => ({
  name: 'inventory-reactions',
  subjects: INVENTORY_ITEM_SUBJECTS,
  handles: ['InventoryLowStockNotified', 'InventoryStockRequested'],
  maxEventAgeMs: maxEventAgeMsOf(context.config),
  backoffMs: [5_000, 30_000, 60_000, 300_000],
  maxDeliver: 10,
  async react(event, transaction, metadata) {
    await requestAll(context, worker, transaction, await inventoryEmailRequests(transaction, event), metadata);
  },
});
