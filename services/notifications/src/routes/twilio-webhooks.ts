import { NOTIFICATION_ERRORS, NOTIFICATIONS_CONTRACTS, e164PhoneNumber } from '@labline/contracts';
import { httpError, route } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import twilio from 'twilio';
import { z } from 'zod';
import { recordProviderReport } from '../commands/notifications';
import { recordSmsKeyword } from '../commands/sms-consent';
import type { NotificationsContext } from '../config';
import { smsKeywordOf } from '../domain/sms-consent/decide';

/** Twilio's delivery error codes a patient's message most often ends with, as Twilio names them. */
const TWILIO_DELIVERY_ERRORS: Readonly<Record<string, string>> = {
  '30003': 'Unreachable destination handset',
  '30004': 'Message blocked',
  '30005': 'Unknown destination handset',
  '30006': 'Landline or unreachable carrier',
  '30007': 'Message filtered',
  '30008': 'Unknown error',
  '21610': 'Attempt to send to unsubscribed recipient',
};

export const deliveryErrorText = (code: string) =>
  `Twilio error ${code}: ${TWILIO_DELIVERY_ERRORS[code] ?? `see https://www.twilio.com/docs/errors/${code}`}`;

/** The status callback's form fields this service reads; Twilio sends more, which are signed but ignored. */
const statusCallbackSchema = z.looseObject({
  AccountSid: z.string(),
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/, 'must be a Twilio message SID'),
  MessageStatus: z.enum(['accepted', 'queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed']),
  ErrorCode: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
});

/** The inbound message's form fields this service reads (Twilio's webhook for a reply to the sending number). */
const inboundMessageSchema = z.looseObject({
  AccountSid: z.string(),
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/, 'must be a Twilio message SID'),
  From: z.string(),
  Body: z.string().default(''),
});

/** The answer Twilio expects from a messaging webhook: TwiML, here saying nothing (Twilio confirms STOP itself). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** The URL Twilio signed: the configured public callback URL with the query this request came with. */
function signedUrlOf(configured: string, requestUrl: string): string {
  const url = new URL(configured);
  url.search = new URL(requestUrl, 'http://request').search;
  return url.toString();
}

/** Whether the request carries Twilio's valid signature of the configured public URL (absent: nothing is valid). */
function signedByTwilio(
  authToken: string | undefined,
  configuredUrl: string | undefined,
  request: { headers: Record<string, unknown>; url: string; body: Record<string, string> },
): boolean {
  const signature = request.headers['x-twilio-signature'];
  return (
    authToken !== undefined &&
    configuredUrl !== undefined &&
    typeof signature === 'string' &&
    twilio.validateRequest(authToken, signature, signedUrlOf(configuredUrl, request.url), request.body)
  );
}

/**
 * Twilio's webhooks (public: Twilio signs them instead of presenting a token), each accepted only with a valid
 * X-Twilio-Signature of its configured URL and the auth token: status callbacks move a message to delivered or
 * failed, once; an inbound reply of an opt-out keyword (STOP…) switches SMS off for its number, of an opt-in
 * one (START…) on again.
 */
export const twilioWebhookRoutes =
  (context: NotificationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    route(app, NOTIFICATIONS_CONTRACTS.twilioStatus, async (request, reply) => {
      const { TWILIO_AUTH_TOKEN: authToken, TWILIO_STATUS_CALLBACK_URL: callbackUrl } = context.config;
      if (!signedByTwilio(authToken, callbackUrl, request)) {
        throw httpError(400, NOTIFICATION_ERRORS.invalidSignature);
      }
      const parsed = statusCallbackSchema.safeParse(request.body);
      if (
        !parsed.success ||
        parsed.data.AccountSid.toLowerCase() !== context.config.TWILIO_ACCOUNT_SID?.toLowerCase()
      ) {
        throw httpError(400, 'body: is not a Twilio message status callback of this account');
      }
      const { MessageSid: sid, MessageStatus: status, ErrorCode: code } = parsed.data;
      const found = await recordProviderReport(
        context,
        {
          providerMessageId: sid,
          claimedId: request.query.notification ?? null,
          status,
          errorMessage: code ? deliveryErrorText(code) : null,
        },
        request.id,
      );
      if (!found) throw httpError(404, NOTIFICATION_ERRORS.unknownNotification);
      return reply.code(204).send(null);
    });

    route(app, NOTIFICATIONS_CONTRACTS.twilioInbound, async (request, reply) => {
      const { TWILIO_AUTH_TOKEN: authToken, TWILIO_INBOUND_URL: inboundUrl } = context.config;
      if (!signedByTwilio(authToken, inboundUrl, request)) {
        throw httpError(400, NOTIFICATION_ERRORS.invalidSignature);
      }
      const parsed = inboundMessageSchema.safeParse(request.body);
      const from = parsed.success ? e164PhoneNumber(parsed.data.From) : null;
      if (
        !parsed.success ||
        from === null ||
        parsed.data.AccountSid.toLowerCase() !== context.config.TWILIO_ACCOUNT_SID?.toLowerCase()
      ) {
        throw httpError(400, 'body: is not a Twilio inbound message of this account');
      }
      const keyword = smsKeywordOf(parsed.data.Body);
      if (keyword !== null) {
        const changed = await recordSmsKeyword(
          context,
          { phone: from, ...keyword, messageSid: parsed.data.MessageSid },
          request.id,
        );
        // The number is patient data: the log says what changed, not for whom.
        context.logger.info({ change: keyword.change, changed }, 'SMS consent reply received');
      }
      return reply.code(200).type('text/xml').send(EMPTY_TWIML);
    });
  };
