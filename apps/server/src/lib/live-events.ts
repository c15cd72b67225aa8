import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { LiveEventSchema, type LiveEvent } from '@liveops/domain';
import type { Database } from '../db/database';
import type { Logger } from './logger';

export const LIVE_EVENTS_CHANNEL = 'liveops_events';

export type LiveEvents = {
  /** Call after the write has committed: listeners refetch, so they must see the new state. */
  publish: (userId: string, event: LiveEvent) => Promise<void>;
  subscribe: (userId: string, listener: (event: LiveEvent) => void) => () => void;
  close: () => Promise<void>;
};

/**
 * One bus per server instance. On PGlite (one process) events go straight to this instance's listeners; on
 * PostgreSQL every instance LISTENs on one channel and publishing is a NOTIFY, so a write on any instance
 * reaches the streams held by every other.
 */
export async function createLiveEvents(database: Database, logger: Logger): Promise<LiveEvents> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (userId: string, event: LiveEvent) => local.emit(userId, event);
  const subscribe = (userId: string, listener: (event: LiveEvent) => void) => {
    local.on(userId, listener);
    return () => void local.off(userId, listener);
  };

  const pool = database.pool;
  if (!pool) {
    return {
      publish: async (userId, event) => {
        deliver(userId, event);
      },
      subscribe,
      close: async () => void local.removeAllListeners(),
    };
  }

  let closed = false;
  let listener: pg.PoolClient | null = null;
  let retryTimer: NodeJS.Timeout | null = null;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== LIVE_EVENTS_CHANNEL || !message.payload) return;
    try {
      const { userId, event } = JSON.parse(message.payload) as { userId: unknown; event: unknown };
      const parsed = LiveEventSchema.safeParse(event);
      if (typeof userId === 'string' && parsed.success) deliver(userId, parsed.data);
    } catch {
      logger.warn('ignored a malformed live event notification');
    }
  };

  // The LISTEN connection is held for the life of the instance and re-established if the database drops it.
  const listen = async (): Promise<void> => {
    if (closed) return;
    try {
      const client = await pool.connect();
      client.on('notification', onNotification);
      client.once('error', (error) => {
        logger.warn(`live events connection lost (${error.message}); reconnecting`);
        client.release(error);
        if (listener === client) listener = null;
        schedule();
      });
      await client.query(`LISTEN ${LIVE_EVENTS_CHANNEL}`);
      listener = client;
    } catch (error) {
      logger.warn(`live events could not listen (${(error as Error).message}); retrying`);
      schedule();
    }
  };
  const schedule = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void listen();
    }, 1000);
  };
  await listen();

  return {
    publish: async (userId, event) => {
      await pool.query('SELECT pg_notify($1, $2)', [LIVE_EVENTS_CHANNEL, JSON.stringify({ userId, event })]);
    },
    subscribe,
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      local.removeAllListeners();
      const client = listener;
      listener = null;
      if (client) {
        await client.query(`UNLISTEN ${LIVE_EVENTS_CHANNEL}`).catch(() => undefined);
        client.release();
      }
    },
  };
}
