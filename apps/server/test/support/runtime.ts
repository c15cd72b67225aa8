import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DailyReward } from '@liveops/domain/daily-rewards';
import type { Game } from '@liveops/domain/games';
import type { Item, Pack } from '@liveops/domain/inventory';
import type { Segment } from '@liveops/domain/segments';
import { dailyReward, game as gameTable } from '../../src/db/schema';
import { signServerRequest } from '../../src/runtime/tokens';
import { signedInClient } from './accounts';
import { readStandInPage } from './page-stand-in';
import type { TestClient } from './test-client';
import type { TestServer } from './test-server';
import type { useTestServers } from './use-test-servers';

/** A clock a test moves by hand: the runtime's only clock (decision 034). */
export class TestClock {
  constructor(public time: number) {}
  now = () => this.time;
  set(iso: string) {
    this.time = Date.parse(iso);
  }
  advance(ms: number) {
    this.time += ms;
  }
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

type Answer = { status: number; body: unknown; text: string; headers: Headers };

/** A game client of the runtime: no cookies, JSON, a bearer token once signed in. */
export class RuntimeClient {
  token: string | null = null;
  private signedInWith: { sdkKey: string; playerId: string; extra: Record<string, unknown> } | null = null;
  /** Signs in again once when its token is refused as invalid (expired after an hour), as the SDK does. */
  renew = true;
  constructor(readonly baseUrl: string) {}

  async request(
    path: string,
    init: {
      method?: string;
      json?: unknown;
      body?: string;
      headers?: Record<string, string>;
      token?: string | null;
    } = {},
  ): Promise<Answer> {
    const headers = new Headers(init.headers);
    const token = init.token === undefined ? this.token : init.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const response = await fetch(new URL(path, this.baseUrl), {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    const answer = { status: response.status, body: parsed, text, headers: response.headers };
    if (
      answer.status === 401 &&
      (parsed as { code?: string } | null)?.code === 'invalid_token' &&
      this.renew &&
      init.token === undefined &&
      this.signedInWith
    ) {
      const { sdkKey, playerId, extra } = this.signedInWith;
      const again = await this.signIn(sdkKey, playerId, extra);
      if (again.status === 200) return this.request(path, init);
    }
    return answer;
  }

  async signIn(sdkKey: string, playerId: string, extra: Record<string, unknown> = {}): Promise<Answer> {
    const answer = await this.request('/v1/sessions', { json: { sdkKey, playerId, ...extra }, token: null });
    if (answer.status === 200) {
      this.token = (answer.body as { token: string }).token;
      this.signedInWith = { sdkKey, playerId, extra };
    }
    return answer;
  }

  claim(configId: string, key: string = randomUUID(), token?: string | null): Promise<Answer> {
    return this.request(`/v1/daily-rewards/${encodeURIComponent(configId)}/claim`, {
      method: 'POST',
      headers: { 'idempotency-key': key },
      ...(token !== undefined ? { token } : {}),
    });
  }
}

/** A call of the game's backend, signed with its server secret. */
export async function serverCall(
  server: TestServer,
  sdkKey: string,
  secret: string,
  path: string,
  json: unknown,
  { key = randomUUID(), timestamp }: { key?: string; timestamp?: number } = {},
): Promise<Answer> {
  const body = JSON.stringify(json);
  const ts = timestamp ?? Math.floor(Date.now() / 1000);
  const signature = signServerRequest({ timestamp: ts, method: 'POST', path, idempotencyKey: key, body }, secret);
  return new RuntimeClient(server.url).request(path, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'idempotency-key': key,
      'x-liveops-key': sdkKey,
      'x-liveops-timestamp': String(ts),
      'x-liveops-signature': signature,
    },
    token: null,
  });
}

export type RuntimeGameSetup = {
  server: TestServer;
  client: TestClient;
  game: Game;
  gold: Item;
  gems: Item;
  /** Day d's pack gives d × 10 gold (and day 7 also 5 gems). */
  packs: Pack[];
  configs: DailyReward[];
  serverSecret: string;
};

/**
 * A studio's game with two items (gold with a base amount of 100, gems with 1), a pack per day and `configs`
 * daily rewards giving them, published (the stand-in page), so the runtime serves them.
 */
export async function publishedRuntimeGame(
  servers: ReturnType<typeof useTestServers>,
  email: string,
  { clock, configs = 1, server: given }: { clock: TestClock; configs?: number; server?: TestServer },
): Promise<RuntimeGameSetup> {
  const server = given ?? (await servers.start({ publishing: { readPageHtml: readStandInPage }, now: clock.now }));
  return publishedRuntimeGameOn(server, email, { configs });
}

/**
 * The same game on a server the caller started and keeps (a file sharing one server across its tests), which must
 * publish with the stand-in page.
 */
export async function publishedRuntimeGameOn(
  server: TestServer,
  email: string,
  { configs = 1 }: { configs?: number } = {},
): Promise<RuntimeGameSetup> {
  const client = await signedInClient(server, email);
  const game = (await client.post('/api/games', { name: 'Runtime Quest', description: 'A game', platforms: ['Web'] }))
    .body as Game;
  const gold = (
    await client.post(`/api/games/${game.id}/items`, { name: 'Gold', type: 'currency', value: 0.01, baseAmount: 100 })
  ).body as Item;
  const gems = (
    await client.post(`/api/games/${game.id}/items`, { name: 'Gems', type: 'currency', value: 1, baseAmount: 1 })
  ).body as Item;
  const packs: Pack[] = [];
  for (let day = 1; day <= 7; day++) {
    const contents = [{ itemId: gold.id, quantity: day * 10 }];
    if (day === 7) contents.push({ itemId: gems.id, quantity: 5 });
    const created = await client.post(`/api/games/${game.id}/packs`, {
      name: `Day ${day} chest`,
      contents,
      iconId: 'gift',
    });
    if (created.status !== 201 && created.status !== 200) throw new Error(`pack: ${created.status} ${created.text}`);
    packs.push(created.body as Pack);
  }
  const made: DailyReward[] = [];
  for (let i = 0; i < configs; i++) {
    const created = (await client.post(`/api/games/${game.id}/daily-rewards`, {})).body as DailyReward;
    const rewards = packs.map((pack, index) => ({ day: index + 1, packId: pack.id }));
    const patched = await client.request(`/api/games/${game.id}/daily-rewards/${created.id}`, {
      method: 'PATCH',
      json: { rewards, cycleDays: 7 },
    });
    if (patched.status !== 200) throw new Error(`days: ${patched.status} ${patched.text}`);
    made.push(patched.body as DailyReward);
  }
  if (configs > 0) await publishGame(client, game.id);
  const [row] = await server.database.db
    .select({ secret: gameTable.serverSecret })
    .from(gameTable)
    .where(eq(gameTable.id, game.id));
  return { server, client, game, gold, gems, packs, configs: made, serverSecret: row!.secret };
}

export async function publishGame(client: TestClient, gameId: string): Promise<void> {
  const response = await client.request(`/api/games/${gameId}/releases`, { method: 'POST', json: {} });
  const lines = response.text.split('\n').filter(Boolean);
  const last = lines.length ? (JSON.parse(lines[lines.length - 1]!) as { type?: string }) : null;
  if (response.status !== 200 || last?.type !== 'done') {
    throw new Error(`publish failed: ${response.status} ${response.text.slice(0, 500)}`);
  }
}

/**
 * Sets a config's runtime rules in the database, then renames it through the dashboard so a live event tells
 * every instance's runtime cache (the dashboard's own settings route may be used instead where it exists).
 */
export async function setRules(
  setup: RuntimeGameSetup,
  configId: string,
  rules: {
    dayStartKind?: 'player_midnight' | 'utc_time';
    dayStartMinute?: number;
    missedDay?: 'keep_progress' | 'start_over';
  },
): Promise<void> {
  await setup.server.database.db.update(dailyReward).set(rules).where(eq(dailyReward.id, configId));
  const renamed = await setup.client.request(`/api/games/${setup.game.id}/daily-rewards/${configId}`, {
    method: 'PATCH',
    json: { name: `Rules ${randomUUID().slice(0, 8)}` },
  });
  if (renamed.status !== 200) throw new Error(`rename: ${renamed.status} ${renamed.text}`);
}

/** Replaces the game's custom attribute declarations through the dashboard (decision 039); the answer as given. */
export function declareAttributes(
  setup: Pick<RuntimeGameSetup, 'client' | 'game'>,
  customAttributes: { name: string; type: string }[],
): Promise<Answer> {
  return setup.client.request(`/api/games/${setup.game.id}/custom-attributes`, {
    method: 'PUT',
    json: { customAttributes },
  });
}

/** A segment of the game, created through the dashboard (its expression checked with the declarations). */
export async function createSegment(
  setup: Pick<RuntimeGameSetup, 'client' | 'game'>,
  name: string,
  expression: string,
): Promise<Segment> {
  const created = await setup.client.post(`/api/games/${setup.game.id}/segments`, { name, expression });
  if (created.status !== 201) throw new Error(`segment: ${created.status} ${created.text}`);
  return created.body as Segment;
}
