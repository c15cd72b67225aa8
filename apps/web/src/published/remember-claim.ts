import { encodePopupSession, type PopupSession } from '@liveops/domain/published';

/** Today claimed, as the runtime answered it: the day claimed, the streak after it and when the next claim opens. */
export type ClaimedToday = { day: number; streak: number; nextClaimAt: string | null };

const STORAGE_PREFIX = 'liveops-claimed:';
/** A popup token lives 30 minutes; what is kept of its claim is dropped well after that. */
const KEPT_MS = 24 * 60 * 60 * 1000;

/** The key a session's claim is kept under: its token's signature, which names that one popup address. */
const storageKey = (session: PopupSession) =>
  `${STORAGE_PREFIX}${session.token.slice(session.token.lastIndexOf('.') + 1)}`;

/** The session as it reads once today is claimed. */
export function claimedSession(session: PopupSession, claimed: ClaimedToday): PopupSession {
  return { ...session, day: claimed.day, streak: claimed.streak, claimable: false, nextClaimAt: claimed.nextClaimAt };
}

/**
 * Keeps today's claim for a reload of this popup (decision 052): the page's own address is rewritten in place
 * (its fragment's session and its query's day and streak, as a new popupUrl would carry them), so reloading it shows
 * today claimed; and it is kept in the page's storage by the session's token, for the same popupUrl opened again
 * from the game. A web view without storage (Android's unless the game enables DOM storage) keeps the address
 * only. Never throws.
 */
export function rememberClaim(win: Window, session: PopupSession, claimed: ClaimedToday, now: number): void {
  const next = claimedSession(session, claimed);
  try {
    const url = new URL(win.location.href);
    if (url.searchParams.has('todayIndex')) url.searchParams.set('todayIndex', String(next.day));
    if (url.searchParams.has('streak')) url.searchParams.set('streak', String(next.streak));
    url.hash = encodePopupSession(next);
    win.history.replaceState(win.history.state, '', url.href);
  } catch {
    // An address that cannot be rewritten (a sandboxed or file: page) keeps the storage's copy only.
  }
  try {
    const storage = win.localStorage;
    for (let i = storage.length - 1; i >= 0; i--) {
      const key = storage.key(i);
      if (!key?.startsWith(STORAGE_PREFIX)) continue;
      const kept = JSON.parse(storage.getItem(key) ?? 'null') as { at?: unknown } | null;
      if (typeof kept?.at !== 'number' || now - kept.at > KEPT_MS) storage.removeItem(key);
    }
    // With the state the address offered (its day and streak before the claim): a popup token names the player,
    // the config and its expiry to the second only, so a new popupUrl issued within the same second (a tester's
    // Next day or Reset, a game asking again at once) carries the same token, and must not be shown as this claim.
    const from = { fromDay: session.day, fromStreak: session.streak };
    storage.setItem(storageKey(session), JSON.stringify({ ...claimed, ...from, configId: session.configId, at: now }));
  } catch {
    // No storage: the address keeps it.
  }
}

/**
 * The session a page opened from a popupUrl shows: the address's, unless this page claimed today with that very
 * address before (rememberClaim) and the next claim has not opened yet; then today claimed.
 */
export function recallClaim(win: Window, session: PopupSession, now: number): PopupSession {
  if (!session.claimable) return session;
  try {
    const kept = JSON.parse(win.localStorage.getItem(storageKey(session)) ?? 'null') as Record<string, unknown> | null;
    if (!kept || kept.configId !== session.configId) return session;
    // Another state offered with the same token (see rememberClaim): the address is newer than the claim kept.
    if (kept.fromDay !== session.day || kept.fromStreak !== session.streak) return session;
    const { day, streak, nextClaimAt } = kept;
    if (typeof day !== 'number' || typeof streak !== 'number') return session;
    if (nextClaimAt !== null && typeof nextClaimAt !== 'string') return session;
    // The next day has come: the address's state (and the runtime, at the tap) decides.
    if (nextClaimAt !== null && !(Date.parse(nextClaimAt) > now)) return session;
    return claimedSession(session, { day, streak, nextClaimAt });
  } catch {
    return session;
  }
}
