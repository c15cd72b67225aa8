import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createListCache } from './list-cache';
import { createLiveEvents, LIVE_EVENTS_CHANNEL } from '../live/live-events';
import { createLogger } from '../logging/logger';
import { createNotifier, type Notifier } from '../live/notifier';

async function setUp() {
  const logger = createLogger('silent');
  // Without a pool the notifier delivers in-process, as on PGlite.
  const notifier = await createNotifier({ pool: null } as unknown as Database, logger, [LIVE_EVENTS_CHANNEL]);
  const liveEvents = createLiveEvents(notifier, logger);
  let loads = 0;
  let version = 1;
  const load = async () => {
    loads++;
    return { version };
  };
  return { liveEvents, cache: createListCache(liveEvents), load, loads: () => loads, bump: () => version++ };
}

describe('createListCache', () => {
  it('answers from memory until a change of that owner and topic is published', async () => {
    const { liveEvents, cache, load, loads, bump } = await setUp();
    expect(await cache.get('ada', 'games', load)).toBe('{"version":1}');
    expect(await cache.get('ada', 'games', load)).toBe('{"version":1}');
    expect(loads()).toBe(1);
    bump();
    await liveEvents.publish('bob', { topic: 'games' });
    await liveEvents.publish('ada', { topic: 'assets' });
    expect(await cache.get('ada', 'games', load)).toBe('{"version":1}');
    await liveEvents.publish('ada', { topic: 'games', id: 'g1' });
    expect(await cache.get('ada', 'games', load)).toBe('{"version":2}');
    expect(loads()).toBe(2);
  });

  it('does not keep a load that a change overlapped', async () => {
    const { liveEvents, cache } = await setUp();
    let release: () => void = () => undefined;
    const slow = cache.get('ada', 'games', () => new Promise((resolve) => (release = () => resolve(['old']))));
    await liveEvents.publish('ada', { topic: 'games' });
    release();
    expect(await slow).toBe('["old"]');
    expect(await cache.get('ada', 'games', async () => ['new'])).toBe('["new"]');
  });

  it('reads again once an answer is older than a minute', async () => {
    const { liveEvents } = await setUp();
    let time = 0;
    const cache = createListCache(liveEvents, () => time);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('ada', 'games', load);
    time = 59_000;
    await cache.get('ada', 'games', load);
    time = 61_000;
    await cache.get('ada', 'games', load);
    expect(loads).toBe(2);
  });
});

describe('createListCache while the LISTEN connection is down', () => {
  /** A notifier whose LISTEN connection a test can drop and bring back. */
  function flakyNotifier(): Notifier & { drop: () => void; restore: () => void } {
    let listening = true;
    const lost: (() => void)[] = [];
    const back: (() => void)[] = [];
    return {
      send: async () => undefined,
      on: () => undefined,
      listening: () => listening,
      onDisconnect: (handler) => void lost.push(handler),
      onReconnect: (handler) => void back.push(handler),
      flush: async () => undefined,
      close: async () => undefined,
      drop: () => {
        listening = false;
        for (const handler of lost) handler();
      },
      restore: () => {
        listening = true;
        for (const handler of back) handler();
      },
    };
  }

  it('answers from the loader, keeps nothing, and starts afresh once it is back', async () => {
    const notifier = flakyNotifier();
    const cache = createListCache(createLiveEvents(notifier, createLogger('silent')));
    let version = 1;
    const load = async () => ({ version });
    expect(await cache.get('ada', 'games', load)).toBe('{"version":1}');
    notifier.drop();
    version = 2;
    expect(await cache.get('ada', 'games', load)).toBe('{"version":2}');
    version = 3;
    expect(await cache.get('ada', 'games', load)).toBe('{"version":3}');
    notifier.restore();
    version = 4;
    expect(await cache.get('ada', 'games', load)).toBe('{"version":4}');
    version = 5;
    expect(await cache.get('ada', 'games', load)).toBe('{"version":4}');
  });

  it('does not keep a load that the connection was lost or regained during', async () => {
    const notifier = flakyNotifier();
    const cache = createListCache(createLiveEvents(notifier, createLogger('silent')));
    let release: () => void = () => undefined;
    const slow = cache.get('ada', 'games', () => new Promise((resolve) => (release = () => resolve(['old']))));
    notifier.drop();
    notifier.restore();
    release();
    expect(await slow).toBe('["old"]');
    expect(await cache.get('ada', 'games', async () => ['new'])).toBe('["new"]');
  });
});
