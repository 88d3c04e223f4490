/**
 * The JSON of Twilio's Messages resource (API 2010-04-01) and its errors, as far as the twilio client reads
 * them, and the documented numbers that fail (deploy/sandboxes/README.md).
 */
import { randomBytes } from 'node:crypto';

export const API_VERSION = '2010-04-01';

export type MessageStatus = 'queued' | 'sent' | 'delivered' | 'failed' | 'undelivered' | 'received';

export interface SandboxMessage {
  sid: string;
  account_sid: string;
  direction: 'outbound-api' | 'inbound';
  from: string;
  to: string;
  body: string;
  status: MessageStatus;
  error_code: number | null;
  error_message: string | null;
  status_callback: string | null;
  date_created: string;
  date_updated: string;
  date_sent: string | null;
  /** Each status callback posted: the status, and the webhook's HTTP status (null: it did not answer). */
  callbacks: { status: MessageStatus; http_status: number | null }[];
}

/** Twilio's error body: what the client turns into a RestException. */
export interface TwilioError {
  code: number;
  message: string;
  more_info: string;
  status: number;
}

export const twilioError = (status: number, code: number, message: string): TwilioError => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

/** SM or AC and 32 hex digits, as Twilio's SIDs. */
export const newSid = (prefix: 'SM' | 'AC') => `${prefix}${randomBytes(16).toString('hex')}`;

/** RFC 2822 dates, as Twilio writes them. */
export const twilioDate = (date = new Date()) => date.toUTCString().replace('GMT', '+0000');

const E164 = /^\+[1-9][0-9]{7,14}$/;

/**
 * How the sandbox treats a destination (by its last digits):
 * - …0000: accepted, then reported failed by the "carrier" (error 30003, Unreachable destination handset);
 * - …1111: refused at once as not a valid number (400, error 21211), a permanent failure;
 * - …9999: the API is unavailable (503, error 20503), a temporary failure worth retrying;
 * - anything else in E.164: accepted, sent, delivered.
 */
export type Destination = 'deliverable' | 'unreachable' | 'invalid' | 'unavailable';

export function destinationOf(to: string): Destination {
  if (!E164.test(to) || to.endsWith('1111')) return 'invalid';
  if (to.endsWith('0000')) return 'unreachable';
  if (to.endsWith('9999')) return 'unavailable';
  return 'deliverable';
}

export const UNREACHABLE = { code: 30003, message: 'Unreachable destination handset' } as const;

export function messageResource(message: SandboxMessage) {
  const uri = `/${API_VERSION}/Accounts/${message.account_sid}/Messages/${message.sid}.json`;
  return {
    account_sid: message.account_sid,
    api_version: API_VERSION,
    body: message.body,
    date_created: message.date_created,
    date_sent: message.date_sent,
    date_updated: message.date_updated,
    direction: message.direction,
    error_code: message.error_code,
    error_message: message.error_message,
    from: message.from,
    messaging_service_sid: null,
    num_media: '0',
    num_segments: String(Math.max(1, Math.ceil(message.body.length / 160))),
    price: null,
    price_unit: 'USD',
    sid: message.sid,
    status: message.status,
    subresource_uris: { media: uri.replace(/\.json$/, '/Media.json') },
    to: message.to,
    uri,
  };
}

export function accountResource(accountSid: string) {
  return {
    auth_token: '[redacted]',
    date_created: twilioDate(new Date(0)),
    date_updated: twilioDate(new Date(0)),
    friendly_name: 'Labline SMS sandbox',
    owner_account_sid: accountSid,
    sid: accountSid,
    status: 'active',
    subresource_uris: {},
    type: 'Full',
    uri: `/${API_VERSION}/Accounts/${accountSid}.json`,
  };
}
