import { createHash, randomUUID } from 'node:crypto';
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  ClaimResponseSchema,
  CreateSessionRequestSchema,
  CreateSessionResponseSchema,
  DailyRewardListResponseSchema,
  IdempotencyKeySchema,
  InventoryResponseSchema,
  LedgerQuerySchema,
  LedgerResponseSchema,
  PLAYER_TOKEN_TTL_SECONDS,
  POPUP_TOKEN_TTL_SECONDS,
  RUNTIME_BODY_MAX_BYTES,
  RUNTIME_MESSAGES,
  RuntimeErrorSchema,
  SERVER_SIGNATURE_TOLERANCE_SECONDS,
  ServerWalletRequestSchema,
  ServerWalletResponseSchema,
  canonicalTimeZone,
  claimDailyReward,
  claimTargeting,
  dailyRewardStatus,
  effectiveTimeZone,
  encodePopupSession,
  findTextProblem,
  selectDailyReward,
  type ClaimedDate,
  type ClaimResponse,
  type DailyRewardState,
  type DailyRewardStatus,
  type LastClaim,
} from '@liveops/domain';
import type { Db } from '../db/database';
import { databaseErrorCode, isDatabaseUnavailable } from '../db/database-errors';
import type { Config } from '../env';
import { baseHeaders } from '../http/http-policy';
import type { LiveEvents } from '../live/live-events';
import type { Logger } from '../logging/logger';
import type { Notifier } from '../live/notifier';
import { requestHeader } from '../http/request-header';
import type { Storage } from '../storage/storage';
import { createRateLimiter, type Charge } from './rate-limits';
import { clientIp } from '../http/client-ip';
import { createRuntimeGames, type RuntimeConfig, type RuntimeGame } from './runtime-games';
import {
  balancesOf,
  BALANCES_MARK,
  claimContext,
  createPlayer,
  findPlayer,
  findWalletOperation,
  InsufficientBalanceError,
  ledgerOf,
  listContext,
  recordSession,
  updatePlayer,
  writeWalletOperation,
  type Balance,
  type PlayerRecord,
} from './store';
import { createClaimWriter } from './claim-writer';
import { createServerSignatures } from './server-signatures';
import { registerEventRoutes } from './events';
import { createExperimentAssignments } from './experiment-assignments';
import { createLastClaims } from './last-claims';
import type { SessionAnalytics } from '../analytics/analytics-sessions';
import { liveCandidates, targetingState } from './targeting';
import { evaluatePlayer, readSentAttributes, sameSegments } from './segments';
import { onServerClock, testerOffset, testerTokenClaims } from './testers';
import { createTokenSigner, verifyPlayerSignature, verifyServerSignature, type PlayerTokenClaims } from './tokens';

import type { RuntimeLimits } from './rate-limits';
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

type RuntimeVariables = { player: PlayerTokenClaims; game: RuntimeGame };
type RuntimeEnv = { Variables: RuntimeVariables };

/** The `/v1` error answer: a lower-case code a game can switch on, and a sentence a person can act on. */
function runtimeError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  extra?: Record<string, unknown>,
) {
  return c.json({ code, message, ...extra }, status);
}

/** Ends a request with a runtime error answer (thrown, so a handler's typed answer is its success). */
function refuse(status: ContentfulStatusCode, code: string, message: string, extra?: Record<string, unknown>): never {
  throw new RuntimeRefusal(status, code, message, extra);
}

class RuntimeRefusal extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra?: Record<string, unknown>,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** Seconds a client waits before trying again while the database is unavailable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const iso = (ms: number) => new Date(ms).toISOString();

const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status] ?? 'Error',
        content: { 'application/json': { schema: RuntimeErrorSchema } },
      },
    ]),
  );
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (`validation_error`, `malformed_json`, `control_characters`).',
  401: 'Missing, invalid or expired credentials (`missing_token`, `invalid_token`, `invalid_signature`, `signature_replayed`).',
  403: 'The credentials may not do this (`token_scope`, `game_disabled`).',
  404: 'Not found (`not_found`, `player_unknown`).',
  409: 'Conflict (`already_claimed` with `nextClaimAt`, `insufficient_balance`, `day_not_configured`, `not_targeted`).',
  413: 'Body too large (`payload_too_large`).',
  415: 'Not JSON (`unsupported_media_type`).',
  422: 'The Idempotency-Key was used for another request (`idempotency_key_reused`), or an unknown item.',
  429: 'Too many requests (`rate_limited`); see Retry-After.',
  503: 'The database is unavailable for now (`unavailable`); nothing was done. Try again after Retry-After.',
};

const idempotencyHeader = z.object({
  'idempotency-key': IdempotencyKeySchema.optional().meta({
    param: { name: 'idempotency-key', in: 'header', required: true },
  }),
});

const bearer = [{ playerToken: [] }];
const serverSigned = [{ serverKey: [], serverTimestamp: [], serverSignature: [] }];

const sessionRoute = createRoute({
  method: 'post',
  path: '/sessions',
  summary: 'Sign a player in',
  description:
    'Creates the player on first sight (with each item’s base amount) and answers a token for the other calls. The SDK key is public; a game that requires signed player ids also needs `playerSignature`.',
  request: { body: { required: true, content: { 'application/json': { schema: CreateSessionRequestSchema } } } },
  responses: {
    200: { description: 'Signed in.', content: { 'application/json': { schema: CreateSessionResponseSchema } } },
    ...errorResponses(400, 401, 403, 413, 415, 429, 503),
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/daily-rewards',
  summary: 'The player’s daily rewards',
  description:
    'The published daily reward that applies to the player now (none or one: the highest priority among those whose segment the player matched at their last session and whose schedule holds, ties to the oldest), with the player’s state on the server’s clock, and its popup. An empty list says why in `reason`.',
  security: bearer,
  responses: {
    200: { description: 'The states.', content: { 'application/json': { schema: DailyRewardListResponseSchema } } },
    ...errorResponses(401, 403, 429, 503),
  },
});

const claimParams = z.object({ configId: z.string().min(1).max(128) });
const claimRoute = createRoute({
  method: 'post',
  path: '/daily-rewards/{configId}/claim',
  summary: 'Claim today’s reward',
  description:
    'Grants today’s pack exactly once per player, config and day. A retry with the same Idempotency-Key answers the same body; a second claim the same day answers 409 `already_claimed` with `nextClaimAt`.',
  security: bearer,
  request: { params: claimParams, headers: idempotencyHeader },
  responses: {
    200: { description: 'Granted.', content: { 'application/json': { schema: ClaimResponseSchema } } },
    ...errorResponses(400, 401, 403, 404, 409, 422, 429, 503),
  },
});

const inventoryRoute = createRoute({
  method: 'get',
  path: '/inventory',
  summary: 'The player’s wallet',
  security: bearer,
  responses: {
    200: { description: 'Every balance.', content: { 'application/json': { schema: InventoryResponseSchema } } },
    ...errorResponses(401, 403, 429, 503),
  },
});

const ledgerRoute = createRoute({
  method: 'get',
  path: '/inventory/ledger',
  summary: 'Every change of the player’s wallet',
  description: 'Newest first; page with `before`. Balances always equal the sum of the ledger.',
  security: bearer,
  request: { query: LedgerQuerySchema },
  responses: {
    200: { description: 'A page of entries.', content: { 'application/json': { schema: LedgerResponseSchema } } },
    ...errorResponses(400, 401, 403, 429, 503),
  },
});

const walletRoute = (kind: 'grant' | 'consume') =>
  createRoute({
    method: 'post',
    path: `/server/wallet/${kind}`,
    summary: kind === 'grant' ? 'Grant items (game backend)' : 'Consume items (game backend)',
    description:
      kind === 'grant'
        ? 'For the game’s own backend, signed with the server secret. Idempotent per Idempotency-Key.'
        : 'For the game’s own backend, signed with the server secret. Never below 0: if any balance is short, nothing is taken (409 `insufficient_balance`). Idempotent per Idempotency-Key.',
    security: serverSigned,
    request: {
      headers: idempotencyHeader,
      body: { required: true, content: { 'application/json': { schema: ServerWalletRequestSchema } } },
    },
    responses: {
      200: { description: 'Done.', content: { 'application/json': { schema: ServerWalletResponseSchema } } },
      ...errorResponses(400, 401, 404, 409, 413, 415, 422, 429, 503),
    },
  });

/**
 * The player runtime, `/v1` (issue 21, decision 034): its own HTTP policy (any origin, no credentials, never a
 * cookie), its own limits and errors, and its OpenAPI document generated from the same zod schemas it validates
 * with.
 */
export function runtimeRoutes(deps: RuntimeDeps) {
  const games = createRuntimeGames({
    db: deps.db,
    storage: deps.storage,
    liveEvents: deps.liveEvents,
    logger: deps.logger,
    now: deps.now,
  });
  const tokens = createTokenSigner(deps.authSecret);
  const signatures = createServerSignatures({ db: deps.db, now: deps.now });
  const lastClaims = createLastClaims();
  const assignments = createExperimentAssignments(deps.db);
  /** The player's variant of the config's experiment in the live release (decision 046), or null without one. */
  const variantOf = (claims: PlayerTokenClaims, config: RuntimeConfig, now: number) =>
    config.experiment ? assignments.variantOf(claims.g, claims.p, config.experiment, now) : Promise.resolve(null);
  // A few statements at a time: under a burst, claims gather and go together (decision 041).
  const claimWriter = createClaimWriter({ db: deps.db, logger: deps.logger, maxInFlight: deps.shared ? 4 : 1 });
  const limiter = createRateLimiter({
    notifier: deps.notifier,
    logger: deps.logger,
    now: deps.now,
    shared: deps.shared,
  });
  const limits = deps.config.runtimeLimits;
  const apiBase = `${deps.config.publicUrl}/v1`;

  /** The answer to input its route's schema refused: a missing or bad Idempotency-Key, or the first problem. */
  const invalidInput = (c: Context, error: z.ZodError) => {
    const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    const idempotency = issues.find((issue) => issue.path === 'idempotency-key');
    if (idempotency) return runtimeError(c, 400, 'idempotency_key_required', RUNTIME_MESSAGES.idempotencyKeyRequired);
    return runtimeError(c, 400, 'validation_error', issues[0]?.message ?? 'Invalid input.', { issues });
  };
  const app = new OpenAPIHono<RuntimeEnv>({
    defaultHook: (result, c) => (result.success ? undefined : invalidInput(c, result.error)),
  });

  /** Counts charges, all or none; over any budget, 429 with Retry-After. */
  const take = (c: Context, charges: Charge[]) => {
    const taken = limiter.take(charges);
    if (taken.allowed) return;
    c.header('Retry-After', String(taken.retryAfter));
    throw new RuntimeRefusal(429, 'rate_limited', RUNTIME_MESSAGES.tooManyRequests, undefined, taken.retryAfter);
  };
  /**
   * Charges a request to its budgets and to its client address's (decision 057), all or none: the address's comes
   * first, so one address's flood is refused by its own budget before it uses up the game's that others share.
   */
  const charge = (c: Context, charges: Charge[]) => {
    const address = clientIp(c, deps.config.trustProxy);
    take(c, address === null ? charges : [{ key: `a:${address}`, budget: limits.perAddress }, ...charges]);
  };

  /** A JSON body of at most RUNTIME_BODY_MAX_BYTES, parsed once and free of control characters. */
  const jsonBody: MiddlewareHandler[] = [
    bodyLimit({
      maxSize: RUNTIME_BODY_MAX_BYTES,
      onError: (c) => runtimeError(c, 413, 'payload_too_large', RUNTIME_MESSAGES.bodyTooLarge),
    }),
    createMiddleware(async (c, next) => {
      if (!/^application\/([\w.+-]+\+)?json\b/i.test(c.req.header('content-type') ?? '')) {
        return runtimeError(c, 415, 'unsupported_media_type', RUNTIME_MESSAGES.jsonRequired);
      }
      const text = await c.req.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return runtimeError(c, 400, 'malformed_json', RUNTIME_MESSAGES.malformedJson);
      }
      const problem = findTextProblem(body);
      if (problem?.kind === 'too-deep') return runtimeError(c, 400, 'too_deep', 'The JSON body is nested too deep.');
      if (problem) {
        return runtimeError(c, 400, 'control_characters', 'Text may not hold control or direction characters.', {
          path: problem.path,
        });
      }
      await next();
    }),
  ];

  /** A player (or popup) token of a game whose SDK key it was made with. */
  const playerAuth = createMiddleware<RuntimeEnv>(async (c, next) => {
    const header = requestHeader(c, 'authorization') ?? '';
    const match = /^Bearer ([A-Za-z0-9._-]{1,1024})$/.exec(header);
    if (!match) return runtimeError(c, 401, 'missing_token', RUNTIME_MESSAGES.tokenMissing);
    const claims = tokens.verify(match[1]!, deps.now());
    const found = claims ? await games.byId(claims.g) : null;
    if (!claims || !found || found.keyTag !== claims.k) {
      return runtimeError(c, 401, 'invalid_token', RUNTIME_MESSAGES.tokenInvalid);
    }
    if (!found.enabled) return runtimeError(c, 403, 'game_disabled', RUNTIME_MESSAGES.gameDisabled);
    charge(c, [
      { key: `p:${claims.p}`, budget: limits.perPlayer },
      { key: `k:${found.id}`, budget: limits.perKey },
    ]);
    c.set('player', claims);
    c.set('game', found);
    await next();
  });
  /** Everything but a claim needs a player token: a popup token may only claim its own config. */
  const playerOnly = createMiddleware<RuntimeEnv>(async (c, next) => {
    if (c.get('player').t !== 'player') return runtimeError(c, 403, 'token_scope', RUNTIME_MESSAGES.tokenScope);
    await next();
  });

  const popupUrl = (
    config: RuntimeConfig,
    claims: PlayerTokenClaims,
    state: DailyRewardStatus,
    variantId: string | null,
  ): string => {
    const token = tokens.sign({
      t: 'popup',
      g: claims.g,
      p: claims.p,
      k: claims.k,
      c: config.id,
      e: Math.floor(deps.now() / 1000) + POPUP_TOKEN_TTL_SECONDS,
      ...(claims.z ? { z: claims.z } : {}),
      ...(claims.i ? { i: claims.i } : {}),
    });
    const session = encodePopupSession({
      v: 1,
      api: apiBase,
      token,
      configId: config.id,
      day: state.day,
      streak: state.streak,
      claimable: state.claimable,
      nextClaimAt: state.nextClaimAt === null ? null : iso(state.nextClaimAt),
    });
    // A variant's own page in the release; the control's (and a variant a rolled-back release lacks) is the config's.
    const page = config.experiment?.variants.find((variant) => variant.id === variantId)?.htmlUrl ?? config.htmlUrl;
    return `${pageAddress(page, state.day, state.streak)}#${session}`;
  };

  /** A page's address as its URL writes it, for pages without a query or fragment of their own; else null. */
  const plainPages = new Map<string, string | null>();
  /** The page with today's index and streak in its query (a list makes one per config: parsed once a page). */
  const pageAddress = (page: string, day: number, streak: number): string => {
    let plain = plainPages.get(page);
    if (plain === undefined) {
      const url = new URL(page);
      // An empty '?' or '#' has no search or hash, but stays in the address: such pages take the long way too.
      plain = /[?#]/.test(url.href) ? null : url.href;
      if (plainPages.size >= 10_000) plainPages.clear();
      plainPages.set(page, plain);
    }
    if (plain !== null) return `${plain}?todayIndex=${day}&streak=${streak}`;
    const url = new URL(page);
    url.searchParams.set('todayIndex', String(day));
    url.searchParams.set('streak', String(streak));
    return url.toString();
  };

  const packOf = (found: RuntimeGame, config: RuntimeConfig, day: number): DailyRewardState['pack'] => {
    const packId = config.published.rewards.find((reward) => reward.day === day)?.packId;
    const pack = packId ? config.published.packs.find((p) => p.id === packId) : undefined;
    if (!pack) return null;
    return {
      id: pack.id,
      key: found.packKeys.get(pack.id) ?? null,
      name: pack.name,
      contents: (pack.contents ?? []).map((entry) => {
        const known = found.items.get(entry.itemId);
        return {
          itemId: entry.itemId,
          key: known?.key ?? null,
          name: known?.name ?? null,
          type: known?.type ?? null,
          quantity: entry.quantity,
        };
      }),
      iconId: pack.iconId,
      assetUrl: pack.assetUrl,
    };
  };

  const stateOf = (
    found: RuntimeGame,
    config: RuntimeConfig,
    status: DailyRewardStatus,
    popup: string | null,
    variantId: string | null,
  ): DailyRewardState => ({
    configId: config.id,
    name: config.name,
    day: status.day,
    streak: status.streak,
    claimable: status.claimable,
    nextClaimAt: status.nextClaimAt === null ? null : iso(status.nextClaimAt),
    resetsAt: iso(status.resetsAt),
    dayStart: config.settings.dayStart,
    missedDay: config.settings.missedDay,
    pack: packOf(found, config, status.day),
    targeting: targetingState(config),
    popupUrl: popup,
    variantId,
  });

  const itemsOf = (found: RuntimeGame, balances: Balance[]) =>
    balances.map((b) => {
      const known = found.items.get(b.itemId);
      return {
        itemId: b.itemId,
        key: known?.key ?? null,
        name: known?.name ?? null,
        type: known?.type ?? null,
        amount: b.amount,
      };
    });

  /** Balances or changes with each item's key beside its id (decision 051). */
  const withKeys = <T extends { itemId: string }>(found: RuntimeGame, entries: T[]) =>
    entries.map(({ itemId, ...rest }) => ({ itemId, key: found.items.get(itemId)?.key ?? null, ...rest }));

  /** The server-signed calls of the game's backend: the game by its key, the signature by its server secret. */
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
    charge(c, [{ key: `k:${found.id}`, budget: limits.perKey }]);
    // A signature is accepted once, on any instance, while its timestamp is (decision 057).
    const expiresAt = (Number(timestamp) + SERVER_SIGNATURE_TOLERANCE_SECONDS) * 1000;
    if (!(await signatures.firstUse(signature, expiresAt))) {
      return runtimeError(c, 401, 'signature_replayed', RUNTIME_MESSAGES.serverSignatureReplayed);
    }
    c.set('game', found);
    await next();
  });

  // The area's policy (decision 013): any origin may call it, without credentials (CORS), and nothing of it is
  // cached, framed or rendered. Set with c.header() before any answer is built, so the answer is built once with
  // them (setting them on a finished Response, or having CORS build one early, was a tenth of a claim's CPU).
  const areaHeaders = Object.entries({
    ...baseHeaders(deps.config),
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
    'Cache-Control': 'no-store',
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': 'Retry-After',
  });
  const preflightHeaders = Object.entries({
    'Access-Control-Allow-Methods': 'GET,POST,OPTIONS',
    'Access-Control-Allow-Headers':
      'Authorization,Content-Type,Idempotency-Key,X-LiveOps-Key,X-LiveOps-Timestamp,X-LiveOps-Signature',
    'Access-Control-Max-Age': '86400',
  });
  app.use('*', async (c, next) => {
    for (const [name, value] of areaHeaders) c.header(name, value);
    if (c.req.method === 'OPTIONS') {
      for (const [name, value] of preflightHeaders) c.header(name, value);
      return c.body(null, 204);
    }
    await next();
  });

  app.use('/sessions', ...jsonBody);
  app.use('/server/*', ...jsonBody);
  // A wildcard also matches the path without it ('/inventory/*' is '/inventory' too): one middleware a path, so a
  // request is counted once.
  app.use('/daily-rewards/*', playerAuth);
  app.use('/daily-rewards', playerOnly);
  app.use('/inventory/*', playerAuth, playerOnly);
  app.use('/server/*', serverAuth);
  registerEventRoutes(app, {
    db: deps.db,
    now: deps.now,
    playerAuth,
    chargeEvents: (c, playerId, count, bytes) => {
      // The request itself was charged by playerAuth; this is what it would store (decision 057).
      const budgets = limits.playerEvents;
      take(c, [
        { key: `ec:${playerId}`, budget: budgets.perMinute, cost: count },
        { key: `eb:${playerId}`, budget: budgets.bytesPerMinute, cost: bytes },
        { key: `ed:${playerId}`, budget: budgets.perDay, cost: count },
        { key: `ef:${playerId}`, budget: budgets.bytesPerDay, cost: bytes },
      ]);
    },
    storedVariantOf: (playerRef, experimentId) => assignments.storedVariantOf(playerRef, experimentId),
  });

  app.openapi(sessionRoute, async (c) => {
    const input = c.req.valid('json');
    const now = deps.now();
    const found = await games.bySdkKey(input.sdkKey);
    if (!found) refuse(401, 'unknown_sdk_key', RUNTIME_MESSAGES.sdkKeyUnknown);
    if (!found.enabled) refuse(403, 'game_disabled', RUNTIME_MESSAGES.gameDisabled);
    const requested = input.timeZone === undefined ? undefined : canonicalTimeZone(input.timeZone);
    if (requested === null) {
      refuse(400, 'validation_error', RUNTIME_MESSAGES.timeZoneInvalid, {
        issues: [{ path: 'timeZone', message: RUNTIME_MESSAGES.timeZoneInvalid }],
      });
    }
    if (found.requireSignedPlayerIds || input.playerSignature !== undefined) {
      if (input.playerSignature === undefined) {
        refuse(401, 'signature_required', RUNTIME_MESSAGES.signatureRequired);
      }
      if (!verifyPlayerSignature(input.playerSignature, input.playerId, found.serverSecret, now)) {
        refuse(401, 'invalid_signature', RUNTIME_MESSAGES.signatureInvalid);
      }
    }
    const address = clientIp(c, deps.config.trustProxy);
    charge(c, [
      // New players and sign-ins from one address (decision 057): a script minting players meets this first.
      ...(address === null ? [] : [{ key: `sa:${address}`, budget: limits.sessionsPerAddress }]),
      { key: `s:${found.id}:${input.playerId}`, budget: limits.perPlayer },
      { key: `k:${found.id}`, budget: limits.perKey },
    ]);
    // Custom attributes are read against the game's declarations: what does not fit is ignored and reported.
    const sent = readSentAttributes(input.attributes, found.customAttributes);
    /** A player signed in before: this session is counted, then their zone and segments are decided. */
    const returning = async (known: NonNullable<Awaited<ReturnType<typeof recordSession>>>) => {
      let player = known.player;
      lastClaims.setPlayer(player.id, known.lastClaims, now);
      // A new zone may bring the next day of a reward counted from the player's midnight forward a few hours only
      // (decision 057): checked against their last claims (a test player's clock is the studio's to move).
      const claimed: ClaimedDate[] = [];
      if (requested !== undefined && requested !== player.timeZone && !testerTokenClaims(found, input.playerId).i) {
        for (const [configId, last] of known.lastClaims) {
          const config = found.configs.find((candidate) => candidate.id === configId);
          if (last && config?.settings.dayStart.kind === 'player_midnight') claimed.push(last);
        }
      }
      const zone = effectiveTimeZone(
        { timeZone: player.timeZone, changedAt: player.timeZoneChangedAt },
        requested,
        now,
        claimed,
      );
      const evaluated = evaluatePlayer(found.segments, found.customAttributes, player, now);
      // Counting the session was one statement; a second one only when the zone or the segments changed.
      if (zone.changed || !sameSegments(evaluated.matched, player.matchedSegments)) {
        player = await updatePlayer(deps.db, player, {
          timeZone: zone.timeZone,
          timeZoneChangedAt: zone.changedAt,
          matchedSegments: evaluated.matched,
        });
      }
      return { player, evaluated };
    };
    const known = await recordSession(deps.db, found.id, input.playerId, { attributes: sent.accepted, now });
    let session: { player: PlayerRecord; evaluated: ReturnType<typeof evaluatePlayer> };
    if (known) {
      session = await returning(known);
    } else {
      const zone = effectiveTimeZone(null, requested, now);
      const evaluated = evaluatePlayer(
        found.segments,
        found.customAttributes,
        { attributes: sent.accepted, sessionCount: 1, createdAt: now },
        now,
      );
      const created = await createPlayer(deps.db, {
        gameId: found.id,
        playerId: input.playerId,
        timeZone: zone.timeZone,
        attributes: sent.accepted,
        matchedSegments: evaluated.matched,
        baseAmounts: [...found.items.values()]
          .filter((i) => i.enabled && i.baseAmount > 0)
          .map((i) => ({ itemId: i.id, amount: i.baseAmount })),
        now,
      });
      if (created) {
        lastClaims.setPlayer(created.id, new Map(), now);
        session = { player: created, evaluated };
      } else {
        // Created by another request at the same moment: that one's player is this one, and this is a session too.
        const again = await recordSession(deps.db, found.id, input.playerId, { attributes: sent.accepted, now });
        if (!again) throw new Error('player neither created nor found');
        session = await returning(again);
      }
    }
    const { player, evaluated } = session;
    if (deps.sessionAnalytics) {
      // Active today, for the config the player gets now (decided in memory, as the list would): no statement here.
      const at = now + testerOffset(found, { p: player.id, ...testerTokenClaims(found, input.playerId) });
      const gets =
        selectDailyReward(liveCandidates(found.configs, at).candidates, evaluated.matched, at)?.config.id ?? null;
      deps.sessionAnalytics.record(found.id, player.id, gets, now);
    }
    const expires = Math.floor(now / 1000) + PLAYER_TOKEN_TTL_SECONDS;
    const token = tokens.sign({
      t: 'player',
      g: found.id,
      p: player.id,
      k: found.keyTag,
      e: expires,
      z: player.timeZone,
      ...testerTokenClaims(found, input.playerId),
    });
    return c.json(
      {
        token,
        expiresAt: iso(expires * 1000),
        player: {
          playerId: player.playerId,
          timeZone: player.timeZone,
          attributes: evaluated.attributes,
          createdAt: iso(player.createdAt),
          sessionCount: player.sessionCount,
          daysSinceInstall: evaluated.daysSinceInstall,
        },
        ignoredAttributes: sent.ignored,
      },
      200,
    );
  });

  app.openapi(listRoute, async (c) => {
    const claims = c.get('player');
    const found = c.get('game');
    const now = deps.now();
    // A test player's day follows their own clock; the instants answered are real ones (decision 040).
    const offset = testerOffset(found, claims);
    // The one config that applies to the player now (decision 038), read with all it is decided on in one read.
    const { candidates, param, empty } = liveCandidates(found.configs, now + offset);
    const states: DailyRewardState[] = [];
    if (candidates.length) {
      const context = await listContext(deps.db, claims.p, param);
      const config = selectDailyReward(candidates, context.matchedSegments, now + offset)?.config;
      if (config) {
        // The statement picked the config by the same rule; should they ever differ, this one's claim is read.
        const last =
          context.picked === config.id ? context.last : (await claimContext(deps.db, claims.p, config.id, null)).last;
        // Remembered for the claim that may follow, of this config only (the one the player may claim).
        lastClaims.set(claims.p, config.id, last, now);
        const status = onServerClock(
          dailyRewardStatus(last, now + offset, config.settings, context.timeZone ?? 'UTC'),
          offset,
        );
        const variantId = await variantOf(claims, config, now);
        states.push(stateOf(found, config, status, popupUrl(config, claims, status, variantId), variantId));
      }
    }
    if (states.length) return c.json({ dailyRewards: states, reason: null, nextStartsAt: null }, 200);
    // Known from the configs alone (not_targeted: configs are live now, so segments left the player out).
    return c.json(
      {
        dailyRewards: states,
        reason: empty.reason,
        // A tester's clock runs ahead (decision 040): the start is answered on the server's clock.
        nextStartsAt: empty.nextStartsAt === null ? null : iso(empty.nextStartsAt - offset),
      },
      200,
    );
  });

  // The hottest write: its two small inputs are checked here with the route's own schemas, in one synchronous pass,
  // rather than by two validator middlewares (each a promise, and the header's a copy of every header); the route
  // is documented from the same schemas.
  app.openAPIRegistry.registerPath(claimRoute);
  app.post('/daily-rewards/:configId/claim', async (c) => {
    const claims = c.get('player');
    const found = c.get('game');
    const params = claimParams.safeParse({ configId: c.req.param('configId') });
    if (!params.success) return invalidInput(c, params.error);
    const headers = idempotencyHeader.safeParse({ 'idempotency-key': requestHeader(c, 'idempotency-key') });
    if (!headers.success) return invalidInput(c, headers.error);
    const { configId } = params.data;
    const key = headers.data['idempotency-key'];
    if (!key) refuse(400, 'idempotency_key_required', RUNTIME_MESSAGES.idempotencyKeyRequired);
    if (claims.t === 'popup' && claims.c !== configId) {
      refuse(403, 'token_scope', RUNTIME_MESSAGES.tokenScope);
    }
    const config = found.configs.find((candidate) => candidate.id === configId);
    if (!config) refuse(404, 'not_found', RUNTIME_MESSAGES.configNotFound);
    const offset = testerOffset(found, claims);
    // The player's stored variant (a list assigns it; a claim, which may be refused, writes none): no statement
    // when this instance knows them or the config runs no test.
    const variantId = config.experiment ? await assignments.storedVariantOf(claims.p, config.experiment.id) : null;

    /**
     * Decides and grants. Optimistic when this instance knows the player's last claim and zone (a session or a list
     * just read them): one statement, whose unique (player, config, seq) and (player, key) refuse it if that
     * knowledge was stale or the key was used; then, and whenever the claim is not possible, everything is read.
     */
    const attempt = async (optimistic: boolean, tries = 0) => {
      const now = deps.now();
      // Whether the config is the player's now (decision 038): decided from memory when no segment decides it.
      const targeted = claimTargeting(found.configs, configId, now + offset);
      const known =
        optimistic && targeted === 'applies' && claims.z ? lastClaims.get(claims.p, configId, now) : undefined;
      let last: LastClaim | null;
      let timeZone: string;
      if (known !== undefined && claims.z) {
        last = known;
        timeZone = claims.z;
      } else {
        const context = await claimContext(deps.db, claims.p, configId, key);
        if (context.replay) {
          if (context.replay.configId !== configId) {
            refuse(422, 'idempotency_key_reused', RUNTIME_MESSAGES.idempotencyKeyReused);
          }
          c.header('Content-Type', 'application/json');
          return c.body(context.replay.response, 200);
        }
        // A retry of a claim made before is answered above; a new claim must be of the player's config now.
        if (
          targeted === 'not_applicable' ||
          (targeted === 'depends_on_segments' &&
            selectDailyReward(found.configs, context.matchedSegments, now + offset)?.config.id !== configId)
        ) {
          refuse(409, 'not_targeted', RUNTIME_MESSAGES.notTargeted);
        }
        last = context.last;
        timeZone = context.timeZone ?? 'UTC';
        lastClaims.set(claims.p, configId, last, now);
      }
      const decided = claimDailyReward(last, now + offset, config.settings, timeZone);
      if (!decided.ok) {
        // Known from memory only: a retry of today's claim must get its answer, so ask the database.
        if (known !== undefined) return attempt(false, tries + 1);
        refuse(409, 'already_claimed', RUNTIME_MESSAGES.alreadyClaimed, {
          nextClaimAt: iso(decided.nextClaimAt - offset),
        });
      }
      const pack = packOf(found, config, decided.claim.cycleDay);
      if (!pack) refuse(409, 'day_not_configured', RUNTIME_MESSAGES.dayNotConfigured);
      const granted = pack.contents.map((entry) => ({
        itemId: entry.itemId,
        key: entry.key,
        quantity: entry.quantity,
      }));
      const answer: Omit<ClaimResponse, 'balances'> & { balances: string } = {
        day: decided.claim.cycleDay,
        packId: pack.id,
        packKey: pack.key,
        granted,
        balances: BALANCES_MARK,
        // The stored answer holds no token: its popupUrl is null.
        dailyReward: stateOf(found, config, onServerClock(decided.status, offset), null, variantId),
      };
      const text = await claimWriter.write(
        {
          playerRef: claims.p,
          configId,
          seq: decided.claim.seq,
          dayKey: decided.claim.dayKey,
          cycleDay: decided.claim.cycleDay,
          streak: decided.claim.streak,
          packId: pack.id,
          idempotencyKey: key,
          granted,
          itemKeys: found.itemKeys,
          now,
        },
        JSON.stringify(answer),
      );
      if (text === null) {
        // Another claim of the player won the race, or this key was used (a retry): decide again from the database.
        lastClaims.forget(claims.p, configId);
        // A re-read sees the claim that won (its row was committed), so this ends within a try or two.
        if (tries < 3) return attempt(false, tries + 1);
        throw new Error(`claims of player ${claims.p} kept meeting newer ones`);
      }
      lastClaims.set(claims.p, configId, decided.claim, now);
      // The stored answer is already the JSON to send: sent as it is, not parsed and written again.
      c.header('Content-Type', 'application/json');
      return c.body(text, 200);
    };

    return attempt(true);
  });

  app.openapi(inventoryRoute, async (c) => {
    const found = c.get('game');
    const balances = await balancesOf(deps.db, c.get('player').p);
    return c.json({ balances: itemsOf(found, balances) }, 200);
  });

  app.openapi(ledgerRoute, async (c) => {
    const query = c.req.valid('query');
    const limit = query.limit ?? 50;
    const entries = await ledgerOf(deps.db, c.get('player').p, limit + 1, query.before ?? null);
    const page = entries.slice(0, limit);
    return c.json(
      {
        entries: withKeys(c.get('game'), page).map((entry) => ({
          ...entry,
          reason: entry.reason as (typeof page)[number]['reason'],
        })),
        nextBefore: entries.length > limit ? (page.at(-1)?.id ?? null) : null,
      } as z.infer<typeof LedgerResponseSchema>,
      200,
    );
  });

  for (const kind of ['grant', 'consume'] as const) {
    app.openapi(walletRoute(kind), async (c) => {
      const found = c.get('game');
      const input = c.req.valid('json');
      const key = c.req.valid('header')['idempotency-key'];
      if (!key) refuse(400, 'idempotency_key_required', RUNTIME_MESSAGES.idempotencyKeyRequired);
      const requestHash = createHash('sha256')
        .update(`${kind}\n${JSON.stringify(input)}`)
        .digest('hex');
      const replay = async () => {
        const done = await findWalletOperation(deps.db, found.id, key);
        if (!done) return null;
        if (done.requestHash !== requestHash) {
          refuse(422, 'idempotency_key_reused', RUNTIME_MESSAGES.idempotencyKeyReused);
        }
        return c.json(done.response as z.infer<typeof ServerWalletResponseSchema>, 200);
      };
      const earlier = await replay();
      if (earlier) return earlier;
      // Each item by its id or by its studio key (decision 051).
      const changes = input.items.map((entry) => {
        const named = entry.key === undefined ? found.items.get(entry.itemId!) : found.itemsByKey.get(entry.key);
        if (!named) {
          if (entry.key === undefined) {
            refuse(422, 'unknown_item', RUNTIME_MESSAGES.unknownItem, { itemId: entry.itemId });
          }
          refuse(422, 'unknown_item', RUNTIME_MESSAGES.unknownItemKey, { key: entry.key });
        }
        return { itemId: named.id, key: named.key, quantity: kind === 'grant' ? entry.quantity : -entry.quantity };
      });
      if (new Set(changes.map((change) => change.itemId)).size !== changes.length) {
        refuse(400, 'validation_error', RUNTIME_MESSAGES.itemNamedTwice);
      }
      const player = await findPlayer(deps.db, found.id, input.playerId);
      if (!player) refuse(404, 'player_unknown', RUNTIME_MESSAGES.playerUnknown);
      try {
        const body = await writeWalletOperation(
          deps.db,
          {
            gameId: found.id,
            playerRef: player.id,
            idempotencyKey: key,
            requestHash,
            reason: kind === 'grant' ? 'server_grant' : 'server_consume',
            changes,
            now: deps.now(),
          },
          (balances) => ({ playerId: player.playerId, changed: changes, balances: withKeys(found, balances) }),
        );
        return c.json(body as z.infer<typeof ServerWalletResponseSchema>, 200);
      } catch (error) {
        const state = databaseErrorCode(error);
        if (state === '23514' || error instanceof InsufficientBalanceError) {
          refuse(409, 'insufficient_balance', RUNTIME_MESSAGES.insufficientBalance);
        }
        if (state === '23505') {
          const raced = await replay();
          if (raced) return raced;
        }
        throw error;
      }
    });
  }

  app.openAPIRegistry.registerComponent('securitySchemes', 'playerToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'The token of POST /v1/sessions (or a popup token, which may only claim its own config).',
  });
  for (const [name, header, description] of [
    ['serverKey', 'X-LiveOps-Key', 'The game’s SDK key.'],
    ['serverTimestamp', 'X-LiveOps-Timestamp', 'Unix seconds, within 5 minutes of the server’s clock.'],
    [
      'serverSignature',
      'X-LiveOps-Signature',
      'Hex HMAC-SHA256 of "<timestamp>.<METHOD>.<path>.<Idempotency-Key>.<body>" with the game’s server secret; each signature is accepted once.',
    ],
  ] as const) {
    app.openAPIRegistry.registerComponent('securitySchemes', name, {
      type: 'apiKey',
      in: 'header',
      name: header,
      description,
    });
  }
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'LiveOps player runtime',
      version: '1',
      description:
        'The API a game calls with its SDK key: player sessions, server-authoritative daily rewards and the wallet. See docs/game-integration.md.',
    },
    servers: [{ url: apiBase }],
  });

  // Anything else under /v1 is the runtime's 404, never the dashboard's page.
  app.all('/*', (c) => runtimeError(c, 404, 'not_found', RUNTIME_MESSAGES.notFound));
  app.onError((error, c) => {
    if (error instanceof RuntimeRefusal) {
      if (error.retryAfter) c.header('Retry-After', String(error.retryAfter));
      return runtimeError(c, error.status, error.code, error.message, error.extra);
    }
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return runtimeError(c, status, status === 413 ? 'payload_too_large' : 'bad_request', error.message);
    }
    const state = databaseErrorCode(error);
    const where = `${c.req.method} ${new URL(c.req.url).pathname}`;
    // No database to ask (issue 35 item 5): nothing was decided, so the SDK, the popup and proxies try again.
    if (isDatabaseUnavailable(error)) {
      deps.logger.warn(`${where}: the database is unavailable:`, error);
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return runtimeError(c, 503, 'unavailable', RUNTIME_MESSAGES.unavailable);
    }
    if (state?.startsWith('22')) {
      deps.logger.warn(`${where} sent a value the database refused:`, error);
      return runtimeError(c, 400, 'unstorable_value', 'A value could not be stored. Check the input.');
    }
    // The game or player was deleted while the request ran.
    if (state === '23503') return runtimeError(c, 404, 'not_found', RUNTIME_MESSAGES.notFound);
    deps.logger.error(`${where} failed:`, error);
    return runtimeError(c, 500, 'internal', RUNTIME_MESSAGES.internal);
  });

  return { routes: app, close: () => limiter.close() };
}

/** Re-exported for tests: a runtime token's claims type, and a fresh idempotency key. */
export type { PlayerTokenClaims };
export const newIdempotencyKey = () => randomUUID();
