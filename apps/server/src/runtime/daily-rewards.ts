import { createRoute, z } from '@hono/zod-openapi';
import { dailyRewardStatus, decideClaim, type LoadedClaimState } from '@liveops/domain/daily-rewards';
import {
  ClaimResponseSchema,
  DailyRewardListResponseSchema,
  RUNTIME_MESSAGES,
  type ClaimResponse,
  type DailyRewardState,
} from '@liveops/domain/runtime-api';
import { claimTargeting, selectDailyReward } from '@liveops/domain/targeting';
import type { Db } from '../db/database';
import { iso } from '../db/rows';
import { requestHeader } from '../http/request-header';
import { invalidInput, errorResponses, refuse } from './area/errors';
import { bearer, idempotencyHeader } from './area/document';
import type { RuntimeArea } from './area/runtime-area';
import { createPopupUrls, packOf, stateOf } from './daily-reward-state';
import type { ExperimentAssignments } from './experiment-assignments';
import type { LastClaims } from './last-claims';
import { BALANCES_MARK, replayOf, type ClaimWriter } from '../player-ledger';
import type { RuntimeConfig } from './runtime-games';
import { claimContext, listContext } from './store';
import { liveCandidates } from './targeting';
import { onServerClock, testerOffset } from './testers';
import type { PlayerTokenClaims, TokenSigner } from './tokens';

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

/**
 * `GET /daily-rewards` and `POST /daily-rewards/{configId}/claim`: the config that applies to the player now, and
 * its claim, decided by the domain's rules on the server's clock (a tester's runs at their offset) and granted
 * through the player ledger.
 */
export function registerDailyRewardRoutes(
  area: RuntimeArea,
  deps: {
    db: Db;
    now: () => number;
    tokens: TokenSigner;
    apiBase: string;
    lastClaims: LastClaims;
    assignments: ExperimentAssignments;
    claimWriter: ClaimWriter;
  },
) {
  const { app } = area;
  const { lastClaims, assignments } = deps;
  const popupUrl = createPopupUrls(deps);
  /** The player's variant of the config's experiment in the live release (decision 046), or null without one. */
  const variantOf = (claims: PlayerTokenClaims, config: RuntimeConfig, now: number) =>
    config.experiment ? assignments.variantOf(claims.g, claims.p, config.experiment, now) : Promise.resolve(null);

  // A wildcard also matches the path without it ('/daily-rewards/*' is '/daily-rewards' too): one middleware a
  // path, so a request is counted once.
  app.use('/daily-rewards/*', area.playerAuth);
  app.use('/daily-rewards', area.playerOnly);

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
     * Loads, decides (decideClaim), and writes through the ledger. Optimistic when this instance knows the player's
     * last claim and zone (a session or a list just read them): one statement, whose unique (player, config, seq)
     * and (player, key) refuse it if that knowledge was stale or the key was used; then, and whenever memory
     * cannot decide, everything is read.
     */
    const attempt = async (optimistic: boolean, tries = 0): Promise<Response> => {
      const now = deps.now();
      // Whether the config is the player's now (decision 038): decided from memory when no segment decides it.
      const targeting = claimTargeting(found.configs, configId, now + offset);
      const known =
        optimistic && targeting === 'applies' && claims.z ? lastClaims.get(claims.p, configId, now) : undefined;
      let state: LoadedClaimState;
      if (known !== undefined && claims.z) {
        state = { from: 'memory', last: known, timeZone: claims.z };
      } else {
        const context = await claimContext(deps.db, claims.p, configId, key);
        // A retry of a claim made before is answered as it was, whatever applies now.
        const replayed = replayOf(
          context.replay && { request: context.replay.configId, response: context.replay.response },
          configId,
        );
        if (replayed?.kind === 'key-reused') {
          refuse(422, 'idempotency_key_reused', RUNTIME_MESSAGES.idempotencyKeyReused);
        }
        if (replayed) {
          c.header('Content-Type', 'application/json');
          return c.body(replayed.response, 200);
        }
        state = {
          from: 'database',
          last: context.last,
          timeZone: context.timeZone,
          matchedSegments: context.matchedSegments,
        };
      }
      const decided = decideClaim({
        configs: found.configs,
        configId,
        targeting,
        settings: config.settings,
        now: now + offset,
        state,
        packOfDay: (day) => packOf(found, config, day),
      });
      if (decided.kind === 'not_targeted') refuse(409, 'not_targeted', RUNTIME_MESSAGES.notTargeted);
      if (state.from === 'database') lastClaims.set(claims.p, configId, state.last, now);
      // Known from memory only: a retry of today's claim must get its answer, so ask the database.
      if (decided.kind === 'read_again') return attempt(false, tries + 1);
      if (decided.kind === 'already_claimed') {
        refuse(409, 'already_claimed', RUNTIME_MESSAGES.alreadyClaimed, {
          nextClaimAt: iso(decided.nextClaimAt - offset),
        });
      }
      if (decided.kind === 'day_not_configured') refuse(409, 'day_not_configured', RUNTIME_MESSAGES.dayNotConfigured);
      const { claim, pack } = decided;
      const granted = pack.contents.map((entry) => ({
        itemId: entry.itemId,
        key: entry.key,
        quantity: entry.quantity,
      }));
      const answer: Omit<ClaimResponse, 'balances'> & { balances: string } = {
        day: claim.cycleDay,
        packId: pack.id,
        packKey: pack.key,
        granted,
        balances: BALANCES_MARK,
        // The stored answer holds no token: its popupUrl is null.
        dailyReward: stateOf(found, config, onServerClock(decided.status, offset), null, variantId),
      };
      const text = await deps.claimWriter.write(
        {
          playerRef: claims.p,
          configId,
          seq: claim.seq,
          dayKey: claim.dayKey,
          cycleDay: claim.cycleDay,
          streak: claim.streak,
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
      lastClaims.set(claims.p, configId, claim, now);
      // The stored answer is already the JSON to send: sent as it is, not parsed and written again.
      c.header('Content-Type', 'application/json');
      return c.body(text, 200);
    };

    return attempt(true);
  });
}
