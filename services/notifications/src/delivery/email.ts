import { NOTIFICATION_ERRORS } from '@labline/contracts';
import nodemailer from 'nodemailer';
import type { NotificationsConfig } from '../config';
import { reasonText, type Channel, type SendOutcome } from './channels';

/** What nodemailer's errors carry: the SMTP reply code and text when the server answered. */
interface SmtpFailure {
  responseCode?: number;
  response?: string;
  code?: string;
  message?: string;
}

/** An SMTP reply of 5xx is final (no such mailbox); 4xx, or no answer at all, is worth another try. */
export function smtpOutcome(error: unknown): Extract<SendOutcome, { ok: false }> {
  const failure = (error ?? {}) as SmtpFailure;
  if (typeof failure.responseCode === 'number') {
    return {
      ok: false,
      permanent: failure.responseCode >= 500,
      reason: reasonText(`SMTP ${failure.responseCode}: ${failure.response ?? failure.message ?? 'refused'}`),
    };
  }
  return {
    ok: false,
    permanent: false,
    reason: reasonText(`SMTP server unavailable: ${failure.code ?? failure.message}`),
  };
}

/** E-mail through nodemailer's SMTP transport (a relay in production, the SMTP sandbox locally). */
export function createEmailChannel(config: NotificationsConfig): Channel {
  const { SMTP_HOST: host, SMTP_FROM: from } = config;
  if (!host || !from) {
    const notConfigured = { ok: false as const, permanent: true, reason: NOTIFICATION_ERRORS.emailNotConfigured };
    return {
      configured: false,
      send: async () => notConfigured,
      check: async () => ({ isValid: false, message: NOTIFICATION_ERRORS.emailNotConfigured }),
      close: () => undefined,
    };
  }
  const transport = nodemailer.createTransport({
    host,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    requireTLS: config.SMTP_REQUIRE_TLS,
    ...(config.SMTP_USER && config.SMTP_PASSWORD
      ? { auth: { user: config.SMTP_USER, pass: config.SMTP_PASSWORD } }
      : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    configured: true,
    async send(message) {
      try {
        const info = await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject ?? '',
          text: message.body,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        });
        return { ok: true, providerMessageId: info.messageId ?? null };
      } catch (error) {
        return smtpOutcome(error);
      }
    },
    async check() {
      try {
        await transport.verify();
        return { isValid: true, message: `SMTP server ${host}:${config.SMTP_PORT} accepts connections` };
      } catch (error) {
        return { isValid: false, message: smtpOutcome(error).reason };
      }
    },
    close: () => transport.close(),
  };
}
