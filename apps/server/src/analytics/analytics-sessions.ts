import { analyticsDay } from '@liveops/domain/analytics';
import { BoundedCache } from '../cache/bounded-cache';
import type { Db } from '../db/database';
import type { Logger } from '../logging/logger';
import { recordAnalyticsEvents, type RecordedEvent } from './analytics-events';

/**
 * Sessions in the analytics (decision 047). `POST /v1/sessions` is a hot path (bench/runtime.mjs), so a
 * session adds no statement of its own: it is remembered here, in memory, and every SESSION_FLUSH_MS this instance
 * records the sessions it gathered as `session` events through the events' path (decision 044), in a few
 * statements for all of them. Each is the player's presence on a UTC day for the config they got then: its raw
 * event id `session:<day>:<config>` is unique per (game, player, day), so sessions of one player on one day, on
 * one instance or several, count once. What a crash loses is the last second's sessions not yet written (the
 * player counts as active again at their next session); nothing is ever counted twice.
 */
export const SESSION_FLUSH_MS = 1_000;
/** Sessions waiting at most; beyond (the database down for long), new ones are dropped and the drop logged. */
export const SESSION_QUEUE_MAX = 100_000;
/** Sessions this instance remembers having recorded: a second session that day costs a lookup. */
const SEEN_MAX = 400_000;
const CHUNK = 500;

export type SessionAnalytics = ReturnType<typeof createSessionAnalytics>;

export function createSessionAnalytics(deps: { db: Db; logger: Logger }) {
  let queue = new Map<string, RecordedEvent & { at: number }>();
  const seen = new BoundedCache<string, true>({ capacity: SEEN_MAX });
  let dropped = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let flushing: Promise<void> | null = null;
  let stopped = true;

  /** Writes what was gathered; what fails goes back to the queue for the next flush. */
  const flush = async () => {
    if (flushing) await flushing;
    if (!queue.size) return;
    const taken = queue;
    queue = new Map();
    const byDay = new Map<string, (RecordedEvent & { at: number })[]>();
    for (const event of taken.values()) {
      const events = byDay.get(event.day) ?? [];
      byDay.set(event.day, events);
      events.push(event);
    }
    const write = async () => {
      for (const events of byDay.values()) {
        for (let start = 0; start < events.length; start += CHUNK) {
          const chunk = events.slice(start, start + CHUNK);
          try {
            // Every session of a chunk has the chunk's day: "received" at the last of them.
            await recordAnalyticsEvents(
              deps.db,
              chunk.map(({ at: _at, ...event }) => event),
              Math.max(...chunk.map((event) => event.at)),
            );
          } catch (error) {
            for (const event of chunk) {
              if (queue.size < SESSION_QUEUE_MAX)
                queue.set(`${event.gameId}\u0000${event.playerId}\u0000${event.id}`, event);
            }
            throw error;
          }
        }
      }
    };
    flushing = write().finally(() => {
      flushing = null;
    });
    await flushing;
  };

  const tick = async () => {
    try {
      await flush();
    } catch (error) {
      deps.logger.warn('analytics: recording sessions failed (tried again at the next flush):', error);
    }
    if (dropped) {
      deps.logger.warn(`analytics: ${dropped} sessions not recorded (their queue was full)`);
      dropped = 0;
    }
    if (!stopped) {
      timer = setTimeout(() => void tick(), SESSION_FLUSH_MS);
      timer.unref();
    }
  };

  return {
    /**
     * A session of the player (our player row id) at `at` on the server's clock, with the config they get then
     * (null: none). Synchronous and without I/O: the route never waits for the analytics.
     */
    record(gameId: string, playerRef: string, configId: string | null, at: number) {
      const day = analyticsDay(at);
      const id = `session:${day}:${configId ?? ''}`;
      const key = `${gameId}\u0000${playerRef}\u0000${id}`;
      if (seen.get(key)) return;
      if (queue.size >= SESSION_QUEUE_MAX) {
        dropped++;
        return;
      }
      seen.set(key, true);
      queue.set(key, {
        id,
        gameId,
        playerId: playerRef,
        kind: 'session',
        configId,
        variantId: null,
        day,
        cycleDay: null,
        streak: null,
        clientTime: null,
        properties: null,
        at,
      });
    },
    /** Writes the sessions gathered now (tests, and a graceful stop). */
    flush,
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(() => void tick(), SESSION_FLUSH_MS);
      timer.unref();
    },
    /** Stops the timer and writes what is left (a graceful stop loses nothing). */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      try {
        await flush();
      } catch (error) {
        deps.logger.warn('analytics: recording the last sessions failed:', error);
      }
    },
  };
}
