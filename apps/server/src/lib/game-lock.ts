import type { Database } from '../db/database';

/** Held while one long operation runs on a game (a publish, a rollback); released exactly once. */
export type GameLockHandle = { release: () => Promise<void> };

export type GameLocks = {
  /** The lock of a game for `purpose`, or null at once when another holder has it (never waits). */
  tryAcquire: (purpose: string, gameId: string) => Promise<GameLockHandle | null>;
};

/** An advisory lock key space of our own, beside migrateDatabase's 727274001. */
const LOCK_SPACE = 727274002;

/**
 * Per-game locks that hold across server instances and die with their holder. On PostgreSQL a session advisory
 * lock on a connection kept for the operation: a server killed midway drops its connection and with it the
 * lock, so the next publish runs at once. On PGlite (one process owns the database) an in-process set.
 * Not a transaction: storage writes take seconds, and on PGlite an open transaction would stall every request.
 */
export function createGameLocks(database: Database): GameLocks {
  const pool = database.pool;
  if (database.kind === 'postgres' && pool) {
    return {
      async tryAcquire(purpose, gameId) {
        const client = await pool.connect();
        const name = `${purpose}:${gameId}`;
        try {
          const { rows } = await client.query<{ locked: boolean }>(
            'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
            [LOCK_SPACE, name],
          );
          if (!rows[0]?.locked) {
            client.release();
            return null;
          }
        } catch (error) {
          client.release(error instanceof Error ? error : true);
          throw error;
        }
        let released = false;
        return {
          async release() {
            if (released) return;
            released = true;
            try {
              await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, name]);
              client.release();
            } catch (error) {
              // A connection that cannot unlock is closed instead, which unlocks.
              client.release(error instanceof Error ? error : true);
            }
          },
        };
      },
    };
  }
  const held = new Set<string>();
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
  };
}
