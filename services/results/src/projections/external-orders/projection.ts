import {
  EXTERNAL_ORDER_EVENT_SCHEMAS,
  parseEventData,
  type EventEnvelope,
  type ExternalOrderEventType,
} from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';

/** The columns each event sets beside the status and last_sync (every event is a word from the laboratory). */
function changesOf(event: EventEnvelope, at: FragmentSqlToken): FragmentSqlToken {
  const type = event.type as ExternalOrderEventType;
  switch (type) {
    case 'ExternalOrderSubmitted': {
      const d = parseEventData(EXTERNAL_ORDER_EVENT_SCHEMAS, type, event.data);
      return sql.fragment`external_lab_id = ${d.external_lab_id}, submitted_at = ${at}, results_received_at = NULL,
        failure_reason = NULL, accepted = '[]', refused = '[]'`;
    }
    case 'ExternalOrderFailed': {
      const d = parseEventData(EXTERNAL_ORDER_EVENT_SCHEMAS, type, event.data);
      return sql.fragment`external_lab_id = coalesce(${d.external_lab_id}, external_lab_id), failure_reason = ${d.reason}`;
    }
    case 'ExternalOrderStatusChanged': {
      const d = parseEventData(EXTERNAL_ORDER_EVENT_SCHEMAS, type, event.data);
      return sql.fragment`failure_reason = ${d.status === 'failed' ? d.reason : null}`;
    }
    case 'ExternalResultsReceived': {
      const d = parseEventData(EXTERNAL_ORDER_EVENT_SCHEMAS, type, event.data);
      return sql.fragment`results_received_at = ${at}, accepted = ${JSON.stringify(d.accepted)}::jsonb,
        refused = ${JSON.stringify(d.refused)}::jsonb`;
    }
    case 'ExternalOrderSynced':
      return sql.fragment`failure_reason = failure_reason`;
  }
}

/**
 * external_orders, written inline in the append transaction: where each result's order at the external laboratory
 * stands (the API status's fields, spec 1 §3), and what the background poll follows (submitted orders whose results
 * are not in). Guarded by the order stream's version, so projecting an event twice changes nothing.
 */
async function applyExternalOrderEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  if (!(event.type in EXTERNAL_ORDER_EVENT_SCHEMAS)) return;
  const d = parseEventData(EXTERNAL_ORDER_EVENT_SCHEMAS, event.type as ExternalOrderEventType, event.data);
  const at = sql.fragment`${event.occurredAt}::timestamptz`;
  await db.query(sql.unsafe`
    INSERT INTO external_orders (result_id, test_request_id, institution_id, provider, status, version)
    VALUES (${d.resultId}, ${d.test_request_id}, ${d.institution_id}, ${d.provider}, 'pending', -1)
    ON CONFLICT (result_id) DO NOTHING`);
  await db.query(sql.unsafe`
    UPDATE external_orders SET status = ${d.status}, provider = ${d.provider}, last_sync = ${at},
      ${changesOf(event, at)}, version = ${event.version}
    WHERE result_id = ${d.resultId} AND version < ${event.version}`);
}

export const externalOrdersProjection: Projection = {
  name: 'external-orders',
  version: 1,
  handles: Object.keys(EXTERNAL_ORDER_EVENT_SCHEMAS),
  tables: ['external_orders'],
  init: `
    CREATE TABLE IF NOT EXISTS external_orders (
      result_id integer PRIMARY KEY,
      test_request_id integer NOT NULL,
      institution_id integer NOT NULL,
      provider text NOT NULL,
      status text NOT NULL,
      external_lab_id text,
      submitted_at timestamptz,
      results_received_at timestamptz,
      last_sync timestamptz,
      failure_reason text,
      accepted jsonb NOT NULL DEFAULT '[]',
      refused jsonb NOT NULL DEFAULT '[]',
      version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS external_orders_followed_idx
      ON external_orders (last_sync) WHERE results_received_at IS NULL AND status IN ('submitted', 'sample_received', 'complete');`,
  apply: applyExternalOrderEvent,
};
