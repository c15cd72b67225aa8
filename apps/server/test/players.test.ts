import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  PLAYER_MESSAGES,
  type PlayerLedgerPage,
  type PlayerProfile,
  type SupportAction,
} from '@liveops/domain/players';
import { type ClaimResponse } from '@liveops/domain/runtime-api';
import { signedInClient } from './support/accounts';
import { openEventStream } from './support/event-stream';
import {
  createSegment,
  DAY,
  publishedRuntimeGame,
  RuntimeClient,
  TestClock,
  type RuntimeGameSetup,
} from './support/runtime';
import { setTargeting } from './support/targeting';
import { useTestServers } from './support/use-test-servers';

/**
 * The Players tab's routes (decision 043): a player looked up by the game's id, and support
 * actions that the runtime then reads as its own claims, on PGlite and PostgreSQL.
 */
const servers = useTestServers();
const at = (iso: string) => Date.parse(iso);

type Row = Record<string, unknown>;
async function query(setup: RuntimeGameSetup, statement: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await setup.server.database.db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

const playerPath = (setup: RuntimeGameSetup, playerId: string) =>
  `/api/games/${setup.game.id}/players/${encodeURIComponent(playerId)}`;

async function profile(setup: RuntimeGameSetup, playerId: string): Promise<PlayerProfile> {
  const answer = await setup.client.get(playerPath(setup, playerId));
  expect(answer.status, answer.text).toBe(200);
  return answer.body as PlayerProfile;
}

function act(setup: RuntimeGameSetup, playerId: string, json: unknown, key: string | null = randomUUID()) {
  return setup.client.request(`${playerPath(setup, playerId)}/support-actions`, {
    method: 'POST',
    json,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
}

async function signedIn(setup: RuntimeGameSetup, playerId: string, extra: Record<string, unknown> = {}) {
  const player = new RuntimeClient(setup.server.url);
  const answer = await player.signIn(setup.game.sdkKey, playerId, { timeZone: 'UTC', ...extra });
  expect(answer.status, answer.text).toBe(200);
  return player;
}

async function claim(player: RuntimeClient, configId: string): Promise<ClaimResponse> {
  const answer = await player.claim(configId);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as ClaimResponse;
}

/** Everything a support action could change, to show that a refused one changed nothing. */
async function snapshot(setup: RuntimeGameSetup) {
  return query(
    setup,
    sql`select (select count(*) from support_action)::int as actions,
               (select count(*) from wallet_ledger)::int as ledger,
               (select coalesce(sum(amount), 0) from wallet_balance)::text as balances,
               (select count(*) from daily_reward_claim)::int as claims`,
  );
}

/** Every balance of the player equals the sum of their ledger for that item. */
async function expectBalancesMatchLedger(setup: RuntimeGameSetup, playerId: string) {
  const mismatched = await query(
    setup,
    sql`select b.item_id from wallet_balance b join player p on p.id = b.player_ref
        where p.game_id = ${setup.game.id} and p.player_id = ${playerId}
          and b.amount <> (select coalesce(sum(l.amount), 0) from wallet_ledger l
                           where l.player_ref = b.player_ref and l.item_id = b.item_id)`,
  );
  expect(mismatched).toEqual([]);
}

describe('the Players tab', () => {
  it('looks a player up by the game’s id: profile, segments, the daily reward they get and why, state, wallet', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'players-lookup@studio.test', { clock });
    const config = setup.configs[0]!;
    const player = await signedIn(setup, 'hero/42', { timeZone: 'Europe/Berlin', attributes: { level: 12 } });
    await claim(player, config.id);

    const seen = await profile(setup, 'hero/42');
    expect(seen.player).toMatchObject({
      playerId: 'hero/42',
      timeZone: 'Europe/Berlin',
      sessionCount: 1,
      firstSeenAt: '2026-03-02T12:00:00.000Z',
      lastSeenAt: '2026-03-02T12:00:00.000Z',
    });
    expect(seen.player.attributes).toMatchObject({ level: 12 });
    expect(seen.tester).toBeNull();
    expect(seen.dailyReward.selected).toMatchObject({ configId: config.id, audience: { kind: 'everyone' } });
    expect(seen.dailyReward.configs).toEqual([expect.objectContaining({ configId: config.id, verdict: 'selected' })]);
    expect(seen.states).toEqual([
      expect.objectContaining({
        configId: config.id,
        day: 1,
        streak: 1,
        claimable: false,
        claims: 1,
        // Midnight in Berlin (UTC+1 in March).
        nextClaimAt: '2026-03-02T23:00:00.000Z',
      }),
    ]);
    expect(seen.balances).toEqual([
      expect.objectContaining({ itemId: setup.gems.id, name: 'Gems', amount: 1 }),
      expect.objectContaining({ itemId: setup.gold.id, name: 'Gold', amount: 110 }),
    ]);
    expect(seen.ledger.entries.map((e) => [e.reason, e.itemName, e.amount])).toEqual([
      ['daily_reward', 'Gold', 10],
      expect.arrayContaining(['base_amount']),
      expect.arrayContaining(['base_amount']),
    ]);
    expect(seen.supportActions).toEqual([]);

    const unknown = await setup.client.get(playerPath(setup, 'hero/43'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'PLAYER_NOT_FOUND', message: PLAYER_MESSAGES.notFound });
  });

  it('pages the ledger, newest first', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'players-ledger@studio.test', { clock });
    const player = await signedIn(setup, 'pager');
    for (let day = 0; day < 3; day++) {
      await claim(player, setup.configs[0]!.id);
      clock.advance(DAY);
    }
    const first = (await setup.client.get(`${playerPath(setup, 'pager')}/ledger?limit=2`)).body as PlayerLedgerPage;
    expect(first.entries.map((e) => e.amount)).toEqual([30, 20]);
    expect(first.nextBefore).not.toBeNull();
    const second = (await setup.client.get(`${playerPath(setup, 'pager')}/ledger?limit=2&before=${first.nextBefore}`))
      .body as PlayerLedgerPage;
    expect(second.entries.map((e) => e.amount)).toEqual([10, expect.any(Number)]);
    const bad = await setup.client.get(`${playerPath(setup, 'pager')}/ledger?before=abc`);
    expect(bad.status).toBe(400);
  });

  it('shows another owner neither the game nor its players, and lets them change nothing', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'players-owner@studio.test', { clock });
    await signedIn(setup, 'victim');
    const stranger = await signedInClient(setup.server, 'players-stranger@studio.test');
    const theirs = (await stranger.post('/api/games', { name: 'Theirs', description: 'x', platforms: ['Web'] }))
      .body as { id: string };
    const before = await snapshot(setup);

    expect((await stranger.get(playerPath(setup, 'victim'))).status).toBe(404);
    const grant = { kind: 'grant_pack', packId: setup.packs[0]!.id, reason: 'gift' };
    const viaOurs = await stranger.request(`${playerPath(setup, 'victim')}/support-actions`, {
      method: 'POST',
      json: grant,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(viaOurs.status).toBe(404);
    // Their own game with our player's id: the player is looked up in their game only.
    const viaTheirs = await stranger.request(`/api/games/${theirs.id}/players/victim/support-actions`, {
      method: 'POST',
      json: grant,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(viaTheirs.status).toBe(404);
    expect(viaTheirs.body).toMatchObject({ code: 'PLAYER_NOT_FOUND' });
    expect((await stranger.get(`/api/games/${theirs.id}/players/victim`)).status).toBe(404);
    // Our pack through our player but named from their game: refused too.
    expect(await snapshot(setup)).toEqual(before);
  });

  it('refuses an action without a reason, key, pack or valid streak with a clear message, and changes nothing', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'players-bad@studio.test', { clock });
    const config = setup.configs[0]!;
    await signedIn(setup, 'p1');
    const before = await snapshot(setup);
    const pack = setup.packs[0]!.id;
    const cases: [unknown, string | null, number, string][] = [
      [{ kind: 'grant_pack', packId: pack }, randomUUID(), 400, PLAYER_MESSAGES.reasonRequired],
      [{ kind: 'grant_pack', packId: pack, reason: '   ' }, randomUUID(), 400, PLAYER_MESSAGES.reasonRequired],
      [{ kind: 'reset_progress', configId: config.id, reason: '' }, randomUUID(), 400, PLAYER_MESSAGES.reasonRequired],
      [{ kind: 'grant_pack', packId: pack, reason: '\u200b' }, randomUUID(), 400, PLAYER_MESSAGES.reasonRequired],
      [{ kind: 'grant_pack', packId: pack, reason: 'x'.repeat(501) }, randomUUID(), 400, PLAYER_MESSAGES.reasonTooLong],
      [{ kind: 'grant_pack', packId: pack, reason: 'gift' }, null, 400, PLAYER_MESSAGES.idempotencyKeyRequired],
      [{ kind: 'grant_pack', packId: 'nope', reason: 'gift' }, randomUUID(), 404, PLAYER_MESSAGES.packNotFound],
      [{ kind: 'reset_progress', configId: 'nope', reason: 'r' }, randomUUID(), 404, PLAYER_MESSAGES.configNotFound],
      [
        { kind: 'set_streak', configId: config.id, reason: 'r', streak: -1 },
        randomUUID(),
        400,
        PLAYER_MESSAGES.streakInvalid,
      ],
      [{ kind: 'set_streak', configId: config.id, reason: 'r' }, randomUUID(), 400, PLAYER_MESSAGES.streakInvalid],
      [{ kind: 'delete_player', reason: 'r' }, randomUUID(), 400, PLAYER_MESSAGES.kindInvalid],
    ];
    for (const [json, key, status, message] of cases) {
      const answer = await act(setup, 'p1', json, key);
      expect(answer.status, `${JSON.stringify(json)}: ${answer.text}`).toBe(status);
      expect(answer.body).toMatchObject({ message });
    }
    expect(await snapshot(setup)).toEqual(before);
    expect((await act(setup, 'nobody', { kind: 'grant_pack', packId: pack, reason: 'gift' })).status).toBe(404);
    expect(await snapshot(setup)).toEqual(before);
  });

  it('grants a pack once per Idempotency-Key, balances and ledger together, recorded with who, when and why', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'players-grant@studio.test', { clock });
    const player = await signedIn(setup, 'lucky');
    const seventh = setup.packs[6]!; // 70 gold and 5 gems
    const key = randomUUID();
    const json = { kind: 'grant_pack', packId: seventh.id, reason: '  Lost their chest in the crash  ' };
    // Another tab of the studio: told of the action, so its Players tab shows it.
    const tab = await openEventStream(setup.client);
    servers.cleanups.push(tab.close);

    // A double click: the same key twice at once, then again.
    const [one, two] = await Promise.all([act(setup, 'lucky', json, key), act(setup, 'lucky', json, key)]);
    expect([one.status, two.status].sort()).toEqual([200, 201]);
    await tab.next((e) => e.event === 'change' && e.data === JSON.stringify({ topic: 'players', id: 'lucky' }));
    const again = await act(setup, 'lucky', json, key);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replayed: true });
    const action = (one.body as { action: SupportAction }).action;
    expect((two.body as { action: SupportAction }).action.id).toBe(action.id);
    expect(action).toMatchObject({
      kind: 'grant_pack',
      reason: 'Lost their chest in the crash',
      actor: { email: 'players-grant@studio.test' },
      createdAt: '2026-03-02T12:00:00.000Z',
      details: { packId: seventh.id, packName: seventh.name },
    });
    // Another request with the same key is refused.
    const reused = await act(setup, 'lucky', { ...json, reason: 'another' }, key);
    expect(reused.status).toBe(422);

    const seen = await profile(setup, 'lucky');
    expect(seen.balances.map((b) => [b.name, b.amount])).toEqual([
      ['Gems', 6],
      ['Gold', 170],
    ]);
    expect(seen.ledger.entries.filter((e) => e.reason === 'support_grant').map((e) => [e.itemName, e.amount])).toEqual(
      expect.arrayContaining([
        ['Gold', 70],
        ['Gems', 5],
      ]),
    );
    expect(seen.ledger.entries.filter((e) => e.reason === 'support_grant')).toHaveLength(2);
    expect(seen.supportActions.map((a) => a.id)).toEqual([action.id]);
    await expectBalancesMatchLedger(setup, 'lucky');
    // The game sees it through the runtime too.
    const inventory = await player.request('/v1/inventory');
    expect(inventory.body).toMatchObject({
      balances: expect.arrayContaining([expect.objectContaining({ amount: 170 })]),
    });
    const ledger = await player.request('/v1/inventory/ledger');
    expect(ledger.status).toBe(200);
    expect((ledger.body as { entries: { reason: string }[] }).entries[0]?.reason).toBe('support_grant');
  });

  it('resets progress: the next claim through /v1 is day 1, even on an instance that remembers the last claim', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'players-reset@studio.test', { clock });
    const config = setup.configs[0]!;
    const player = await signedIn(setup, 'resetme');
    await claim(player, config.id);
    clock.advance(DAY);
    expect((await claim(player, config.id)).day).toBe(2);
    clock.advance(DAY);
    // The list makes this instance remember the day-2 claim, which the reset then makes stale.
    expect((await player.request('/v1/daily-rewards')).status).toBe(200);
    const reset = await act(setup, 'resetme', {
      kind: 'reset_progress',
      configId: config.id,
      reason: 'Asked to start over',
    });
    expect(reset.status, reset.text).toBe(201);
    expect((await profile(setup, 'resetme')).states[0]).toMatchObject({ day: 1, streak: 0, claimable: true });

    const after = await claim(player, config.id);
    expect(after.day).toBe(1);
    expect(after.dailyReward.streak).toBe(1);
    expect(after.granted).toEqual([{ itemId: setup.gold.id, key: 'gold', quantity: 10 }]);
    expect((await player.claim(config.id)).status).toBe(409);
    clock.advance(DAY);
    expect((await claim(player, config.id)).day).toBe(2);
    await expectBalancesMatchLedger(setup, 'resetme');
  });

  it('never lets a reset after today’s claim grant a second claim today; the new progress starts tomorrow', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'players-reset-today@studio.test', { clock });
    const config = setup.configs[0]!;
    const player = await signedIn(setup, 'greedy');
    await claim(player, config.id);
    clock.advance(DAY);
    expect((await claim(player, config.id)).day).toBe(2);
    expect((await act(setup, 'greedy', { kind: 'reset_progress', configId: config.id, reason: 'r' })).status).toBe(201);
    expect((await player.claim(config.id)).status).toBe(409);
    const [row] = await query(setup, sql`select count(*)::int as n from wallet_ledger where reason = 'daily_reward'`);
    expect(row?.n).toBe(2);
    clock.advance(DAY);
    const tomorrow = await claim(player, config.id);
    expect([tomorrow.day, tomorrow.dailyReward.streak]).toEqual([1, 1]);
  });

  it('sets a streak: the next claim continues from it, even on an instance that remembers the last claim', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'players-streak@studio.test', { clock });
    const config = setup.configs[0]!;
    const player = await signedIn(setup, 'loyal');
    await claim(player, config.id);
    clock.advance(DAY);
    expect((await player.request('/v1/daily-rewards')).status).toBe(200);
    const set = await act(setup, 'loyal', {
      kind: 'set_streak',
      configId: config.id,
      reason: 'Streak lost in an outage',
      streak: 10,
    });
    expect(set.status, set.text).toBe(201);
    expect((set.body as { action: SupportAction }).action.details).toMatchObject({ streak: 10 });
    expect((await profile(setup, 'loyal')).states[0]).toMatchObject({ day: 4, streak: 10, claimable: true });
    const next = await claim(player, config.id);
    expect([next.day, next.dailyReward.streak]).toEqual([4, 11]);
    const [rows] = await query(setup, sql`select count(*)::int as n from daily_reward_claim where kind = 'set_streak'`);
    expect(rows?.n).toBe(1);
  });

  it('says which daily reward a player gets by the segments the runtime decided at their session, and why', async () => {
    const clock = new TestClock(at('2030-03-04T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'players-why@studio.test', { clock, configs: 2 });
    const [base, payers] = setup.configs as [(typeof setup.configs)[0], (typeof setup.configs)[0]];
    const whales = await createSegment(setup, 'Whales', 'player.totalSpend > 100.0');
    await setTargeting(setup, payers.id, { segmentId: whales.id, priority: 5 });
    await signedIn(setup, 'whale-1', { attributes: { totalSpend: 500 } });
    await signedIn(setup, 'minnow-1', { attributes: { totalSpend: 1 } });

    const whale = await profile(setup, 'whale-1');
    expect(whale.segments).toEqual([{ id: whales.id, name: 'Whales' }]);
    expect(whale.dailyReward.selected).toMatchObject({
      configId: payers.id,
      audience: { kind: 'segment', segmentId: whales.id, segmentName: 'Whales' },
      priority: 5,
    });
    expect(whale.dailyReward.configs.map((c) => [c.configId, c.verdict])).toEqual([
      [payers.id, 'selected'],
      [base.id, 'outranked'],
    ]);
    const minnow = await profile(setup, 'minnow-1');
    expect(minnow.segments).toEqual([]);
    expect(minnow.dailyReward.selected).toMatchObject({ configId: base.id, audience: { kind: 'everyone' } });
    expect(minnow.dailyReward.configs.map((c) => [c.configId, c.verdict])).toEqual([
      [payers.id, 'not_in_segment'],
      [base.id, 'selected'],
    ]);
  });

  it('never pays twice on one day when support and the player act at the same moment', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'players-race@studio.test', { clock });
    const config = setup.configs[0]!;
    const player = await signedIn(setup, 'racer');
    await claim(player, config.id);
    for (let day = 1; day <= 4; day++) {
      clock.advance(DAY);
      // The list makes this instance remember the last claim; then a claim, a reset and a set streak at once.
      expect((await player.request('/v1/daily-rewards')).status).toBe(200);
      const [claimed, reset, set] = await Promise.all([
        player.claim(config.id),
        act(setup, 'racer', { kind: 'reset_progress', configId: config.id, reason: 'race' }),
        act(setup, 'racer', { kind: 'set_streak', configId: config.id, reason: 'race', streak: 5 }),
      ]);
      expect([claimed.status, reset.status, set.status]).toEqual([200, 201, 201]);
      // Whatever order they committed in, today is claimed once and cannot be claimed again.
      expect((await player.claim(config.id)).status).toBe(409);
    }
    const perDay = await query(
      setup,
      sql`select c.day_key, count(*)::int as n from daily_reward_claim c join player p on p.id = c.player_ref
          where p.player_id = 'racer' and c.kind = 'claim' group by c.day_key order by c.day_key`,
    );
    expect(perDay.map((r) => Number(r.n))).toEqual([1, 1, 1, 1, 1]);
    const keys = await query(
      setup,
      sql`select c.seq, c.day_key from daily_reward_claim c join player p on p.id = c.player_ref
          where p.player_id = 'racer' order by c.seq`,
    );
    // Seqs run without a gap and day keys never go back.
    expect(keys.map((r) => Number(r.seq))).toEqual(keys.map((_, i) => i + 1));
    const dayKeys = keys.map((r) => Number(r.day_key));
    expect(dayKeys).toEqual([...dayKeys].sort((a, b) => a - b));
    await expectBalancesMatchLedger(setup, 'racer');
  });

  it('marks test players', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'players-testers@studio.test', { clock });
    await signedIn(setup, 'qa-anna');
    await signedIn(setup, 'regular');
    const added = await setup.client.post(`/api/games/${setup.game.id}/test-players`, {
      playerId: 'qa-anna',
      clockOffsetMs: DAY,
      note: 'Pixel 8',
    });
    expect(added.status, added.text).toBe(201);
    expect((await profile(setup, 'qa-anna')).tester).toMatchObject({ clockOffsetMs: DAY, note: 'Pixel 8' });
    expect((await profile(setup, 'regular')).tester).toBeNull();
  });
});
