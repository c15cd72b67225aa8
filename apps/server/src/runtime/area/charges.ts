import { RUNTIME_MESSAGES } from '@liveops/domain/runtime-api';
import type { Context } from 'hono';
import type { Config } from '../../env';
import { clientIp } from '../../http/client-ip';
import type { Charge, RateLimiter, RuntimeLimits } from '../rate-limits';
import { RuntimeRefusal } from './errors';

export type Charges = {
  /** Counts charges, all or none; over any budget, 429 with Retry-After. */
  take: (c: Context, charges: Charge[]) => void;
  /**
   * Charges a request to its budgets and to its client address's (decision 057), all or none: the address's comes
   * first, so one address's flood is refused by its own budget before it uses up the game's that others share.
   */
  charge: (c: Context, charges: Charge[]) => void;
};

export function createCharges(deps: {
  limiter: RateLimiter;
  limits: RuntimeLimits;
  config: Pick<Config, 'trustProxy'>;
}): Charges {
  const take = (c: Context, charges: Charge[]) => {
    const taken = deps.limiter.take(charges);
    if (taken.allowed) return;
    c.header('Retry-After', String(taken.retryAfter));
    throw new RuntimeRefusal(429, 'rate_limited', RUNTIME_MESSAGES.tooManyRequests, undefined, taken.retryAfter);
  };
  const charge = (c: Context, charges: Charge[]) => {
    const address = clientIp(c, deps.config.trustProxy);
    take(c, address === null ? charges : [{ key: `a:${address}`, budget: deps.limits.perAddress }, ...charges]);
  };
  return { take, charge };
}
