import { createRoute } from '@hono/zod-openapi';
import {
  CreateSessionRequestSchema,
  CreateSessionResponseSchema,
  PLAYER_TOKEN_TTL_SECONDS,
  RUNTIME_BODY_MAX_BYTES,
  RUNTIME_MESSAGES,
} from '@liveops/domain/runtime-api';
import { canonicalTimeZone, effectiveTimeZone, type ClaimedDate } from '@liveops/domain/shared';
import { selectDailyReward } from '@liveops/domain/targeting';
import type { Db } from '../db/database';
import { iso } from '../db/rows';
import type { Config } from '../env';
import { clientIp } from '../http/client-ip';
import type { SessionAnalytics } from '../analytics/analytics-sessions';
import { errorResponses, refuse } from './area/errors';
import { jsonBody } from './area/json-body';
import type { RuntimeArea } from './area/runtime-area';
import type { LastClaims } from './last-claims';
import type { RuntimeLimits } from './rate-limits';
import type { RuntimeGames } from './runtime-games';
import { evaluatePlayer, readSentAttributes, sameSegments } from '../segments/player-segments';
import { createPlayer, recordSession, updatePlayer, type PlayerRecord } from './store';
import { liveCandidates } from './targeting';
import { testerOffset, testerTokenClaims } from './testers';
import { verifyPlayerSignature, type TokenSigner } from './tokens';

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

/**
 * `POST /sessions`: signs a player in with the game's SDK key (and their signature when the game requires one),
 * creating them on first sight with their starting amounts; their zone and segments are decided here, once a
 * session, for the calls their token then makes (decisions 038 and 057).
 */
export function registerSessionRoutes(
  area: RuntimeArea,
  deps: {
    db: Db;
    now: () => number;
    games: RuntimeGames;
    config: Pick<Config, 'trustProxy'>;
    limits: RuntimeLimits;
    tokens: TokenSigner;
    lastClaims: LastClaims;
    /** Sessions into the analytics, gathered in memory and written every second (decision 047). */
    sessionAnalytics?: Pick<SessionAnalytics, 'record'>;
  },
) {
  const { app } = area;
  const { limits, lastClaims } = deps;
  app.use('/sessions', ...jsonBody(RUNTIME_BODY_MAX_BYTES));

  app.openapi(sessionRoute, async (c) => {
    const input = c.req.valid('json');
    const now = deps.now();
    const found = await deps.games.bySdkKey(input.sdkKey);
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
    area.charge(c, [
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
          if (config?.settings.dayStart.kind === 'player_midnight') claimed.push(last);
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
    const token = deps.tokens.sign({
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
}
