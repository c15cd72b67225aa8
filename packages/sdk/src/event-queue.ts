import { LiveOpsError, SDK_ERROR_CODES } from './live-ops-error.js';

/** What a game reports of its popup; the server records claims and sessions itself. */
export type EventType = 'shown' | 'closed';
/** Flat facts about an event: a string (at most 256 characters), a finite number or a boolean under each name. */
export type EventProperties = Record<string, string | number | boolean>;

export interface TrackOptions {
  /** The daily reward whose popup this is about. */
  configId: string;
  properties?: EventProperties;
}

/** An event as it is queued and sent: its id is the same on every try, so the server counts it once. */
export interface TrackedEvent {
  id: string;
  type: EventType;
  configId: string;
  /** The device's time when it was tracked (ms since 1970), kept by the server for reference only. */
  clientTime: number;
  properties?: EventProperties;
}

/** What `flush` sent: events the server took, and events it had already (a retry of a batch it had taken). */
export interface FlushResult {
  accepted: number;
  duplicates: number;
}

export interface EventOptions {
  /** How long a tracked event may wait before it is sent with the others (default 10 s). */
  flushIntervalMs?: number;
  /** How many events may wait at most (default 1000); past it, the oldest are dropped and reported. */
  maxQueued?: number;
  /**
   * Hears of every event dropped: a batch the server refused (a 4xx other than 429: its error), whichever flush
   * sent it, or the oldest events of a full queue (`events_dropped`). A `flush()` that could not deliver also
   * rejects, and a batch that could not go yet (no network, 429, 5xx, no player signed in) stays queued.
   */
  onError?: (error: LiveOpsError, dropped: TrackedEvent[]) => void;
}

// The runtime's bounds (packages/domain analytics-rollup.ts, checked equal by event-queue.test.ts): an event the
// server would refuse is refused at `track`, so it never takes the other events of its batch down with it.
export const EVENT_BATCH_MAX_EVENTS = 100;
export const EVENT_MAX_BYTES = 2048;
export const EVENT_CONFIG_ID_MAX = 64;
export const EVENT_PROPERTIES_MAX = 20;
export const EVENT_PROPERTY_KEY_MAX = 40;
export const EVENT_PROPERTY_VALUE_MAX = 256;
export const EVENT_TYPES: readonly EventType[] = ['shown', 'closed'];

const DEFAULT_FLUSH_INTERVAL_MS = 10_000;
const DEFAULT_MAX_QUEUED = 1000;
const PROPERTY_KEY = new RegExp(`^[A-Za-z0-9_]{1,${EVENT_PROPERTY_KEY_MAX}}$`);
// Control, zero-width and direction characters, which the server refuses in text.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_TEXT = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

/** The event's size as UTF-8 JSON, without TextEncoder (React Native's is recent). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The event `track` queues, or a TypeError saying what the server would refuse in it. */
export function checkedEvent(event: TrackedEvent): TrackedEvent {
  if (!EVENT_TYPES.includes(event.type)) {
    throw new TypeError(
      `track takes "shown" or "closed" (got ${JSON.stringify(event.type)}): the server records claims and sessions itself.`,
    );
  }
  const { configId, properties } = event;
  if (
    typeof configId !== 'string' ||
    configId.length === 0 ||
    configId.length > EVENT_CONFIG_ID_MAX ||
    configId.trim() !== configId ||
    FORBIDDEN_TEXT.test(configId)
  ) {
    throw new TypeError(
      `track needs the configId of the daily reward the popup showed, 1 to ${EVENT_CONFIG_ID_MAX} characters (got ${JSON.stringify(configId)}).`,
    );
  }
  if (properties !== undefined) {
    // A game in plain JavaScript may pass anything: checked as the unknown it may be.
    const given: unknown = properties;
    const entries = typeof given === 'object' && given !== null ? Object.entries(given) : null;
    const valid =
      entries !== null &&
      !Array.isArray(properties) &&
      entries.length <= EVENT_PROPERTIES_MAX &&
      entries.every(
        ([key, value]) =>
          PROPERTY_KEY.test(key) &&
          (typeof value === 'boolean' ||
            (typeof value === 'number' && Number.isFinite(value)) ||
            (typeof value === 'string' && value.length <= EVENT_PROPERTY_VALUE_MAX && !FORBIDDEN_TEXT.test(value))),
      );
    if (!valid) {
      throw new TypeError(
        `track's properties are at most ${EVENT_PROPERTIES_MAX} entries, each a string of at most ${EVENT_PROPERTY_VALUE_MAX} characters, a finite number or a boolean, under a name of 1 to ${EVENT_PROPERTY_KEY_MAX} letters, digits or "_".`,
      );
    }
  }
  if (utf8Length(JSON.stringify(event)) > EVENT_MAX_BYTES) {
    throw new TypeError(`An event is at most ${EVENT_MAX_BYTES} bytes as JSON: send fewer or shorter properties.`);
  }
  return event;
}

/** Failures worth sending the batch again later: no answer, too many requests, a server briefly unavailable. */
const isTransient = (error: unknown): boolean =>
  error instanceof LiveOpsError &&
  (error.code === SDK_ERROR_CODES.network ||
    error.code === SDK_ERROR_CODES.notSignedIn ||
    error.status === 429 ||
    error.status >= 500);

export interface EventQueue {
  track(type: EventType, options: TrackOptions): string;
  flush(): Promise<FlushResult>;
}

/**
 * The client's events (decision 042): `track` queues one, and batches of at most 100 go to `POST /v1/events`
 * after `flushIntervalMs`, at once when a batch is full, and on `flush()`; one batch at a time, oldest first.
 * `sendBatch` retries a network failure or a 429 with the client's backoff; a batch that still did not go stays
 * queued, with its ids, for the next flush. A batch refused otherwise is dropped and reported.
 */
export function createEventQueue(config: {
  sendBatch: (events: TrackedEvent[]) => Promise<FlushResult>;
  options: EventOptions | undefined;
  newId: () => string;
  now?: () => number;
}): EventQueue {
  const flushIntervalMs = config.options?.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS;
  const maxQueued = config.options?.maxQueued ?? DEFAULT_MAX_QUEUED;
  if (!Number.isFinite(flushIntervalMs) || flushIntervalMs <= 0) {
    throw new TypeError(`events.flushIntervalMs must be a positive number of milliseconds (got ${flushIntervalMs}).`);
  }
  if (!Number.isInteger(maxQueued) || maxQueued < EVENT_BATCH_MAX_EVENTS) {
    throw new TypeError(
      `events.maxQueued must be a whole number of at least ${EVENT_BATCH_MAX_EVENTS} (got ${maxQueued}).`,
    );
  }
  const now = config.now ?? Date.now;
  const onError = config.options?.onError;
  const queue: TrackedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const report = (error: LiveOpsError, dropped: TrackedEvent[]) => {
    try {
      onError?.(error, dropped);
    } catch {
      // A game's handler that throws must not stop the queue.
    }
  };

  /** Drops the oldest events past maxQueued. */
  const trim = () => {
    if (queue.length <= maxQueued) return;
    const dropped = queue.splice(0, queue.length - maxQueued);
    report(
      new LiveOpsError({
        status: 0,
        code: SDK_ERROR_CODES.eventsDropped,
        message: `More than ${maxQueued} events were waiting to be sent: the oldest ${dropped.length} were dropped.`,
      }),
      dropped,
    );
  };

  /** Sends what is queued, a batch at a time, until it is empty or a batch cannot go now. */
  const drain = async (): Promise<FlushResult> => {
    const total: FlushResult = { accepted: 0, duplicates: 0 };
    while (queue.length > 0) {
      const batch = queue.splice(0, EVENT_BATCH_MAX_EVENTS);
      try {
        const answer = await config.sendBatch(batch);
        total.accepted += answer.accepted;
        total.duplicates += answer.duplicates;
      } catch (error) {
        if (isTransient(error)) {
          queue.unshift(...batch);
          trim();
        } else if (error instanceof LiveOpsError) report(error, batch);
        else
          report(new LiveOpsError({ status: 0, code: SDK_ERROR_CODES.invalidResponse, message: String(error) }), batch);
        schedule();
        throw error;
      }
    }
    return total;
  };

  /** One flush after another, so a batch is never sent twice at once. */
  const flush = (): Promise<FlushResult> => {
    clearTimeout(timer);
    timer = undefined;
    const result = running.then(drain);
    running = result.catch(() => undefined);
    return result;
  };

  /** The client's own flush: a batch that cannot go now waits for the next; a refused one was reported. */
  const flushInBackground = () => {
    flush().catch(() => undefined);
  };

  function schedule() {
    if (timer !== undefined || queue.length === 0) return;
    timer = setTimeout(flushInBackground, flushIntervalMs);
    // In Node (a game server, a test), a waiting flush does not keep the process alive.
    (timer as { unref?: () => void }).unref?.();
  }

  return {
    track(type, options) {
      const given: unknown = options; // a game in plain JavaScript may pass anything
      if (typeof given !== 'object' || given === null) {
        throw new TypeError('track needs { configId } of the daily reward the popup showed.');
      }
      const event = checkedEvent({
        id: config.newId(),
        type,
        configId: options.configId,
        clientTime: Math.floor(now()),
        ...(options.properties !== undefined ? { properties: { ...options.properties } } : {}),
      });
      queue.push(event);
      trim();
      if (queue.length >= EVENT_BATCH_MAX_EVENTS) flushInBackground();
      else schedule();
      return event.id;
    },
    flush,
  };
}
