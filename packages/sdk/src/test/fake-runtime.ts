import { eventBatchSchema } from '@liveops/domain/analytics';
import {
  ClaimResponseSchema,
  CreateSessionRequestSchema,
  CreateSessionResponseSchema,
  DailyRewardListResponseSchema,
  IdempotencyKeySchema,
  InventoryResponseSchema,
  LedgerQuerySchema,
  LedgerResponseSchema,
  RUNTIME_MESSAGES,
  RuntimeErrorSchema,
} from '@liveops/domain/runtime-api';
import type { FetchInit, FetchLike } from '../transport.js';
import type { ClaimResult, DailyRewardState, Session } from '../types.js';

export const BASE_URL = 'https://dash.example/v1';
export const SDK_KEY = 'CSDK-ABCDEFGH12345678';
export const CONFIG_ID = 'dr_launch_week';
export const POPUP_ORIGIN = 'https://cdn.example';
export const NEXT_DAY = '2026-11-23T00:00:00.000Z';

export type RecordedCall = { method: string; path: string; headers: Record<string, string>; body: unknown };
/** What a scripted answer does instead of the runtime: answer this, or fail as a network would. */
export type Scripted = { status: number; body?: unknown; text?: string; headers?: Record<string, string> } | 'network';

/**
 * A stand-in for the `/v1` runtime, answering as the contract says (packages/domain's runtime-api.ts, whose
 * schemas check every request it takes and every answer it gives): sessions, one daily reward claimable once,
 * idempotent claims, the wallet and its ledger, event batches (each id counted once). Answers can be scripted ahead of it (`script`), and its tokens
 * revoked (`expireTokens`), as the real server's expire.
 */
export function fakeRuntime() {
  const calls: RecordedCall[] = [];
  const scripted: Scripted[] = [];
  const tokens = new Set<string>();
  const claimsByKey = new Map<string, { status: number; body: unknown }>();
  const eventIds = new Set<string>();
  let tokenCount = 0;
  let grants = 0;
  let coins = 100;
  /** Set by `listNothing`: the player gets no daily reward, for this reason. */
  let empty: { reason: 'none_published' | 'not_scheduled' | 'not_targeted'; nextStartsAt: string | null } | null = null;

  const state = (): DailyRewardState => ({
    configId: CONFIG_ID,
    name: 'Launch Week',
    day: 1,
    streak: grants,
    claimable: grants === 0,
    nextClaimAt: grants ? NEXT_DAY : null,
    resetsAt: NEXT_DAY,
    dayStart: { kind: 'player_midnight' },
    missedDay: 'keep_progress',
    pack: {
      id: 'coins',
      key: 'coins',
      name: 'Coins',
      contents: [{ itemId: 'coin', key: 'coin', name: 'Coin', type: 'currency', quantity: 50 }],
      iconId: 'coin',
      assetUrl: null,
    },
    targeting: null,
    popupUrl: `${POPUP_ORIGIN}/packs/g1/releases/3/daily_rewards/${CONFIG_ID}/daily_rewards.html?token=popup`,
    variantId: null,
  });

  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  const refuse = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
    answer(status, RuntimeErrorSchema.parse({ code, message, ...extra }));

  const route = (method: string, path: string, init: FetchInit, body: unknown): Response => {
    if (method === 'POST' && path === '/sessions') {
      const request = CreateSessionRequestSchema.safeParse(body);
      if (!request.success) return refuse(400, 'validation_error', 'The request is not valid.');
      if (request.data.sdkKey !== SDK_KEY) return refuse(401, 'sdk_key_unknown', RUNTIME_MESSAGES.sdkKeyUnknown);
      const token = `v1.token-${++tokenCount}.sig`;
      tokens.add(token);
      const session: Session = {
        token,
        expiresAt: '2026-11-22T13:00:00.000Z',
        player: {
          playerId: request.data.playerId,
          timeZone: request.data.timeZone ?? 'UTC',
          attributes: request.data.attributes ?? {},
          createdAt: '2026-11-01T09:00:00.000Z',
          sessionCount: tokenCount,
          daysSinceInstall: 21,
        },
        ignoredAttributes: [],
      };
      return answer(200, CreateSessionResponseSchema.parse(session));
    }
    const bearer = /^Bearer (.+)$/.exec(init.headers.Authorization ?? '')?.[1];
    if (!bearer) return refuse(401, 'token_missing', RUNTIME_MESSAGES.tokenMissing);
    if (!tokens.has(bearer)) return refuse(401, 'invalid_token', RUNTIME_MESSAGES.tokenInvalid);

    if (method === 'GET' && path === '/daily-rewards') {
      return answer(
        200,
        DailyRewardListResponseSchema.parse(
          empty ? { dailyRewards: [], ...empty } : { dailyRewards: [state()], reason: null, nextStartsAt: null },
        ),
      );
    }
    const claimPath = /^\/daily-rewards\/([^/]+)\/claim$/.exec(path);
    if (method === 'POST' && claimPath) {
      const key = IdempotencyKeySchema.safeParse(init.headers['Idempotency-Key']);
      if (!key.success) return refuse(400, 'validation_error', RUNTIME_MESSAGES.idempotencyKeyRequired);
      const replay = claimsByKey.get(key.data);
      if (replay) return answer(replay.status, replay.body);
      if (decodeURIComponent(claimPath[1]!) !== CONFIG_ID)
        return refuse(404, 'not_found', RUNTIME_MESSAGES.configNotFound);
      if (grants > 0) {
        return refuse(409, 'already_claimed', RUNTIME_MESSAGES.alreadyClaimed, { nextClaimAt: NEXT_DAY });
      }
      grants += 1;
      coins += 50;
      const result: ClaimResult = ClaimResponseSchema.parse({
        day: 1,
        packId: 'coins',
        packKey: 'coins',
        granted: [{ itemId: 'coin', key: 'coin', quantity: 50 }],
        balances: [{ itemId: 'coin', key: 'coin', amount: coins }],
        dailyReward: state(),
      });
      claimsByKey.set(key.data, { status: 200, body: result });
      return answer(200, result);
    }
    if (method === 'POST' && path === '/events') {
      const batch = eventBatchSchema(Date.now()).safeParse(body);
      if (!batch.success) return refuse(400, 'validation_error', batch.error.issues[0]?.message ?? 'Not a batch.');
      let accepted = 0;
      for (const event of batch.data.events) {
        if (!eventIds.has(event.id)) accepted += 1;
        eventIds.add(event.id);
      }
      return answer(200, { accepted, duplicates: batch.data.events.length - accepted });
    }
    if (method === 'GET' && path === '/inventory') {
      return answer(
        200,
        InventoryResponseSchema.parse({
          balances: [{ itemId: 'coin', key: 'coin', name: 'Coin', type: 'currency', amount: coins }],
        }),
      );
    }
    if (method === 'GET' && path.startsWith('/inventory/ledger')) {
      const query = Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? ''));
      if (!LedgerQuerySchema.safeParse(query).success)
        return refuse(400, 'validation_error', 'The query is not valid.');
      return answer(
        200,
        LedgerResponseSchema.parse({
          entries: [
            {
              id: '7',
              itemId: 'coin',
              key: 'coin',
              amount: 100,
              reason: 'base_amount',
              configId: null,
              day: null,
              createdAt: '2026-11-01T09:00:00.000Z',
            },
          ],
          nextBefore: null,
        }),
      );
    }
    return refuse(404, 'not_found', RUNTIME_MESSAGES.notFound);
  };

  const fetch: FetchLike = (url, init) => {
    if (!url.startsWith(`${BASE_URL}/`)) throw new Error(`the fake runtime was called outside ${BASE_URL}: ${url}`);
    const path = url.slice(BASE_URL.length);
    const body = init.body === undefined ? undefined : (JSON.parse(init.body) as unknown);
    calls.push({ method: init.method, path, headers: { ...init.headers }, body });
    const next = scripted.shift();
    if (next === 'network') return Promise.reject(new TypeError('fetch failed'));
    if (next) {
      const text = next.text ?? (next.body === undefined ? '' : JSON.stringify(next.body));
      return Promise.resolve(new Response(text, { status: next.status, headers: next.headers }));
    }
    return Promise.resolve(route(init.method, path, init, body));
  };

  return {
    fetch,
    calls,
    /** The next answers, in order, before the runtime answers again. */
    script: (...answers: Scripted[]) => scripted.push(...answers),
    /** Every token issued so far stops working, as an expired or rotated one does. */
    expireTokens: () => tokens.clear(),
    /** From now on the player gets no daily reward, and the list says why. */
    listNothing: (why: NonNullable<typeof empty>) => {
      empty = why;
    },
    /** How many claims granted a pack. */
    grants: () => grants,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}
