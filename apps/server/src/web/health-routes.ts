import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { migrationsFolder, type Database } from '../db/database';
import type { Config } from '../env';
import { httpPolicy, sameOriginOnlyHeaders } from '../http/http-policy';

/** How long readiness waits for the database: a probe must answer well within a load balancer's own timeout. */
export const READY_DATABASE_TIMEOUT_MS = 2000;

type Deps = {
  config: Pick<Config, 'publicUrl'>;
  database: Database;
  /** True once this instance has begun to stop (decision 025): it takes no new work. */
  isDraining: () => boolean;
  readyTimeoutMs?: number;
};

export type Readiness = {
  status: 'ready' | 'not ready';
  database: 'ok' | 'unreachable' | 'timeout';
  migrations: 'applied' | 'pending' | 'unknown';
  draining: boolean;
};

/** The `when` of the newest committed migration, which drizzle records as `created_at` once applied. */
async function newestMigration(): Promise<number> {
  const text = await readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8');
  const journal = JSON.parse(text) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * GET /healthz (liveness: the process answers) and GET /readyz (readiness: the database answers within
 * READY_DATABASE_TIMEOUT_MS, every committed migration is applied, and the instance is not stopping), outside
 * /api and its session and origin checks, for load balancers and orchestrators (decision 024). JSON, never cached;
 * readiness answers 503 when not ready and says which check failed, nothing more.
 */
export function healthRoutes({ config, database, isDraining, readyTimeoutMs = READY_DATABASE_TIMEOUT_MS }: Deps) {
  const policy = httpPolicy({
    headers: {
      ...sameOriginOnlyHeaders(config),
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'Cache-Control': 'no-store',
    },
  });
  // Read once: the journal is part of the build and does not change while the process runs.
  let expected: Promise<number> | null = null;

  async function checkDatabase(): Promise<Pick<Readiness, 'database' | 'migrations'>> {
    expected ??= newestMigration();
    const applied = database.db
      .execute<{ newest: string | null }>(sql`SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations`)
      .then(
        (result) => {
          // node-postgres answers { rows }, PGlite's drizzle driver the same shape.
          const rows = (result as unknown as { rows: { newest: string | null }[] }).rows;
          return { reachable: true, newest: Number(rows[0]?.newest ?? 0) };
        },
        (error: unknown) => {
          // No migrations table yet (a database never migrated): reachable, nothing applied.
          const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
          if (code === '42P01' || code === '3F000') return { reachable: true, newest: 0 };
          return { reachable: false, newest: 0 };
        },
      );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), readyTimeoutMs);
    });
    try {
      const answer = await Promise.race([applied, timeout]);
      if (answer === 'timeout') return { database: 'timeout', migrations: 'unknown' };
      if (!answer.reachable) return { database: 'unreachable', migrations: 'unknown' };
      return { database: 'ok', migrations: answer.newest >= (await expected) ? 'applied' : 'pending' };
    } finally {
      clearTimeout(timer);
    }
  }

  return new Hono()
    .get('/healthz', policy, (c) => c.json({ status: 'ok' }))
    .get('/readyz', policy, async (c) => {
      const checks = await checkDatabase().catch(() => ({
        database: 'unreachable' as const,
        migrations: 'unknown' as const,
      }));
      const draining = isDraining();
      const ready = !draining && checks.database === 'ok' && checks.migrations === 'applied';
      const body: Readiness = { status: ready ? 'ready' : 'not ready', ...checks, draining };
      return c.json(body, ready ? 200 : 503);
    });
}
