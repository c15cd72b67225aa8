import { EventEmitter } from 'node:events';
import { LiveEventSchema, type LiveEvent } from '@liveops/domain';
import type { Logger } from './logger';
import type { Notifier } from './notifier';

export const LIVE_EVENTS_CHANNEL = 'liveops_events';

export type LiveEvents = {
  /** Call after the write has committed: listeners refetch, so they must see the new state. */
  publish: (userId: string, event: LiveEvent) => Promise<void>;
  subscribe: (userId: string, listener: (event: LiveEvent) => void) => () => void;
  /**
   * Every change for any user that this instance hears of: its own as they are published (before they travel
   * to other instances) and other instances' as they arrive. For caches that must drop what a change outdates.
   */
  onChange: (listener: (userId: string, event: LiveEvent) => void) => void;
  close: () => Promise<void>;
};

/**
 * One bus per server instance: a change published on any instance (through the notifier, so across instances
 * on PostgreSQL) reaches the streams this instance holds for that user.
 */
export function createLiveEvents(notifier: Notifier, logger: Logger): LiveEvents {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const changeListeners: ((userId: string, event: LiveEvent) => void)[] = [];
  const changed = (userId: string, event: LiveEvent) => {
    for (const listener of changeListeners) listener(userId, event);
  };

  notifier.on(LIVE_EVENTS_CHANNEL, (payload) => {
    try {
      const { userId, event } = JSON.parse(payload) as { userId: unknown; event: unknown };
      const parsed = LiveEventSchema.safeParse(event);
      if (typeof userId === 'string' && parsed.success) {
        changed(userId, parsed.data);
        local.emit(userId, parsed.data);
      }
    } catch {
      logger.warn('ignored a malformed live event notification');
    }
  });

  return {
    publish: (userId, event) => {
      changed(userId, event);
      return notifier.send(LIVE_EVENTS_CHANNEL, JSON.stringify({ userId, event }));
    },
    onChange: (listener) => void changeListeners.push(listener),
    subscribe: (userId, listener) => {
      local.on(userId, listener);
      return () => void local.off(userId, listener);
    },
    close: async () => void local.removeAllListeners(),
  };
}
