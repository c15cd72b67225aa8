import { sql } from 'drizzle-orm';
import { analyticsDay } from '@liveops/domain/analytics';
import type { Db } from '../db/database';
import { rows } from '../db/rows';
import type { Logger } from '../logging/logger';

/**
 * The day partitions of analytics_event (decision 044): one a day, named <table>_YYYYMMDD,
 * created a few days ahead and dropped once past their retention. Every instance runs this; the DDL is idempotent
 * and serialised by a transaction-scoped advisory lock, so two instances never create or drop the same partition
 * at once, and a lock_timeout keeps a partition's DDL from queueing inserts behind a long transaction.
 */

const DAY_MS = 86_400_000;
/** An advisory lock key space of our own, beside migrateDatabase's 727274001 and the game locks' 727274002. */
const LOCK_SPACE = 727274003;
/** Partitions made ahead of today, so inserts never wait for DDL. */
const DAYS_AHEAD = 3;
export const ANALYTICS_MAINTENANCE_INTERVAL_MS = 3_600_000;

// The markers had partitions of their own until decision 048 (they are in the players' presences now).
const PARTITIONED = ['analytics_event'] as const;
type Partitioned = (typeof PARTITIONED)[number];

const compact = (day: string) => day.replaceAll('-', '');
const dayAfter = (day: string, days = 1) => analyticsDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/**
 * Creates the partitions of the raw events for each day from `first` to `last` (YYYY-MM-DD) that do not exist. Those
 * that exist are found first and left alone: creating a partition locks its parent table, so it is done only when
 * one is missing.
 */
export async function ensureAnalyticsPartitions(db: Db, first: string, last: string): Promise<void> {
  const wanted: string[] = [];
  for (let day = first; day <= last; day = dayAfter(day)) wanted.push(day);
  const missing: [Partitioned, string][] = [];
  for (const table of PARTITIONED) {
    const existing = new Set(await analyticsPartitionDays(db, table));
    for (const day of wanted) if (!existing.has(day)) missing.push([table, day]);
  }
  if (!missing.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL lock_timeout = '10s'`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, 0)`);
    for (const [table, day] of missing) {
      await tx.execute(
        sql.raw(
          `CREATE TABLE IF NOT EXISTS "${table}_${compact(day)}" PARTITION OF "${table}" ` +
            `FOR VALUES FROM ('${day}') TO ('${dayAfter(day)}')`,
        ),
      );
    }
  });
}

/** The days that have a partition of `table`, oldest first. */
export async function analyticsPartitionDays(db: Db, table: Partitioned): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_inherits i
        JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
        WHERE p.relname = ${table}`,
  );
  return found
    .map(({ name }) => /_(\d{4})(\d{2})(\d{2})$/.exec(name))
    .filter((match) => match !== null)
    .map((match) => `${match[1]}-${match[2]}-${match[3]}`)
    .sort();
}

/**
 * One round of upkeep at `now`: the partitions from yesterday to DAYS_AHEAD days ahead exist, raw events older
 * than `retentionDays` days are dropped (a whole partition, never a DELETE). Answers the days dropped of each
 * table.
 */
export async function maintainAnalyticsPartitions(
  db: Db,
  { now, retentionDays }: { now: number; retentionDays: number },
): Promise<Record<Partitioned, string[]>> {
  const today = analyticsDay(now);
  await ensureAnalyticsPartitions(db, dayAfter(today, -1), dayAfter(today, DAYS_AHEAD));
  const keepFrom: Record<Partitioned, string> = {
    analytics_event: dayAfter(today, -(retentionDays - 1)),
  };
  const dropped: Record<Partitioned, string[]> = { analytics_event: [] };
  for (const table of PARTITIONED) {
    const expired = (await analyticsPartitionDays(db, table)).filter((day) => day < keepFrom[table]);
    if (!expired.length) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL lock_timeout = '10s'`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, 0)`);
      for (const day of expired) await tx.execute(sql.raw(`DROP TABLE IF EXISTS "${table}_${compact(day)}"`));
    });
    dropped[table] = expired;
  }
  return dropped;
}

/** The upkeep every hour, from start-up; errors are logged and tried again at the next round. */
export function createAnalyticsMaintenance(deps: { db: Db; logger: Logger; retentionDays: number; now: () => number }) {
  let timer: ReturnType<typeof setInterval> | null = null;
  const run = () =>
    maintainAnalyticsPartitions(deps.db, { now: deps.now(), retentionDays: deps.retentionDays }).catch(
      (error: unknown) => {
        deps.logger.warn('analytics partitions upkeep failed (tried again within the hour):', error);
        return null;
      },
    );
  return {
    run,
    start: () => {
      if (timer) return;
      void run();
      timer = setInterval(() => void run(), ANALYTICS_MAINTENANCE_INTERVAL_MS);
      timer.unref();
    },
    stop: () => {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
