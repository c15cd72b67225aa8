import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  TEST_PLAYER_MESSAGES,
  TEST_PLAYER_OFFSET_MAX_MS,
  type TestPlayer,
  type TestPlayerClock,
} from '@liveops/domain/players';
import { type ClaimResponse, type DailyRewardState } from '@liveops/domain/runtime-api';
import { createTokenSigner, type PlayerTokenClaims } from '../src/runtime/tokens';
import { signedInClient } from './support/accounts';
import { readStandInPage } from './support/page-stand-in';
import {
  DAY,
  HOUR,
  publishedRuntimeGame,
  RuntimeClient,
  setRules,
  TestClock,
  type RuntimeGameSetup,
} from './support/runtime';
import { TEST_DATABASE_KIND } from './support/test-database';
import { startTestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

/**
 * Test players with their own clock (decision 040): the dashboard's routes, and the runtime following
 * a tester's offset and nobody else's, on PGlite and PostgreSQL.
 */
const servers = useTestServers();
const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);
/** The day key of a calendar date written YYYY-MM-DD (days since 1970-01-01). */
const key = (date: string) => at(`${date}T00:00:00Z`) / DAY;

type Row = Record<string, unknown>;
async function query(setup: RuntimeGameSetup, statement: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await setup.server.database.db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

const base = (setup: RuntimeGameSetup) => `/api/games/${setup.game.id}/test-players`;

async function addTester(setup: RuntimeGameSetup, playerId: string, clockOffsetMs = 0): Promise<TestPlayer> {
  const answer = await setup.client.post(base(setup), { playerId, clockOffsetMs });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as TestPlayer;
}

async function setOffset(setup: RuntimeGameSetup, tester: TestPlayer, clockOffsetMs: number) {
  const answer = await setup.client.request(`${base(setup)}/${tester.id}`, {
    method: 'PATCH',
    json: { clockOffsetMs },
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as TestPlayer;
}

async function nextDay(setup: RuntimeGameSetup, tester: TestPlayer, configId: string) {
  const answer = await setup.client.post(`${base(setup)}/${tester.id}/next-day`, { configId });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as TestPlayerClock;
}

async function reset(setup: RuntimeGameSetup, tester: TestPlayer, configId: string) {
  const answer = await setup.client.post(`${base(setup)}/${tester.id}/reset`, { configId });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { reset: boolean }).reset;
}

async function signedIn(setup: RuntimeGameSetup, playerId: string, timeZone = 'UTC') {
  const player = new RuntimeClient(setup.server.url);
  const answer = await player.signIn(setup.game.sdkKey, playerId, { timeZone });
  expect(answer.status, answer.text).toBe(200);
  return player;
}

async function stateOf(player: RuntimeClient, configId: string): Promise<DailyRewardState> {
  const answer = await player.request('/v1/daily-rewards');
  expect(answer.status, answer.text).toBe(200);
  const found = (answer.body as { dailyRewards: DailyRewardState[] }).dailyRewards.find((s) => s.configId === configId);
  if (!found) throw new Error(`no state of ${configId}`);
  return found;
}

async function claim(player: RuntimeClient, configId: string): Promise<ClaimResponse> {
  const answer = await player.claim(configId);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as ClaimResponse;
}

/** The claim rows of a player, in order: what the runtime decides from. */
async function claimRows(setup: RuntimeGameSetup, playerId: string, configId: string) {
  return query(
    setup,
    sql`select c.seq, c.kind, c.day_key, c.cycle_day, c.streak, c.pack_id, c.response::text as response,
               (extract(epoch from c.claimed_at) * 1000)::float8 as claimed_at
        from daily_reward_claim c join player p on p.id = c.player_ref
        where p.game_id = ${setup.game.id} and p.player_id = ${playerId} and c.config_id = ${configId}
        order by c.seq`,
  );
}

async function ledgerCount(setup: RuntimeGameSetup, playerId: string): Promise<number> {
  const [row] = await query(
    setup,
    sql`select count(*)::int as n from wallet_ledger l join player p on p.id = l.player_ref
        where p.game_id = ${setup.game.id} and p.player_id = ${playerId} and l.reason = 'daily_reward'`,
  );
  return Number(row?.n);
}

describe('test players in the dashboard', () => {
  it('are added, listed, edited and removed by the game’s owner, and nobody else sees them', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'testers-crud@studio.test', { clock });
    const anna = await addTester(setup, 'qa-anna', 3 * DAY + 2 * HOUR);
    expect(anna).toMatchObject({ playerId: 'qa-anna', clockOffsetMs: 3 * DAY + 2 * HOUR, note: '' });
    const ben = (await setup.client.post(base(setup), { playerId: 'qa-ben', note: '  iPhone 15  ' }))
      .body as TestPlayer;
    expect(ben).toMatchObject({ playerId: 'qa-ben', clockOffsetMs: 0, note: 'iPhone 15' });
    expect(((await setup.client.get(base(setup))).body as TestPlayer[]).map((t) => t.playerId)).toEqual([
      'qa-anna',
      'qa-ben',
    ]);

    const edited = await setup.client.request(`${base(setup)}/${ben.id}`, {
      method: 'PATCH',
      json: { playerId: 'qa-benedikt', clockOffsetMs: -HOUR },
    });
    expect(edited.body).toMatchObject({ playerId: 'qa-benedikt', clockOffsetMs: -HOUR, note: 'iPhone 15' });

    const stranger = await signedInClient(setup.server, 'testers-stranger@studio.test');
    expect((await stranger.get(base(setup))).status).toBe(404);
    expect((await stranger.request(`${base(setup)}/${ben.id}`, { method: 'DELETE' })).status).toBe(404);

    expect((await setup.client.request(`${base(setup)}/${ben.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await setup.client.request(`${base(setup)}/${ben.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(((await setup.client.get(base(setup))).body as TestPlayer[]).map((t) => t.playerId)).toEqual(['qa-anna']);
  });

  it('refuses a second tester of one player id, an offset beyond a year and bad input, with clear messages', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'testers-bad@studio.test', { clock });
    const anna = await addTester(setup, 'qa-anna');
    const cases: [unknown, number, string, string][] = [
      [{ playerId: 'qa-anna' }, 409, 'DUPLICATE_TEST_PLAYER', TEST_PLAYER_MESSAGES.duplicate],
      [
        { playerId: 'qa-far', clockOffsetMs: TEST_PLAYER_OFFSET_MAX_MS + 1 },
        400,
        'VALIDATION_ERROR',
        TEST_PLAYER_MESSAGES.offsetTooFar,
      ],
      [
        { playerId: 'qa-far', clockOffsetMs: -TEST_PLAYER_OFFSET_MAX_MS - 1 },
        400,
        'VALIDATION_ERROR',
        TEST_PLAYER_MESSAGES.offsetTooFar,
      ],
      [{ playerId: 'qa-half', clockOffsetMs: 0.5 }, 400, 'VALIDATION_ERROR', TEST_PLAYER_MESSAGES.offsetInvalid],
      [{ playerId: ' padded' }, 400, 'VALIDATION_ERROR', TEST_PLAYER_MESSAGES.playerIdInvalid],
      [{ playerId: 'x'.repeat(129) }, 400, 'VALIDATION_ERROR', TEST_PLAYER_MESSAGES.playerIdInvalid],
      [{ playerId: 'p', note: 'n'.repeat(201) }, 400, 'VALIDATION_ERROR', TEST_PLAYER_MESSAGES.noteTooLong],
      [{ playerId: 'p', gameId: 'another' }, 400, 'VALIDATION_ERROR', 'Unrecognized key: "gameId"'],
    ];
    for (const [json, status, code, message] of cases) {
      const answer = await setup.client.post(base(setup), json);
      expect(answer.status, `${JSON.stringify(json)}: ${answer.text}`).toBe(status);
      expect(answer.body).toMatchObject({ code, message });
    }
    const far = await setup.client.request(`${base(setup)}/${anna.id}`, {
      method: 'PATCH',
      json: { clockOffsetMs: 400 * DAY },
    });
    expect(far.status).toBe(400);
    expect(far.body).toMatchObject({ message: TEST_PLAYER_MESSAGES.offsetTooFar });
    const empty = await setup.client.request(`${base(setup)}/${anna.id}`, { method: 'PATCH', json: {} });
    expect(empty.body).toMatchObject({ code: 'VALIDATION_ERROR', message: TEST_PLAYER_MESSAGES.updateEmpty });
    // The database holds the same bound, should anything ever get past the schema.
    await expect(
      query(
        setup,
        sql`update test_player set clock_offset_ms = ${TEST_PLAYER_OFFSET_MAX_MS + 1} where id = ${anna.id}`,
      ),
    ).rejects.toThrow();
    expect(((await setup.client.get(base(setup))).body as TestPlayer[]).map((t) => t.playerId)).toEqual(['qa-anna']);
    expect(((await setup.client.get(base(setup))).body as TestPlayer[])[0]?.clockOffsetMs).toBe(0);
  });

  it('signs a tester’s player id with the game’s server secret, for the Emulator’s sign-in to a game that requires it', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'testers-signed@studio.test', { clock });
    const required = await setup.client.request(`/api/games/${setup.game.id}`, {
      method: 'PATCH',
      json: { requireSignedPlayerIds: true },
    });
    expect(required.status, required.text).toBe(200);
    const anna = await addTester(setup, 'qa-anna');
    const player = new RuntimeClient(setup.server.url);
    expect((await player.signIn(setup.game.sdkKey, 'qa-anna')).status).toBe(401);
    const signature = await setup.client.post(`${base(setup)}/${anna.id}/signature`, {});
    expect(signature.status, signature.text).toBe(200);
    const { playerSignature, expiresAt } = signature.body as { playerSignature: string; expiresAt: string };
    expect(Date.parse(expiresAt)).toBe(Math.floor(clock.time / 1000) * 1000 + 600_000);
    expect((await player.signIn(setup.game.sdkKey, 'qa-anna', { playerSignature })).status).toBe(200);
    // It signs that id only: another player id is refused with it.
    expect((await player.signIn(setup.game.sdkKey, 'someone-else', { playerSignature })).status).toBe(401);
    expect((await setup.client.post(`${base(setup)}/not-a-tester/signature`, {})).status).toBe(404);
  });
});

describe('a test player’s clock in the runtime', () => {
  it('moves a tester’s day by their offset, answers real instants, and leaves every other player on the server’s clock', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'testers-offset@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    const tester = await addTester(setup, 'qa-anna', 3 * DAY + 6 * HOUR);
    const anna = await signedIn(setup, 'qa-anna');
    const player = await signedIn(setup, 'player-1');

    // Anna's clock reads 2026-03-05 18:00: her day ends at her midnight, six hours from now in real time.
    expect(await stateOf(anna, configId)).toMatchObject({
      day: 1,
      claimable: true,
      resetsAt: '2026-03-02T18:00:00.000Z',
    });
    expect(await stateOf(player, configId)).toMatchObject({ resetsAt: '2026-03-03T00:00:00.000Z' });
    expect((await claim(anna, configId)).dailyReward).toMatchObject({ nextClaimAt: '2026-03-02T18:00:00.000Z' });
    expect((await claim(player, configId)).dailyReward).toMatchObject({ nextClaimAt: '2026-03-03T00:00:00.000Z' });
    // Her claim is on her day; both were made at the server's time.
    const [annaRow] = await claimRows(setup, 'qa-anna', configId);
    const [playerRow] = await claimRows(setup, 'player-1', configId);
    expect([annaRow?.day_key, annaRow?.claimed_at]).toEqual([key('2026-03-05'), clock.time]);
    expect([playerRow?.day_key, playerRow?.claimed_at]).toEqual([key('2026-03-02'), clock.time]);
    const refused = await anna.claim(configId);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'already_claimed', nextClaimAt: '2026-03-02T18:00:00.000Z' });

    // At 18:00 her next day has begun, and nobody else's has.
    clock.set('2026-03-02T18:00:00Z');
    expect((await claim(anna, configId)).day).toBe(2);
    expect((await player.claim(configId)).status).toBe(409);

    // Removed as a tester: back on the server's clock at once, where her last claim (the 6th) is still ahead.
    expect((await setup.client.request(`${base(setup)}/${tester.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await stateOf(anna, configId)).toMatchObject({ day: 2, claimable: false });
    expect((await anna.claim(configId)).status).toBe(409);
  });

  it('applies an offset at once to a token made before the player became a tester', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'testers-later@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    const player = await signedIn(setup, 'becomes-tester');
    expect(await claim(player, configId)).toMatchObject({ day: 1 });
    const tester = await addTester(setup, 'becomes-tester', DAY);
    // The same token (no sign-in since): tomorrow already.
    expect(await stateOf(player, configId)).toMatchObject({ day: 2, claimable: true });
    await setOffset(setup, tester, 0);
    expect(await stateOf(player, configId)).toMatchObject({ day: 1, claimable: false });
  });

  it('can never be set by a game client: not in a session, an attribute, a header, the address or a token', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'testers-client@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    await addTester(setup, 'qa-anna', 5 * DAY);
    const cheat = new RuntimeClient(setup.server.url);
    for (const extra of [{ clockOffsetMs: 5 * DAY }, { now: '2026-03-09T12:00:00Z' }, { testPlayer: true }]) {
      const answer = await cheat.signIn(setup.game.sdkKey, 'cheater', extra);
      expect(answer.status, JSON.stringify(extra)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'validation_error' });
    }
    // As an attribute it is at most a custom attribute (refused or ignored, never a clock).
    const withAttribute = await cheat.signIn(setup.game.sdkKey, 'cheater', { attributes: { clockOffsetMs: 5 * DAY } });
    expect([200, 400]).toContain(withAttribute.status);
    expect((await cheat.signIn(setup.game.sdkKey, 'cheater')).status).toBe(200);
    const clockHeaders = {
      date: 'Mon, 09 Mar 2026 12:00:00 GMT',
      'x-liveops-now': '2026-03-09T12:00:00Z',
      'x-clock-offset': String(5 * DAY),
    };
    expect(await claim(cheat, configId)).toMatchObject({ day: 1 });
    for (const path of [
      `/v1/daily-rewards?now=2026-03-09T12:00:00Z&clockOffsetMs=${5 * DAY}`,
      `/v1/daily-rewards?playerId=qa-anna`,
    ]) {
      const answer = await cheat.request(path, { headers: clockHeaders });
      const state = (answer.body as { dailyRewards: DailyRewardState[] }).dailyRewards[0];
      expect(state).toMatchObject({ day: 1, claimable: false, resetsAt: '2026-03-03T00:00:00.000Z' });
    }
    const again = await cheat.request(`/v1/daily-rewards/${configId}/claim?clockOffsetMs=${5 * DAY}`, {
      method: 'POST',
      headers: { ...clockHeaders, 'idempotency-key': 'cheat-2' },
    });
    expect(again.status).toBe(409);
    // The runtime has no route to a test player or an offset.
    for (const [method, path] of [
      ['POST', '/v1/test-players'],
      ['PATCH', '/v1/players/cheater'],
      ['POST', '/v1/players/cheater/clock'],
    ] as const) {
      const answer = await cheat.request(path, { method, json: { clockOffsetMs: 5 * DAY } });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    // A token claiming to be the tester's, without the server's signature, is refused; one signed with another
    // secret too.
    const [head, payload, signature] = (cheat.token ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as PlayerTokenClaims;
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, i: 'qa-anna' })).toString('base64url')}.${signature}`;
    expect((await cheat.request('/v1/daily-rewards', { token: forged })).status).toBe(401);
    const otherSecret = createTokenSigner('x'.repeat(40)).sign({ ...claims, i: 'qa-anna' });
    expect((await cheat.request('/v1/daily-rewards', { token: otherSecret })).status).toBe(401);
    expect(await ledgerCount(setup, 'cheater')).toBe(1);
  });
});

describe('"Next day" and "Reset progress"', () => {
  it('moves a tester to a minute past their next midnight in their zone, or past the config’s UTC start', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    // Two games on one server: one counts days from the player's midnight, the other from 05:00 UTC.
    const setup = await publishedRuntimeGame(servers, 'testers-next-day@studio.test', { clock });
    const midnight = setup.configs[0]!.id;
    const other = await publishedRuntimeGame(servers, 'testers-next-day-utc@studio.test', {
      clock,
      server: setup.server,
    });
    const fiveUtc = other.configs[0]!.id;
    await setRules(other, fiveUtc, { dayStartKind: 'utc_time', dayStartMinute: 5 * 60 });
    const tester = await addTester(setup, 'qa-tokyo');
    const utcTester = await addTester(other, 'qa-tokyo');
    const tokyo = await signedIn(setup, 'qa-tokyo', 'Asia/Tokyo');
    const tokyoUtc = await signedIn(other, 'qa-tokyo', 'Asia/Tokyo');
    await claim(tokyo, midnight);
    await claim(tokyoUtc, fiveUtc);

    // 21:00 in Tokyo: its midnight is 15:00 UTC, three hours away.
    const moved = await nextDay(setup, tester, midnight);
    expect(moved.serverTime).toBe('2026-03-02T12:00:00.000Z');
    expect(moved.testPlayer.clockOffsetMs).toBe(3 * HOUR + MINUTE);
    expect(await stateOf(tokyo, midnight)).toMatchObject({ day: 2, claimable: true, streak: 1 });
    // Under 05:00 UTC the next day starts at 05:00 UTC on the 3rd, whatever her zone.
    const utc = await nextDay(other, utcTester, fiveUtc);
    expect(utc.testPlayer.clockOffsetMs).toBe(DAY - 7 * HOUR + MINUTE);
    expect(await stateOf(tokyoUtc, fiveUtc)).toMatchObject({ day: 2, claimable: true, streak: 1 });
    // Real time passes for her too: an hour later she is still in that day, which ends at 05:00 UTC on the 4th
    // by her clock, 11:59 on the 3rd in real time.
    clock.advance(HOUR);
    expect(await stateOf(tokyoUtc, fiveUtc)).toMatchObject({ day: 2, resetsAt: '2026-03-03T11:59:00.000Z' });

    // A config of another game is not found; none is refused with what to send.
    const foreign = await setup.client.post(`${base(setup)}/${tester.id}/next-day`, { configId: fiveUtc });
    expect(foreign.status).toBe(404);
    const noConfig = await setup.client.post(`${base(setup)}/${tester.id}/next-day`, {});
    expect(noConfig.body).toMatchObject({ code: 'VALIDATION_ERROR', message: TEST_PLAYER_MESSAGES.configRequired });
  });

  it('refuses a next day beyond a year from the server’s clock, changing nothing', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'testers-year@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    const tester = await addTester(setup, 'qa-far', TEST_PLAYER_OFFSET_MAX_MS - 6 * HOUR);
    const answer = await setup.client.post(`${base(setup)}/${tester.id}/next-day`, { configId });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'CLOCK_LIMIT', message: TEST_PLAYER_MESSAGES.nextDayTooFar });
    expect(((await setup.client.get(base(setup))).body as TestPlayer[])[0]?.clockOffsetMs).toBe(
      TEST_PLAYER_OFFSET_MAX_MS - 6 * HOUR,
    );
    // A year behind is as far as it goes the other way; Next day from there is fine.
    await setOffset(setup, tester, -TEST_PLAYER_OFFSET_MAX_MS);
    expect((await nextDay(setup, tester, configId)).testPlayer.clockOffsetMs).toBe(
      -TEST_PLAYER_OFFSET_MAX_MS + 12 * HOUR + MINUTE,
    );
  });

  it('applies five Next day presses at once in order: five days on, never a 500 (decision 057)', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'testers-next-day-race@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    const tester = await addTester(setup, 'qa-race');
    for (let round = 0; round < 3; round++) {
      await setOffset(setup, tester, 0);
      const presses = await Promise.all(
        Array.from({ length: 5 }, () => setup.client.post(`${base(setup)}/${tester.id}/next-day`, { configId })),
      );
      expect(presses.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      // UTC (never signed in): 12:00 to a minute past the next midnight, then a day at a time.
      const offsets = presses.map((answer) => (answer.body as TestPlayerClock).testPlayer.clockOffsetMs);
      expect(offsets.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4].map((n) => n * DAY + 12 * HOUR + MINUTE));
      expect(((await setup.client.get(base(setup))).body as TestPlayer[])[0]?.clockOffsetMs).toBe(
        4 * DAY + 12 * HOUR + MINUTE,
      );
    }
  });

  it('resets a tester’s progress: the next claim is day 1 with streak 1, at once, and nothing is granted by the reset', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'testers-reset@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    const tester = await addTester(setup, 'qa-reset');
    // Nothing to reset before the game ever signed the tester in.
    expect(await reset(setup, tester, configId)).toBe(false);
    const anna = await signedIn(setup, 'qa-reset', 'Europe/Berlin');
    for (let day = 1; day <= 3; day++) {
      expect((await claim(anna, configId)).day).toBe(day);
      if (day < 3) await nextDay(setup, tester, configId);
    }
    // This instance remembers her last claim (the list reads it): the claim after the reset must not trust it.
    expect(await stateOf(anna, configId)).toMatchObject({ day: 3, streak: 3, claimable: false });
    const granted = await ledgerCount(setup, 'qa-reset');

    expect(await reset(setup, tester, configId)).toBe(true);
    expect(await stateOf(anna, configId)).toMatchObject({ day: 1, streak: 0, claimable: true, nextClaimAt: null });
    expect(await ledgerCount(setup, 'qa-reset')).toBe(granted);
    const rows = await claimRows(setup, 'qa-reset', configId);
    expect(rows.map((r) => [r.seq, r.kind])).toEqual([
      [1, 'claim'],
      [2, 'claim'],
      [3, 'claim'],
      [4, 'reset'],
    ]);
    expect(rows[3]).toMatchObject({ cycle_day: 0, streak: 0, pack_id: '', response: '{}', claimed_at: clock.time });

    const after = await claim(anna, configId);
    expect([after.day, after.dailyReward.streak, after.packId]).toEqual([1, 1, setup.packs[0]!.id]);
    expect(after.granted).toEqual([{ itemId: setup.gold.id, key: 'gold', quantity: 10 }]);
    await nextDay(setup, tester, configId);
    expect((await claim(anna, configId)).day).toBe(2);
  });

  it('races a reset against the tester’s own claims without a double grant or an error', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'testers-race@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    const tester = await addTester(setup, 'qa-race');
    const anna = await signedIn(setup, 'qa-race');
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        anna.claim(configId),
        setup.client.post(`${base(setup)}/${tester.id}/reset`, { configId }),
        anna.claim(configId),
      ]);
      expect(
        answers.map((a) => a.status).every((s) => s === 200 || s === 409),
        answers.map((a) => a.text).join(),
      ).toBe(true);
    }
    const rows = await claimRows(setup, 'qa-race', configId);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    // Every grant is a claim row and the other way round; a reset row grants nothing.
    expect(await ledgerCount(setup, 'qa-race')).toBe(rows.filter((r) => r.kind === 'claim').length);
    // Between two resets at most one claim was granted on the one day the clock stood at.
    let since = 0;
    for (const row of rows) {
      since = row.kind === 'reset' ? 0 : since + 1;
      expect(since).toBeLessThanOrEqual(1);
    }
  });

  it('plays a week with a missed day under "keep progress", then, the rule switched, under "start over"', async () => {
    const clock = new TestClock(at('2026-03-02T12:00:00Z'));
    const setup = await publishedRuntimeGame(servers, 'testers-week@studio.test', { clock });
    const configId = setup.configs[0]!.id;
    const tester = await addTester(setup, 'qa-week');
    const anna = await signedIn(setup, 'qa-week', 'America/New_York');
    for (let day = 1; day <= 3; day++) {
      expect((await claim(anna, configId)).day).toBe(day);
      await nextDay(setup, tester, configId);
    }
    // Day 4 passes unclaimed: it waits, and the streak starts again.
    await nextDay(setup, tester, configId);
    expect(await stateOf(anna, configId)).toMatchObject({
      day: 4,
      streak: 0,
      claimable: true,
      missedDay: 'keep_progress',
    });
    const kept = await claim(anna, configId);
    expect([kept.day, kept.dailyReward.streak]).toEqual([4, 1]);
    // On to the end of the week and the next cycle.
    for (let day = 5; day <= 8; day++) {
      await nextDay(setup, tester, configId);
      expect((await claim(anna, configId)).day).toBe(day === 8 ? 1 : day);
    }

    // The studio switches the rule: a missed day now starts over at day 1.
    await setRules(setup, configId, { missedDay: 'start_over' });
    await nextDay(setup, tester, configId);
    expect((await claim(anna, configId)).day).toBe(2);
    await nextDay(setup, tester, configId);
    await nextDay(setup, tester, configId);
    expect(await stateOf(anna, configId)).toMatchObject({
      day: 1,
      streak: 0,
      claimable: true,
      missedDay: 'start_over',
    });
    const restarted = await claim(anna, configId);
    expect([restarted.day, restarted.dailyReward.streak]).toEqual([1, 1]);
    // Ten claims, and the one of day 7 gave gems as well as gold.
    expect(await ledgerCount(setup, 'qa-week')).toBe(3 + 1 + 4 + 1 + 1 + 1);
  });
});

describe('test players across instances', () => {
  it.skipIf(TEST_DATABASE_KIND !== 'postgres')(
    'moves a tester’s clock on every instance as soon as the dashboard changes it on one',
    async () => {
      const clock = new TestClock(at('2026-03-02T12:00:00Z'));
      const database = await servers.databases().create();
      const one = await startTestServer(database, {
        ownsDatabase: false,
        publishing: { readPageHtml: readStandInPage },
        now: clock.now,
      });
      // One storage, as instances share S3: both read the release's configs.
      const two = await startTestServer(database, {
        ownsDatabase: false,
        smtp: one.smtp,
        now: clock.now,
        dataDir: one.config.dataDir,
      });
      servers.cleanups.push(async () => {
        await two.close();
        await one.close();
        await database.close();
      });
      const setup = await publishedRuntimeGame(servers, 'testers-instances@studio.test', { clock, server: one });
      const configId = setup.configs[0]!.id;
      const tester = await addTester(setup, 'qa-spread');
      const onOne = await signedIn(setup, 'qa-spread');
      const onTwo = new RuntimeClient(two.url);
      onTwo.token = onOne.token;
      await claim(onOne, configId);
      // Instance two reads the game (and its testers) into its cache.
      expect(await stateOf(onTwo, configId)).toMatchObject({ day: 1, claimable: false });
      await nextDay(setup, tester, configId);
      await expect.poll(async () => (await stateOf(onTwo, configId)).claimable, { timeout: 5000 }).toBe(true);
      expect((await claim(onTwo, configId)).day).toBe(2);
      // Back on the server's clock: the day she claimed (the 3rd) is still ahead, and today ends at its midnight.
      await setOffset(setup, tester, 0);
      await expect
        .poll(async () => (await stateOf(onTwo, configId)).resetsAt, { timeout: 5000 })
        .toBe('2026-03-03T00:00:00.000Z');
      expect(await stateOf(onTwo, configId)).toMatchObject({ day: 2, claimable: false });
    },
  );
});
