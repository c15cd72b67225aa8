import { EventEmitter } from 'node:events';
import { LiveEventSchema, type LiveEvent } from '@liveops/domain/shared';
import type { Logger } from '../logging/logger';
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
  /**
   * Whether this instance hears every change now. False while the LISTEN connection is down (PostgreSQL only):
   * caches fed by `onChange` must neither answer nor keep anything meanwhile.
   */
  hearing: () => boolean;
  /** Called when changes stop being heard (the LISTEN connection was lost): drop what they kept current. */
  onDeaf: (listener: () => void) => void;
  /** Called when changes are heard again: any of them may have been missed, so everything must be read anew. */
  onResync: (listener: () => void) => void;
  /** Resolves once every change published so far has reached this instance's own subscribers (decision 025). */
  flush: () => Promise<void>;
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
      // While deaf, this instance's own NOTIFY will not come back to it: its streams get the change directly.
      if (!notifier.listening()) local.emit(userId, event);
      return notifier.send(LIVE_EVENTS_CHANNEL, JSON.stringify({ userId, event }));
    },
    onChange: (listener) => void changeListeners.push(listener),
    subscribe: (userId, listener) => {
      local.on(userId, listener);
      return () => void local.off(userId, listener);
    },
    hearing: () => notifier.listening(),
    onDeaf: (listener) => notifier.onDisconnect(listener),
    onResync: (listener) => notifier.onReconnect(listener),
    flush: () => notifier.flush(),
    close: async () => void local.removeAllListeners(),
  };
}
