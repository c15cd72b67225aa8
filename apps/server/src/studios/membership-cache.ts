import type { Auth } from '../accounts/auth';
import { BoundedCache } from '../cache/bounded-cache';
import type { Db } from '../db/database';
import type { LiveEvents } from '../live/live-events';
import { membershipsOf, type Membership } from './studios';

/** How long a person's studios are answered from memory before they are read again. */
export const MEMBERSHIP_CACHE_TTL_MS = 60_000;
const MAX_PEOPLE = 50_000;

type Entry = { list: Membership[]; until: number };

export type MembershipCache = {
  /** A person's studios, the oldest membership first. */
  of: (userId: string) => Promise<Membership[]>;
  /** The studio a session shows: the one it chose while the person is still in it, else their oldest. */
  active: (
    userId: string,
    chosen: string | null | undefined,
  ) => Promise<{ active: Membership | null; all: Membership[] }>;
};

/**
 * The games list and the top bar ask which studios a person is in on every request; the answer changes rarely. It is
 * kept for a minute and forgotten at once, on every instance, when it changes: a membership added, changed or
 * removed tells the person's sessions (`forgetSessionsOf`, heard through LISTEN/NOTIFY) or the studio's members
 * (an `account` event to the studio). While changes cannot be heard, nothing is kept. Access itself is never decided
 * from here: a game's guard reads the membership in the database (games/game-scope.ts).
 */
export function createMembershipCache(deps: {
  db: Db;
  auth: Auth;
  liveEvents: LiveEvents;
  now?: () => number;
}): MembershipCache {
  const { db, auth, liveEvents, now = Date.now } = deps;
  const entries = new BoundedCache<string, Entry>({ capacity: MAX_PEOPLE });
  // Bumped by every forget: a read that overlapped one may hold what was just changed, so it is not kept.
  let generation = 0;
  const forget = (drop: () => void) => {
    generation++;
    drop();
  };
  auth.onSessionsForgotten((forgotten) => {
    if ('all' in forgotten) forget(() => entries.clear());
    else if ('userId' in forgotten) forget(() => entries.delete(forgotten.userId));
  });
  liveEvents.onChange((audience, event) => {
    if (event.topic !== 'account') return;
    // A studio renamed or its team changed: everyone in it reads their studios again.
    forget(() => {
      entries.delete(audience);
      entries.deleteWhere((entry) => entry.list.some((m) => m.studioId === audience));
    });
  });
  liveEvents.onDeaf(() => forget(() => entries.clear()));
  liveEvents.onResync(() => forget(() => entries.clear()));

  const of = async (userId: string) => {
    const kept = entries.get(userId);
    if (kept && kept.until > now()) return kept.list;
    const startedIn = generation;
    const list = await membershipsOf(db, userId);
    if (startedIn === generation && liveEvents.hearing())
      entries.set(userId, { list, until: now() + MEMBERSHIP_CACHE_TTL_MS });
    return list;
  };
  return {
    of,
    active: async (userId, chosen) => {
      const all = await of(userId);
      return { active: all.find((m) => m.studioId === chosen) ?? all[0] ?? null, all };
    },
  };
}
