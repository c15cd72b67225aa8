import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LIVE_EVENT_NAME,
  LIVE_RECONNECT_EVENT,
  LIVE_RESYNC_EVENT,
  LIVE_SESSION_ENDED_EVENT,
  LIVE_UPDATES_PATH,
} from '@liveops/domain/shared';
import { topicKey } from './api/query-keys';
import { currentUserQueryKey } from './current-user';
import { useLiveUpdates } from './live-updates';

/** jsdom has no EventSource; this one lets a test deliver the server's events. */
class FakeEventSource {
  static CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = 1;
  listeners = new Map<string, ((message: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  deliver(type: string, data = '{}') {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

beforeEach(() => {
  FakeEventSource.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function start() {
  const client = new QueryClient();
  const invalidated: unknown[] = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey ?? 'everything');
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveUpdates(true), { wrapper });
  return { invalidated, hook, latest: () => FakeEventSource.all.at(-1)! };
}

describe('useLiveUpdates', () => {
  it('refetches a change event’s topic, and everything on resync', () => {
    const { invalidated, latest } = start();
    expect(latest().url).toBe(LIVE_UPDATES_PATH);
    latest().deliver('ready');
    latest().deliver(LIVE_EVENT_NAME, JSON.stringify({ topic: 'games', id: 'g1' }));
    expect(invalidated).toEqual([topicKey('games')]);
    latest().deliver(LIVE_RESYNC_EVENT);
    expect(invalidated).toEqual([topicKey('games'), 'everything']);
  });

  it('connects again within half a second when the server asks it to, then refetches everything', () => {
    const { invalidated, latest } = start();
    const first = latest();
    first.deliver('ready');
    first.deliver(LIVE_RECONNECT_EVENT);
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(500);
    expect(FakeEventSource.all).toHaveLength(2);
    latest().deliver('ready');
    expect(invalidated).toEqual(['everything']);
  });

  it('rechecks who is signed in when its session ended, and starts over later', () => {
    const { invalidated, latest, hook } = start();
    const first = latest();
    first.deliver('ready');
    first.deliver(LIVE_SESSION_ENDED_EVENT);
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(invalidated).toEqual([currentUserQueryKey]);
    // The stream's close that follows the event is not a second reason to start over.
    first.readyState = FakeEventSource.CLOSED;
    first.deliver('error');
    vi.advanceTimersByTime(3000);
    expect(FakeEventSource.all).toHaveLength(2);
    hook.unmount();
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
  });
});
