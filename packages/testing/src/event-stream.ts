export type StreamEvent = { event: string; data: string; retry?: number };

export type EventStream = {
  status: number;
  contentType: string | null;
  events: StreamEvent[];
  /** Waits for the first event after index `from` that matches (rejects after `timeoutMs`). */
  next: (match: (e: StreamEvent) => boolean, timeoutMs?: number, from?: number) => Promise<StreamEvent>;
  /** Waits until the stream is over: ended by the server, or closed (rejects if not within `timeoutMs`). */
  ended: (timeoutMs?: number) => Promise<void>;
  /** Whether the server has ended the stream. */
  isEnded: () => boolean;
  close: () => Promise<void>;
};

/**
 * Reads a Server-Sent Events stream as a browser's EventSource would, collecting every event (with its `retry:`
 * hint), each also given to `onEvent` as it arrives; once the answer is OK, resolves after the first event named
 * `readyEvent`.
 */
export async function openEventStream(
  url: string | URL,
  headers: Record<string, string>,
  { readyEvent = 'ready', onEvent }: { readyEvent?: string; onEvent?: (event: StreamEvent) => void } = {},
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
  let over = false;
  const pump = (async () => {
    if (!reader) {
      over = true;
      return;
    }
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          endedByServer = true;
          over = true;
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
          if (data.length) {
            const parsed = { event, data: data.join('\n'), ...(retry === undefined ? {} : { retry }) };
            events.push(parsed);
            onEvent?.(parsed);
          }
          wakeAll();
        }
      }
    } catch {
      // aborted, or the connection was cut
      endedByServer = !controller.signal.aborted;
      over = true;
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
      () => (over ? true : undefined),
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
