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

export function createLastClaims(): LastClaims {
  const entries = new Map<string, Entry>();
  const keyOf = (playerRef: string, configId: string) => `${playerRef}\u0000${configId}`;
  return {
    get(playerRef, configId, now) {
      const key = keyOf(playerRef, configId);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.last;
    },
    set(playerRef, configId, last, now) {
      const key = keyOf(playerRef, configId);
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { last, until: now + TTL_MS });
    },
    forget(playerRef, configId) {
      entries.delete(keyOf(playerRef, configId));
    },
  };
}
