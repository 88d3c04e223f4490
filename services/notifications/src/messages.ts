/**
 * What patients are told, per channel. The spec gives no wording for these; they say what happened, to which
 * request, where, and whom to ask, and an SMS stays within one 160-character message where it can.
 */
import {
  formatDateTimeInZone,
  formatRequestId,
  NOTIFICATION_CHANNELS,
  e164PhoneNumber,
  type NotificationChannel,
} from '@labline/contracts';
import type { IdentityEventData, InventoryEventData } from '@labline/contracts';
import type { NotificationRequest } from './commands/notifications';
import { decideChannels } from './consent';
import type { TestRequestRecipient } from './projections/clinical/queries';

export interface MessageContent {
  subject: string;
  email: string;
  sms: string;
}

const patientNameOf = (recipient: TestRequestRecipient) =>
  [recipient.first_name, recipient.last_name].filter(Boolean).join(' ') || 'patient';

/**
 * A cancelled request's message: the canceller's own text when they wrote one (it replaces the default wording,
 * spec 1 §4's notification step), else the default wording.
 */
export function cancellationMessage(recipient: TestRequestRecipient, text: string | null = null): MessageContent {
  const request = formatRequestId(recipient.test_request_id);
  const subject = `Your test request ${request} has been cancelled`;
  if (text !== null) return { ...customMessage(recipient, text), subject };
  const where = recipient.institution_name ?? 'your healthcare provider';
  return {
    subject,
    email: [
      `Dear ${patientNameOf(recipient)},`,
      '',
      `Your ${recipient.test_name} test (request ${request}) at ${where} has been cancelled.`,
      `If you have any questions, please contact ${where}.`,
      '',
      'This message was sent automatically by Labline.',
    ].join('\n'),
    sms: `Labline: your ${recipient.test_name} test (${request}) at ${where} has been cancelled. Questions? Contact ${where}.`,
  };
}

/** Fulfillment's FulfillmentDispatched: the patient's test kit is on its way, with the carrier's tracking number. */
export function kitDispatchedMessage(recipient: TestRequestRecipient, trackingNumber: string): MessageContent {
  const request = formatRequestId(recipient.test_request_id);
  const where = recipient.institution_name ?? 'your healthcare provider';
  return {
    subject: `Your test kit for ${request} is on its way`,
    email: [
      `Dear ${patientNameOf(recipient)},`,
      '',
      `The kit for your ${recipient.test_name} test (request ${request}) from ${where} has been dispatched.`,
      `Its tracking number is ${trackingNumber}.`,
      '',
      'This message was sent automatically by Labline.',
    ].join('\n'),
    sms: `Labline: the kit for your ${recipient.test_name} test (${request}) is on its way. Tracking number: ${trackingNumber}.`,
  };
}

/** Fulfillment's FulfillmentDelivered: the kit has arrived. */
export function kitDeliveredMessage(recipient: TestRequestRecipient): MessageContent {
  const request = formatRequestId(recipient.test_request_id);
  const where = recipient.institution_name ?? 'your healthcare provider';
  return {
    subject: `Your test kit for ${request} has been delivered`,
    email: [
      `Dear ${patientNameOf(recipient)},`,
      '',
      `The kit for your ${recipient.test_name} test (request ${request}) has been delivered.`,
      `Please follow the instructions inside it. If you have any questions, please contact ${where}.`,
      '',
      'This message was sent automatically by Labline.',
    ].join('\n'),
    sms: `Labline: the kit for your ${recipient.test_name} test (${request}) has been delivered. Questions? Contact ${where}.`,
  };
}

export function customMessage(recipient: TestRequestRecipient, text: string): MessageContent {
  const request = formatRequestId(recipient.test_request_id);
  const where = recipient.institution_name ?? 'your healthcare provider';
  return {
    subject: `A message about your test request ${request}`,
    email: [
      `Dear ${patientNameOf(recipient)},`,
      '',
      text,
      '',
      `${where} (test request ${request}, ${recipient.test_name})`,
    ].join('\n'),
    sms: text,
  };
}

export { patientNameOf };

/** A message to a patient about a test request, before its channels are decided (a reaction's, a reminder's). */
export interface PatientMessage extends MessageContent {
  /** The channels asked for, in order; every channel when absent. */
  channels?: readonly NotificationChannel[];
  idempotencyKey(channel: NotificationChannel): string;
  message_type: NotificationRequest['message_type'];
  reminder_type?: string;
  triggered_by_type: NotificationRequest['triggered_by_type'];
  triggered_by_user_id: number | null;
}

/**
 * One request per channel the patient's details allow and consent does not exclude, one logged as skipped (with
 * the reason) per channel it excludes (consent.ts); a deleted patient's details are gone, so nothing is sent.
 */
export function patientMessageRequests(
  recipient: TestRequestRecipient,
  smsOptedOut: boolean,
  message: PatientMessage,
): NotificationRequest[] {
  const email = recipient.patient_deleted ? null : recipient.email;
  const phone = recipient.patient_deleted ? null : recipient.phone;
  const wanted = message.channels ?? NOTIFICATION_CHANNELS;
  const { send, skipped } = decideChannels(
    { contact_preference: recipient.contact_preference, email, phone, sms_opted_out: smsOptedOut },
    wanted,
  );
  const skipReasons = new Map(skipped.map((skip) => [skip.channel, skip.reason]));
  return wanted
    .filter((channel) => send.includes(channel) || skipReasons.has(channel))
    .map((channel) => ({
      idempotency_key: message.idempotencyKey(channel),
      message_type: message.message_type,
      ...(message.reminder_type === undefined ? {} : { reminder_type: message.reminder_type }),
      notification_type: channel,
      recipient_type: 'patient',
      recipient_email: channel === 'email' ? email : null,
      // The provider takes E.164 (a number without its country code is a GB one, contracts' phone.ts); a stored
      // text that is no phone number (kept from before the services checked them) goes as it is and is refused
      // with the reason.
      recipient_phone: channel === 'sms' && phone ? (e164PhoneNumber(phone) ?? phone) : null,
      patient_id: recipient.patient_id,
      patient_name: patientNameOf(recipient),
      subject: channel === 'email' ? message.subject : null,
      body: channel === 'email' ? message.email : message.sms,
      reply_to: null,
      test_request_id: recipient.test_request_id,
      institution_id: recipient.institution_id,
      triggered_by_type: message.triggered_by_type,
      triggered_by_user_id: message.triggered_by_user_id,
      skip_reason: skipReasons.get(channel) ?? null,
    }));
}

// ------------------------------------------------------------------------------------------ account e-mails

/** A user's e-mail from the Email communication card (spec 3 §2): its subject and text. */
export interface AccountEmailContent {
  subject: string;
  body: string;
}

type AccountEmail = IdentityEventData<'AccountEmailRequested'>;

const staffNameOf = (email: AccountEmail) =>
  [email.first_name, email.last_name].filter(Boolean).join(' ') || 'colleague';
const SIGNATURE = 'This message was sent by Labline.';

/** When a link stops working, in the app's format and in UTC (the reader's time zone is not known). */
const linkExpiry = (email: AccountEmail) =>
  email.link_expires_at === null ? '' : formatDateTimeInZone(email.link_expires_at, 'UTC');

function passwordResetEmail(email: AccountEmail): AccountEmailContent {
  return {
    subject: 'Reset your Labline password',
    body: [
      `Dear ${staffNameOf(email)},`,
      '',
      'A password reset was requested for your Labline account. Open this link to choose a new password:',
      '',
      email.link ?? '',
      '',
      `The link works once, until ${linkExpiry(email)}. If you did not expect this email, you can ignore it: your password stays as it is.`,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

function accountSetupEmail(email: AccountEmail): AccountEmailContent {
  return {
    subject: 'Set up your Labline account',
    body: [
      `Dear ${staffNameOf(email)},`,
      '',
      `A Labline account has been set up for you. You sign in with your email address, ${email.recipient_email}.`,
      'Open this link to choose your password:',
      '',
      email.link ?? '',
      '',
      `The link works once, until ${linkExpiry(email)}. Afterwards, sign in at ${email.sign_in_url}`,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** A custom e-mail as its sender wrote it; the login information adds the sign-in address and page, no password. */
function customAccountEmail(email: AccountEmail): AccountEmailContent {
  const loginInfo = email.include_login_info
    ? ['', 'Your login information:', `Email: ${email.recipient_email}`, `Sign in at: ${email.sign_in_url}`]
    : [];
  return {
    subject: email.subject ?? '',
    body: [`Dear ${staffNameOf(email)},`, '', email.message ?? '', ...loginInfo, '', SIGNATURE].join('\n'),
  };
}

export function accountEmailContent(email: AccountEmail): AccountEmailContent {
  switch (email.type) {
    case 'password_reset':
      return passwordResetEmail(email);
    case 'account_setup':
      return accountSetupEmail(email);
    case 'custom':
      return customAccountEmail(email);
  }
}

/** A staff member's greeting name. */
const greetingOf = (staff: { first_name: string; last_name: string }) =>
  [staff.first_name, staff.last_name].filter(Boolean).join(' ') || 'colleague';

/** A manager's Notify (spec 2 §7): the item is low; to each institution admin it reaches. */
export function lowStockAlertContent(
  admin: { first_name: string; last_name: string },
  item: InventoryEventData<'InventoryLowStockNotified'>,
  institution: string | null,
): AccountEmailContent {
  return {
    subject: `Low stock: ${item.item_name} (${item.item_sku})`,
    body: [
      `Dear ${greetingOf(admin)},`,
      '',
      `${item.item_name} (SKU ${item.item_sku}) is running low${institution ? ` at ${institution}` : ''}: ` +
        `${item.quantity_available} available, minimum threshold ${item.minimum_threshold}.`,
      'Please arrange a restock or request more from your client administrator in Labline (Inventory, Request Item).',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** An institution_admin's Request Item (spec 2 §2.2): to each client admin it reaches. */
export function stockRequestContent(
  clientAdmin: { first_name: string; last_name: string },
  request: InventoryEventData<'InventoryStockRequested'>,
  requester: { name: string | null; institution: string | null },
): AccountEmailContent {
  return {
    subject: `Stock request: ${request.quantity} × ${request.item_name} (${request.item_sku})`,
    body: [
      `Dear ${greetingOf(clientAdmin)},`,
      '',
      `${requester.name ?? 'An institution administrator'}${requester.institution ? ` of ${requester.institution}` : ''} ` +
        `requests ${request.quantity} units of ${request.item_name} (SKU ${request.item_sku}); ` +
        `${request.quantity_available} are available now.`,
      'Open the item in Labline (Inventory) to restock it.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** A released result corrected (issue 26 item 3): to the ordering clinician, with the reason. */
export function resultCorrectedContent(
  clinician: { first_name: string; last_name: string },
  result: { display_id: string; test_request_display_id: string; test_name: string; reason: string },
  patient: { first_name: string | null; last_name: string | null } | null,
): AccountEmailContent {
  const patientName = [patient?.first_name, patient?.last_name].filter(Boolean).join(' ');
  return {
    subject: `Corrected result: ${result.display_id} (${result.test_name})`,
    body: [
      `Dear ${greetingOf(clinician)},`,
      '',
      `The released result ${result.display_id} of ${result.test_name} (${result.test_request_display_id})` +
        `${patientName ? ` for ${patientName}` : ''} has been corrected.`,
      `Reason for correction: ${result.reason}`,
      'Open the result in Labline (Test Results) for the corrected values and its history.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
