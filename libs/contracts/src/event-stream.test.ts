import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { eventStreamReader, type EventStreamMessage } from './event-stream';

function read(...pieces: string[]) {
  const messages: EventStreamMessage[] = [];
  const reader = eventStreamReader((message) => messages.push(message));
  for (const piece of pieces) reader.push(piece);
  return { messages, reader };
}

describe('eventStreamReader', () => {
  it('hands over each event with its name, data and the last id, across pieces cut anywhere', () => {
    const { messages, reader } = read(
      'retry: 2000\n\n: heartbeat\n\nid: 7\nevent: rea',
      'dy\ndata: {}\n\nid: 8\nevent: change\ndata: {"a":1}\r',
      '\n\r\ndata: first\ndata: second\n\n',
    );
    assert.deepEqual(messages, [
      { event: 'ready', data: '{}', lastEventId: '7' },
      { event: 'change', data: '{"a":1}', lastEventId: '8' },
      { event: 'message', data: 'first\nsecond', lastEventId: '8' },
    ]);
    assert.equal(reader.lastEventId, '8');
    assert.equal(reader.retryMs, 2000);
  });

  it('dispatches nothing for comments, an event without data or an unfinished event', () => {
    const { messages, reader } = read(': hello\n\nevent: change\n\nid: 3\n\ndata: half');
    assert.deepEqual(messages, []);
    assert.equal(reader.lastEventId, '3');
  });
});
