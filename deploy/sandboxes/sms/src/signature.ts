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

/** Posts form parameters to a webhook with Twilio's signature; the HTTP status, or null when it did not answer. */
export async function postSigned(
  authToken: string,
  url: string,
  params: Record<string, string>,
): Promise<number | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(authToken, url, params),
        'user-agent': 'TwilioProxy/1.1 (Labline SMS sandbox)',
      },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}
