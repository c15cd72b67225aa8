import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger';
import type { Notifier } from '../live/notifier';
import { createRateLimiter } from './rate-limits';

const quietNotifier = { send: () => Promise.resolve(), on: () => undefined } as unknown as Notifier;

describe('the runtime’s rate limiter', () => {
  it('counts a request refused by one budget against none, so a flooding player leaves the game’s budget to others', () => {
    const time = 1_000_000;
    const limiter = createRateLimiter({
      notifier: quietNotifier,
      logger: createLogger('silent'),
      now: () => time,
      shared: false,
    });
    const player = { max: 5, windowMs: 60_000 };
    const game = { max: 20, windowMs: 60_000 };
    const flood = Array.from({ length: 100 }, () =>
      limiter.take([
        { key: 'p:flood', budget: player },
        { key: 'k:game', budget: game },
      ]),
    );
    expect(flood.filter((taken) => taken.allowed)).toHaveLength(5);
    // The game's other 15 requests of the window are still there for another player.
    const others = Array.from({ length: 16 }, (_, i) =>
      limiter.take([
        { key: `p:other-${i}`, budget: player },
        { key: 'k:game', budget: game },
      ]),
    );
    expect(others.map((taken) => taken.allowed)).toEqual([...Array<boolean>(15).fill(true), false]);
    limiter.close();
  });
});

describe('the runtime’s rate limiter, by cost', () => {
  it('counts a batch’s cost, refuses the one that would go over, and lets it through in the next window', () => {
    let time = 1_000_000 * 60_000 + 15_000;
    const limiter = createRateLimiter({
      notifier: quietNotifier,
      logger: createLogger('silent'),
      now: () => time,
      shared: false,
    });
    const events = { max: 10, windowMs: 60_000 };
    const bytes = { max: 1000, windowMs: 60_000 };
    const batch = (n: number, size: number) =>
      limiter.take([
        { key: 'ec:p', budget: events, cost: n },
        { key: 'eb:p', budget: bytes, cost: size },
      ]);
    expect(batch(6, 100)).toEqual({ allowed: true });
    // 6 + 5 events is over 10: refused whole, with the seconds left in the minute, and nothing counted.
    expect(batch(5, 100)).toEqual({ allowed: false, retryAfter: 45 });
    expect(batch(4, 100)).toEqual({ allowed: true });
    expect(batch(1, 1)).toEqual({ allowed: false, retryAfter: 45 });
    time += 45_000;
    // By bytes alone: 900 of 1000 fit, 101 more do not.
    expect(batch(1, 900)).toEqual({ allowed: true });
    expect(batch(1, 101)).toEqual({ allowed: false, retryAfter: 60 });
    expect(batch(1, 100)).toEqual({ allowed: true });
    limiter.close();
  });
});
