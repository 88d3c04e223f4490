import { SYSTEM_ACTOR } from '@labline/contracts';
import type { NotificationsContext } from '../config';
import { smsConsentDecider, type SmsConsentChange } from '../domain/sms-consent/decide';
import { smsConsentStream } from '../domain/sms-consent/events';

/**
 * Records a number's STOP or START (Twilio's inbound webhook): answers whether it changed anything. Retried on a
 * race with another reply of the same number, since the outcome does not depend on what the recorder saw.
 */
export async function recordSmsKeyword(
  context: Pick<NotificationsContext, 'commands'>,
  reply: { phone: string; change: SmsConsentChange; keyword: string; messageSid: string },
  correlationId: string,
): Promise<boolean> {
  const recorded = await context.commands.handleCommand({
    stream: smsConsentStream(reply.phone),
    decider: smsConsentDecider,
    command: { type: 'RecordSmsKeyword', data: reply },
    metadata: { actor: SYSTEM_ACTOR, correlationId, causationId: null, traceparent: null },
    retries: 5,
  });
  return recorded.length > 0;
}
