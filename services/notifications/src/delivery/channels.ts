import type { NotificationChannel } from '@labline/contracts';
import type { NotificationsConfig } from '../config';
import { createEmailChannel } from './email';
import { createSmsChannel } from './sms';

/** What one send came to: the provider took it, or why not and whether trying again could help. */
export type SendOutcome =
  { ok: true; providerMessageId: string | null } | { ok: false; permanent: boolean; reason: string };

/** A channel's configuration check (spec 3 §3 Notification health: isValid and a message). */
export interface ChannelCheck {
  isValid: boolean;
  message: string;
}

export interface OutgoingMessage {
  notificationId: number;
  /** An e-mail address or an E.164 number. */
  to: string;
  subject: string | null;
  body: string;
  replyTo: string | null;
}

export interface Channel {
  configured: boolean;
  send(message: OutgoingMessage): Promise<SendOutcome>;
  /** Asks the provider whether it takes our credentials (SMTP sign-in; Twilio's account). */
  check(): Promise<ChannelCheck>;
  close(): void;
}

export type Channels = Record<NotificationChannel, Channel>;

/** The channels as configured: nodemailer over SMTP and the twilio client, against real providers or sandboxes. */
export function createChannels(config: NotificationsConfig): Channels {
  return { email: createEmailChannel(config), sms: createSmsChannel(config) };
}

/** A reason for the log: one line, bounded, so a provider's multi-line answer reads as one sentence. */
export function reasonText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}
