import { NOTIFICATION_ERRORS } from '@labline/contracts';
import twilio from 'twilio';
import type TwilioRequestClient from 'twilio/lib/base/RequestClient';
import type { NotificationsConfig } from '../config';
import { reasonText, type Channel, type SendOutcome } from './channels';

/**
 * The twilio client's own HTTP client with every request sent to another host (the SMS sandbox): the library's
 * documented way to change the URL of its requests (a custom `httpClient`, twilio-node's
 * advanced-examples/custom-http-client.md). Paths, auth and bodies stay as the library makes them.
 */
export class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly base: URL) {
    super({ timeout: 15_000 });
  }

  override request<TData>(opts: TwilioRequestClient.RequestOptions<TData>) {
    const original = new URL(opts.uri);
    const uri = new URL(`${original.pathname}${original.search}`, this.base).toString();
    return super.request<TData>({ ...opts, uri });
  }
}

interface TwilioFailure {
  status?: number;
  code?: number | string;
  message?: string;
}

/** Twilio's 4xx refusals are final (an invalid number), but 429; 5xx and network failures are worth retrying. */
export function twilioOutcome(error: unknown): Extract<SendOutcome, { ok: false }> {
  const failure = (error ?? {}) as TwilioFailure;
  if (error instanceof twilio.RestException || (typeof failure.status === 'number' && failure.status >= 400)) {
    const status = failure.status ?? 500;
    return {
      ok: false,
      permanent: status >= 400 && status < 500 && status !== 429,
      reason: reasonText(`Twilio error ${failure.code ?? status}: ${failure.message ?? 'refused'}`),
    };
  }
  return {
    ok: false,
    permanent: false,
    reason: reasonText(`SMS provider unavailable: ${failure.code ?? failure.message}`),
  };
}

/** The status callback for one message: the configured URL with the message's id, which Twilio signs whole. */
export function statusCallbackFor(base: string, notificationId: number): string {
  const url = new URL(base);
  url.searchParams.set('notification', String(notificationId));
  return url.toString();
}

/** SMS through the official twilio client (Twilio in production, the SMS sandbox locally). */
export function createSmsChannel(config: NotificationsConfig): Channel {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM_NUMBER: from } = config;
  if (!accountSid || !authToken || !from) {
    const notConfigured = { ok: false as const, permanent: true, reason: NOTIFICATION_ERRORS.smsNotConfigured };
    return {
      configured: false,
      send: async () => notConfigured,
      check: async () => ({ isValid: false, message: NOTIFICATION_ERRORS.smsNotConfigured }),
      close: () => undefined,
    };
  }
  const client = twilio(accountSid, authToken, {
    ...(config.TWILIO_API_BASE_URL
      ? { httpClient: new RebasedRequestClient(new URL(config.TWILIO_API_BASE_URL)) }
      : {}),
  });
  const callbackBase = config.TWILIO_STATUS_CALLBACK_URL;
  return {
    configured: true,
    async send(message) {
      try {
        const sent = await client.messages.create({
          to: message.to,
          from,
          body: message.body,
          ...(callbackBase ? { statusCallback: statusCallbackFor(callbackBase, message.notificationId) } : {}),
        });
        return { ok: true, providerMessageId: sent.sid };
      } catch (error) {
        return twilioOutcome(error);
      }
    },
    async check() {
      try {
        const account = await client.api.v2010.accounts(accountSid).fetch();
        return {
          isValid: account.status === 'active',
          message: `Twilio account ${account.status}${config.TWILIO_API_BASE_URL ? ` (${config.TWILIO_API_BASE_URL})` : ''}`,
        };
      } catch (error) {
        return { isValid: false, message: twilioOutcome(error).reason };
      }
    },
    close: () => undefined,
  };
}
