import pg from 'pg';
import type { Database } from './database';

/** Held while one long operation runs on a game (a publish, a rollback); released exactly once. */
type GameLockHandle = { release: () => Promise<void> };

export type GameLocks = {
  /**
   * The lock of a game for `purpose`, or null at once when another holder has it (never waits for the holder).
   * Throws LocksUnavailableError when the database cannot be asked within LOCK_QUERY_TIMEOUT_MS. The server holds
   * a lock only through withGameLock (lint says so); tests try it directly.
   */
  tryAcquire: (purpose: string, gameId: string) => Promise<GameLockHandle | null>;
  /** Closes the lock connection (its locks go with it). */
  close: () => Promise<void>;
};

/** The database could not be asked for a lock in time: the caller answers 503, try again shortly. */
export class LocksUnavailableError extends Error {}

/** An advisory lock key space of our own, beside migrateDatabase's 727274001. */
const LOCK_SPACE = 727274002;
/** The longest a lock request waits for the lock connection or its answer (a lock is only ever tried). */
export const LOCK_QUERY_TIMEOUT_MS = 5000;

/**
 * Per-game locks that hold across server instances and die with their holder. On PostgreSQL, session advisory
 * locks all held on ONE connection of this instance's own, outside the pool (decision 024: a connection per publish,
 * taken from the pool for the whole publish, let nine publishes starve every other request). A server killed
 * midway drops that connection and with it its locks, so the next publish runs at once. A session's advisory
 * locks are re-entrant, so this instance's holders are also kept in an in-process set, which alone serves PGlite
 * (one process owns that database). Not a transaction: storage writes take seconds, and on PGlite an open
 * transaction would stall every request.
 */
export function createGameLocks(database: Database, logger?: { warn: (...args: unknown[]) => void }): GameLocks {
  const held = new Set<string>();
  const pool = database.pool;
  if (database.kind !== 'postgres' || !pool) {
    return {
      tryAcquire(purpose, gameId) {
        const name = `${purpose}:${gameId}`;
        if (held.has(name)) return Promise.resolve(null);
        held.add(name);
        let released = false;
        return Promise.resolve({
          release() {
            if (!released) {
              released = true;
              held.delete(name);
            }
            return Promise.resolve();
          },
        });
      },
      close: () => Promise.resolve(),
    };
  }

  // The pool's own settings (address, credentials, TLS), for one client of our own, with bounded waits.
  const clientConfig: pg.ClientConfig = {
    ...(pool.options as pg.ClientConfig),
    connectionTimeoutMillis: LOCK_QUERY_TIMEOUT_MS,
    query_timeout: LOCK_QUERY_TIMEOUT_MS,
  };
  let connection: Promise<pg.Client> | null = null;
  let closed = false;
  // One query at a time on the lock connection (pg queues them, but that is deprecated).
  let queue: Promise<unknown> = Promise.resolve();
  const ask = <R extends pg.QueryResultRow>(client: pg.Client, text: string, values: unknown[]) => {
    const answer = queue.then(() => client.query<R>(text, values));
    queue = answer.catch(() => undefined);
    return answer;
  };

  /** The lock connection, opened on first use and again after it was lost (which lost its locks too). */
  function lockConnection(): Promise<pg.Client> {
    if (connection) return connection;
    const client = new pg.Client(clientConfig);
    const opened = client.connect().then(() => client);
    connection = opened;
    const forget = (error?: Error) => {
      if (connection === opened) connection = null;
      if (held.size && !closed) {
        logger?.warn(`[locks] the lock connection was lost with ${held.size} lock(s) held:`, error?.message ?? 'ended');
      }
    };
    client.on('error', (error) => forget(error));
    client.on('end', () => forget());
    opened.catch(() => {
      if (connection === opened) connection = null;
      void client.end().catch(() => undefined);
    });
    return opened;
  }

  return {
    async tryAcquire(purpose, gameId) {
      const name = `${purpose}:${gameId}`;
      if (held.has(name)) return null;
      // Reserved before the first await, so two holders on this instance never both ask.
      held.add(name);
      let client: pg.Client;
      try {
        client = await lockConnection();
        const { rows } = await ask<{ locked: boolean }>(
          client,
          'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
          [LOCK_SPACE, name],
        );
        if (!rows[0]?.locked) {
          held.delete(name);
          return null;
        }
      } catch (error) {
        held.delete(name);
        throw new LocksUnavailableError(
          `no lock connection: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          try {
            // Only on the connection that took it: a lost connection already dropped it.
            if (connection && (await connection.catch(() => null)) === client) {
              await ask(client, 'SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, name]);
            }
          } catch {
            // The connection failed meanwhile, which unlocks.
          } finally {
            held.delete(name);
          }
        },
      };
    },
    async close() {
      closed = true;
      const open = connection;
      connection = null;
      const client = await open?.catch(() => null);
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * The one lock of a game's long work: publishes and rollbacks, a repair of its stable paths after a crash and its
 * deletion take turns on it. The name is what the advisory lock hashes, so it stays as instances already use it.
 */
const GAME_WORK_LOCK = 'releases';
const LOCK_POLL_MS = 100;

/** What withGameLock answers: the work's value, or that another holder had the game's lock. */
export type GameLockOutcome<T> = { held: true; value: T } | { held: false };

/**
 * Runs `work` holding the game's work lock, released when the work settles however it ends (so no caller can
 * forget a release at one of its exits). Answers `{ held: false }` without running it when another holder keeps
 * the lock: at once, or after retrying for `waitMs`. Throws LocksUnavailableError as tryAcquire does.
 */
export async function withGameLock<T>(
  locks: GameLocks,
  gameId: string,
  work: () => Promise<T>,
  { waitMs = 0 }: { waitMs?: number } = {},
): Promise<GameLockOutcome<T>> {
  const deadline = Date.now() + waitMs;
  let lock = await locks.tryAcquire(GAME_WORK_LOCK, gameId);
  while (!lock && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    lock = await locks.tryAcquire(GAME_WORK_LOCK, gameId);
  }
  if (!lock) return { held: false };
  try {
    return { held: true, value: await work() };
  } finally {
    await lock.release();
  }
}
