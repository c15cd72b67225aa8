import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  LIVE_EVENT_NAME,
  LIVE_RECONNECT_EVENT,
  LIVE_RESYNC_EVENT,
  LIVE_SESSION_ENDED_EVENT,
  LIVE_UPDATES_PATH,
  LiveEventSchema,
} from '@liveops/domain/shared';
import { topicKey } from './api/query-keys';
import { currentUserQueryKey } from './current-user';

const RECONNECT_DELAY_MS = 3000;
/** A server that shuts down asks every tab to reconnect at once: spread over this, not all in the same instant. */
const RECONNECT_SPREAD_MS = 500;

/**
 * Keeps every query of the signed-in app fresh: one Server-Sent Events stream per tab, each event turned into
 * an invalidation of its topic's queries (their keys start with the topic). After a reconnect, and whenever the
 * server says it may have missed changes (`resync`), everything is refetched. A server that shuts down says
 * `reconnect` (the tab connects again at once, to another instance behind the load balancer); a stream whose
 * session was signed out or revoked ends with `session-ended` (the tab rechecks who is signed in). Decision 025.
 */
export function useLiveUpdates(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let connectedBefore = false;
    let stopped = false;

    const reconnectAfter = (ms: number) => {
      source?.close();
      if (retry) clearTimeout(retry);
      retry = setTimeout(connect, ms);
    };
    const connect = () => {
      retry = null;
      if (stopped) return;
      source = new EventSource(LIVE_UPDATES_PATH);
      source.addEventListener('ready', () => {
        if (connectedBefore) void queryClient.invalidateQueries();
        connectedBefore = true;
      });
      source.addEventListener(LIVE_EVENT_NAME, (message) => {
        const parsed = LiveEventSchema.safeParse(JSON.parse((message as MessageEvent<string>).data));
        if (parsed.success) void queryClient.invalidateQueries({ queryKey: topicKey(parsed.data.topic) });
      });
      source.addEventListener(LIVE_RESYNC_EVENT, () => void queryClient.invalidateQueries());
      source.addEventListener(LIVE_RECONNECT_EVENT, () => reconnectAfter(Math.random() * RECONNECT_SPREAD_MS));
      source.addEventListener(LIVE_SESSION_ENDED_EVENT, () => {
        // Signed out here or elsewhere: the session check sends the tab to the login card. Should this tab hold
        // a newer session (signed in again meanwhile), the stream starts over with it.
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        reconnectAfter(RECONNECT_DELAY_MS);
      });
      source.addEventListener('error', () => {
        // EventSource retries dropped connections itself, but gives up on an error status (a proxy's 502
        // during a restart, or 401 after signing out elsewhere): then we start over, and recheck the session.
        if (source?.readyState !== EventSource.CLOSED || stopped || retry) return;
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        reconnectAfter(RECONNECT_DELAY_MS);
      });
    };
    connect();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      source?.close();
    };
  }, [enabled, queryClient]);
}
