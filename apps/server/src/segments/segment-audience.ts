import { sql } from 'drizzle-orm';
import {
  AUDIENCE_ESTIMATE_BUDGET_MS,
  AUDIENCE_REFRESH_MS,
  AUDIENCE_SAMPLE_MAX,
  AUDIENCE_WINDOW_DAYS,
  type AudienceEstimate,
  type CustomAttribute,
  type SegmentAudience,
  compileSegment,
} from '@liveops/domain/segments';
import { BoundedCache } from '../cache/bounded-cache';
import type { Db } from '../db/database';
import { rows } from '../db/rows';
import { evaluatePlayer } from './player-segments';

/*
 * Segment audiences (decision 054). A player's segments are decided at each session and kept on
 * their row (`player.matched_segments`, decision 039), so a saved segment's audience is a count of rows; the
 * count reads every player of the game seen in the window, so it is kept per game for AUDIENCE_REFRESH_MS and
 * page views read what is kept. A draft expression is evaluated, as the runtime would, over the game's most
 * recently seen players, kept the same way, within a time budget.
 *
 * No index on `last_seen_at`: every session changes it, and an index on it would turn the session's update of
 * the player's row from HOT (migration 0023) into one that writes every index of the table.
 */

const DAY_MS = 86_400_000;
/** Games whose counts are kept at once per instance (the least recently read go first). */
const COUNTS_KEPT_MAX = 1_000;
/** Games whose samples are kept at once per instance, and the attributes' bytes one sample may hold. */
const SAMPLES_KEPT_MAX = 16;
const SAMPLE_BYTES_MAX = 4 * 1024 * 1024;
/** Evaluations between looks at the clock while estimating. */
const BUDGET_CHECK_EVERY = 50;

type SamplePlayer = { attributes: Record<string, unknown>; sessionCount: number; createdAt: number };
type Sample = { players: SamplePlayer[]; sampledAt: number };
type Kept<T> = { at: number; value: Promise<T> };

/** One scan of the game's players seen since `since`: how many, and how many matched each segment. */
export async function countAudiences(db: Db, gameId: string, since: Date) {
  const found = await rows(
    db,
    sql`with recent as (
          select matched_segments from player where game_id = ${gameId} and last_seen_at >= ${since.toISOString()}
        )
        select null as segment_id, count(*)::int as players from recent
        union all
        select segment_id, count(*)::int from recent, unnest(matched_segments) as segment_id group by segment_id`,
  );
  let seen = 0;
  const segments: Record<string, number> = {};
  for (const row of found) {
    if (row.segment_id === null) seen = Number(row.players);
    else segments[String(row.segment_id)] = Number(row.players);
  }
  return { seen, segments };
}

/** The game's most recently seen players of the window, at most AUDIENCE_SAMPLE_MAX and SAMPLE_BYTES_MAX. */
export async function sampleRecentPlayers(db: Db, gameId: string, since: Date): Promise<SamplePlayer[]> {
  const found = await rows(
    db,
    sql`select attributes, session_count, (extract(epoch from created_at) * 1000)::float8 as created_at
        from player where game_id = ${gameId} and last_seen_at >= ${since.toISOString()}
        order by last_seen_at desc, id limit ${AUDIENCE_SAMPLE_MAX}`,
  );
  const players: SamplePlayer[] = [];
  let bytes = 0;
  for (const row of found) {
    const attributes = (typeof row.attributes === 'string' ? JSON.parse(row.attributes) : row.attributes) as Record<
      string,
      unknown
    >;
    bytes += JSON.stringify(attributes).length;
    if (bytes > SAMPLE_BYTES_MAX) break;
    players.push({ attributes, sessionCount: Number(row.session_count), createdAt: Number(row.created_at) });
  }
  return players;
}

/**
 * Evaluates a draft expression for each sampled player as their session would (the attributes read against the
 * declarations, sessionCount and daysSinceInstall), until the budget is spent. The expression must check.
 */
export function estimateOverSample(
  sample: readonly SamplePlayer[],
  expression: string,
  declared: readonly CustomAttribute[],
  now: number,
  clock: () => number = performance.now.bind(performance),
  budgetMs = AUDIENCE_ESTIMATE_BUDGET_MS,
): Pick<AudienceEstimate, 'evaluated' | 'matched' | 'failed' | 'complete'> {
  let failed = 0;
  const matches = compileSegment(expression, declared, () => (failed += 1));
  const segments = [{ id: 'draft', matches }];
  const started = clock();
  let evaluated = 0;
  let matched = 0;
  for (const player of sample) {
    if (evaluated % BUDGET_CHECK_EVERY === 0 && evaluated > 0 && clock() - started > budgetMs) break;
    if (evaluatePlayer(segments, declared, player, now).matched.length) matched += 1;
    evaluated += 1;
  }
  return { evaluated, matched, failed, complete: evaluated === sample.length };
}

/** Per instance: each game's counts and sample, read at most once every AUDIENCE_REFRESH_MS, one read at a time. */
export function createSegmentAudiences({ db, now }: { db: Db; now: () => number }) {
  const counts = new BoundedCache<string, Kept<SegmentAudience>>({ capacity: COUNTS_KEPT_MAX });
  const samples = new BoundedCache<string, Kept<Sample>>({ capacity: SAMPLES_KEPT_MAX });

  function kept<T>(cache: BoundedCache<string, Kept<T>>, gameId: string, read: (at: number) => Promise<T>) {
    const at = now();
    const found = cache.get(gameId);
    if (found && at - found.at < AUDIENCE_REFRESH_MS && at >= found.at) return found.value;
    const value = read(at);
    const entry = { at, value };
    cache.set(gameId, entry);
    // A failed read is not kept: the next view tries again.
    value.catch(() => {
      if (cache.get(gameId) === entry) cache.delete(gameId);
    });
    return value;
  }

  const since = (at: number) => new Date(at - AUDIENCE_WINDOW_DAYS * DAY_MS);

  return {
    audience(gameId: string): Promise<SegmentAudience> {
      return kept(counts, gameId, async (at) => ({
        windowDays: AUDIENCE_WINDOW_DAYS,
        ...(await countAudiences(db, gameId, since(at))),
        countedAt: new Date(at).toISOString(),
      }));
    },
    async estimate(
      gameId: string,
      expression: string,
      declared: readonly CustomAttribute[],
    ): Promise<AudienceEstimate> {
      const sample = await kept(samples, gameId, async (at) => ({
        players: await sampleRecentPlayers(db, gameId, since(at)),
        sampledAt: at,
      }));
      return {
        windowDays: AUDIENCE_WINDOW_DAYS,
        sampleMax: AUDIENCE_SAMPLE_MAX,
        sampled: sample.players.length,
        ...estimateOverSample(sample.players, expression, declared, now()),
        sampledAt: new Date(sample.sampledAt).toISOString(),
      };
    },
  };
}

export type SegmentAudiences = ReturnType<typeof createSegmentAudiences>;
