import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Game } from '@liveops/domain/games';
import type { PublishEvent } from '@liveops/domain/releases';
import { wrapPostgres } from '../src/db/database';
import { createGameLocks, LocksUnavailableError, withGameLock } from '../src/db/game-lock';
import { createFilesystemStorage } from '../src/storage/filesystem-storage';
import type { Storage } from '../src/storage/storage';
import { signedInClient } from './support/accounts';
import { publishableDailyRewards } from './support/publishable';
import { TEST_DATABASE_KIND } from './support/test-database';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();
const onPostgres = TEST_DATABASE_KIND === 'postgres';

const PAGE =
  `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; ` +
  `script-src 'sha256-abc='; style-src 'sha256-def='" /><title>Daily rewards</title></head>` +
  `<body><div id="root"></div><script>1</script></body></html>`;
const readPageHtml = () => Promise.resolve(new TextEncoder().encode(PAGE));

/**
 * A storage whose writes of published packs wait until the test opens the gate, so that publishes stay in the
 * middle of their work, holding their locks, for as long as the test looks. Reports the games it has seen.
 */
function gatedStorage() {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const waiting = new Set<string>();
  const seen: (() => void)[] = [];
  let inner: Storage | null = null;
  const hold = async (key: string) => {
    if (!key.startsWith('packs/')) return;
    waiting.add(key.split('/')[1] ?? '');
    for (const wake of seen) wake();
    await gate;
  };
  const storage = {
    bind: (target: Storage) => (inner = target),
    get inner() {
      if (!inner) throw new Error('storage not bound');
      return inner;
    },
  };
  const wrapped = new Proxy({} as Storage, {
    get(_target, property: keyof Storage) {
      const target = storage.inner;
      if (property === 'put' || property === 'create') {
        return async (key: string, body: Uint8Array, options: { contentType: string; cacheControl?: string }) => {
          await hold(key);
          return property === 'put' ? target.put(key, body, options) : target.create(key, body, options);
        };
      }
      return target[property];
    },
  });
  return {
    storage: wrapped,
    bind: storage.bind,
    open: () => open(),
    /** Resolves once `count` games have a publish waiting at the gate. */
    waitForGames: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (waiting.size >= count) resolve();
        };
        seen.push(check);
        check();
      }),
  };
}

describe('publish locks never starve the database pool (decision 024)', () => {
  it('runs more publishes at once than the pool has connections, while every other request still answers', async () => {
    const gated = gatedStorage();
    const server = await servers.start({ publishing: { readPageHtml }, storage: gated.storage });
    gated.bind(
      createFilesystemStorage({ root: path.join(server.config.dataDir, 'storage'), publicBaseUrl: server.url }),
    );
    const client = await signedInClient(server, 'many-publishes@studio.test');
    // The test database's pool has 5 connections (one listening): 8 publishes would have held them all.
    const count = (server.database.pool?.options.max ?? 5) + 3;
    const games: Game[] = [];
    for (let i = 0; i < count; i++) {
      const game = (await client.post('/api/games', { name: `Game ${i}`, description: 'x', platforms: ['iOS'] }))
        .body as Game;
      expect(await publishableDailyRewards(client, game.id, 1)).toHaveLength(1);
      games.push(game);
    }

    const publishes = games.map((game) =>
      client.request(`/api/games/${game.id}/releases`, { method: 'POST', json: {} }),
    );
    // Every publish is in the middle of its storage writes, holding its game's lock…
    await gated.waitForGames(count);
    // …and the instance still answers: reads, writes, a second publish of a busy game, readiness.
    const list = await client.get('/api/games');
    expect(list.status).toBe(200);
    expect((list.body as Game[]).length).toBe(count);
    expect((await client.post('/api/games', { name: 'One more', description: 'x', platforms: ['Web'] })).status).toBe(
      201,
    );
    const again = await client.request(`/api/games/${games[0]?.id}/releases`, { method: 'POST', json: {} });
    expect(again.status).toBe(409);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    if (onPostgres) {
      // Every lock on one connection of its own, outside the pool.
      const holders = await server.database.pool!.query<{ pids: string; locks: string }>(
        `SELECT count(DISTINCT pid)::text AS pids, count(*)::text AS locks FROM pg_locks
         WHERE locktype = 'advisory' AND classid = 727274002 AND granted
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      expect(holders.rows[0]).toEqual({ pids: '1', locks: String(count) });
    }

    gated.open();
    for (const answer of await Promise.all(publishes)) {
      const events = answer.text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as PublishEvent);
      expect(events.at(-1)?.type).toBe('done');
    }
  });

  it.skipIf(!onPostgres)('hold a game across instances, and come back after the lock connection is lost', async () => {
    const server = await servers.start();
    const one = createGameLocks(server.database);
    const two = createGameLocks(server.database);
    try {
      const held = await one.tryAcquire('publish', 'g1');
      expect(held).not.toBeNull();
      // The same instance, and another one, are refused at once; another game is free.
      expect(await one.tryAcquire('publish', 'g1')).toBeNull();
      expect(await two.tryAcquire('publish', 'g1')).toBeNull();
      const other = await two.tryAcquire('publish', 'g2');
      expect(other).not.toBeNull();
      await held?.release();
      await held?.release();
      const taken = await two.tryAcquire('publish', 'g1');
      expect(taken).not.toBeNull();

      // The database ends the second instance's lock connection: its locks go, and it opens a new one.
      await server.database.pool!.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = 727274002
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      let again = null;
      for (let attempt = 0; attempt < 50 && !again; attempt++) {
        again = await one.tryAcquire('publish', 'g1').catch(() => null);
        if (!again) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(again).not.toBeNull();
      await taken?.release();
      expect(await two.tryAcquire('publish', 'g3')).not.toBeNull();
    } finally {
      await one.close();
      await two.close();
    }
  });

  it.skipIf(!onPostgres)(
    'answers a clear error, without waiting for ever, when the database cannot be asked',
    async () => {
      // A server where nothing listens: the connection is refused.
      const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', max: 1 });
      const locks = createGameLocks(wrapPostgres(pool));
      try {
        await expect(locks.tryAcquire('publish', 'g1')).rejects.toBeInstanceOf(LocksUnavailableError);
        // Refused, not held: once the database answers again, the same game can be tried.
        await expect(locks.tryAcquire('publish', 'g1')).rejects.toBeInstanceOf(LocksUnavailableError);
      } finally {
        await locks.close();
        await pool.end();
      }
    },
  );
});

describe('withGameLock, the one way a game lock is held', () => {
  it('holds the lock while the work runs and releases it however the work ends', async () => {
    const server = await servers.start();
    const locks = createGameLocks(server.database);
    const gameId = randomUUID();
    try {
      let meanwhile: unknown = null;
      const outcome = await withGameLock(locks, gameId, async () => {
        meanwhile = await withGameLock(locks, gameId, () => Promise.resolve('ran beside it'));
        return 'done';
      });
      expect(outcome).toEqual({ held: true, value: 'done' });
      expect(meanwhile).toEqual({ held: false });
      await expect(withGameLock(locks, gameId, () => Promise.reject(new Error('the store broke')))).rejects.toThrow(
        'the store broke',
      );
      expect(await withGameLock(locks, gameId, () => Promise.resolve('after a failure'))).toEqual({
        held: true,
        value: 'after a failure',
      });
    } finally {
      await locks.close();
    }
  });

  it('waits up to waitMs for the holder to finish, and runs the work only if it does', async () => {
    const server = await servers.start();
    const locks = createGameLocks(server.database);
    const gameId = randomUUID();
    try {
      let started: () => void = () => undefined;
      const holding = new Promise<void>((resolve) => (started = resolve));
      let finish: () => void = () => undefined;
      const holder = withGameLock(locks, gameId, () => {
        started();
        return new Promise<void>((resolve) => (finish = resolve));
      });
      await holding;
      // A holder that never finishes in time: refused after the wait, the work never run.
      let ran = false;
      const refused = await withGameLock(locks, gameId, () => Promise.resolve((ran = true)), { waitMs: 300 });
      expect(refused).toEqual({ held: false });
      expect(ran).toBe(false);
      // A holder that finishes while the next one waits: the next one runs.
      const waiting = withGameLock(locks, gameId, () => Promise.resolve('ran after the holder'), { waitMs: 60_000 });
      finish();
      expect(await holder).toEqual({ held: true, value: undefined });
      expect(await waiting).toEqual({ held: true, value: 'ran after the holder' });
    } finally {
      await locks.close();
    }
  });
});
