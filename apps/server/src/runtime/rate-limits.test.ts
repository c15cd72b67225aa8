import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import type { Notifier } from '../lib/notifier';
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
