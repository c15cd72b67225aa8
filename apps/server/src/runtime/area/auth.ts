import { RUNTIME_MESSAGES, SERVER_SIGNATURE_TOLERANCE_SECONDS } from '@liveops/domain/runtime-api';
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { requestHeader } from '../../http/request-header';
import type { RuntimeLimits } from '../rate-limits';
import type { RuntimeGames } from '../runtime-games';
import type { ServerSignatures } from '../server-signatures';
import { verifyServerSignature, type TokenSigner } from '../tokens';
import type { Charges } from './charges';
import { runtimeError } from './errors';
import type { RuntimeEnv } from './runtime-env';

export type RuntimeAuth = {
  /** A player (or popup) token of a game whose SDK key it was made with. */
  playerAuth: MiddlewareHandler<RuntimeEnv>;
  /** Everything but a claim needs a player token: a popup token may only claim its own config. */
  playerOnly: MiddlewareHandler<RuntimeEnv>;
  /** The server-signed calls of the game's backend: the game by its key, the signature by its server secret. */
  serverAuth: MiddlewareHandler<RuntimeEnv>;
};

export function createRuntimeAuth(deps: {
  games: RuntimeGames;
  tokens: TokenSigner;
  signatures: ServerSignatures;
  charges: Charges;
  limits: RuntimeLimits;
  now: () => number;
}): RuntimeAuth {
  const { games, charges, limits } = deps;

  const playerAuth = createMiddleware<RuntimeEnv>(async (c, next) => {
    const header = requestHeader(c, 'authorization') ?? '';
    const match = /^Bearer ([A-Za-z0-9._-]{1,1024})$/.exec(header);
    if (!match) return runtimeError(c, 401, 'missing_token', RUNTIME_MESSAGES.tokenMissing);
    const claims = deps.tokens.verify(match[1]!, deps.now());
    const found = claims ? await games.byId(claims.g) : null;
    if (!claims || !found || found.keyTag !== claims.k) {
      return runtimeError(c, 401, 'invalid_token', RUNTIME_MESSAGES.tokenInvalid);
    }
    if (!found.enabled) return runtimeError(c, 403, 'game_disabled', RUNTIME_MESSAGES.gameDisabled);
    charges.charge(c, [
      { key: `p:${claims.p}`, budget: limits.perPlayer },
      { key: `k:${found.id}`, budget: limits.perKey },
    ]);
    c.set('player', claims);
    c.set('game', found);
    await next();
  });

  const playerOnly = createMiddleware<RuntimeEnv>(async (c, next) => {
    if (c.get('player').t !== 'player') return runtimeError(c, 403, 'token_scope', RUNTIME_MESSAGES.tokenScope);
    await next();
  });

  const serverAuth = createMiddleware<RuntimeEnv>(async (c, next) => {
    const key = c.req.header('x-liveops-key');
    const timestamp = c.req.header('x-liveops-timestamp');
    const signature = c.req.header('x-liveops-signature');
    if (!key || !timestamp || !signature || key.length > 128) {
      return runtimeError(c, 401, 'missing_signature', RUNTIME_MESSAGES.serverAuthMissing);
    }
    const found = await games.bySdkKey(key);
    const body = await c.req.text();
    const path = new URL(c.req.url).pathname;
    // The key is signed (decision 057); a missing one is the route's 400, after the signature is checked without it.
    const idempotencyKey = c.req.header('idempotency-key') ?? '';
    const request = { timestamp, signature, method: c.req.method, path, idempotencyKey, body };
    if (!found || !verifyServerSignature(request, found.serverSecret, deps.now())) {
      return runtimeError(c, 401, 'invalid_signature', RUNTIME_MESSAGES.serverAuthInvalid);
    }
    charges.charge(c, [{ key: `k:${found.id}`, budget: limits.perKey }]);
    // A signature is accepted once, on any instance, while its timestamp is (decision 057).
    const expiresAt = (Number(timestamp) + SERVER_SIGNATURE_TOLERANCE_SECONDS) * 1000;
    if (!(await deps.signatures.firstUse(signature, expiresAt))) {
      return runtimeError(c, 401, 'signature_replayed', RUNTIME_MESSAGES.serverSignatureReplayed);
    }
    c.set('game', found);
    await next();
  });

  return { playerAuth, playerOnly, serverAuth };
}
