/**
 * The API status of a result (spec 1 §3 "External API status of a result") with the panel's timeline in spec 1 §4's
 * order, read from the order's own stream: when the result was created for the laboratory (with the barcode), then
 * the latest submission and the steps the laboratory reported after it.
 */
import {
  canFetchExternalResults,
  canSubmitExternalOrder,
  EXTERNAL_LAB_TIMELINE_LABELS,
  EXTERNAL_LAB_TIMELINE_STEPS,
  EXTERNAL_ORDER_EVENT_SCHEMAS,
  parseEventData,
  type Caller,
  type ExternalApiStatus,
  type ExternalLabTimelineStep,
  type ExternalOrderEventType,
} from '@labline/contracts';
import type { EventStore, RecordedEvent } from '@labline/eventstore';
import type { DatabasePool } from 'slonik';
import { externalOrderStream } from './domain/external-order/events';
import { externalOrderRow, resultOrderFacts } from './projections/external-orders/queries';

/** The order's events as the panel lists them: the status each left, when, and a failure's reason. */
function orderEvents(events: readonly RecordedEvent[]): ExternalApiStatus['events'] {
  return events
    .filter((event) => event.type in EXTERNAL_ORDER_EVENT_SCHEMAS)
    .map((event) => {
      const data = parseEventData(EXTERNAL_ORDER_EVENT_SCHEMAS, event.type as ExternalOrderEventType, event.data);
      return {
        type: event.type,
        status: data.status,
        at: event.occurredAt,
        reason: 'reason' in data && data.status === 'failed' ? data.reason : null,
      };
    });
}

/** When each step of the timeline happened: the steps after the latest submission (a retry starts it again). */
function timelineOf(createdAt: string, events: ExternalApiStatus['events']): ExternalApiStatus['timeline'] {
  const lastSubmission = events.map((event) => event.type).lastIndexOf('ExternalOrderSubmitted');
  const since = lastSubmission === -1 ? [] : events.slice(lastSubmission);
  const firstAt = (step: ExternalLabTimelineStep) =>
    since.find((event) => event.status === step || (step === 'complete' && event.type === 'ExternalResultsReceived'))
      ?.at ?? null;
  return EXTERNAL_LAB_TIMELINE_STEPS.map((step) => ({
    step,
    label: EXTERNAL_LAB_TIMELINE_LABELS[step],
    at: step === 'created' ? createdAt : firstAt(step),
  }));
}

/** A result's API status, or null when the caller does not see the result. */
export async function externalApiStatus(
  { pool, store }: { pool: DatabasePool; store: EventStore },
  caller: Caller,
  resultId: number,
): Promise<ExternalApiStatus | null> {
  const facts = await resultOrderFacts(pool, caller, { resultId });
  if (!facts) return null;
  const [row, recorded] = await Promise.all([
    externalOrderRow(pool, resultId),
    store.readStream(externalOrderStream(resultId)),
  ]);
  const events = orderEvents(recorded);
  const status = row?.status ?? 'pending';
  const has_external_data = row?.results_received_at != null;
  const rule = {
    api_enabled: facts.api_enabled,
    external_api_status: status,
    has_external_data,
    barcode_number: facts.barcode_number,
  };
  return {
    result_id: resultId,
    test_request_id: facts.test_request_id,
    api_enabled: facts.api_enabled,
    external_api_status: status,
    external_lab_id: row?.external_lab_id ?? null,
    provider: row?.provider ?? null,
    api_order_submitted_at: row?.submitted_at ?? null,
    api_results_received_at: row?.results_received_at ?? null,
    has_external_data,
    last_sync: row?.last_sync ?? null,
    can_submit: canSubmitExternalOrder(rule),
    can_fetch_results: canFetchExternalResults(rule),
    barcode_number: facts.barcode_number,
    failure_reason: status === 'failed' ? (row?.failure_reason ?? null) : null,
    timeline: timelineOf(facts.entered_at, events),
    events,
    accepted: row?.accepted ?? [],
    refused: row?.refused ?? [],
  };
}
