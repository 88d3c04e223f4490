/**
 * A `text/event-stream` reader (the WHATWG server-sent events format): fed the decoded text as it arrives, it
 * hands over each complete event with its name and data, and keeps the last event id for a reconnect's
 * Last-Event-ID. Comments (the heartbeat) and unknown fields are skipped. The browser's EventSource cannot send
 * the bearer token, so the web app reads the stream with fetch and this; the tests and the lag benchmark too.
 */
export interface EventStreamMessage {
  /** The event's name: `message` when the stream gave none. */
  event: string;
  data: string;
  /** The last event id as of this event ('' when none). */
  lastEventId: string;
}

export interface EventStreamReader {
  /** The next piece of the stream's text, as decoded. */
  push(text: string): void;
  /** The id to send as Last-Event-ID on a reconnect ('' when none came). */
  readonly lastEventId: string;
  /** The reconnection delay the stream advised (`retry:`), if any. */
  readonly retryMs: number | undefined;
}

export function eventStreamReader(onMessage: (message: EventStreamMessage) => void): EventStreamReader {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastEventId = '';
  let retryMs: number | undefined;

  function line(text: string) {
    if (text === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), lastEventId });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
  }

  return {
    push(text) {
      buffer += text;
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        // A lone \r at the end may be the first half of \r\n.
        if (end === -1 || (end === buffer.length - 1 && buffer.endsWith('\r'))) return;
        const breakLength = buffer.startsWith('\r\n', end) ? 2 : 1;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + breakLength);
      }
    },
    get lastEventId() {
      return lastEventId;
    },
    get retryMs() {
      return retryMs;
    },
  };
}
