import { sql } from 'drizzle-orm';
import { analyticsDay, DAILY_CYCLE_LENGTH, experimentRollupVariantId } from '@liveops/domain';
import type { Db } from '../db/database';
import type { Logger } from '../lib/logger';
import { recordAnalyticsEvents, type RecordedEvent } from './analytics-events';

/**
 * Claims in the analytics (issue 23, decision 045). A claim is already a row the database keeps exactly once
 * (daily_reward_claim); the feed reads the rows of the last minutes and records each as a `claimed` event whose id
 * is the claim's, through the same path as the popup's events: the raw event's key and the markers make a claim
 * count once however often it is read, by one instance or several. So the claim itself writes nothing more and
 * takes no shared lock (every claim of a game would otherwise bump the same rollup row), and the tab shows it
 * within a pass (FEED_INTERVAL_MS).
 */
export const FEED_INTERVAL_MS = 2_000;
/** Each pass reads the claims decided since the previous pass began, less this margin (a claim commits after it is decided). */
export const FEED_OVERLAP_MS = 10_000;
/** Every FULL_EVERY passes, and at start-up, a pass reads this far back: claims that committed late are counted then. */
export const FEED_LATE_MS = 5 * 60_000;
/** At start-up: claims committed while no instance was running its feed. */
export const FEED_CATCH_UP_MS = 24 * 3_600_000;
const FULL_EVERY = 30;
/**
 * Claims recorded per transaction, and the pause between two: the feed shares the instance's event loop and the
 * database's cores with the claims themselves, so a burst's claims are fed in small steps, each followed by a pause
 * of at least twice what the step took (the feed takes at most a third of the time it runs; a burst's analytics
 * come a few seconds later instead of slowing its claims). bench:runtime: the claims' p99 was 31 ms with no feed,
 * 56–87 ms with chunks of 500 fed back to back.
 */
const CHUNK = 200;
const CHUNK_PAUSE_MS = 10;
const PAUSE_PER_BUSY = 2;

type ClaimRow = {
  id: string;
  player_ref: string;
  config_id: string;
  game_id: string;
  cycle_day: number;
  streak: number;
  at: number;
  experiment_id: string | null;
  variant_id: string | null;
};

/**
 * Records as `claimed` events the claims decided from `from` to `to` (both inclusive), but those in `skip`
 * (ids this instance fed already). Answers the ids read, with the time each was decided.
 */
export async function feedClaimAnalytics(
  db: Db,
  window: { from: number; to: number },
  skip: ReadonlyMap<string, number> = new Map(),
): Promise<{ read: Map<string, number>; accepted: number }> {
  const result = (await db.execute(sql`
    SELECT c.id, c.player_ref, c.config_id, d.game_id, c.cycle_day, c.streak,
           (extract(epoch from c.claimed_at) * 1000)::float8 AS at, v.experiment_id, v.variant_id
    FROM daily_reward_claim c JOIN daily_reward d ON d.id = c.config_id
    -- The player's variant of the config's experiment at the claim (decision 046): assigned before it, of an
    -- experiment not ended by then; the newest if several. A few experiments per config, each a key lookup.
    LEFT JOIN LATERAL (
      SELECT a.experiment_id, a.variant_id
      FROM experiment e JOIN experiment_assignment a ON a.experiment_id = e.id AND a.player_ref = c.player_ref
      WHERE e.config_id = c.config_id AND a.assigned_at <= c.claimed_at
        AND (e.ended_at IS NULL OR e.ended_at > c.claimed_at)
      ORDER BY a.assigned_at DESC LIMIT 1) v ON true
    WHERE c.claimed_at >= ${new Date(window.from).toISOString()}::timestamptz
      AND c.claimed_at <= ${new Date(window.to).toISOString()}::timestamptz
      AND c.kind = 'claim'`)) as unknown as { rows: ClaimRow[] };
  const read = new Map<string, number>();
  const byDay = new Map<string, RecordedEvent[]>();
  for (const row of result.rows) {
    const at = Number(row.at);
    read.set(row.id, at);
    if (skip.has(row.id)) continue;
    // A claim row is always of a cycle day 1..7 with a streak from 1; anything else is not a claim to count.
    if (!(row.cycle_day >= 1 && row.cycle_day <= DAILY_CYCLE_LENGTH && row.streak >= 1)) continue;
    const day = analyticsDay(at);
    const events = byDay.get(day) ?? [];
    byDay.set(day, events);
    events.push({
      id: `claim:${row.id}`,
      gameId: row.game_id,
      playerId: row.player_ref,
      kind: 'claimed',
      configId: row.config_id,
      variantId:
        row.experiment_id && row.variant_id ? experimentRollupVariantId(row.experiment_id, row.variant_id) : null,
      day,
      cycleDay: Number(row.cycle_day),
      streak: Number(row.streak),
      clientTime: null,
      properties: null,
    });
  }
  let accepted = 0;
  for (const events of byDay.values()) {
    for (let start = 0; start < events.length; start += CHUNK) {
      const chunk = events.slice(start, start + CHUNK);
      // The day's events are received "at" the day's last claim of the chunk: every one of them has that day.
      const receivedAt = Math.max(...chunk.map((event) => read.get(event.id.slice('claim:'.length))!));
      const began = performance.now();
      accepted += (await recordAnalyticsEvents(db, chunk, receivedAt)).accepted;
      const pause = Math.max(CHUNK_PAUSE_MS, PAUSE_PER_BUSY * (performance.now() - began));
      if (start + CHUNK < events.length) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
  return { read, accepted };
}

/** The feed every FEED_INTERVAL_MS on this instance; a failed pass is logged and its window read again next time. */
export function createClaimAnalyticsFeed(deps: { db: Db; logger: Logger; now: () => number }) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;
  /** Where the next pass starts; null until the start-up pass has run. */
  let since: number | null = null;
  let passes = 0;
  /** Claims this instance has fed, by the time they were decided: not sent again while they are in a window. */
  const fed = new Map<string, number>();

  const pass = async () => {
    const to = deps.now();
    const from =
      since === null ? to - FEED_CATCH_UP_MS : passes % FULL_EVERY === 0 ? to - FEED_LATE_MS : since - FEED_OVERLAP_MS;
    const { read } = await feedClaimAnalytics(deps.db, { from, to }, fed);
    for (const [id, at] of read) fed.set(id, at);
    const oldest = to - Math.max(FEED_LATE_MS, since === null ? FEED_CATCH_UP_MS : 0);
    for (const [id, at] of fed) if (at < oldest) fed.delete(id);
    since = to;
    passes++;
  };
  const run = async () => {
    running = pass().catch((error: unknown) => {
      deps.logger.warn('analytics: feeding claims failed (read again at the next pass):', error);
    });
    await running;
    running = null;
    if (!stopped) {
      timer = setTimeout(() => void run(), FEED_INTERVAL_MS);
      timer.unref();
    }
  };
  return {
    /** One pass now (tests). */
    pass,
    start: () => {
      if (!stopped) return;
      stopped = false;
      void run();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
