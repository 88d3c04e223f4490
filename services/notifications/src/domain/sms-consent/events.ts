import { streamName, type NOTIFICATION_EVENT_SCHEMAS, type SMS_CONSENT_EVENT_SCHEMAS } from '@labline/contracts';
import type { DomainEventOf } from '@labline/service-kit';

/** A number's opt-outs and opt-ins, in stream `smsConsent-<the number's digits>`. */
export type SmsConsentEvent = DomainEventOf<typeof NOTIFICATION_EVENT_SCHEMAS, keyof typeof SMS_CONSENT_EVENT_SCHEMAS>;

/** `+447700900123` → `smsConsent-447700900123`. */
export const smsConsentStream = (phone: string) => streamName('smsConsent', phone.replace(/^\+/, ''));
