export type StreamEvent = { event: string; data: string; retry?: number };

export type EventStream = {
  status: number;
  contentType: string | null;
  events: StreamEvent[];
  /** Waits for the first event after index `from` that matches (rejects after `timeoutMs`). */
  next: (match: (e: StreamEvent) => boolean, timeoutMs?: number, from?: number) => Promise<StreamEvent>;
  /** Waits until the server ends the stream (rejects if it has not within `timeoutMs`). */
  ended: (timeoutMs?: number) => Promise<void>;
  /** Whether the server has ended the stream. */
  isEnded: () => boolean;
  close: () => Promise<void>;
};

/**
 * Reads a Server-Sent Events stream as a browser's EventSource would, collecting every event (with its `retry:`
 * hint); once the answer is OK, resolves after the first event named `readyEvent`.
 */
export async function openEventStream(
  url: string | URL,
  headers: Record<string, string>,
  readyEvent = 'ready',
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of waiters) wake();
  };
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
          wakeAll();
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
          wakeAll();
        }
      }
    } catch {
      // aborted, or the connection was cut
      endedByServer = !controller.signal.aborted;
      wakeAll();
    }
  })();

  const waitUntil = <T>(found: () => T | undefined, timeoutMs: number, what: () => string): Promise<T> => {
    const now = found();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(what()));
      }, timeoutMs);
      function check() {
        const hit = found();
        if (hit === undefined) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(hit);
      }
      waiters.add(check);
    });
  };

  const next: EventStream['next'] = (match, timeoutMs = 5000, from = 0) =>
    waitUntil(
      () => events.slice(from).find(match),
      timeoutMs,
      () => `no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`,
    );
  const ended: EventStream['ended'] = async (timeoutMs = 5000) => {
    await waitUntil(
      () => (endedByServer ? true : undefined),
      timeoutMs,
      () => `the stream was not ended within ${timeoutMs} ms; got ${JSON.stringify(events)}`,
    );
  };

  if (response.ok) await next((e) => e.event === readyEvent);
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    next,
    ended,
    isEnded: () => endedByServer,
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}
