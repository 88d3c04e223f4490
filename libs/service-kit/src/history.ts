/**
 * A record's history from its event stream (docs/architecture.md §4: the streams are the audit trail): each event
 * becomes an entry with when, who and which fields changed from what to what, newest first. One piece for
 * every service: the service says how its events read (`describe`: the action and the fields an event sets,
 * as they should be shown) and knows its users' names; the diffing, the labels and the order are here.
 */
import type { HistoryAction, HistoryChange, HistoryEntry, HistoryValue } from '@labline/contracts';
import type { RecordedEvent } from '@labline/eventstore';

/** How one event reads in the history. */
export interface HistoryStep {
  action: HistoryAction;
  /**
   * The fields the event sets, as shown (ids as names): a snapshot event sets them all, a narrower event
   * some; null when the record is gone (deleted: no field changes are listed).
   */
  fields: Readonly<Record<string, HistoryValue>> | null;
  /** What the action said (a notification's message): shown with the entry, never diffed as a field. */
  note?: string;
}

export interface HistoryOptions {
  /** How an event reads; null leaves it out (an event that changes nothing shown). */
  describe(event: RecordedEvent): HistoryStep | null;
  /** Field → label (contracts' FIELD_LABELS); a field without one is shown by its name. */
  labels: Readonly<Record<string, string>>;
  /** Display names of the users who acted (actorIdsOf gives the ids to look up). */
  actorNames: ReadonlyMap<number, string>;
}

/** The users who appended these events (the system's events have none). */
export function actorIdsOf(events: readonly RecordedEvent[]): number[] {
  return [...new Set(events.flatMap((event) => (event.actor.userId === null ? [] : [event.actor.userId])))];
}

const same = (a: HistoryValue | undefined, b: HistoryValue | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function changesBetween(
  before: Readonly<Record<string, HistoryValue>>,
  after: Readonly<Record<string, HistoryValue>>,
  labels: Readonly<Record<string, string>>,
): HistoryChange[] {
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return fields
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({ field, label: labels[field] ?? field, from: before[field] ?? null, to: after[field] ?? null }));
}

/** The stream's events (in stream order) as history entries, newest first. */
export function historyEntries(events: readonly RecordedEvent[], options: HistoryOptions): HistoryEntry[] {
  let shown: Readonly<Record<string, HistoryValue>> = {};
  const entries: HistoryEntry[] = [];
  for (const event of events) {
    const step = options.describe(event);
    if (!step) continue;
    const next = step.fields === null ? {} : { ...shown, ...step.fields };
    const { userId } = event.actor;
    entries.push({
      at: event.occurredAt,
      action: step.action,
      actor: userId === null ? null : { id: userId, name: options.actorNames.get(userId) ?? `User ${userId}` },
      changes: step.fields === null ? [] : changesBetween(shown, next, options.labels),
      ...(step.note === undefined ? {} : { note: step.note }),
    });
    shown = next;
  }
  return entries.reverse();
}
