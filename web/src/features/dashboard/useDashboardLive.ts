/**
 * The open dashboard, live (docs/architecture.md §11): GET /api/analytics/stream for the dashboard's own query,
 * read with fetch and contracts' eventStreamReader because the browser's EventSource cannot send the bearer
 * token. Each change revalidates the figures (at most once a second, the last change always followed by a
 * refresh); a dropped stream comes back after a growing delay with Last-Event-ID, so the server replays what it
 * missed. Leaving the page, or other filters, aborts the request. swr's revalidation on focus stays the fallback.
 */
import { API_PREFIX, DASHBOARD_STREAM, eventStreamReader } from '@labline/contracts';
import { useEffect, useRef } from 'react';
import { freshToken } from '../../app/api/client';

/** Revalidations at most this often, however many changes arrive. */
const REFRESH_EVERY_MS = 1_000;
/** The reconnection delay doubles from the stream's advice up to this. */
const LONGEST_RETRY_MS = 30_000;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** At most one call of `run` per `everyMs`; a call within the interval is made at its end. */
function throttled(run: () => void, everyMs: number, signal: AbortSignal): () => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  signal.addEventListener('abort', () => clearTimeout(timer));
  return () => {
    if (timer !== undefined || signal.aborted) return;
    const wait = last + everyMs - Date.now();
    const fire = () => {
      timer = undefined;
      last = Date.now();
      run();
    };
    if (wait <= 0) fire();
    else timer = setTimeout(fire, wait);
  };
}

/** Reads one connection of the stream until it ends; answers whether it got as far as an event. */
async function readStream(path: string, lastEventId: { value: string }, onChange: () => void, signal: AbortSignal) {
  const token = await freshToken();
  // Signed out: nothing to follow (the API client has ended the session).
  if (token === null) return { opened: false, stop: true };
  const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
  if (lastEventId.value !== '') headers['Last-Event-ID'] = lastEventId.value;
  const response = await fetch(`${API_PREFIX}${path}`, { headers, signal });
  // The figures' own request says why (401 ends the session there); 4xx will not get better by retrying.
  if (!response.ok || response.body === null)
    return { opened: false, stop: response.status >= 400 && response.status < 500 };
  let opened = false;
  const reader = eventStreamReader((message) => {
    opened = true;
    lastEventId.value = message.lastEventId;
    if (message.event === DASHBOARD_STREAM.event) onChange();
  });
  const decoder = new TextDecoder();
  const body = response.body.getReader();
  for (;;) {
    const { done, value } = await body.read();
    if (done) break;
    reader.push(decoder.decode(value, { stream: true }));
  }
  return { opened, stop: false, retryMs: reader.retryMs };
}

/** Follows the stream at `path` while mounted, calling `revalidate` when the figures changed. */
export function useDashboardLive(path: string, revalidate: () => unknown): void {
  const latest = useRef(revalidate);
  useEffect(() => {
    latest.current = revalidate;
  }, [revalidate]);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const onChange = throttled(() => void latest.current(), REFRESH_EVERY_MS, signal);
    const lastEventId = { value: '' };
    void (async () => {
      let delay: number = DASHBOARD_STREAM.retryMs;
      while (!signal.aborted) {
        try {
          const outcome = await readStream(path, lastEventId, onChange, signal);
          if (outcome.stop) return;
          if (outcome.opened) delay = outcome.retryMs ?? DASHBOARD_STREAM.retryMs;
        } catch {
          // network error or aborted: the loop's condition tells which
        }
        await pause(delay, signal);
        delay = Math.min(delay * 2, LONGEST_RETRY_MS);
      }
    })();
    return () => controller.abort();
  }, [path]);
}
