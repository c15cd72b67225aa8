import { Hono } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import {
  LIVE_EVENT_NAME,
  LIVE_RECONNECT_EVENT,
  LIVE_RESYNC_EVENT,
  LIVE_SESSION_ENDED_EVENT,
  API_MESSAGES,
  type LiveEvent,
} from '@liveops/domain/shared';
import type { Auth } from '../accounts/auth';
import type { Db } from '../db/database';
import { membershipsOf } from '../studios/studios';
import { jsonError } from '../http/json';
import type { LiveEvents } from '../live/live-events';
import type { Logger } from '../logging/logger';
import type { Forgotten } from '../accounts/session-cache';
import { requireVerifiedUser, type AuthedEnv } from '../accounts/session';

const HEARTBEAT_MS = 25_000;
/** How soon a browser reconnects after a stream ended while this instance shuts down: spread over this. */
const RECONNECT_SPREAD_MS = 1000;
/** setTimeout's longest delay; a session expiring later is checked again then. */
const LONGEST_TIMER_MS = 2_147_483_647;

type OpenStream = {
  userId: string;
  token: string;
  headers: Headers;
  write: (event: string, data: string, retry?: number) => Promise<void>;
  /** Writes a last event and ends the stream (once). */
  end: (event: string, retry?: number) => Promise<void>;
  /** Reads the session again and ends the stream if it is no longer valid. */
  check: () => Promise<void>;
};

export type LiveUpdates = {
  routes: Hono<AuthedEnv>;
  /** Ends every open stream with a reconnect hint: this instance is shutting down (decision 025). */
  closeAll: () => Promise<void>;
  /** How many streams are open. */
  count: () => number;
};

/**
 * GET /api/live-updates: one Server-Sent Events stream per signed-in user, carrying only that user's changes.
 * A stream lives only as long as its session: a signed-out or revoked session (here or, through the session
 * cache's notifications, on any instance) ends it. When this instance may have missed changes it tells every
 * stream to read everything anew, and when it shuts down it ends them with a hint to reconnect at once.
 */
export function createLiveUpdates(auth: Auth, liveEvents: LiveEvents, logger: Logger, db: Db): LiveUpdates {
  const open = new Set<OpenStream>();
  let closing = false;

  liveEvents.onResync(() => {
    for (const stream of open) void stream.write(LIVE_RESYNC_EVENT, '{}');
  });
  auth.onSessionsForgotten((forgotten: Forgotten) => {
    for (const stream of open) {
      // A deleted session is gone for good; a user's forget may be a sign-in, a rename or a deletion: read again.
      if ('token' in forgotten) {
        if (stream.token === forgotten.token) void stream.end(LIVE_SESSION_ENDED_EVENT);
      } else if ('all' in forgotten || stream.userId === forgotten.userId) void stream.check();
    }
  });

  const routes = new Hono<AuthedEnv>().use(requireVerifiedUser(auth)).get('/', async (c) => {
    const headers = c.req.raw.headers;
    const session = await auth.sessions.get(headers);
    if (!session) return jsonError(c, 401, 'UNAUTHORIZED', API_MESSAGES.notSignedIn);
    const userId = session.user.id;
    const studioIds = (await membershipsOf(db, userId)).map((m) => m.studioId);
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    const response = streamSSE(c, async (sse: SSEStreamingApi) => {
      let ended = false;
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      sse.onAbort(finish);
      let expiry: NodeJS.Timeout | undefined;

      const stream: OpenStream = {
        userId,
        token: session.session.token,
        headers,
        write: (event, data, retry) =>
          ended || sse.aborted
            ? Promise.resolve()
            : sse.writeSSE({ event, data, ...(retry === undefined ? {} : { retry }) }).catch(() => finish()),
        end: async (event, retry) => {
          if (ended) return;
          ended = true;
          if (!sse.aborted) {
            await sse.writeSSE({ event, data: '{}', ...(retry === undefined ? {} : { retry }) }).catch(() => undefined);
          }
          finish();
        },
        check: async () => {
          if (ended) return;
          try {
            const now = await auth.sessions.get(headers);
            if (!now || now.session.token !== stream.token) {
              await stream.end(LIVE_SESSION_ENDED_EVENT);
              return;
            }
            watchExpiry(now.session.expiresAt);
            // Joined or left a studio (decision 065): the stream reconnects, hearing the studios they are in now.
            const current = (await membershipsOf(db, userId)).map((m) => m.studioId);
            if (current.sort().join() !== [...studioIds].sort().join()) await stream.end(LIVE_RECONNECT_EVENT, 0);
          } catch (error) {
            // The database could not say: the stream stays, and the next change or reconnect checks again.
            logger.warn('could not check a live-updates session:', error);
          }
        },
      };
      // A session that simply runs out ends its stream too (its expiry may have been pushed back meanwhile).
      const watchExpiry = (expiresAt: Date | string) => {
        clearTimeout(expiry);
        const wait = Math.min(Math.max(new Date(expiresAt).getTime() - Date.now(), 0) + 1000, LONGEST_TIMER_MS);
        expiry = setTimeout(() => void stream.check(), wait);
        expiry.unref();
      };

      // The user's own changes, and their studios' (decision 065): a change to a studio's games reaches every member.
      const send = (event: LiveEvent) => void stream.write(LIVE_EVENT_NAME, JSON.stringify(event));
      const audiences = [userId, ...studioIds.filter((id) => id !== userId)];
      const unsubscribes = audiences.map((audience) => liveEvents.subscribe(audience, send));
      const unsubscribe = () => unsubscribes.forEach((stop) => stop());
      const heartbeat = setInterval(() => void sse.write(': keep-alive\n\n').catch(() => finish()), HEARTBEAT_MS);
      open.add(stream);
      try {
        await stream.write('ready', '{}', 2000);
        watchExpiry(session.session.expiresAt);
        if (closing) await stream.end(LIVE_RECONNECT_EVENT, reconnectDelay());
        await finished;
      } finally {
        open.delete(stream);
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
      }
    });
    // Hono sets `Connection: keep-alive`, which would override the `Connection: close` a stopping server gives
    // every answer (decision 025); Node keeps HTTP/1.1 connections alive by itself.
    response.headers.delete('connection');
    return response;
  });

  return {
    routes,
    closeAll: async () => {
      closing = true;
      await Promise.all([...open].map((stream) => stream.end(LIVE_RECONNECT_EVENT, reconnectDelay())));
    },
    count: () => open.size,
  };
}

/** Spread, so that the streams of an instance that shuts down do not all arrive on the others at once. */
function reconnectDelay(): number {
  return Math.floor(Math.random() * RECONNECT_SPREAD_MS);
}
