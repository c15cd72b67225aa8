import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RuntimeLimits } from '../src/runtime/rate-limits';
import { readStandInPage } from './support/page-stand-in';
import { publishedRuntimeGame, RuntimeClient, TestClock, type RuntimeGameSetup } from './support/runtime';
import { DEFAULT_RUNTIME_LIMITS } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

// Decision 057: per-address budgets on /v1 and its sessions, and per-player raw-event budgets.
const servers = useTestServers();

type Answer = Awaited<ReturnType<RuntimeClient['request']>>;

/** A player signing in from an address (the proxy in front of the server reports it: TRUST_PROXY 1). */
async function signInFrom(setup: RuntimeGameSetup, address: string, playerId: string) {
  const player = new RuntimeClient(setup.server.url);
  const answer = await player.request('/v1/sessions', {
    json: { sdkKey: setup.game.sdkKey, playerId },
    headers: { 'x-forwarded-for': address },
    token: null,
  });
  if (answer.status === 200) player.token = (answer.body as { token: string }).token;
  return { player, answer };
}

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

async function start(clock: TestClock, limits: Partial<RuntimeLimits>, email: string) {
  const server = await servers.start({
    publishing: { readPageHtml: readStandInPage },
    now: clock.now,
    trustProxy: { hops: 1 },
    runtimeLimits: { ...DEFAULT_RUNTIME_LIMITS, ...limits },
  });
  return publishedRuntimeGame(servers, email, { clock, server });
}

const expectLimited = (answer: Answer, retryAfter: number) => {
  expect(answer.status, answer.text).toBe(429);
  expect(answer.body).toMatchObject({ code: 'rate_limited' });
  expect(answer.headers.get('retry-after')).toBe(String(retryAfter));
};

describe('per-address budgets on /v1', () => {
  it('bounds the sessions one address opens, new players or not, leaving other addresses alone', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T12:00:20Z'));
    const setup = await start(
      clock,
      { sessionsPerAddress: { max: 5, windowMs: 60_000 } },
      'limits-sessions@studio.test',
    );
    const answers: Answer[] = [];
    for (let i = 0; i < 8; i++) answers.push((await signInFrom(setup, '203.0.113.7', `minted-${i}`)).answer);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expectLimited(answers[5]!, 40);
    // The refused ones created nobody.
    const players = (await setup.server.database.db.execute(
      sql`select count(*)::int as n from player where game_id = ${setup.game.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(players.rows[0]!.n)).toBe(5);
    // Another address signs in; the first may again in the next minute.
    expect((await signInFrom(setup, '198.51.100.2', 'real')).answer.status).toBe(200);
    clock.advance(40_000);
    expect((await signInFrom(setup, '203.0.113.7', 'minted-9')).answer.status).toBe(200);
  });

  it('refuses one address’s flood by its own budget before it uses up the game’s, so a real player is served', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T12:00:00Z'));
    // The scenario: the game's budget lowered to 60 a minute; an address may use 25 of them.
    const setup = await start(
      clock,
      { perKey: { max: 60, windowMs: 60_000 }, perAddress: { max: 25, windowMs: 60_000 } },
      'limits-address@studio.test',
    );
    const { player: flooder } = await signInFrom(setup, '203.0.113.9', 'flooder');
    const { player: real } = await signInFrom(setup, '198.51.100.4', 'real');
    const flood = await Promise.all(
      Array.from({ length: 100 }, () => flooder.request('/v1/inventory', from('203.0.113.9'))),
    );
    // The session counted too: 24 more fit in the address's 25.
    expect(flood.filter((a) => a.status === 200)).toHaveLength(24);
    expectLimited(
      flood.find((a) => a.status === 429)!,
      60,
    );
    // The real player's 20 requests all pass: the flood took 25 of the game's 60, not all of them (it took all 60
    // before: 9 of the real player's 20 failed in the issue).
    const served: number[] = [];
    for (let i = 0; i < 20; i++) served.push((await real.request('/v1/inventory', from('198.51.100.4'))).status);
    expect(served).toEqual(Array<number>(20).fill(200));
  });
});

describe('per-player raw-event budgets', () => {
  const batch = (setup: RuntimeGameSetup, clock: TestClock, n: number) => ({
    events: Array.from({ length: n }, () => ({
      id: randomUUID(),
      type: 'shown',
      configId: setup.configs[0]!.id,
      clientTime: clock.time - 1000,
    })),
  });
  const sendEvents = (player: RuntimeClient, json: unknown) =>
    player.request('/v1/events', { method: 'POST', json, ...from('198.51.100.8') });
  const stored = async (setup: RuntimeGameSetup) => {
    const result = (await setup.server.database.db.execute(
      sql`select count(*)::int as n from analytics_event where game_id = ${setup.game.id} and kind = 'shown'`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]!.n);
  };

  it('refuses a batch that would take a player over their events per minute or per day, storing none of it', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T12:00:00Z'));
    const budgets = DEFAULT_RUNTIME_LIMITS.playerEvents;
    const setup = await start(
      clock,
      {
        playerEvents: {
          ...budgets,
          perMinute: { max: 100, windowMs: 60_000 },
          perDay: { max: 250, windowMs: 86_400_000 },
        },
      },
      'limits-events@studio.test',
    );
    const { player } = await signInFrom(setup, '198.51.100.8', 'chatty');
    const { player: other } = await signInFrom(setup, '198.51.100.8', 'quiet');
    expect((await sendEvents(player, batch(setup, clock, 60))).status).toBe(200);
    expectLimited(await sendEvents(player, batch(setup, clock, 50)), 60);
    expect((await sendEvents(player, batch(setup, clock, 40))).status).toBe(200);
    expect(await stored(setup)).toBe(100);
    // Another player's budget is their own.
    expect((await sendEvents(other, batch(setup, clock, 100))).status).toBe(200);
    // Next minutes: 100 + 50 more reach the day's 250; the next is refused until 00:00 UTC (12 hours).
    clock.advance(60_000);
    expect((await sendEvents(player, batch(setup, clock, 100))).status).toBe(200);
    clock.advance(60_000);
    expect((await sendEvents(player, batch(setup, clock, 50))).status).toBe(200);
    clock.advance(60_000);
    expectLimited(await sendEvents(player, batch(setup, clock, 1)), 12 * 3600 - 180);
    expect(await stored(setup)).toBe(350);
  });

  it('bounds the bytes a player stores per minute', async () => {
    const clock = new TestClock(Date.parse('2026-03-02T12:00:00Z'));
    const budgets = DEFAULT_RUNTIME_LIMITS.playerEvents;
    const setup = await start(
      clock,
      { playerEvents: { ...budgets, bytesPerMinute: { max: 30_000, windowMs: 60_000 } } },
      'limits-event-bytes@studio.test',
    );
    const { player } = await signInFrom(setup, '198.51.100.8', 'wordy');
    const wordy = (n: number) => ({
      events: batch(setup, clock, n).events.map((e) => ({ ...e, properties: { note: 'x'.repeat(200) } })),
    });
    // Each event is about 330 bytes: 50 are about 16.5 kB, a second 50 would pass 30 kB.
    expect((await sendEvents(player, wordy(50))).status).toBe(200);
    expectLimited(await sendEvents(player, wordy(50)), 60);
    expect((await sendEvents(player, wordy(10))).status).toBe(200);
    expect(await stored(setup)).toBe(60);
  });
});
