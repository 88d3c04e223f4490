import { createHmac } from 'node:crypto';

/**
 * Twilio's request signature (X-Twilio-Signature), as Twilio signs its webhooks: HMAC-SHA1 with the account's
 * auth token over the full URL followed by each POST parameter's name and value, sorted by name, in base64.
 * The service checks it with the twilio library's own `validateRequest`, so the two must agree.
 */
export function twilioSignature(authToken: string, url: string, params: Readonly<Record<string, string>>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}
