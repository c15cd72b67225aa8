import { sql, type SQL } from 'drizzle-orm';
import { analyticsDay } from '@liveops/domain/analytics';
import { DAILY_CYCLE_LENGTH } from '@liveops/domain/daily-rewards';
import { experimentRollupVariantId } from '@liveops/domain/experiments';
import type { Db } from '../db/database';
import { iso } from '../db/rows';
import type { Logger } from '../logging/logger';
import { recordAnalyticsEvents, type RecordedEvent } from './analytics-events';

/**
 * Claims in the analytics (decision 045). A claim is already a row the database keeps exactly once
 * (daily_reward_claim); the feed reads the rows of the last minutes and records each as a `claimed` event whose id
 * is the claim's, through the same path as the popup's events: the raw event's key and the markers make a claim
 * count once however often it is read, by one instance or several. So the claim itself writes nothing more and
 * takes no shared lock (every claim of a game would otherwise bump the same rollup row), and the tab shows it
 * within a pass (FEED_INTERVAL_MS).
 */
export const FEED_INTERVAL_MS = 2_000;
/**
 * Each pass also looks this far before where the previous one ended, for claims that committed after it (a claim
 * commits after it is decided): the database answers a count per second, and only a second that changed is read.
 */
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
  /** The whole second the claim was decided in, and hashtext(id): what a pass compares with the database's. */
  sec: number;
  hash: number;
  experiment_id: string | null;
  variant_id: string | null;
};

/** What an instance keeps of a claim it fed, while the claim is in a window a pass may look at again. */
type FedClaim = { at: number; sec: number; hash: number };

/** The claims decided from `from` to `to`, both inclusive (the claim table is `c`). */
const decided = (from: number, to: number) =>
  sql`c.claimed_at >= ${iso(from)}::timestamptz AND c.claimed_at <= ${iso(to)}::timestamptz`;

/** The claims (kind 'claim') that match `where`, with what the analytics count of each. */
async function readClaims(db: Db, where: SQL): Promise<ClaimRow[]> {
  const result = (await db.execute(sql`
    SELECT c.id, c.player_ref, c.config_id, d.game_id, c.cycle_day, c.streak,
           (extract(epoch from c.claimed_at) * 1000)::float8 AS at,
           floor(extract(epoch from c.claimed_at))::float8 AS sec, hashtext(c.id) AS hash,
           v.experiment_id, v.variant_id
    FROM daily_reward_claim c JOIN daily_reward d ON d.id = c.config_id
    -- The player's variant of the config's experiment at the claim (decision 046): assigned before it, of an
    -- experiment not ended by then; the newest if several. A few experiments per config, each a key lookup.
    LEFT JOIN LATERAL (
      SELECT a.experiment_id, a.variant_id
      FROM experiment e JOIN experiment_assignment a ON a.experiment_id = e.id AND a.player_ref = c.player_ref
      WHERE e.config_id = c.config_id AND a.assigned_at <= c.claimed_at
        AND (e.ended_at IS NULL OR e.ended_at > c.claimed_at)
      ORDER BY a.assigned_at DESC LIMIT 1) v ON true
    WHERE ${where} AND c.kind = 'claim'`)) as unknown as { rows: ClaimRow[] };
  return result.rows.map((row) => ({ ...row, at: Number(row.at), sec: Number(row.sec), hash: Number(row.hash) }));
}

/** Records the claims as `claimed` events, a chunk per transaction with a pause after each; answers how many were new. */
async function recordClaims(db: Db, rows: readonly ClaimRow[]): Promise<number> {
  const byDay = new Map<string, { event: RecordedEvent; at: number }[]>();
  for (const row of rows) {
    // A claim row is always of a cycle day 1..7 with a streak from 1; anything else is not a claim to count.
    if (!(row.cycle_day >= 1 && row.cycle_day <= DAILY_CYCLE_LENGTH && row.streak >= 1)) continue;
    const day = analyticsDay(row.at);
    const events = byDay.get(day) ?? [];
    byDay.set(day, events);
    events.push({
      at: row.at,
      event: {
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
      },
    });
  }
  let accepted = 0;
  let first = true;
  let pause = CHUNK_PAUSE_MS;
  for (const events of byDay.values()) {
    for (let start = 0; start < events.length; start += CHUNK) {
      const chunk = events.slice(start, start + CHUNK);
      if (!first) await new Promise((resolve) => setTimeout(resolve, pause));
      first = false;
      // The day's events are received "at" the day's last claim of the chunk: every one of them has that day.
      const receivedAt = Math.max(...chunk.map(({ at }) => at));
      const began = performance.now();
      accepted += (
        await recordAnalyticsEvents(
          db,
          chunk.map(({ event }) => event),
          receivedAt,
        )
      ).accepted;
      pause = Math.max(CHUNK_PAUSE_MS, PAUSE_PER_BUSY * (performance.now() - began));
    }
  }
  return accepted;
}

/**
 * Records as `claimed` events the claims decided from `from` to `to` (both inclusive), but those in `skip`
 * (ids this instance fed already). Answers the ids read, with the time each was decided.
 */
export async function feedClaimAnalytics(
  db: Db,
  window: { from: number; to: number },
  skip: ReadonlyMap<string, unknown> = new Map(),
): Promise<{ read: Map<string, number>; accepted: number }> {
  const rows = await readClaims(db, decided(window.from, window.to));
  const read = new Map(rows.map((row) => [row.id, row.at]));
  const accepted = await recordClaims(
    db,
    rows.filter((row) => !skip.has(row.id)),
  );
  return { read, accepted };
}

/**
 * The seconds from `from` to `to` (both inclusive) whose claims in the database differ from those in `fed`: a
 * claim that committed after a pass had read past its second, or one deleted since. The database answers a count
 * and a sum of hashes per second (one short row each), so a pass reads no claim twice unless its second changed.
 */
async function changedSeconds(
  db: Db,
  window: { from: number; to: number },
  fed: ReadonlyMap<string, FedClaim>,
): Promise<number[]> {
  const result = (await db.execute(sql`
    SELECT floor(extract(epoch from claimed_at))::float8 AS sec, count(*)::int AS n, sum(hashtext(id))::float8 AS h
    FROM daily_reward_claim
    WHERE claimed_at >= ${iso(window.from)}::timestamptz AND claimed_at <= ${iso(window.to)}::timestamptz
      AND kind = 'claim'
    GROUP BY 1`)) as unknown as { rows: { sec: number; n: number; h: number }[] };
  const mine = new Map<number, { n: number; h: number }>();
  for (const claim of fed.values()) {
    if (claim.at < window.from || claim.at > window.to) continue;
    const second = mine.get(claim.sec) ?? { n: 0, h: 0 };
    second.n++;
    second.h += claim.hash;
    mine.set(claim.sec, second);
  }
  const changed = new Set<number>();
  for (const row of result.rows) {
    const second = mine.get(Number(row.sec));
    mine.delete(Number(row.sec));
    if (!second || second.n !== Number(row.n) || second.h !== Number(row.h)) changed.add(Number(row.sec));
  }
  // Seconds of fed claims the database no longer has (deleted with their player or config).
  for (const sec of mine.keys()) changed.add(sec);
  return [...changed];
}

/**
 * The feed every FEED_INTERVAL_MS on this instance; a failed pass is logged and its window read again next time.
 * A pass reads the claims decided since the previous pass; for the seconds before that, back FEED_OVERLAP_MS (or
 * FEED_LATE_MS on a full pass), it asks the database which seconds changed and reads only those (changedSeconds).
 */
export function createClaimAnalyticsFeed(deps: { db: Db; logger: Logger; now: () => number }) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;
  /** Where the previous pass ended; null until the start-up pass has run. */
  let since: number | null = null;
  let passes = 0;
  /** Claims this instance has fed, by id: not sent again while they are in a window. */
  const fed = new Map<string, FedClaim>();

  const pass = async () => {
    const to = deps.now();
    let rows: ClaimRow[];
    let changed: number[] = [];
    let overlap = { from: 0, to: 0 };
    if (since === null) rows = await readClaims(deps.db, decided(to - FEED_CATCH_UP_MS, to));
    else {
      overlap = { from: passes % FULL_EVERY === 0 ? to - FEED_LATE_MS : since - FEED_OVERLAP_MS, to: since };
      changed = await changedSeconds(deps.db, overlap, fed);
      const late =
        changed.length === 0
          ? []
          : await readClaims(
              deps.db,
              sql`${decided(overlap.from, overlap.to)}
                AND floor(extract(epoch from c.claimed_at))::float8 = ANY(${`{${changed.join(',')}}`}::float8[])`,
            );
      const fresh = await readClaims(
        deps.db,
        sql`c.claimed_at > ${iso(since)}::timestamptz AND c.claimed_at <= ${iso(to)}::timestamptz`,
      );
      rows = [...late, ...fresh];
    }
    await recordClaims(
      deps.db,
      rows.filter((row) => !fed.has(row.id)),
    );
    // A changed second's claims are now what the database holds (read again above): those deleted since are forgotten.
    const seconds = new Set(changed);
    if (seconds.size)
      for (const [id, claim] of fed)
        if (seconds.has(claim.sec) && claim.at >= overlap.from && claim.at <= overlap.to) fed.delete(id);
    for (const { id, at, sec, hash } of rows) fed.set(id, { at, sec, hash });
    const oldest = to - Math.max(FEED_LATE_MS, since === null ? FEED_CATCH_UP_MS : 0);
    for (const [id, claim] of fed) if (claim.at < oldest) fed.delete(id);
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
