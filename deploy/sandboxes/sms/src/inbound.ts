/** Simulated inbound messages: a patient's reply, as `POST /sandbox/inbound` takes it, and Twilio's keywords. */

/** A simulated reply of a patient's phone. */
export interface InboundMessage {
  from: string;
  /** The number replied to; by default the one that last texted `from`. */
  to?: string;
  body: string;
  /** Where to post it instead of the configured inbound webhook URL. */
  url?: string;
}

/** A simulated inbound message the sandbox cannot post, and why (answered 400). */
export class InboundRefused extends Error {}

/**
 * Twilio's default opt-out and opt-in keywords (Advanced Opt-Out): after a STOP, Twilio refuses every message to
 * the number with error 21610 until it replies START. The sandbox does the same, independently of the service.
 */
const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'];
const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'];

/** Whether a reply's text opts its number out or in again (the whole text, trimmed, in any case), or neither. */
export function consentChangeOf(body: string): 'opt_out' | 'opt_in' | null {
  const keyword = body.trim().toUpperCase();
  if (OPT_OUT_KEYWORDS.includes(keyword)) return 'opt_out';
  return OPT_IN_KEYWORDS.includes(keyword) ? 'opt_in' : null;
}

/** A simulated inbound message's fields: Twilio's names (From, To, Body, Url), form-encoded or JSON. */
export function inboundFieldsOf(contentType: string | undefined, body: string): InboundMessage {
  let fields: unknown;
  try {
    fields = contentType?.startsWith('application/json')
      ? JSON.parse(body)
      : Object.fromEntries(new URLSearchParams(body));
  } catch {
    fields = null;
  }
  if (typeof fields !== 'object' || fields === null) throw new InboundRefused('the body is not a JSON object');
  const given = fields as Record<string, unknown>;
  const text = (name: string) => (typeof given[name] === 'string' ? given[name] : undefined);
  const inbound: InboundMessage = { from: text('From') ?? '', body: text('Body') ?? '' };
  const to = text('To');
  const target = text('Url');
  return { ...inbound, ...(to ? { to } : {}), ...(target ? { url: target } : {}) };
}
