import { EventEmitter } from 'node:events';
import { LiveEventSchema, type LiveEvent } from '@liveops/domain';
import type { Logger } from './logger';
import type { Notifier } from './notifier';

export const LIVE_EVENTS_CHANNEL = 'liveops_events';

export type LiveEvents = {
  /** Call after the write has committed: listeners refetch, so they must see the new state. */
  publish: (userId: string, event: LiveEvent) => Promise<void>;
  subscribe: (userId: string, listener: (event: LiveEvent) => void) => () => void;
  close: () => Promise<void>;
};

/**
 * One bus per server instance: a change published on any instance (through the notifier, so across instances
 * on PostgreSQL) reaches the streams this instance holds for that user.
 */
export function createLiveEvents(notifier: Notifier, logger: Logger): LiveEvents {
  const local = new EventEmitter();
  local.setMaxListeners(0);

  notifier.on(LIVE_EVENTS_CHANNEL, (payload) => {
    try {
      const { userId, event } = JSON.parse(payload) as { userId: unknown; event: unknown };
      const parsed = LiveEventSchema.safeParse(event);
      if (typeof userId === 'string' && parsed.success) local.emit(userId, parsed.data);
    } catch {
      logger.warn('ignored a malformed live event notification');
    }
  });

  return {
    publish: (userId, event) => notifier.send(LIVE_EVENTS_CHANNEL, JSON.stringify({ userId, event })),
    subscribe: (userId, listener) => {
      local.on(userId, listener);
      return () => void local.off(userId, listener);
    },
    close: async () => void local.removeAllListeners(),
  };
}
