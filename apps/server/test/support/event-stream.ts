import { LIVE_UPDATES_PATH } from '@liveops/domain';
import type { TestClient } from './test-client';

export type StreamEvent = { event: string; data: string; retry?: number };

/** Reads the live-updates stream as a browser's EventSource would, collecting every event. */
export async function openEventStream(client: TestClient | { baseUrl: string; cookieHeader: () => string }) {
  const controller = new AbortController();
  const response = await fetch(new URL(LIVE_UPDATES_PATH, client.baseUrl), {
    headers: { cookie: client.cookieHeader(), accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let endedByServer = false;
  const pump = (async () => {
    if (!reader) return;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          endedByServer = true;
          for (const wake of waiters) wake();
          return;
        }
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let retry: number | undefined;
          const data: string[] = [];
          for (const line of frame.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
            else if (line.startsWith('retry:')) retry = Number(line.slice(6).trim());
          }
          if (data.length) events.push({ event, data: data.join('\n'), ...(retry === undefined ? {} : { retry }) });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // aborted
    }
  })();

  /** Waits for the first event after index `from` that matches. */
  async function next(match: (e: StreamEvent) => boolean, timeoutMs = 5000, from = 0): Promise<StreamEvent> {
    const find = () => events.slice(from).find(match);
    const found = find();
    if (found) return found;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      function check() {
        const hit = find();
        if (!hit) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(hit);
      }
      waiters.add(check);
    });
  }

  /** Waits until the server ends the stream (rejects if it has not within `timeoutMs`). */
  async function ended(timeoutMs = 5000): Promise<void> {
    if (endedByServer) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`the stream was not ended within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      function check() {
        if (!endedByServer) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      }
      waiters.add(check);
    });
  }

  if (response.ok) await next((e) => e.event === 'ready');
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    next,
    ended,
    /** Whether the server has ended the stream. */
    isEnded: () => endedByServer,
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}
