import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { Database } from '../db/database';
import type { Logger } from './logger';

/**
 * Messages between server instances. On PGlite (one process) a message goes straight to this instance's
 * handlers; on PostgreSQL every instance LISTENs on the channels and sending is a NOTIFY, so a message sent on
 * any instance reaches every instance, this one included.
 */
export type Notifier = {
  send: (channel: string, payload: string) => Promise<void>;
  on: (channel: string, handler: (payload: string) => void) => void;
  /** Called after the LISTEN connection was lost and re-established: messages in between may be missed. */
  onReconnect: (handler: () => void) => void;
  close: () => Promise<void>;
};

export async function createNotifier(database: Database, logger: Logger, channels: string[]): Promise<Notifier> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const reconnectHandlers: (() => void)[] = [];
  const on = (channel: string, handler: (payload: string) => void) => void local.on(channel, handler);
  const onReconnect = (handler: () => void) => void reconnectHandlers.push(handler);

  const pool = database.pool;
  if (!pool) {
    return {
      send: async (channel, payload) => void local.emit(channel, payload),
      on,
      onReconnect,
      close: async () => void local.removeAllListeners(),
    };
  }

  let closed = false;
  let connectedOnce = false;
  let listener: pg.PoolClient | null = null;
  let retryTimer: NodeJS.Timeout | null = null;

  const onNotification = (message: pg.Notification) => {
    if (message.payload === undefined || !channels.includes(message.channel)) return;
    try {
      local.emit(message.channel, message.payload);
    } catch (error) {
      logger.warn(`a ${message.channel} notification handler failed:`, error);
    }
  };

  // The LISTEN connection is held for the life of the instance and re-established if the database drops it.
  const listen = async (): Promise<void> => {
    if (closed) return;
    try {
      const client = await pool.connect();
      client.on('notification', onNotification);
      client.once('error', (error) => {
        logger.warn(`notification connection lost (${error.message}); reconnecting`);
        client.release(error);
        if (listener === client) listener = null;
        schedule();
      });
      for (const channel of channels) await client.query(`LISTEN ${channel}`);
      listener = client;
      if (connectedOnce) for (const handler of reconnectHandlers) handler();
      connectedOnce = true;
    } catch (error) {
      logger.warn(`could not listen for notifications (${(error as Error).message}); retrying`);
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
    send: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    on,
    onReconnect,
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      local.removeAllListeners();
      const client = listener;
      listener = null;
      if (client) {
        await client.query('UNLISTEN *').catch(() => undefined);
        client.release();
      }
    },
  };
}
