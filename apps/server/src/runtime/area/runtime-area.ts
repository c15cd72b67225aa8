import { OpenAPIHono } from '@hono/zod-openapi';
import { RUNTIME_MESSAGES } from '@liveops/domain/runtime-api';
import type { Config } from '../../env';
import type { Logger } from '../../logging/logger';
import type { RateLimiter, RuntimeLimits } from '../rate-limits';
import type { RuntimeGames } from '../runtime-games';
import type { ServerSignatures } from '../server-signatures';
import type { TokenSigner } from '../tokens';
import { createRuntimeAuth, type RuntimeAuth } from './auth';
import { createCharges, type Charges } from './charges';
import { registerRuntimeDocument } from './document';
import { invalidInput, runtimeError, runtimeErrorHandler } from './errors';
import { runtimePolicy } from './policy';
import type { RuntimeApp, RuntimeEnv } from './runtime-env';

/** The `/v1` area as its route modules see it: the app, its auth middlewares and its rate-limit charges. */
export type RuntimeArea = RuntimeAuth &
  Charges & {
    app: RuntimeApp;
    /** Ends the area once every route is registered: its document, its 404 and its error map. */
    finish: () => void;
  };

/**
 * The player runtime's area (decision 034): its own HTTP policy (any origin, no credentials, never a
 * cookie), its own auth, limits and errors, and its OpenAPI document. Route modules register on `app` between
 * this and `finish()`.
 */
export function createRuntimeArea(deps: {
  games: RuntimeGames;
  tokens: TokenSigner;
  signatures: ServerSignatures;
  limiter: RateLimiter;
  limits: RuntimeLimits;
  config: Pick<Config, 'publicUrl' | 'trustProxy'>;
  logger: Logger;
  now: () => number;
  apiBase: string;
}): RuntimeArea {
  const app: RuntimeApp = new OpenAPIHono<RuntimeEnv>({
    defaultHook: (result, c) => (result.success ? undefined : invalidInput(c, result.error)),
  });
  const charges = createCharges(deps);
  const auth = createRuntimeAuth({ ...deps, charges });
  app.use('*', runtimePolicy(deps.config));
  const finish = () => {
    registerRuntimeDocument(app, deps.apiBase);
    // Anything else under /v1 is the runtime's 404, never the dashboard's page.
    app.all('/*', (c) => runtimeError(c, 404, 'not_found', RUNTIME_MESSAGES.notFound));
    app.onError(runtimeErrorHandler(deps.logger));
  };
  return { app, ...charges, ...auth, finish };
}
