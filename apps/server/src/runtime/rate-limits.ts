import { randomUUID } from 'node:crypto';
import type { Logger } from '../logging/logger';
import type { Notifier } from '../live/notifier';

export const RUNTIME_LIMITS_CHANNEL = 'liveops_runtime_limits';

export type Budget = { max: number; windowMs: number };
/**
 * The runtime's budgets (decisions 034, 057): per player and per SDK key; per client address for all of /v1 and
 * for sessions; and the raw events one player may store, by count and bytes, per minute and per UTC day.
 */
export type RuntimeLimits = {
  perPlayer: Budget;
  perKey: Budget;
  perAddress: Budget;
  sessionsPerAddress: Budget;
  playerEvents: { perMinute: Budget; bytesPerMinute: Budget; perDay: Budget; bytesPerDay: Budget };
};
export type Charge = { key: string; budget: Budget; cost?: number };

export type RateLimiter = {
  /**
   * Counts a request against each key's budget (its cost, 1 unless said: a batch's events or bytes), all of them
   * or none; over any of them, the seconds until it may try again.
   */
  take: (charges: readonly Charge[]) => { allowed: true } | { allowed: false; retryAfter: number };
  close: () => void;
};

/** How often an instance tells the others what its busy keys counted. */
const GOSSIP_MS = 200;
/** A key is told about once it has used this share of its budget on one instance. */
const HOT_SHARE = 0.1;
/** NOTIFY payloads are limited to 8000 bytes. */
const PAYLOAD_MAX = 7000;

type Count = { window: number; count: number; told: number; budget: Budget };
type Remote = { window: number; windowMs: number; byInstance: Map<string, number> };

/**
 * The runtime's rate limits (decision 034): fixed windows, counted in memory on each instance, and shared across
 * instances without a database write per request. Every GOSSIP_MS, an instance NOTIFYs the counts of the keys
 * that used at least HOT_SHARE of their budget in the current window (on PGlite, one process, nobody needs to
 * hear). A request is allowed while this instance's count plus the others' last told counts stay within the
 * budget. A player or key spread over instances is therefore stopped within one gossip interval of reaching its
 * budget; normal players (a few requests a day) never become hot, so nothing about them is ever sent.
 */
export function createRateLimiter(deps: {
  notifier: Notifier;
  logger: Logger;
  now?: () => number;
  shared: boolean;
}): RateLimiter {
  const now = deps.now ?? Date.now;
  const instance = randomUUID();
  const local = new Map<string, Count>();
  const remote = new Map<string, Remote>();
  const windowOf = (budget: Budget, time: number) => Math.floor(time / budget.windowMs);

  deps.notifier.on(RUNTIME_LIMITS_CHANNEL, (payload) => {
    try {
      const message = JSON.parse(payload) as { i: string; c: [string, number, number, number][] };
      if (message.i === instance || !Array.isArray(message.c)) return;
      for (const [key, window, count, windowMs] of message.c) {
        if (typeof key !== 'string' || typeof window !== 'number' || typeof count !== 'number') continue;
        if (typeof windowMs !== 'number' || !(windowMs > 0)) continue;
        let entry = remote.get(key);
        if (!entry || entry.window < window) remote.set(key, (entry = { window, windowMs, byInstance: new Map() }));
        if (entry.window === window) entry.byInstance.set(message.i, count);
      }
    } catch {
      deps.logger.warn('ignored a malformed rate-limit notification');
    }
  });

  /** Keys whose count reached the share worth telling and changed since the last tell. */
  const dirty = new Set<string>();
  let ticks = 0;
  const sweep = (time: number) => {
    for (const [key, count] of local) if (count.window !== windowOf(count.budget, time)) local.delete(key);
    for (const [key, entry] of remote) {
      if (entry.window < Math.floor(time / entry.windowMs)) remote.delete(key);
    }
  };
  const tell = () => {
    const time = now();
    // Ended windows are swept every 5 s; a busy instance holds every key of the current ones.
    if (++ticks % 25 === 0) sweep(time);
    const changed: [string, number, number, number][] = [];
    for (const key of dirty) {
      const count = local.get(key);
      if (!count || count.window !== windowOf(count.budget, time) || count.count === count.told) continue;
      changed.push([key, count.window, count.count, count.budget.windowMs]);
      count.told = count.count;
    }
    dirty.clear();
    let batch: [string, number, number, number][] = [];
    let size = 0;
    const send = () => {
      if (!batch.length) return;
      deps.notifier
        .send(RUNTIME_LIMITS_CHANNEL, JSON.stringify({ i: instance, c: batch }))
        .catch((error: unknown) => deps.logger.warn('could not share rate-limit counts:', error));
      batch = [];
      size = 0;
    };
    for (const entry of changed) {
      const length = JSON.stringify(entry).length + 1;
      if (size + length > PAYLOAD_MAX) send();
      batch.push(entry);
      size += length;
    }
    send();
  };
  const timer = setInterval(tell, GOSSIP_MS);
  timer.unref();

  return {
    take(charges) {
      const time = now();
      let retryAfter = 0;
      const counts: Count[] = [];
      for (const { key, budget, cost = 1 } of charges) {
        const window = windowOf(budget, time);
        let count = local.get(key);
        if (!count || count.window !== window) local.set(key, (count = { window, count: 0, told: 0, budget }));
        counts.push(count);
        const others = deps.shared ? remote.get(key) : undefined;
        let elsewhere = 0;
        if (others?.window === window) for (const n of others.byInstance.values()) elsewhere += n;
        if (count.count + elsewhere + cost > budget.max) {
          retryAfter = Math.max(retryAfter, Math.ceil(((window + 1) * budget.windowMs - time) / 1000));
        }
      }
      // All or nothing (decision 057): a request refused by one budget (a flooding player) counts against none,
      // so it does not use up the game's budget that everyone else shares.
      if (retryAfter) return { allowed: false, retryAfter: Math.max(1, retryAfter) };
      charges.forEach(({ key, budget, cost = 1 }, i) => {
        const count = counts[i]!;
        count.count += cost;
        if (deps.shared && count.count >= Math.max(1, budget.max * HOT_SHARE)) dirty.add(key);
      });
      return { allowed: true };
    },
    close: () => clearInterval(timer),
  };
}
