/**
 * Consent and channel choice (issue 13 §2b): on which channels a message to a patient goes, and which channels
 * are skipped and why. Every message to a patient asks this one place: the reactions to test request events and
 * the reminder scheduler alike. A skipped channel is still requested, with its reason as `skip_reason`
 * (commands/notifications.ts), so the log shows it as skipped and the delivery worker never sends it.
 */
import {
  DEFAULT_CONTACT_PREFERENCE,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_SKIP_REASONS,
  e164PhoneNumber,
  type ContactPreference,
  type NotificationChannel,
} from '@labline/contracts';
import type { CommonQueryMethods } from 'slonik';
import { isSmsOptedOut } from './projections/sms-consent/queries';

/** A patient as consent sees them: what they chose and where they can be reached. */
export interface ConsentRecipient {
  /** Null (a patient the directory does not know) reads as the default. */
  contact_preference: ContactPreference | null;
  email: string | null;
  /** The number as on record or in E.164; null when there is none. */
  phone: string | null;
  /** The number replied STOP (and not START since). */
  sms_opted_out: boolean;
}

export interface ChannelDecision {
  /** The channels to send on, in the order asked. */
  send: NotificationChannel[];
  /** The channels not to send on, each with the reason the log shows. */
  skipped: { channel: NotificationChannel; reason: string }[];
}

const destinationOn = (recipient: ConsentRecipient, channel: NotificationChannel) =>
  channel === 'email' ? recipient.email : recipient.phone;

/** Why the preference excludes the channel, or null when it allows it. */
function preferenceExcludes(preference: ContactPreference, channel: NotificationChannel): string | null {
  if (preference === 'both' || preference === channel) return null;
  return NOTIFICATION_SKIP_REASONS.preference[preference];
}

/**
 * Of the channels a message would go on (`wanted`, in order), those it is sent on and those skipped with the
 * reason. 'both' means the channels the contact details allow: a channel without a destination is left out,
 * silently. A channel the preference excludes, or an SMS to a number that opted out, is skipped when there was
 * a destination to skip. A channel the preference names alone is sent even without a destination, and so is
 * the first one asked when nothing else is sent or skipped: the message then fails saying the patient has no
 * contact details, rather than vanishing from the log. A preference of 'none' with no details skips it instead.
 */
export function decideChannels(
  recipient: ConsentRecipient,
  wanted: readonly NotificationChannel[] = NOTIFICATION_CHANNELS,
): ChannelDecision {
  const preference = recipient.contact_preference ?? DEFAULT_CONTACT_PREFERENCE;
  const decision: ChannelDecision = { send: [], skipped: [] };
  for (const channel of wanted) {
    const destination = destinationOn(recipient, channel);
    const excluded = preferenceExcludes(preference, channel);
    if (excluded !== null) {
      if (destination) decision.skipped.push({ channel, reason: excluded });
    } else if (channel === 'sms' && destination && recipient.sms_opted_out) {
      decision.skipped.push({ channel, reason: NOTIFICATION_SKIP_REASONS.smsOptedOut });
    } else if (destination || preference === channel) {
      decision.send.push(channel);
    }
  }
  const [first] = wanted;
  if (first !== undefined && decision.send.length === 0 && decision.skipped.length === 0) {
    if (preference === 'none')
      decision.skipped.push({ channel: first, reason: NOTIFICATION_SKIP_REASONS.preference.none });
    else decision.send.push(first);
  }
  return decision;
}

/** Whether the number (as on record or in E.164) replied STOP and not START since. */
export async function smsOptedOut(db: CommonQueryMethods, phone: string | null): Promise<boolean> {
  if (!phone) return false;
  return isSmsOptedOut(db, e164PhoneNumber(phone) ?? phone);
}

/** The consent of a patient as projected (their preference and details), with their number's opt-out looked up. */
export async function consentOf(
  db: CommonQueryMethods,
  patient: Pick<ConsentRecipient, 'contact_preference' | 'email' | 'phone'>,
): Promise<ConsentRecipient> {
  return { ...patient, sms_opted_out: await smsOptedOut(db, patient.phone) };
}
