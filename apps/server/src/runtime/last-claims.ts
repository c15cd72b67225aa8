import type { LastClaim } from '@liveops/domain/daily-rewards';
import { BoundedCache } from '../cache/bounded-cache';

/** Players known at once, at most (each entry a player, with what is known of every config of theirs). */
const MAX_PLAYERS = 200_000;
const TTL_MS = 10 * 60_000;

type Known = { last: LastClaim | null; until: number };
/**
 * What is known of one player: `claims` per config, and `unclaimedUntil`, until when every config not in `claims`
 * is known to have no claim (a session read all of the game's configs, and most players have claimed few of them).
 */
type Entry = { claims: Map<string, Known> | null; unclaimedUntil: number };

/**
 * What this instance last knew of a player's last claim of a config, read by a session or a list, or written by a
 * claim: a claim that finds it claims in one statement, without reading first (decision 034). It may be stale
 * (another instance granted since): the claim row's unique (player, config, seq) then refuses the write, and the
 * claim is decided again from the database. It is never trusted to refuse a claim: only to try one.
 *
 * An entry is a player, not a (player, config) pair: a session learns every config of the game at once, and a game
 * with twenty configs would otherwise fill the bound twenty times as fast (the bench's claims then all read first).
 */
export type LastClaims = {
  get: (playerRef: string, configId: string, now: number) => LastClaim | null | undefined;
  set: (playerRef: string, configId: string, last: LastClaim | null, now: number) => void;
  /** Everything of the player at once (a session): the configs in `claims` have those, every other config none. */
  setPlayer: (playerRef: string, claims: ReadonlyMap<string, LastClaim>, now: number) => void;
  forget: (playerRef: string, configId: string) => void;
};

export function createLastClaims(maxPlayers = MAX_PLAYERS): LastClaims {
  const players = new BoundedCache<string, Entry>({ capacity: maxPlayers });
  /** The player's entry (made when missing). */
  const touch = (playerRef: string): Entry => {
    let entry = players.get(playerRef);
    if (!entry) players.set(playerRef, (entry = { claims: null, unclaimedUntil: 0 }));
    return entry;
  };
  return {
    get(playerRef, configId, now) {
      const entry = players.get(playerRef);
      if (!entry) return undefined;
      const known = entry.claims?.get(configId);
      // An expired or forgotten config is unknown (not "no claim"), until it is set again.
      if (known) return known.until > now ? known.last : undefined;
      return entry.unclaimedUntil > now ? null : undefined;
    },
    set(playerRef, configId, last, now) {
      const entry = touch(playerRef);
      (entry.claims ??= new Map()).set(configId, { last, until: now + TTL_MS });
    },
    setPlayer(playerRef, claims, now) {
      const entry = touch(playerRef);
      const until = now + TTL_MS;
      entry.unclaimedUntil = until;
      entry.claims = claims.size ? new Map([...claims].map(([configId, last]) => [configId, { last, until }])) : null;
    },
    forget(playerRef, configId) {
      const entry = players.get(playerRef);
      if (!entry) return;
      // Unknown from now on: neither its own value nor the player's "no claim" may answer for it.
      (entry.claims ??= new Map()).set(configId, { last: null, until: 0 });
    },
  };
}
