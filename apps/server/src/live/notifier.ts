import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { Database } from '../db/database';
import type { Logger } from '../logging/logger';

/** A channel of the notifier's own: `flush` sends a marker on it and waits for it to come back. */
const FLUSH_CHANNEL = 'liveops_flush';
const RETRY_MS = 1000;
const FLUSH_TIMEOUT_MS = 2000;

/**
 * Messages between server instances. On PGlite (one process) a message goes straight to this instance's
 * handlers; on PostgreSQL every instance LISTENs on the channels and sending is a NOTIFY, so a message sent on
 * any instance reaches every instance, this one included.
 */
export type Notifier = {
  send: (channel: string, payload: string) => Promise<void>;
  on: (channel: string, handler: (payload: string) => void) => void;
  /**
   * Whether messages from other instances are being heard now. False from the moment the LISTEN connection is
   * lost until it is back: what a cache kept current by messages may be stale meanwhile, so it must not answer.
   */
  listening: () => boolean;
  /** Called when the LISTEN connection is lost: messages are missed until it is back. */
  onDisconnect: (handler: () => void) => void;
  /** Called after the LISTEN connection was lost and re-established: messages in between may be missed. */
  onReconnect: (handler: () => void) => void;
  /**
   * Waits until every message sent so far has been sent and, while listening, has come back to this instance's
   * own handlers (NOTIFY delivers in order, so a marker sent last comes back last). Bounded: a lost connection
   * or a slow database ends the wait after two seconds.
   */
  flush: () => Promise<void>;
  close: () => Promise<void>;
};

export async function createNotifier(database: Database, logger: Logger, channels: string[]): Promise<Notifier> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const disconnectHandlers: (() => void)[] = [];
  const reconnectHandlers: (() => void)[] = [];
  const on = (channel: string, handler: (payload: string) => void) => void local.on(channel, handler);
  const onDisconnect = (handler: () => void) => void disconnectHandlers.push(handler);
  const onReconnect = (handler: () => void) => void reconnectHandlers.push(handler);
  const runAll = (handlers: (() => void)[], what: string) => {
    for (const handler of handlers) {
      try {
        handler();
      } catch (error) {
        logger.warn(`a notifier ${what} handler failed:`, error);
      }
    }
  };

  const pool = database.pool;
  if (!pool) {
    return {
      send: async (channel, payload) => void local.emit(channel, payload),
      on,
      listening: () => true,
      onDisconnect,
      onReconnect,
      flush: async () => undefined,
      close: async () => void local.removeAllListeners(),
    };
  }

  let closed = false;
  let connectedOnce = false;
  let listener: pg.PoolClient | null = null;
  let releaseListener: () => void = () => undefined;
  let retryTimer: NodeJS.Timeout | null = null;
  const pending = new Set<Promise<unknown>>();
  const flushWaiters = new Map<string, () => void>();

  const onNotification = (message: pg.Notification) => {
    if (message.payload === undefined) return;
    if (message.channel === FLUSH_CHANNEL) {
      flushWaiters.get(message.payload)?.();
      return;
    }
    if (!channels.includes(message.channel)) return;
    try {
      local.emit(message.channel, message.payload);
    } catch (error) {
      logger.warn(`a ${message.channel} notification handler failed:`, error);
    }
  };

  // The LISTEN connection is held for the life of the instance and re-established if the database drops it.
  const listen = async (): Promise<void> => {
    if (closed) return;
    let client: pg.PoolClient | null = null;
    let released = false;
    const drop = (error?: Error) => {
      if (!client || released) return;
      released = true;
      client.release(error ?? true);
    };
    try {
      client = await pool.connect();
      const connection = client;
      connection.on('notification', onNotification);
      connection.once('error', (error) => {
        drop(error);
        if (listener !== connection) return;
        logger.warn(`notification connection lost (${error.message}); reconnecting`);
        listener = null;
        runAll(disconnectHandlers, 'disconnect');
        schedule();
      });
      for (const channel of [...channels, FLUSH_CHANNEL]) await connection.query(`LISTEN ${channel}`);
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- close() may have run during the awaits
      if (closed) {
        drop();
        return;
      }
      listener = connection;
      releaseListener = () => drop();
      if (connectedOnce) {
        logger.info('notification connection re-established');
        runAll(reconnectHandlers, 'reconnect');
      }
      connectedOnce = true;
    } catch (error) {
      // A connection that failed while being set up is not reused.
      drop(error as Error);
      logger.warn(`could not listen for notifications (${(error as Error).message}); retrying`);
      schedule();
    }
  };
  const schedule = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void listen();
    }, RETRY_MS);
  };
  await listen();

  const track = <T>(promise: Promise<T>): Promise<T> => {
    pending.add(promise);
    const settle = () => void pending.delete(promise);
    promise.then(settle, settle);
    return promise;
  };

  return {
    send: async (channel, payload) => {
      await track(pool.query('SELECT pg_notify($1, $2)', [channel, payload]));
    },
    on,
    listening: () => listener !== null,
    onDisconnect,
    onReconnect,
    flush: async () => {
      await Promise.allSettled([...pending]);
      if (!listener || closed) return;
      const marker = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      try {
        await new Promise<void>((resolve) => {
          flushWaiters.set(marker, resolve);
          timer = setTimeout(resolve, FLUSH_TIMEOUT_MS);
          pool.query('SELECT pg_notify($1, $2)', [FLUSH_CHANNEL, marker]).catch(() => resolve());
        });
      } finally {
        clearTimeout(timer);
        flushWaiters.delete(marker);
      }
    },
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      local.removeAllListeners();
      const client = listener;
      listener = null;
      if (client) {
        await client.query('UNLISTEN *').catch(() => undefined);
        // Destroyed rather than returned: the pool is ended next, and a LISTEN connection is not reused.
        releaseListener();
      }
    },
  };
}
