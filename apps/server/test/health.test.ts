import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { healthRoutes } from '../src/web/health-routes';
import { TEST_DATABASE_KIND } from './support/test-database';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();

describe('liveness and readiness', () => {
  it('answers /healthz and /readyz to anyone, outside /api, as JSON that is never cached', async () => {
    const server = await servers.start();
    // No Origin, no cookie: a load balancer's probe.
    const live = await fetch(`${server.url}/healthz`);
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(live.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await live.json()).toEqual({ status: 'ok' });

    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'applied', draining: false });

    const head = await fetch(`${server.url}/readyz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('is not ready while a committed migration is not applied', async () => {
    const server = await servers.start();
    await server.database.db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
    );
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      status: 'not ready',
      database: 'ok',
      migrations: 'pending',
      draining: false,
    });
    // Alive all the same: an orchestrator must not restart it for this.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('is not ready when the database cannot be reached', async () => {
    const server = await servers.start();
    const gone = await servers.databases().create();
    await gone.close();
    const routes = healthRoutes({ config: server.config, database: gone, isDraining: () => false });
    const ready = await routes.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not ready', database: 'unreachable' });
  });

  it('is not ready while the instance is stopping', async () => {
    const server = await servers.start();
    const routes = healthRoutes({ config: server.config, database: server.database, isDraining: () => true });
    const ready = await routes.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not ready', database: 'ok', migrations: 'applied', draining: true });
  });

  it.skipIf(TEST_DATABASE_KIND !== 'postgres')(
    'is not ready when no database connection comes within the time limit',
    async () => {
      const server = await servers.start();
      const pool = server.database.pool;
      if (!pool) throw new Error('PostgreSQL without a pool');
      // Every connection of the pool taken (one already listens for notifications), as nine publishes at once did
      // (decision 024).
      const free = pool.options.max - pool.totalCount + pool.idleCount;
      const held = await Promise.all(Array.from({ length: free }, () => pool.connect()));
      try {
        const routes = healthRoutes({
          config: server.config,
          database: server.database,
          isDraining: () => false,
          readyTimeoutMs: 300,
        });
        const ready = await routes.request('/readyz');
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ status: 'not ready', database: 'timeout' });
      } finally {
        for (const client of held) client.release();
      }
    },
  );
});
