import type { Decider } from '@labline/eventstore';
import type { SmsConsentEvent } from './events';

/**
 * Twilio's default opt-out and opt-in keywords (Advanced Opt-Out): a reply that is one of them, whatever its
 * case and surrounding spaces, changes whether the number gets SMS. HELP and anything else change nothing.
 */
const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'];
const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'];

export type SmsConsentChange = 'opt_out' | 'opt_in';

/** What a reply's text asks for: the change and its keyword upper-cased, or null for any other text. */
export function smsKeywordOf(body: string): { change: SmsConsentChange; keyword: string } | null {
  const keyword = body.trim().toUpperCase();
  if (OPT_OUT_KEYWORDS.includes(keyword)) return { change: 'opt_out', keyword };
  if (OPT_IN_KEYWORDS.includes(keyword)) return { change: 'opt_in', keyword };
  return null;
}

export type SmsConsentState = { optedOut: boolean };

export type SmsConsentCommand = {
  type: 'RecordSmsKeyword';
  data: { phone: string; change: SmsConsentChange; keyword: string; messageSid: string };
};

/** A change is recorded when it changes something: a second STOP (or Twilio retrying the webhook) records none. */
export function decideSmsConsent(command: SmsConsentCommand, state: SmsConsentState): SmsConsentEvent[] {
  const { phone, change, keyword, messageSid } = command.data;
  const data = { phone, keyword, message_sid: messageSid };
  if (change === 'opt_out') return state.optedOut ? [] : [{ type: 'SmsOptedOut', data }];
  return state.optedOut ? [{ type: 'SmsOptedIn', data }] : [];
}

export const smsConsentDecider: Decider<SmsConsentCommand, SmsConsentEvent, SmsConsentState> = {
  decide: decideSmsConsent,
  evolve: (_state, event) => ({ optedOut: event.type === 'SmsOptedOut' }),
  initialState: () => ({ optedOut: false }),
};
