import type { LastClaim } from '@liveops/domain';

const MAX_ENTRIES = 200_000;
const TTL_MS = 10 * 60_000;

type Entry = { last: LastClaim | null; until: number };

/**
 * What this instance last knew of a player's last claim of a config, read by a session or a list, or written by a
 * claim: a claim that finds it claims in one statement, without reading first (decision 034). It may be stale
 * (another instance granted since): the claim row's unique (player, config, seq) then refuses the write, and the
 * claim is decided again from the database. It is never trusted to refuse a claim: only to try one.
 */
export type LastClaims = {
  get: (playerRef: string, configId: string, now: number) => LastClaim | null | undefined;
  set: (playerRef: string, configId: string, last: LastClaim | null, now: number) => void;
  forget: (playerRef: string, configId: string) => void;
};

export function createLastClaims(maxEntries = MAX_ENTRIES): LastClaims {
  // Two generations, each of at most half the entries: when the young one is full it becomes the old one and the
  // old one is dropped. Every operation is O(1). (Evicting a Map's oldest key one at a time, with keys().next(),
  // walks over every deleted slot at the table's head: at capacity that took a seventh of a claim's CPU.)
  const half = Math.max(1, Math.floor(maxEntries / 2));
  let young = new Map<string, Entry>();
  let old = new Map<string, Entry>();
  const keyOf = (playerRef: string, configId: string) => `${playerRef}\u0000${configId}`;
  return {
    get(playerRef, configId, now) {
      const key = keyOf(playerRef, configId);
      const entry = young.get(key) ?? old.get(key);
      if (!entry) return undefined;
      if (entry.until <= now) {
        young.delete(key);
        old.delete(key);
        return undefined;
      }
      return entry.last;
    },
    set(playerRef, configId, last, now) {
      const key = keyOf(playerRef, configId);
      old.delete(key);
      if (!young.has(key) && young.size >= half) {
        old = young;
        young = new Map();
      }
      young.set(key, { last, until: now + TTL_MS });
    },
    forget(playerRef, configId) {
      const key = keyOf(playerRef, configId);
      young.delete(key);
      old.delete(key);
    },
  };
}
