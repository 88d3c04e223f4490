import { parseEventData, SMS_CONSENT_EVENT_SCHEMAS, type EventEnvelope } from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

async function applySmsConsentEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  if (event.type !== 'SmsOptedOut' && event.type !== 'SmsOptedIn') return;
  const data = parseEventData(SMS_CONSENT_EVENT_SCHEMAS, event.type, event.data);
  await db.query(sql.unsafe`
    INSERT INTO sms_consents AS c (phone, opted_out, keyword, changed_at, version)
    VALUES (${data.phone}, ${event.type === 'SmsOptedOut'}, ${data.keyword}, ${event.occurredAt}::timestamptz,
            ${event.version})
    ON CONFLICT (phone) DO UPDATE SET opted_out = excluded.opted_out, keyword = excluded.keyword,
      changed_at = excluded.changed_at, version = excluded.version
    WHERE c.version < excluded.version`);
}

/** One row per number that ever replied an opt-out or opt-in keyword (the SmsConsent streams). */
const SMS_CONSENTS_TABLE = `
  CREATE TABLE IF NOT EXISTS sms_consents (
    -- E.164, e.g. +447700900123
    phone text PRIMARY KEY,
    opted_out boolean NOT NULL,
    -- the keyword of the last change (STOP, START…) and when it was received
    keyword text NOT NULL,
    changed_at timestamptz NOT NULL,
    version integer NOT NULL
  );
`;

/**
 * The numbers that replied STOP (or START again), in the append transaction of the inbound webhook: the next
 * message to the number already sees it.
 */
export const smsConsentProjection: Projection = {
  name: 'sms-consents',
  version: 1,
  handles: Object.keys(SMS_CONSENT_EVENT_SCHEMAS),
  tables: ['sms_consents'],
  init: SMS_CONSENTS_TABLE,
  apply: applySmsConsentEvent,
};
