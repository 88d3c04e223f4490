import { errorBodySchema, idText, NOTIFICATION_ERRORS, requestObject } from '@labline/contracts';
import { httpError } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import twilio from 'twilio';
import { z } from 'zod';
import { recordProviderReport } from '../commands/notifications';
import type { NotificationsContext } from '../config';

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

/** The URL Twilio signed: the configured public callback URL with the query this request came with. */
function signedUrlOf(configured: string, requestUrl: string): string {
  const url = new URL(configured);
  url.search = new URL(requestUrl, 'http://request').search;
  return url.toString();
}

/**
 * Twilio's status callbacks (public: Twilio signs them instead of presenting a token): each one moves a message
 * to delivered or failed, once, and only with a valid X-Twilio-Signature of the configured URL and auth token.
 */
export const twilioWebhookRoutes =
  (context: NotificationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.post(
      '/webhooks/twilio/status',
      {
        schema: {
          querystring: requestObject({ notification: idText.optional() }),
          body: z.record(z.string(), z.string()),
          response: { 204: z.null(), '4xx': errorBodySchema },
        },
      },
      async (request, reply) => {
        const { TWILIO_AUTH_TOKEN: authToken, TWILIO_STATUS_CALLBACK_URL: callbackUrl } = context.config;
        const signature = request.headers['x-twilio-signature'];
        const valid =
          authToken !== undefined &&
          callbackUrl !== undefined &&
          typeof signature === 'string' &&
          twilio.validateRequest(authToken, signature, signedUrlOf(callbackUrl, request.url), request.body);
        if (!valid) throw httpError(400, NOTIFICATION_ERRORS.invalidSignature);
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
      },
    );
  };
