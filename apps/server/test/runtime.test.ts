import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { decodePopupSession } from '@liveops/domain/popup';
import {
  IDEMPOTENCY_KEY_MAX,
  RUNTIME_MESSAGES,
  SERVER_SIGNATURE_TOLERANCE_SECONDS,
  type ClaimResponse,
  type CreateSessionResponse,
  type DailyRewardState,
} from '@liveops/domain/runtime-api';
import { game, serverSignature, walletLedger } from '../src/db/schema';
import { signPlayerId, signServerRequest } from '../src/runtime/tokens';
import { signedInClient } from './support/accounts';
import { readStandInPage } from './support/page-stand-in';
import {
  createSegment,
  DAY,
  HOUR,
  publishedRuntimeGame,
  publishGame,
  RuntimeClient,
  serverCall,
  setRules,
  TestClock,
  type RuntimeGameSetup,
} from './support/runtime';
import { setTargeting } from './support/targeting';
import { TEST_DATABASE_KIND } from './support/test-database';
import { DEFAULT_RUNTIME_LIMITS, startTestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();

type List = { dailyRewards: DailyRewardState[] };
type Balances = { balances: { itemId: string; name: string | null; type: string | null; amount: number }[] };

async function balancesEqualLedger(setup: RuntimeGameSetup): Promise<void> {
  const result = (await setup.server.database.db.execute(sql`
    select b.player_ref, b.item_id, b.amount::text as balance, coalesce(sum(l.amount), 0)::text as ledger
    from wallet_balance b left join wallet_ledger l on l.player_ref = b.player_ref and l.item_id = b.item_id
    group by b.player_ref, b.item_id, b.amount`)) as unknown as { rows: { balance: string; ledger: string }[] };
  for (const row of result.rows) expect(row.balance).toBe(row.ledger);
}

async function signedInPlayer(setup: RuntimeGameSetup, playerId = 'player-1', extra: Record<string, unknown> = {}) {
  const player = new RuntimeClient(setup.server.url);
  const answer = await player.signIn(setup.game.sdkKey, playerId, extra);
  expect(answer.status, answer.text).toBe(200);
  return player;
}

const list = async (player: RuntimeClient) => {
  const answer = await player.request('/v1/daily-rewards');
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as List).dailyRewards;
};

const gold = async (setup: RuntimeGameSetup, player: RuntimeClient) => {
  const answer = await player.request('/v1/inventory');
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as Balances).balances.find((b) => b.itemId === setup.gold.id)?.amount ?? 0;
};

describe('player sessions', () => {
  it('create a player on first sight with each item’s base amount, and find them again', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'runtime-sessions@studio.test', { clock });
    const player = new RuntimeClient(setup.server.url);
    const first = await player.signIn(setup.game.sdkKey, 'hero-1', {
      timeZone: 'Europe/Berlin',
      attributes: { level: 3, country: 'DE', platform: 'Web' },
    });
    expect(first.status, first.text).toBe(200);
    const session = first.body as CreateSessionResponse;
    expect(session.player).toMatchObject({
      playerId: 'hero-1',
      timeZone: 'Europe/Berlin',
      attributes: { level: 3, country: 'DE', platform: 'Web' },
    });
    expect(Date.parse(session.expiresAt)).toBe(clock.time - (clock.time % 1000) + HOUR);
    const inventory = (await player.request('/v1/inventory')).body as Balances;
    expect(inventory.balances).toHaveLength(2);
    expect(inventory.balances).toEqual(
      expect.arrayContaining([
        { itemId: setup.gold.id, key: 'gold', name: 'Gold', type: 'currency', amount: 100 },
        { itemId: setup.gems.id, key: 'gems', name: 'Gems', type: 'currency', amount: 1 },
      ]),
    );

    // Again: the same player, attributes merged, no second base amount.
    const again = await player.signIn(setup.game.sdkKey, 'hero-1', { attributes: { level: 4 } });
    expect((again.body as CreateSessionResponse).player.attributes).toEqual({
      level: 4,
      country: 'DE',
      platform: 'Web',
    });
    expect(await gold(setup, player)).toBe(100);
    const ledger = (await player.request('/v1/inventory/ledger')).body as { entries: { reason: string }[] };
    expect(ledger.entries.map((e) => e.reason)).toEqual(['base_amount', 'base_amount']);
    await balancesEqualLedger(setup);
  });

  it('refuse bad input with a clear error and create nothing', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'runtime-bad-sessions@studio.test', { clock });
    const client = new RuntimeClient(setup.server.url);
    const key = setup.game.sdkKey;
    const cases: [unknown, number, string][] = [
      [{ sdkKey: 'sdk_unknown', playerId: 'p' }, 401, 'unknown_sdk_key'],
      [{ sdkKey: key, playerId: '' }, 400, 'validation_error'],
      [{ sdkKey: key, playerId: 'x'.repeat(129) }, 400, 'validation_error'],
      [{ sdkKey: key, playerId: ' padded' }, 400, 'validation_error'],
      [{ sdkKey: key, playerId: 'bell\u0007' }, 400, 'control_characters'],
      [{ sdkKey: key, playerId: 'p', timeZone: 'Mars/Phobos' }, 400, 'validation_error'],
      [{ sdkKey: key, playerId: 'p', attributes: { level: 'high' } }, 400, 'validation_error'],
      [{ sdkKey: key, playerId: 'p', attributes: 'red' }, 400, 'validation_error'],
      [{ sdkKey: key, playerId: 'p', extra: true }, 400, 'validation_error'],
      [[], 400, 'validation_error'],
    ];
    for (const [json, status, code] of cases) {
      const answer = await client.request('/v1/sessions', { json });
      expect(answer.status, `${JSON.stringify(json)}: ${answer.text}`).toBe(status);
      expect((answer.body as { code: string }).code).toBe(code);
      expect((answer.body as { message: string }).message.length).toBeGreaterThan(10);
    }
    const big = await client.request('/v1/sessions', {
      body: JSON.stringify({ sdkKey: key, playerId: 'p', attributes: { country: 'x'.repeat(1024 * 1024) } }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.status).toBe(413);
    const text = await client.request('/v1/sessions', { body: 'sdkKey=x', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    const malformed = await client.request('/v1/sessions', {
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect([malformed.status, (malformed.body as { code: string }).code]).toEqual([400, 'malformed_json']);
    const count = await setup.server.database.db.execute(sql`select count(*)::int as n from player`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('requires player ids signed with the server secret when the game says so', async () => {
    const clock = new TestClock(Date.now());
    const setup = await publishedRuntimeGame(servers, 'runtime-signed@studio.test', { clock });
    await setup.server.database.db.update(game).set({ requireSignedPlayerIds: true }).where(eq(game.id, setup.game.id));
    // A dashboard change tells the runtime's cache.
    await setup.client.request(`/api/games/${setup.game.id}`, { method: 'PATCH', json: { name: 'Runtime Quest 2' } });
    const client = new RuntimeClient(setup.server.url);
    const expires = Math.floor(clock.time / 1000) + 600;
    const unsigned = await client.signIn(setup.game.sdkKey, 'p-1');
    expect([unsigned.status, (unsigned.body as { code: string }).code]).toEqual([401, 'signature_required']);
    const forOther = await client.signIn(setup.game.sdkKey, 'p-1', {
      playerSignature: signPlayerId('p-2', setup.serverSecret, expires),
    });
    expect([forOther.status, (forOther.body as { code: string }).code]).toEqual([401, 'invalid_signature']);
    const expired = await client.signIn(setup.game.sdkKey, 'p-1', {
      playerSignature: signPlayerId('p-1', setup.serverSecret, Math.floor(clock.time / 1000) - 1),
    });
    expect(expired.status).toBe(401);
    const signed = await client.signIn(setup.game.sdkKey, 'p-1', {
      playerSignature: signPlayerId('p-1', setup.serverSecret, expires),
    });
    expect(signed.status, signed.text).toBe(200);
  });
});

describe('server-authoritative daily rewards', () => {
  it('list the published config that applies to the player with their state, its pack and a popup that may claim it', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'runtime-list@studio.test', { clock, configs: 2 });
    const player = await signedInPlayer(setup);
    const states = await list(player);
    // One config a player (decision 038): of two for everyone with the same priority, the oldest.
    expect(states.map((s) => s.configId)).toEqual([setup.configs[0]!.id]);
    const [first] = states;
    expect(first).toMatchObject({
      day: 1,
      streak: 0,
      claimable: true,
      nextClaimAt: null,
      resetsAt: '2026-03-03T00:00:00.000Z',
      dayStart: { kind: 'player_midnight' },
      missedDay: 'keep_progress',
      pack: {
        id: setup.packs[0]!.id,
        key: 'day_1_chest',
        name: 'Day 1 chest',
        contents: [{ itemId: setup.gold.id, key: 'gold', name: 'Gold', type: 'currency', quantity: 10 }],
      },
    });
    const url = new URL(first!.popupUrl!);
    expect(url.searchParams.get('todayIndex')).toBe('1');
    const session = decodePopupSession(url.hash);
    expect(session).toMatchObject({
      api: `${setup.server.url}/v1`,
      configId: first!.configId,
      day: 1,
      claimable: true,
    });
    // The popup's page is the live release's.
    const page = await fetch(url.toString().split('#')[0]!);
    expect(page.status).toBe(200);

    // The popup token claims only its own config, and reads nothing else.
    const popup = new RuntimeClient(setup.server.url);
    popup.token = session!.token;
    expect((await popup.request('/v1/inventory')).status).toBe(403);
    expect((await popup.claim(setup.configs[1]!.id)).status).toBe(403);
    const claimed = await popup.claim(first!.configId);
    expect(claimed.status, claimed.text).toBe(200);
    expect((claimed.body as ClaimResponse).granted).toEqual([{ itemId: setup.gold.id, key: 'gold', quantity: 10 }]);
  });

  it('list nothing for a game with no live release', async () => {
    const clock = new TestClock(Date.now());
    const setup = await publishedRuntimeGame(servers, 'runtime-unpublished@studio.test', { clock, configs: 0 });
    const player = await signedInPlayer(setup);
    expect(await list(player)).toEqual([]);
    const claim = await player.claim('whatever');
    expect([claim.status, (claim.body as { code: string }).code]).toEqual([404, 'not_found']);
  });

  it('keeps a new player’s zone when a hop from UTC-12 to UTC+14 would start their next day 26 hours early (decision 057)', async () => {
    // 12:00 UTC: midnight at UTC-12, already 02:00 the next day at UTC+14.
    const clock = new TestClock(Date.parse('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'runtime-zone-hop@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    for (let i = 0; i < 6; i++) {
      const player = await signedInPlayer(setup, `hopper-${i}`, { timeZone: 'Etc/GMT+12' });
      expect((await player.claim(configId)).status).toBe(200);
      const hop = await player.signIn(setup.game.sdkKey, `hopper-${i}`, { timeZone: 'Etc/GMT-14' });
      expect((hop.body as CreateSessionResponse).player.timeZone).toBe('Etc/GMT+12');
      const second = await player.claim(configId);
      expect([second.status, (second.body as { code: string }).code]).toEqual([409, 'already_claimed']);
      expect((second.body as { nextClaimAt: string }).nextClaimAt).toBe('2026-03-03T12:00:00.000Z');
    }
    // Three hours before UTC-12's next midnight the hop is taken, and the next day is paid those 3 hours early.
    clock.set('2026-03-03T09:00:00Z');
    const player = await signedInPlayer(setup, 'hopper-0', { timeZone: 'Etc/GMT-14' });
    expect((await player.claim(configId)).status).toBe(200);
  }, 120_000);

  it('grant a whole week at the player’s midnight, refuse a second claim a day, and start a new cycle after day 7', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T08:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'runtime-week@studio.test', { clock });
    const player = await signedInPlayer(setup, 'tokyo-player', { timeZone: 'Asia/Tokyo' });
    const configId = setup.configs[0]!.id;
    let expectedGold = 100;
    for (let day = 1; day <= 8; day++) {
      const claim = await player.claim(configId);
      expect(claim.status, claim.text).toBe(200);
      const result = claim.body as ClaimResponse;
      const cycleDay = ((day - 1) % 7) + 1;
      expectedGold += cycleDay * 10;
      expect(result.day).toBe(cycleDay);
      expect(result.dailyReward).toMatchObject({ day: cycleDay, streak: day, claimable: false, popupUrl: null });
      expect(result.balances.find((b) => b.itemId === setup.gold.id)?.amount).toBe(expectedGold);
      // Tokyo's next midnight is 15:00 UTC.
      expect(result.dailyReward.nextClaimAt).toBe(
        new Date(Date.parse('2026-03-02T15:00:00Z') + (day - 1) * DAY).toISOString(),
      );
      const again = await player.claim(configId);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'already_claimed', nextClaimAt: result.dailyReward.nextClaimAt });
      // Just before Tokyo's midnight: still the same day.
      clock.set(new Date(Date.parse(result.dailyReward.nextClaimAt!) - 1).toISOString());
      expect((await player.claim(configId)).status).toBe(409);
      clock.advance(1);
      if (day === 4) {
        const gems = (await player.request('/v1/inventory')).body as Balances;
        expect(gems.balances.find((b) => b.itemId === setup.gems.id)?.amount).toBe(1);
      }
    }
    const inventory = (await player.request('/v1/inventory')).body as Balances;
    expect(inventory.balances.find((b) => b.itemId === setup.gems.id)?.amount).toBe(6);
    await balancesEqualLedger(setup);
  });

  it('keep progress after a missed day, or start over, as each config says; streaks count days in a row', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'runtime-missed@studio.test', { clock, configs: 2 });
    const [keep, restart] = setup.configs.map((c) => c.id) as [string, string];
    await setRules(setup, restart, { missedDay: 'start_over' });
    // A player gets one config (decision 038): the second one is for the players of a segment.
    const veterans = await createSegment(setup, 'Veterans', 'player.level >= 10');
    await setTargeting(setup, restart, { segmentId: veterans.id, priority: 1 });
    const player = await signedInPlayer(setup, 'player-1', { attributes: { level: 1 } });
    const veteran = await signedInPlayer(setup, 'veteran-1', { attributes: { level: 10 } });
    for (let i = 0; i < 3; i++) {
      expect((await player.claim(keep)).status).toBe(200);
      expect((await veteran.claim(restart)).status).toBe(200);
      clock.advance(DAY);
    }
    clock.advance(DAY); // a missed day
    const states = [...(await list(player)), ...(await list(veteran))];
    expect(states.find((s) => s.configId === keep)).toMatchObject({
      day: 4,
      streak: 0,
      claimable: true,
      missedDay: 'keep_progress',
    });
    expect(states.find((s) => s.configId === restart)).toMatchObject({
      day: 1,
      streak: 0,
      claimable: true,
      missedDay: 'start_over',
    });
    const kept = (await player.claim(keep)).body as ClaimResponse;
    expect([kept.day, kept.dailyReward.streak]).toEqual([4, 1]);
    const restarted = (await veteran.claim(restart)).body as ClaimResponse;
    expect([restarted.day, restarted.dailyReward.streak]).toEqual([1, 1]);
  });

  it('start days at a fixed time in UTC when the config says so, whatever the player’s zone', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T04:30:00Z'));
    const setup = await publishedRuntimeGame(servers, 'runtime-utc@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    await setRules(setup, configId, { dayStartKind: 'utc_time', dayStartMinute: 5 * 60 });
    const player = await signedInPlayer(setup, 'p', { timeZone: 'America/Los_Angeles' });
    const first = (await player.claim(configId)).body as ClaimResponse;
    expect(first.dailyReward).toMatchObject({
      dayStart: { kind: 'utc_time', minuteOfDay: 300 },
      nextClaimAt: '2026-03-02T05:00:00.000Z',
    });
    clock.set('2026-03-02T05:00:00Z');
    const second = (await player.claim(configId)).body as ClaimResponse;
    expect([second.day, second.dailyReward.nextClaimAt]).toEqual([2, '2026-03-03T05:00:00.000Z']);
  });

  it('answer a retry with the same key with the same body, and a new key the same day with 409', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'runtime-idempotent@studio.test', { clock, configs: 2 });
    const player = await signedInPlayer(setup);
    const [configId, otherId] = setup.configs.map((c) => c.id) as [string, string];
    const key = randomUUID();
    const first = await player.claim(configId, key);
    expect(first.status).toBe(200);
    clock.advance(HOUR);
    const retry = await player.claim(configId, key);
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    // Even the next day, a retry of that claim is that claim.
    clock.advance(DAY);
    expect((await player.claim(configId, key)).text).toBe(first.text);
    const reused = await player.claim(otherId, key);
    expect([reused.status, (reused.body as { code: string }).code]).toEqual([422, 'idempotency_key_reused']);
    clock.advance(-DAY);
    const fresh = await player.claim(configId, randomUUID());
    expect([fresh.status, (fresh.body as { code: string }).code]).toEqual([409, 'already_claimed']);
    const missing = await player.request(`/v1/daily-rewards/${configId}/claim`, { method: 'POST' });
    expect([missing.status, (missing.body as { code: string }).code]).toEqual([400, 'idempotency_key_required']);
    // The route's schemas, checked in the handler: a key too long or not visible text, a config id too long.
    for (const bad of ['k'.repeat(IDEMPOTENCY_KEY_MAX + 1), ' ']) {
      const refused = await player.claim(configId, bad);
      expect([refused.status, (refused.body as { code: string }).code]).toEqual([400, 'idempotency_key_required']);
    }
    const longId = await player.claim('c'.repeat(129), randomUUID());
    expect([longId.status, (longId.body as { code: string }).code]).toEqual([400, 'validation_error']);
    expect((longId.body as { issues: { path: string }[] }).issues[0]!.path).toBe('configId');
    const ledger = await setup.server.database.db
      .select()
      .from(walletLedger)
      .where(eq(walletLedger.reason, 'daily_reward'));
    expect(ledger).toHaveLength(1);
  });

  it(`grant once when one player sends 200 claims at once (${TEST_DATABASE_KIND})`, async () => {
    const clock = new TestClock(Date.parse('2026-03-02T12:00:00Z'));
    const server = await servers.start({
      publishing: { readPageHtml: readStandInPage },
      now: clock.now,
      runtimeLimits: {
        ...DEFAULT_RUNTIME_LIMITS,
        perPlayer: { max: 1000, windowMs: 60_000 },
        perKey: { max: 10_000, windowMs: 1000 },
      },
    });
    const setup = await publishedRuntimeGame(servers, 'runtime-race@studio.test', { clock, server });
    const player = await signedInPlayer(setup);
    const configId = setup.configs[0]!.id;
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => player.claim(configId, `key-${i % 50}`)));
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(','),
    ).toBe(true);
    // The winning key's answers are all the same body; every other key is refused.
    const granted = answers.filter((a) => a.status === 200);
    expect(new Set(granted.map((a) => a.text)).size).toBe(1);
    expect(await gold(setup, player)).toBe(110);
    const ledger = await setup.server.database.db
      .select()
      .from(walletLedger)
      .where(eq(walletLedger.reason, 'daily_reward'));
    expect(ledger).toHaveLength(1);
    await balancesEqualLedger(setup);
  });
});

describe('runtime tokens and the dashboard', () => {
  it('refuse forged, expired and rotated tokens, cookies on /v1 and tokens on /api', async () => {
    const clock = new TestClock(Date.now());
    const setup = await publishedRuntimeGame(servers, 'runtime-tokens@studio.test', { clock });
    const player = await signedInPlayer(setup);
    player.renew = false;
    const token = player.token!;
    const [head, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { p: string };
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, p: 'someone-else' })).toString('base64url');
    for (const bad of [`${head}.${forgedPayload}.${signature}`, `${token}x`, 'v1.e30.AAAA', 'garbage']) {
      const answer = await player.request('/v1/inventory', { token: bad });
      expect(answer.status, bad).toBe(401);
      expect((answer.body as { code: string }).code).toBe('invalid_token');
    }
    expect((await player.request('/v1/inventory', { token: null })).body).toMatchObject({ code: 'missing_token' });
    // The dashboard's cookie means nothing to /v1, and the runtime token nothing to /api.
    const cookie = setup.client.cookieHeader();
    const withCookie = await new RuntimeClient(setup.server.url).request('/v1/inventory', {
      headers: { cookie },
      token: null,
    });
    expect(withCookie.status).toBe(401);
    const api = await new RuntimeClient(setup.server.url).request('/api/games', { token });
    expect(api.status).toBe(401);
    // Expired after an hour.
    clock.advance(HOUR + 1000);
    expect((await player.request('/v1/inventory')).status).toBe(401);
    clock.advance(-HOUR - 1000);
    expect((await player.request('/v1/inventory')).status).toBe(200);
    // A rotated SDK key ends every token of the game.
    const rotated = await setup.client.post(`/api/games/${setup.game.id}/sdk-key`, {});
    expect(rotated.status, rotated.text).toBe(200);
    expect((await player.request('/v1/inventory')).status).toBe(401);
    expect(
      (await new RuntimeClient(setup.server.url).signIn((rotated.body as { sdkKey: string }).sdkKey, 'p')).status,
    ).toBe(200);
    expect((await new RuntimeClient(setup.server.url).signIn(setup.game.sdkKey, 'p')).status).toBe(401);
  });

  it('never show a player another player’s wallet, nor another game’s', async () => {
    const clock = new TestClock(Date.now());
    const setup = await publishedRuntimeGame(servers, 'runtime-isolation@studio.test', { clock });
    const other = await publishedRuntimeGame(servers, 'runtime-isolation-2@studio.test', {
      clock,
      server: setup.server,
    });
    const alice = await signedInPlayer(setup, 'alice');
    const bob = await signedInPlayer(setup, 'bob');
    const aliceElsewhere = await signedInPlayer(other, 'alice');
    expect((await alice.claim(setup.configs[0]!.id)).status).toBe(200);
    expect(await gold(setup, alice)).toBe(110);
    expect(await gold(setup, bob)).toBe(100);
    expect(await gold(other, aliceElsewhere)).toBe(100);
    // Another game's config, with this game's token: not found.
    expect((await alice.claim(other.configs[0]!.id)).status).toBe(404);
  });

  it('lets any origin call it without credentials, and serves its OpenAPI document', async () => {
    const clock = new TestClock(Date.now());
    const setup = await publishedRuntimeGame(servers, 'runtime-cors@studio.test', { clock, configs: 0 });
    const preflight = await fetch(`${setup.server.url}/v1/daily-rewards/x/claim`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://game.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, idempotency-key, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const doc = await fetch(`${setup.server.url}/v1/openapi.json`, { headers: { origin: 'https://game.example' } });
    expect(doc.status, await doc.clone().text()).toBe(200);
    expect(doc.headers.get('access-control-allow-origin')).toBe('*');
    const openapi = (await doc.json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    expect(openapi.openapi).toBe('3.1.0');
    expect(Object.keys(openapi.paths).sort()).toEqual([
      '/daily-rewards',
      '/daily-rewards/{configId}/claim',
      '/events',
      '/inventory',
      '/inventory/ledger',
      '/server/wallet/consume',
      '/server/wallet/grant',
      '/sessions',
    ]);
    expect(openapi.components.schemas).toHaveProperty('ClaimResult');
    const unknown = await fetch(`${setup.server.url}/v1/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'not_found' });
  });

  it('limits a flooding player and a flooding key with 429 and Retry-After, leaving the others alone', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T12:00:30Z'));
    const server = await servers.start({
      publishing: { readPageHtml: readStandInPage },
      now: clock.now,
      runtimeLimits: {
        ...DEFAULT_RUNTIME_LIMITS,
        perPlayer: { max: 5, windowMs: 60_000 },
        perKey: { max: 1000, windowMs: 1000 },
      },
    });
    const setup = await publishedRuntimeGame(servers, 'runtime-limits@studio.test', { clock, server });
    const flooder = await signedInPlayer(setup, 'flooder');
    const calm = await signedInPlayer(setup, 'calm');
    const answers = await Promise.all(Array.from({ length: 10 }, () => flooder.request('/v1/inventory')));
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(refused[0]!.headers.get('retry-after')).toBe('30');
    expect(refused[0]!.body).toMatchObject({ code: 'rate_limited' });
    expect((await calm.request('/v1/inventory')).status).toBe(200);
    clock.advance(60_000);
    expect((await flooder.request('/v1/inventory')).status).toBe(200);
  });
  it('limits a flooding SDK key with 429, leaving other games alone', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T12:00:00Z'));
    const server = await servers.start({
      publishing: { readPageHtml: readStandInPage },
      now: clock.now,
      runtimeLimits: {
        ...DEFAULT_RUNTIME_LIMITS,
        perPlayer: { max: 1000, windowMs: 60_000 },
        perKey: { max: 12, windowMs: 60_000 },
      },
    });
    const flooded = await publishedRuntimeGame(servers, 'runtime-key-flood@studio.test', { clock, server });
    const calm = await publishedRuntimeGame(servers, 'runtime-key-calm@studio.test', { clock, server });
    const players = await Promise.all(['a', 'b', 'c'].map((id) => signedInPlayer(flooded, id)));
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => players[i % 3]!.request('/v1/inventory')));
    const refused = answers.filter((a) => a.status === 429);
    // Three sessions and nine calls fit in the key's 12; the other six are refused, whoever sends them.
    expect(refused).toHaveLength(6);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await signedInPlayer(calm, 'a');
    expect((await other.request('/v1/inventory')).status).toBe(200);
  });
});

describe('the wallet for the game’s backend', () => {
  it('refuses a captured signed call sent again, with its key or a new one, on any instance (decision 057)', async () => {
    const clock = new TestClock(Date.now());
    const setup = await publishedRuntimeGame(servers, 'runtime-replay@studio.test', { clock });
    // On PostgreSQL a second instance on the same database: the record is shared, not one instance's memory.
    const two =
      TEST_DATABASE_KIND === 'postgres'
        ? await startTestServer(setup.server.database, { ownsDatabase: false, smtp: setup.server.smtp, now: clock.now })
        : undefined;
    if (two) servers.cleanups.push(() => two.close());
    const player = await signedInPlayer(setup, 'buyer');
    const path = '/v1/server/wallet/grant';
    const body = JSON.stringify({ playerId: 'buyer', items: [{ itemId: setup.gems.id, quantity: 7 }] });
    const timestamp = Math.floor(Date.now() / 1000);
    const captured = {
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      'x-liveops-key': setup.game.sdkKey,
      'x-liveops-timestamp': String(timestamp),
      'x-liveops-signature': '',
    };
    captured['x-liveops-signature'] = signServerRequest(
      { timestamp, method: 'POST', path, idempotencyKey: captured['idempotency-key'], body },
      setup.serverSecret,
    );
    const send = (url: string, headers: Record<string, string>) =>
      new RuntimeClient(url).request(path, { method: 'POST', body, headers, token: null });
    expect((await send(setup.server.url, captured)).status).toBe(200);
    const gems = async () =>
      (
        (await player.request('/v1/inventory')).body as { balances: { itemId: string; amount: number }[] }
      ).balances.find((b) => b.itemId === setup.gems.id)?.amount;
    expect(await gems()).toBe(1 + 7);
    // The key is signed: the captured signature under 5 new keys is not valid.
    for (let i = 0; i < 5; i++) {
      const answer = await send(setup.server.url, { ...captured, 'idempotency-key': randomUUID() });
      expect([answer.status, (answer.body as { code: string }).code]).toEqual([401, 'invalid_signature']);
    }
    // The very same call again, here and on the other instance: seen before, refused.
    for (const url of [setup.server.url, two?.url ?? setup.server.url]) {
      const answer = await send(url, captured);
      expect(answer.body).toEqual({ code: 'signature_replayed', message: RUNTIME_MESSAGES.serverSignatureReplayed });
      expect(answer.status).toBe(401);
    }
    expect(await gems()).toBe(1 + 7);
    // Recorded until the timestamp is no longer accepted, then pruned.
    const rows = await setup.server.database.db.select().from(serverSignature);
    expect(rows.map((row) => row.expiresAt.getTime())).toEqual([
      (timestamp + SERVER_SIGNATURE_TOLERANCE_SECONDS) * 1000,
    ]);
  });

  it('grants and consumes exactly once per key, never below 0, with a valid signature only', async () => {
    const clock = new TestClock(Date.now());
    const setup = await publishedRuntimeGame(servers, 'runtime-wallet@studio.test', { clock });
    const player = await signedInPlayer(setup, 'buyer');
    const key = setup.game.sdkKey;
    const grant = { playerId: 'buyer', items: [{ itemId: setup.gems.id, quantity: 7 }] };
    const opKey = randomUUID();
    const granted = await serverCall(setup.server, key, setup.serverSecret, '/v1/server/wallet/grant', grant, {
      key: opKey,
    });
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body).toMatchObject({ playerId: 'buyer', changed: [{ itemId: setup.gems.id, quantity: 7 }] });
    // A retry is signed anew (a signature is accepted once): the same key answers the first answer.
    const again = await serverCall(setup.server, key, setup.serverSecret, '/v1/server/wallet/grant', grant, {
      key: opKey,
      timestamp: Math.floor(Date.now() / 1000) + 1,
    });
    expect(again.text).toBe(granted.text);
    const otherBody = await serverCall(
      setup.server,
      key,
      setup.serverSecret,
      '/v1/server/wallet/grant',
      { ...grant, items: [{ itemId: setup.gems.id, quantity: 8 }] },
      { key: opKey },
    );
    expect([otherBody.status, (otherBody.body as { code: string }).code]).toEqual([422, 'idempotency_key_reused']);

    const tooMuch = await serverCall(setup.server, key, setup.serverSecret, '/v1/server/wallet/consume', {
      playerId: 'buyer',
      items: [
        { itemId: setup.gold.id, quantity: 50 },
        { itemId: setup.gems.id, quantity: 9 },
      ],
    });
    expect([tooMuch.status, (tooMuch.body as { code: string }).code]).toEqual([409, 'insufficient_balance']);
    expect(await gold(setup, player)).toBe(100);
    const consumed = await serverCall(setup.server, key, setup.serverSecret, '/v1/server/wallet/consume', {
      playerId: 'buyer',
      items: [{ itemId: setup.gems.id, quantity: 8 }],
    });
    expect(consumed.status, consumed.text).toBe(200);
    expect((consumed.body as { balances: { itemId: string; amount: number }[] }).balances).toContainEqual({
      itemId: setup.gems.id,
      key: 'gems',
      amount: 0,
    });

    const wrongSecret = await serverCall(
      setup.server,
      key,
      `${setup.serverSecret.slice(0, -1)}${setup.serverSecret.endsWith('0') ? '1' : '0'}`,
      '/v1/server/wallet/grant',
      grant,
    );
    expect([wrongSecret.status, (wrongSecret.body as { code: string }).code]).toEqual([401, 'invalid_signature']);
    const stale = await serverCall(setup.server, key, setup.serverSecret, '/v1/server/wallet/grant', grant, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(stale.status).toBe(401);
    const unknownPlayer = await serverCall(setup.server, key, setup.serverSecret, '/v1/server/wallet/grant', {
      ...grant,
      playerId: 'nobody',
    });
    expect([unknownPlayer.status, (unknownPlayer.body as { code: string }).code]).toEqual([404, 'player_unknown']);
    const unknownItem = await serverCall(setup.server, key, setup.serverSecret, '/v1/server/wallet/grant', {
      ...grant,
      items: [{ itemId: 'nope', quantity: 1 }],
    });
    expect([unknownItem.status, (unknownItem.body as { code: string }).code]).toEqual([422, 'unknown_item']);
    // A player token is not a server signature.
    const asPlayer = await player.request('/v1/server/wallet/grant', {
      json: grant,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(asPlayer.status).toBe(401);

    const ledger = (await player.request('/v1/inventory/ledger?limit=2')).body as {
      entries: { amount: number; reason: string }[];
      nextBefore: string | null;
    };
    expect(ledger.entries.map((e) => [e.reason, e.amount])).toEqual([
      ['server_consume', -8],
      ['server_grant', 7],
    ]);
    const older = (await player.request(`/v1/inventory/ledger?limit=2&before=${ledger.nextBefore}`)).body as {
      entries: { reason: string }[];
      nextBefore: string | null;
    };
    expect(older.entries.map((e) => e.reason)).toEqual(['base_amount', 'base_amount']);
    expect(older.nextBefore).toBeNull();
    await balancesEqualLedger(setup);
  });

  it('keeps serving a config’s days as published until the next publish, and drops a deleted config', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'runtime-release@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    const player = await signedInPlayer(setup);
    // Day 1 now gives the day-2 chest in the dashboard, not yet published.
    const rewards = setup.packs.map((pack, i) => ({ day: i + 1, packId: i === 0 ? setup.packs[1]!.id : pack.id }));
    const saved = await setup.client.request(`/api/games/${setup.game.id}/daily-rewards/${configId}`, {
      method: 'PATCH',
      json: { rewards, cycleDays: 7 },
    });
    expect(saved.status).toBe(200);
    expect((await list(player))[0]!.pack!.id).toBe(setup.packs[0]!.id);
    await publishGame(setup.client, setup.game.id);
    expect((await list(player))[0]!.pack!.id).toBe(setup.packs[1]!.id);
    const removed = await setup.client.request(`/api/games/${setup.game.id}/daily-rewards/${configId}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBeLessThan(300);
    expect(await list(player)).toEqual([]);
    expect((await player.claim(configId)).status).toBe(404);
    // Another studio account cannot reach this game's players through the dashboard either.
    const stranger = await signedInClient(setup.server, 'runtime-release-stranger@studio.test');
    expect((await stranger.get(`/api/games/${setup.game.id}`)).status).toBe(404);
  });
});

describe('the runtime across instances', () => {
  it.skipIf(TEST_DATABASE_KIND !== 'postgres')(
    'shares a player’s rate limit between instances, and a rotated key ends tokens on both',
    async () => {
      const clock = new TestClock(Date.parse('2026-03-02T12:00:00Z'));
      const database = await servers.databases().create();
      const limits = {
        ...DEFAULT_RUNTIME_LIMITS,
        perPlayer: { max: 10, windowMs: 60_000 },
        perKey: { max: 10_000, windowMs: 1000 },
      };
      const one = await startTestServer(database, {
        ownsDatabase: false,
        publishing: { readPageHtml: readStandInPage },
        now: clock.now,
        runtimeLimits: limits,
      });
      const two = await startTestServer(database, {
        ownsDatabase: false,
        smtp: one.smtp,
        now: clock.now,
        runtimeLimits: limits,
      });
      servers.cleanups.push(async () => {
        await two.close();
        await one.close();
        await database.close();
      });
      const setup = await publishedRuntimeGame(servers, 'runtime-two-instances@studio.test', { clock, server: one });
      const onOne = await signedInPlayer(setup, 'spread');
      const onTwo = new RuntimeClient(two.url);
      onTwo.token = onOne.token;
      onTwo.renew = false;
      onOne.renew = false;
      // The sign-in took one of the player's 10; then requests alternate between the instances, each after the
      // counts of the one before had time to be told (every 200 ms).
      const statuses: number[] = [];
      for (let i = 0; i < 16; i++) {
        statuses.push((await (i % 2 ? onTwo : onOne).request('/v1/inventory')).status);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(
        statuses.filter((s) => s === 200),
        statuses.join(','),
      ).toHaveLength(10);
      expect(
        statuses.slice(10).every((s) => s === 429),
        statuses.join(','),
      ).toBe(true);

      clock.advance(60_000);
      expect((await onTwo.request('/v1/inventory')).status).toBe(200);
      const rotated = await setup.client.post(`/api/games/${setup.game.id}/sdk-key`, {});
      expect(rotated.status).toBe(200);
      // The other instance hears of the change through LISTEN/NOTIFY.
      await expect.poll(async () => (await onTwo.request('/v1/inventory')).status, { timeout: 5000 }).toBe(401);
    },
  );
});
