import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { Config } from '../env';
import type { LiveEvents } from '../live/live-events';
import type { Logger } from '../logging/logger';
import type { Notifier } from '../live/notifier';
import type { SessionAnalytics } from '../analytics/analytics-sessions';
import type { Storage } from '../storage/storage';
import { createRuntimeArea } from './area/runtime-area';
import { registerDailyRewardRoutes } from './daily-rewards';
import { registerEventRoutes } from './events';
import { createExperimentAssignments } from './experiment-assignments';
import { createLastClaims } from './last-claims';
import { createClaimWriter } from '../player-ledger';
import { createRateLimiter, type RuntimeLimits } from './rate-limits';
import { createRuntimeGames } from './runtime-games';
import { createServerSignatures } from './server-signatures';
import { registerSessionRoutes } from './sessions';
import { createTokenSigner, type PlayerTokenClaims } from './tokens';
import { registerWalletRoutes } from './wallet';

export type { RuntimeLimits };

export type RuntimeDeps = {
  db: Db;
  storage: Storage;
  liveEvents: LiveEvents;
  notifier: Notifier;
  logger: Logger;
  config: Pick<Config, 'publicUrl' | 'trustProxy'> & { runtimeLimits: RuntimeLimits };
  authSecret: string;
  /** Whether other instances share the database (PostgreSQL): rate-limit counts are then told to them. */
  shared: boolean;
  /** The server's clock (tests inject one): the only clock that decides a player's day. */
  now: () => number;
  /** Sessions into the analytics, gathered in memory and written every second (decision 047). */
  sessionAnalytics?: Pick<SessionAnalytics, 'record'>;
};

/**
 * The player runtime, `/v1` (decision 034): the area (its policy, auth, limits, errors and document) and
 * its route modules, one per resource, over one player ledger (decision 059). The order of registration is the
 * order of the OpenAPI document's paths.
 */
export function runtimeRoutes(deps: RuntimeDeps) {
  const { db, logger, now, config } = deps;
  const games = createRuntimeGames({ db, storage: deps.storage, liveEvents: deps.liveEvents, logger, now });
  const tokens = createTokenSigner(deps.authSecret);
  const limiter = createRateLimiter({ notifier: deps.notifier, logger, now, shared: deps.shared });
  const limits = config.runtimeLimits;
  const apiBase = `${config.publicUrl}/v1`;
  const lastClaims = createLastClaims();
  const assignments = createExperimentAssignments(db);
  const signatures = createServerSignatures({ db, now });
  const area = createRuntimeArea({ games, tokens, signatures, limiter, limits, config, logger, now, apiBase });

  registerEventRoutes(area, {
    db,
    now,
    limits,
    storedVariantOf: (playerRef, experimentId) => assignments.storedVariantOf(playerRef, experimentId),
  });
  registerSessionRoutes(area, {
    db,
    now,
    games,
    config,
    limits,
    tokens,
    lastClaims,
    sessionAnalytics: deps.sessionAnalytics,
  });
  registerDailyRewardRoutes(area, {
    db,
    now,
    tokens,
    apiBase,
    lastClaims,
    assignments,
    // A few statements at a time: under a burst, claims gather and go together (decision 041).
    claimWriter: createClaimWriter({ db, logger, maxInFlight: deps.shared ? 4 : 1 }),
  });
  registerWalletRoutes(area, { db, now });
  area.finish();

  return { routes: area.app, close: () => limiter.close() };
}

/** Re-exported for tests: a runtime token's claims type, and a fresh idempotency key. */
export type { PlayerTokenClaims };
export const newIdempotencyKey = () => randomUUID();
