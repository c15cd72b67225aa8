import { BoundedCache } from '../cache/bounded-cache';
import type { Notifier } from '../live/notifier';

export const SESSIONS_CHANNEL = 'liveops_sessions';
/** How long a verified session is answered from memory before it is read again from the database. */
export const SESSION_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

type SessionLike = { user: { id: string }; session: { token: string; expiresAt: Date | string } };
type Entry = { data: SessionLike; userId: string; token: string; until: number };
/**
 * What was forgotten: one session (deleted: signed out or revoked), a user's sessions (the user changed, was
 * deleted or signed in anew: each session may or may not still be valid), or every session (messages may have
 * been missed while the LISTEN connection was down).
 */
export type Forgotten = { token: string } | { userId: string } | { all: true };

export type SessionReader<T extends SessionLike> = {
  /** The session of a request: from memory when this exact signed cookie was read recently, else loaded. */
  get: (headers: Headers) => Promise<T | null>;
};

export type SessionCache = {
  /** A reader over this cache; `load` reads a session from the database (Better Auth's getSession). */
  reader: <T extends SessionLike>(options: {
    cookieName: () => Promise<string>;
    load: (headers: Headers) => Promise<T | null>;
  }) => SessionReader<T>;
  /** Forgets a user's sessions (user changed or deleted) here and, through the notifier, on every instance. */
  forgetUser: (userId: string) => Promise<void>;
  /** Forgets one session (signed out or revoked) here and on every instance. */
  forgetToken: (token: string) => Promise<void>;
  /** Called after every forget this instance hears of, its own and other instances', once the copies are gone. */
  onForget: (listener: (forgotten: Forgotten) => void) => void;
};

/**
 * Signed-in requests would otherwise cost a database round trip each. A valid session is kept in memory for a
 * short while, keyed by its whole signed cookie value (so only a cookie Better Auth has verified can hit), and
 * forgotten at once on sign-out, revocation and user changes, which Better Auth's database hooks report; on
 * PostgreSQL every instance hears of them through LISTEN/NOTIFY. While the LISTEN connection is down a
 * revocation could be missed, so the cache is emptied and every request reads the database until it is back.
 */
export function createSessionCache(options: { notifier: Notifier; ttlMs?: number; now?: () => number }): SessionCache {
  const { notifier, ttlMs = SESSION_CACHE_TTL_MS, now = Date.now } = options;
  const entries = new BoundedCache<string, Entry>({ capacity: MAX_ENTRIES });
  // Bumped by every forget: a load that overlapped one may have read what was just revoked, so it is not kept.
  let generation = 0;
  const forgetListeners: ((forgotten: Forgotten) => void)[] = [];
  const tell = (forgotten: Forgotten) => {
    for (const listener of forgetListeners) listener(forgotten);
  };

  const clear = () => {
    generation++;
    entries.clear();
    tell({ all: true });
  };
  const forgetLocally = (message: { userId?: unknown; token?: unknown }) => {
    generation++;
    const { userId, token } = message;
    if (typeof userId === 'string') {
      entries.deleteWhere((entry) => entry.userId === userId);
      tell({ userId });
    }
    if (typeof token === 'string') {
      entries.deleteWhere((entry) => entry.token === token);
      tell({ token });
    }
  };
  notifier.on(SESSIONS_CHANNEL, (payload) => {
    try {
      forgetLocally(JSON.parse(payload) as { userId?: unknown; token?: unknown });
    } catch {
      clear();
    }
  });
  notifier.onDisconnect(() => clear());
  notifier.onReconnect(() => clear());

  const forget = async (message: { userId: string } | { token: string }) => {
    forgetLocally(message);
    await notifier.send(SESSIONS_CHANNEL, JSON.stringify(message)).catch(() => clear());
  };

  const reader: SessionCache['reader'] = <T extends SessionLike>({
    cookieName,
    load,
  }: {
    cookieName: () => Promise<string>;
    load: (headers: Headers) => Promise<T | null>;
  }) => {
    let name: string | null = null;
    const cookieOf = async (headers: Headers): Promise<string | null> => {
      const header = headers.get('cookie');
      if (!header) return null;
      name ??= await cookieName();
      for (const part of header.split(';')) {
        const eq = part.indexOf('=');
        if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
      }
      return null;
    };
    return { get: (headers) => read(headers, cookieOf, load) as Promise<T | null> };
  };

  async function read(
    headers: Headers,
    cookieOf: (headers: Headers) => Promise<string | null>,
    load: (headers: Headers) => Promise<SessionLike | null>,
  ): Promise<SessionLike | null> {
    const cookie = await cookieOf(headers);
    if (!cookie) return null;
    const time = now();
    const hit = entries.get(cookie);
    if (hit) {
      if (hit.until > time && new Date(hit.data.session.expiresAt).getTime() > time) return hit.data;
      entries.delete(cookie);
    }
    const before = generation;
    const data = await load(headers);
    if (data && before === generation && notifier.listening()) {
      entries.set(cookie, { data, userId: data.user.id, token: data.session.token, until: time + ttlMs });
    }
    return data;
  }

  return {
    reader,
    forgetUser: (userId) => forget({ userId }),
    forgetToken: (token) => forget({ token }),
    onForget: (listener) => void forgetListeners.push(listener),
  };
}
