import type { LiveEvent } from '@liveops/domain/shared';
import { BoundedCache } from '../cache/bounded-cache';
import type { LiveEvents } from '../live/live-events';

/** Longest an answer is kept if a change notification were ever lost. */
export const LIST_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

type Entry = { json: string | null; until: number; generation: number };

export type ListCache = {
  /** An owner's list as JSON text: from memory until a change to that topic, else loaded and kept. */
  get: (ownerId: string, topic: LiveEvent['topic'], load: () => Promise<unknown>) => Promise<string>;
};

/**
 * List answers read far more often than they change (every open tab refetches on each change event). They are
 * kept per owner and topic, and dropped by the same live events that tell browsers to refetch: published after
 * commit on this instance, and arriving through LISTEN/NOTIFY from others. While the LISTEN connection is down
 * a change could be missed: everything is dropped and every answer is read from the database until it is back,
 * and dropped again then (decision 025).
 */
export function createListCache(liveEvents: LiveEvents, now: () => number = Date.now): ListCache {
  const entries = new BoundedCache<string, Entry>({ capacity: MAX_ENTRIES });
  // Bumped whenever everything is dropped: a load that overlapped that is not kept.
  let epoch = 0;
  const dropAll = () => {
    epoch++;
    entries.clear();
  };
  liveEvents.onDeaf(dropAll);
  liveEvents.onResync(dropAll);
  const keyOf = (ownerId: string, topic: string) => `${topic}\u0000${ownerId}`;
  const store = (key: string, entry: Entry) => entries.set(key, entry);

  liveEvents.onChange((userId, event) => {
    const key = keyOf(userId, event.topic);
    const entry = entries.get(key);
    // The generation is bumped, so that a load that overlapped this change is not kept.
    store(key, { json: null, until: 0, generation: (entry?.generation ?? 0) + 1 });
  });

  return {
    async get(ownerId, topic, load) {
      if (!liveEvents.hearing()) return JSON.stringify(await load());
      const key = keyOf(ownerId, topic);
      const time = now();
      const entry = entries.get(key);
      if (entry?.json != null && entry.until > time) return entry.json;
      const generation = entry?.generation ?? 0;
      const loadedIn = epoch;
      const json = JSON.stringify(await load());
      const current = entries.get(key);
      if ((current?.generation ?? 0) === generation && loadedIn === epoch && liveEvents.hearing()) {
        store(key, { json, until: time + LIST_CACHE_TTL_MS, generation });
      }
      return json;
    },
  };
}
