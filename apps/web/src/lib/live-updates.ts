import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_EVENT_NAME, LIVE_UPDATES_PATH, LiveEventSchema } from '@liveops/domain';
import { topicKey } from './api/query-keys';
import { currentUserQueryKey } from './current-user';

const RECONNECT_DELAY_MS = 3000;

/**
 * Keeps every query of the signed-in app fresh: one Server-Sent Events stream per tab, each event turned into
 * an invalidation of its topic's queries (their keys start with the topic). After a reconnect everything is
 * refetched, since events may have been missed while the stream was down.
 */
export function useLiveUpdates(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let connectedBefore = false;
    let stopped = false;

    const connect = () => {
      source = new EventSource(LIVE_UPDATES_PATH);
      source.addEventListener('ready', () => {
        if (connectedBefore) void queryClient.invalidateQueries();
        connectedBefore = true;
      });
      source.addEventListener(LIVE_EVENT_NAME, (message) => {
        const parsed = LiveEventSchema.safeParse(JSON.parse((message as MessageEvent<string>).data));
        if (parsed.success) void queryClient.invalidateQueries({ queryKey: topicKey(parsed.data.topic) });
      });
      source.addEventListener('error', () => {
        // EventSource retries dropped connections itself, but gives up on an error status (a proxy's 502
        // during a restart, or 401 after signing out elsewhere): then we start over, and recheck the session.
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        retry = setTimeout(connect, RECONNECT_DELAY_MS);
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
