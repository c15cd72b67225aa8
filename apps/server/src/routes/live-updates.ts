import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { LIVE_EVENT_NAME } from '@liveops/domain';
import type { Auth } from '../auth';
import type { LiveEvents } from '../lib/live-events';
import { requireVerifiedUser, type AuthedEnv } from '../lib/session';

const HEARTBEAT_MS = 25_000;

/** GET /api/live-updates: one Server-Sent Events stream per signed-in user, carrying only that user's changes. */
export function liveUpdatesRoutes(auth: Auth, liveEvents: LiveEvents) {
  return new Hono<AuthedEnv>().use(requireVerifiedUser(auth)).get('/', (c) => {
    const userId = c.get('user').id;
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const unsubscribe = liveEvents.subscribe(userId, (event) => {
        void stream.writeSSE({ event: LIVE_EVENT_NAME, data: JSON.stringify(event) });
      });
      const heartbeat = setInterval(() => void stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
      try {
        await stream.writeSSE({ event: 'ready', data: '{}', retry: 2000 });
        await new Promise<void>((resolve) => stream.onAbort(resolve));
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
      }
    });
  });
}
