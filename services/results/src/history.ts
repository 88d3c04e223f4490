/**
 * How a result's events read in its History tab (service-kit's historyEntries does the rest): each version's
 * status and content, so every earlier version is readable as the changes from it; an amendment's reason is its
 * note.
 */
import {
  parseEventData,
  RESULT_FIELD_LABELS,
  RESULTS_EVENT_SCHEMAS,
  type HistoryEntry,
  type ResultsEventType,
} from '@labline/contracts';
import type { RecordedEvent } from '@labline/eventstore';
import { actorIdsOf, historyEntries, type HistoryStep } from '@labline/service-kit';
import type { CommonQueryMethods } from 'slonik';
import { userNames } from './projections/results/queries';

function describe(event: RecordedEvent): HistoryStep | null {
  if (!(event.type in RESULTS_EVENT_SCHEMAS)) return null;
  const type = event.type as ResultsEventType;
  const data = parseEventData(RESULTS_EVENT_SCHEMAS, type, event.data);
  const fields = {
    status: data.status,
    result_data: data.result_data,
    result_values: data.result_values,
    interpretation: data.interpretation,
  };
  if (type === 'ResultEntered') return { action: 'created', fields };
  if (type === 'ResultUpdated') return { action: 'updated', fields };
  return { action: 'status_changed', fields, ...('reason' in data ? { note: data.reason } : {}) };
}

/** A result's history (GET /results/{id}/history), newest first. */
export async function resultHistory(db: CommonQueryMethods, events: readonly RecordedEvent[]): Promise<HistoryEntry[]> {
  return historyEntries(events, {
    describe,
    labels: RESULT_FIELD_LABELS,
    actorNames: await userNames(db, actorIdsOf(events)),
  });
}
