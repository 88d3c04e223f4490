/**
 * What patients are told, per channel. The spec gives no wording for these; they say what happened, to which
 * request, where, and whom to ask, and an SMS stays within one 160-character message where it can.
 */
import { formatRequestId } from '@labline/contracts';
import type { TestRequestRecipient } from './projections/clinical/queries';

export interface MessageContent {
  subject: string;
  email: string;
  sms: string;
}

const patientNameOf = (recipient: TestRequestRecipient) =>
  [recipient.first_name, recipient.last_name].filter(Boolean).join(' ') || 'patient';

export function cancellationMessage(recipient: TestRequestRecipient): MessageContent {
  const request = formatRequestId(recipient.test_request_id);
  const where = recipient.institution_name ?? 'your healthcare provider';
  return {
    subject: `Your test request ${request} has been cancelled`,
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
