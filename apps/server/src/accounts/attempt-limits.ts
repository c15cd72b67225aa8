import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@liveops/domain/accounts';
import type { Db } from '../db/database';
import { rateLimit } from '../db/schema';
import { jsonError } from '../http/json';

/** Our keys in Better Auth's rate_limit table start with this; its own are an address followed by a path. */
const KEY_PREFIX = 'liveops:';

export type AttemptBudget = { windowSeconds: number; max: number };

/**
 * Counts one attempt against `key` in the shared rate_limit table (decision 005: every instance sees the same
 * counters) and says whether it is within the budget, or how many seconds until the window ends. One statement,
 * so concurrent attempts on any instance cannot both read the same count.
 */
export async function takeAttempt(
  db: Db,
  key: string,
  { windowSeconds, max }: AttemptBudget,
): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  const now = Date.now();
  const windowStart = now - windowSeconds * 1000;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key: `${KEY_PREFIX}${key}`, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      // last_request is when the window began: a window that has ended starts again at this attempt.
      set: {
        count: sql`case when ${rateLimit.lastRequest} <= ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} <= ${windowStart} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, lastRequest: rateLimit.lastRequest });
  if (!row || row.count <= max) return { allowed: true };
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((row.lastRequest + windowSeconds * 1000 - now) / 1000)) };
}

/**
 * Takes one attempt from each key's budget (every key is charged, so a refusal on one still counts on the
 * others); over any of them, the 429 sign-in answers (decision 005) with Retry-After, else null.
 */
export async function refuseOverBudget(
  c: Context,
  db: Db,
  keys: string[],
  budget: AttemptBudget,
  message: string = AUTH_MESSAGES.tooManyRequests,
): Promise<Response | null> {
  let retryAfter = 0;
  for (const key of keys) {
    const taken = await takeAttempt(db, key, budget);
    if (!taken.allowed) retryAfter = Math.max(retryAfter, taken.retryAfter);
  }
  if (!retryAfter) return null;
  c.header('Retry-After', String(retryAfter));
  return jsonError(c, 429, 'TOO_MANY_REQUESTS', message);
}

/**
 * The keys a password check behind a session is counted under (decision 032): the account, so many
 * addresses cannot share out the guesses, and the client address, so one address cannot try many accounts.
 */
export function passwordCheckKeys(userId: string, ip: string | null | undefined): string[] {
  return [`password-check:user:${userId}`, ...(ip ? [`password-check:ip:${ip}`] : [])];
}
