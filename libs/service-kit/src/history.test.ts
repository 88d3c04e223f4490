import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { SYSTEM_ACTOR, type HistoryValue } from '@labline/contracts';
import type { RecordedEvent } from '@labline/eventstore';
import { actorIdsOf, historyEntries, type HistoryStep } from './history';

let version = 0;
function event(type: string, data: Record<string, HistoryValue>, userId: number | null): RecordedEvent {
  version += 1;
  return {
    id: `00000000-0000-7000-8000-00000000000${version}`,
    type,
    stream: 'thing-1',
    version,
    occurredAt: `2025-01-0${version}T10:00:00.000Z`,
    actor: userId === null ? SYSTEM_ACTOR : { userId, role: 'super_admin', institutionId: null },
    correlationId: 'request',
    causationId: null,
    traceparent: null,
    data,
    globalPosition: version,
  };
}

const describeThing = (recorded: RecordedEvent): HistoryStep | null => {
  const data = recorded.data as Record<string, HistoryValue>;
  switch (recorded.type) {
    case 'ThingCreated':
      return { action: 'created', fields: data };
    case 'ThingUpdated':
      return { action: 'updated', fields: data };
    case 'ThingDeleted':
      return { action: 'deleted', fields: null };
    default:
      return null;
  }
};

describe('history from a stream', () => {
  const events = [
    event('ThingCreated', { name: 'Blood', description: null, tags: ['a'] }, null),
    event('ThingViewed', {}, 7),
    event('ThingUpdated', { name: 'Whole blood', description: null, tags: ['a', 'b'] }, 7),
    event('ThingUpdated', { active: false }, 8),
    event('ThingDeleted', {}, 7),
  ];
  const entries = historyEntries(events, {
    describe: describeThing,
    labels: { name: 'Name', tags: 'Tags' },
    actorNames: new Map([[7, 'Sarah Mitchell']]),
  });

  it('lists the described events newest first, with who acted', () => {
    assert.deepEqual(
      entries.map((entry) => [entry.action, entry.actor?.name ?? null, entry.at]),
      [
        ['deleted', 'Sarah Mitchell', '2025-01-05T10:00:00.000Z'],
        ['updated', 'User 8', '2025-01-04T10:00:00.000Z'],
        ['updated', 'Sarah Mitchell', '2025-01-03T10:00:00.000Z'],
        ['created', null, '2025-01-01T10:00:00.000Z'],
      ],
    );
  });

  it('names each changed field with its label, from the value before to the value after', () => {
    const [deleted, partial, renamed, created] = entries;
    assert.deepEqual(created?.changes, [
      { field: 'name', label: 'Name', from: null, to: 'Blood' },
      { field: 'tags', label: 'Tags', from: null, to: ['a'] },
    ]);
    assert.deepEqual(renamed?.changes, [
      { field: 'name', label: 'Name', from: 'Blood', to: 'Whole blood' },
      { field: 'tags', label: 'Tags', from: ['a'], to: ['a', 'b'] },
    ]);
    // A narrower event changes only what it sets; a field without a label is shown by its name.
    assert.deepEqual(partial?.changes, [{ field: 'active', label: 'active', from: null, to: false }]);
    assert.deepEqual(deleted?.changes, []);
  });

  it('collects the acting users once, without the system', () => {
    assert.deepEqual(actorIdsOf(events), [7, 8]);
  });
});

describe('what an action said', () => {
  it('carries a note beside the entry, never as a changed field, and leaves it out where there is none', () => {
    const events = [
      event('ThingCreated', { name: 'Blood' }, 7),
      event('ThingMentioned', { message: 'First' }, 7),
      event('ThingMentioned', { message: 'Second' }, 7),
    ];
    const entries = historyEntries(events, {
      describe: (recorded) => {
        if (recorded.type === 'ThingCreated')
          return { action: 'created', fields: recorded.data as Record<string, HistoryValue> };
        const { message } = recorded.data as { message: string };
        return { action: 'notification_sent', fields: {}, note: message };
      },
      labels: {},
      actorNames: new Map(),
    });
    assert.deepEqual(
      entries.map((entry) => [entry.action, entry.note, entry.changes]),
      [
        ['notification_sent', 'Second', []],
        ['notification_sent', 'First', []],
        ['created', undefined, [{ field: 'name', label: 'name', from: null, to: 'Blood' }]],
      ],
    );
    assert.equal('note' in entries[2]!, false);
  });
});
