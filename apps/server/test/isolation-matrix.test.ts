import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { inspectRoutes } from 'hono/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  DAILY_REWARD_MESSAGES,
  PUBLISH_MESSAGES,
  GAME_MESSAGES,
  INVENTORY_MESSAGES,
  SEGMENT_MESSAGES,
  type Asset,
  type DailyReward,
  type Game,
  type Item,
  type Pack,
  type Segment,
} from '@liveops/domain';
import * as schema from '../src/db/schema';
import { signedInClient } from './support/accounts';
import type { TestClient } from './support/test-client';
import { createTestDatabases, type TestDatabases } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';
import { unverifiedClient } from './support/unverified-session';

/**
 * Every route the app serves, crossed with every caller who must not reach the first owner's data: nobody signed
 * in, a session whose email is unverified, and another verified owner holding the first owner's real ids. The
 * table below is checked against the app's own route table, so a new route cannot be added without an entry.
 */

/** The ids a request is built from: the first owner's, or (for bodies in the caller's own game) the caller's. */
type Ids = {
  gameId: string;
  itemId: string;
  packId: string;
  segmentId: string;
  assetId: string;
  dailyRewardId: string;
  version: string;
};

/** How each path parameter is filled. A route with a parameter not named here fails the coverage test. */
const PARAMS: Record<string, keyof Ids> = {
  id: 'gameId',
  gameId: 'gameId',
  itemId: 'itemId',
  packId: 'packId',
  segmentId: 'segmentId',
  assetId: 'assetId',
  dailyRewardId: 'dailyRewardId',
  version: 'version',
};

/** A request a public or own-account route is probed with. */
type Probe = { path: string; method?: string; json?: unknown; query?: string };

type Entry =
  /** Open to anyone by design; probed by every caller all the same, for leaks and changes. */
  | { access: 'public'; why: string; probes: Probe[] }
  /** The caller's own account, found from the session alone (no id in the request): anonymous callers refused. */
  | { access: 'self'; why: string; probes: Probe[] }
  /** A verified user's own data, not tied to a game in the path: another owner gets their own answer. */
  | { access: 'verified'; body?: (ids: Ids) => unknown; form?: (ids: Ids) => FormData; otherOwner: number }
  /** Inside one game: another owner's ids answer exactly like missing ones. */
  | { access: 'game'; body?: (ids: Ids) => unknown; form?: (ids: Ids) => FormData; notFound: string }
  /** One record found by its id alone (no game in the path): another owner's id answers exactly like a missing one. */
  | { access: 'record'; body?: (ids: Ids) => unknown; form?: (ids: Ids) => FormData; notFound: string };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
function pngForm(name: string, assetId: string): FormData {
  const data = new FormData();
  data.set('name', name);
  data.set('assetId', assetId);
  data.set('file', new Blob([PNG], { type: 'image/png' }), 'art.png');
  return data;
}

const itemBody = (ids: Ids) => ({
  name: 'Matrix Gold',
  type: 'currency',
  value: 1.25,
  baseAmount: 10,
  assetRefId: ids.assetId,
});
const weekOf = (packId: string) => Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId }));
const packBody = (ids: Ids) => ({ name: 'Matrix Pack', contents: [{ itemId: ids.itemId, quantity: 2 }] });
const gameBody = { name: 'Matrix Game', description: 'made by the matrix', platforms: ['Web'] };

const MATRIX: Record<string, Entry> = {
  'POST /api/auth/sign-up/email': {
    access: 'public',
    why: 'anyone may create an account; trying the first owner’s email must neither reveal nor change it',
    probes: [
      { path: '/api/auth/sign-up/email', json: { email: 'alice-matrix@studio.test', password: 'another pw 1' } },
    ],
  },
  'POST /api/auth/sign-in/email': {
    access: 'public',
    why: 'signing in is how a session starts; a wrong password for the first owner must change nothing',
    probes: [{ path: '/api/auth/sign-in/email', json: { email: 'alice-matrix@studio.test', password: 'wrong pw 1' } }],
  },
  'POST /api/auth/send-verification-email': {
    access: 'public',
    why: 'a signed-out visitor asks for a new link; the answer must not say whether the account exists',
    probes: [{ path: '/api/auth/send-verification-email', json: { email: 'alice-matrix@studio.test' } }],
  },
  'POST /api/auth/sign-in/social': {
    access: 'public',
    why: 'starts Google sign-in for a signed-out visitor (refused here: Google is not configured)',
    probes: [{ path: '/api/auth/sign-in/social', json: { provider: 'google' } }],
  },
  'GET /api/auth/verify-email': {
    access: 'public',
    why: 'the emailed link is opened signed out; the signed token is the credential',
    probes: [{ path: '/api/auth/verify-email', query: 'token=not-a-token' }],
  },
  'POST /api/auth/redeem-verification': {
    access: 'public',
    why: 'what /verified calls with the emailed token: the signed token is the credential, as for verify-email',
    probes: [{ path: '/api/auth/redeem-verification', json: { token: 'not-a-token' } }],
  },
  'POST /api/auth/request-password-reset': {
    access: 'public',
    why: 'a signed-out visitor asks for a reset link; the answer must not say whether the account exists',
    probes: [{ path: '/api/auth/request-password-reset', json: { email: 'alice-matrix@studio.test' } }],
  },
  'POST /api/auth/reset-link-status': {
    access: 'public',
    why: 'what /reset-password asks with the emailed token: the unguessable token is the credential',
    probes: [{ path: '/api/auth/reset-link-status', json: { token: 'not-a-reset-token' } }],
  },
  'POST /api/auth/reset-password': {
    access: 'public',
    why: 'sets a new password from the emailed link, signed out: the token alone names the account it resets',
    probes: [
      { path: '/api/auth/reset-password', json: { token: 'not-a-reset-token', newPassword: 'a new password 1' } },
    ],
  },
  'ALL /api/auth/*': {
    access: 'public',
    why: 'Better Auth’s own endpoints: each acts on the caller’s own session, never on an id from the request',
    probes: [
      { path: '/api/auth/get-session' },
      { path: '/api/auth/list-sessions' },
      { path: '/api/auth/list-accounts' },
      { path: '/api/auth/revoke-other-sessions', method: 'POST', json: {} },
    ],
  },
  'POST /api/auth/update-user': {
    access: 'self',
    why: 'changes the signed-in caller’s own name and picture; Better Auth finds the user from the session',
    probes: [{ path: '/api/auth/update-user', json: { name: 'Renamed By Matrix' } }],
  },
  'POST /api/auth/change-password': {
    access: 'self',
    why: 'changes the signed-in caller’s own password, only with the current one',
    probes: [
      {
        path: '/api/auth/change-password',
        json: { currentPassword: 'not the password', newPassword: 'a new password 1' },
      },
    ],
  },
  'GET /api/session': {
    access: 'public',
    why: 'the signed-out probe: answers 200 with the caller’s own verified user, or null',
    probes: [{ path: '/api/session' }],
  },
  'ALL /api/*': {
    access: 'public',
    why: 'the API’s answer to an unknown path: a plain 404 for everyone',
    probes: [{ path: '/api/no-such-route' }, { path: '/api/games/x/no-such-thing', method: 'POST', json: {} }],
  },
  'GET /healthz': {
    access: 'public',
    why: 'liveness for a load balancer or orchestrator: says the process answers, nothing about anyone',
    probes: [{ path: '/healthz' }],
  },
  'GET /readyz': {
    access: 'public',
    why: 'readiness for a load balancer: says whether the database answers and is migrated, nothing about anyone',
    probes: [{ path: '/readyz' }],
  },
  'GET /files/*': {
    access: 'public',
    why: 'stored images are public by their unguessable URL, for game clients; unknown keys answer 404',
    probes: [{ path: '/files/assets/no-such-game/no-such-file.png' }],
  },
  'GET /api/me': { access: 'verified', otherOwner: 200 },
  'GET /api/account': { access: 'verified', otherOwner: 200 },
  // Found from the session alone: another owner, sending a wrong password, is refused for their own account.
  'DELETE /api/account': { access: 'verified', body: () => ({ password: 'not the password' }), otherOwner: 400 },
  'GET /api/live-updates': { access: 'verified', otherOwner: 200 },
  'GET /api/games': { access: 'verified', otherOwner: 200 },
  'POST /api/games': { access: 'verified', body: () => gameBody, otherOwner: 201 },
  'GET /api/games/:id': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'PATCH /api/games/:id': { access: 'game', body: () => gameBody, notFound: GAME_MESSAGES.notFound },
  // The first owner's own game name, typed right: still answered as a missing game, and nothing deleted.
  'DELETE /api/games/:id': {
    access: 'game',
    body: () => ({ confirmation: 'Alice Secret Orchard' }),
    notFound: GAME_MESSAGES.notFound,
  },
  'POST /api/games/:id/duplicate': { access: 'game', body: () => ({}), notFound: GAME_MESSAGES.notFound },
  'PATCH /api/games/:id/orientation': {
    access: 'game',
    body: () => ({ orientation: 'landscape' }),
    notFound: GAME_MESSAGES.notFound,
  },
  'PATCH /api/games/:id/theme': {
    access: 'game',
    body: () => ({ theme: { primaryColor: '#000000', secondaryColor: '#FFFFFF' } }),
    notFound: GAME_MESSAGES.notFound,
  },
  // The player runtime's access (decision 035): another owner neither regenerates, reveals nor rotates anything.
  'POST /api/games/:id/sdk-key': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'GET /api/games/:id/server-secret': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:id/server-secret': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'GET /api/games/:gameId/assets': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:gameId/assets': {
    access: 'game',
    form: () => pngForm('Matrix Art', 'matrixart'),
    notFound: GAME_MESSAGES.notFound,
  },
  'DELETE /api/games/:gameId/assets/:assetId': { access: 'game', notFound: 'Asset not found.' },
  'GET /api/games/:gameId/items': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:gameId/items': { access: 'game', body: itemBody, notFound: GAME_MESSAGES.notFound },
  'PATCH /api/games/:gameId/items/:itemId': {
    access: 'game',
    body: itemBody,
    notFound: INVENTORY_MESSAGES.itemNotFound,
  },
  'DELETE /api/games/:gameId/items/:itemId': { access: 'game', notFound: INVENTORY_MESSAGES.itemNotFound },
  'GET /api/games/:gameId/packs': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:gameId/packs': { access: 'game', body: packBody, notFound: GAME_MESSAGES.notFound },
  'PATCH /api/games/:gameId/packs/:packId': {
    access: 'game',
    body: packBody,
    notFound: INVENTORY_MESSAGES.packNotFound,
  },
  'DELETE /api/games/:gameId/packs/:packId': { access: 'game', notFound: INVENTORY_MESSAGES.packNotFound },
  'GET /api/games/:gameId/segments': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:gameId/segments': {
    access: 'game',
    body: () => ({ name: 'Matrix Whales', expression: 'player.totalSpend > 100.0' }),
    notFound: GAME_MESSAGES.notFound,
  },
  'GET /api/games/:gameId/segments/:segmentId': { access: 'game', notFound: SEGMENT_MESSAGES.notFound },
  'PATCH /api/games/:gameId/segments/:segmentId': {
    access: 'game',
    body: () => ({ name: 'Matrix Renamed', expression: 'player.level > 1' }),
    notFound: SEGMENT_MESSAGES.notFound,
  },
  'DELETE /api/games/:gameId/segments/:segmentId': { access: 'game', notFound: SEGMENT_MESSAGES.notFound },
  'GET /api/games/:gameId/daily-rewards': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'GET /api/daily-rewards/:dailyRewardId': { access: 'record', notFound: DAILY_REWARD_MESSAGES.notFound },
  'GET /api/games/:gameId/daily-rewards/:dailyRewardId/embed-config': {
    access: 'game',
    notFound: DAILY_REWARD_MESSAGES.notFound,
  },
  'POST /api/games/:gameId/daily-rewards': {
    access: 'game',
    body: () => ({ name: 'Matrix Week' }),
    notFound: GAME_MESSAGES.notFound,
  },
  'PATCH /api/games/:gameId/daily-rewards/:dailyRewardId': {
    access: 'game',
    body: (ids) => ({ name: 'Matrix Renamed', rewards: weekOf(ids.packId), cycleDays: 7 }),
    notFound: DAILY_REWARD_MESSAGES.notFound,
  },
  'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/layout': {
    access: 'game',
    body: () => ({ uiLayout: { id: 'root', type: 'Root', props: {}, children: [] } }),
    notFound: DAILY_REWARD_MESSAGES.notFound,
  },
  'DELETE /api/games/:gameId/daily-rewards/:dailyRewardId': {
    access: 'game',
    notFound: DAILY_REWARD_MESSAGES.notFound,
  },
  'GET /api/games/:gameId/releases': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'GET /api/games/:gameId/releases/preview': { access: 'game', notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:gameId/releases': { access: 'game', body: () => ({}), notFound: GAME_MESSAGES.notFound },
  'POST /api/games/:gameId/releases/:version/live': {
    access: 'game',
    body: () => ({}),
    notFound: PUBLISH_MESSAGES.releaseNotFound,
  },
};

const ALICE_EMAIL = 'alice-matrix@studio.test';

let databases: TestDatabases;
let server: TestServer;
let alice: TestClient;
let aliceIds: Ids & { userId: string };
let bob: TestClient;
let bobIds: Ids;
let unverified: TestClient;
/** Everything of the first owner's that must never appear in another caller's answer. */
let needles: string[];
let aliceBefore: string;
let requests = 0;

/** The routes the app serves, as "METHOD /path", without middleware (which Hono lists as routes too). */
function servedRoutes(): string[] {
  const keys = inspectRoutes(server.app)
    .filter((route) => !route.isMiddleware)
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(keys)].sort();
}

function fill(pattern: string, ids: Ids): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) => {
    const key = PARAMS[name];
    if (!key) throw new Error(`no id for path parameter :${name}`);
    return encodeURIComponent(ids[key]);
  });
}

type Answer = { status: number; text: string; body: unknown };

/** One request as the client's browser would send it (cookies, a valid Origin); event streams read to "ready". */
async function send(
  client: TestClient,
  method: string,
  target: string,
  payload: { json?: unknown; form?: FormData } = {},
): Promise<Answer> {
  requests++;
  const headers = new Headers({ origin: server.config.publicUrl });
  const cookie = client.cookieHeader();
  if (cookie) headers.set('cookie', cookie);
  let body: string | FormData | undefined;
  if (payload.form) body = payload.form;
  else if (payload.json !== undefined) {
    body = JSON.stringify(payload.json);
    headers.set('content-type', 'application/json');
  }
  const controller = new AbortController();
  const response = await fetch(new URL(target, server.url), {
    method,
    headers,
    body,
    redirect: 'manual',
    signal: controller.signal,
  });
  let text = '';
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    while (reader && !text.includes('event: ready')) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    controller.abort();
  } else {
    text = await response.text();
  }
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, text, body: parsed };
}

/** The first owner's every row, and the bytes of their stored files, as one comparable string. */
async function aliceData(): Promise<string> {
  const { db } = server.database;
  const owned = [schema.game, schema.asset, schema.segment, schema.item, schema.pack] as const;
  const rows = await Promise.all([
    db.select().from(schema.user).where(eq(schema.user.id, aliceIds.userId)),
    db.select().from(schema.account).where(eq(schema.account.userId, aliceIds.userId)),
    db.select().from(schema.session).where(eq(schema.session.userId, aliceIds.userId)),
    ...owned.map((table) => db.select().from(table).where(eq(table.ownerId, aliceIds.userId))),
  ]);
  const sorted = rows.map((list) => [...list].sort((a, b) => a.id.localeCompare(b.id)));
  const storageDir = path.join(server.config.dataDir, 'storage', 'assets', aliceIds.gameId);
  const files = await readdir(storageDir, { recursive: true }).catch(() => []);
  const bytes = await Promise.all(
    files.sort().map(async (name) => {
      const content = await readFile(path.join(storageDir, name)).catch(() => null);
      return [name, content?.toString('base64') ?? 'directory'];
    }),
  );
  return JSON.stringify({ rows: sorted, files: bytes });
}

async function expectNothingOfAlice(label: string, answer: Answer, exempt: string[] = []) {
  for (const needle of needles) {
    if (exempt.some((sent) => sent.includes(needle))) continue;
    expect(answer.text.includes(needle), `${label} answered with "${needle}": ${answer.text.slice(0, 500)}`).toBe(
      false,
    );
  }
  expect(await aliceData(), `${label} changed the first owner's data`).toBe(aliceBefore);
}

beforeAll(async () => {
  databases = await createTestDatabases();
  server = await startTestServer(await databases.create(), { authRateLimitMax: 1000 });

  alice = await signedInClient(server, ALICE_EMAIL);
  const game = (await alice.post('/api/games', { ...gameBody, name: 'Alice Secret Orchard' })).body as Game;
  const uploaded = await send(alice, 'POST', `/api/games/${game.id}/assets`, {
    form: pngForm('Alice Lantern Art', 'alicelantern'),
  });
  expect(uploaded.status).toBe(201);
  const asset = uploaded.body as Asset;
  const item = (
    await alice.post(`/api/games/${game.id}/items`, {
      ...itemBody({ assetId: asset.assetId } as Ids),
      name: 'Alice Ember',
    })
  ).body as Item;
  const pack = (
    await alice.post(`/api/games/${game.id}/packs`, {
      name: 'Alice Hearth Bundle',
      contents: [{ itemId: item.id, quantity: 3 }],
    })
  ).body as Pack;
  const segment = (
    await alice.post(`/api/games/${game.id}/segments`, {
      name: 'Alice Quiet Whales',
      description: 'Alice private notes',
      expression: 'player.level > 41',
    })
  ).body as Segment;
  const reward = (await alice.post(`/api/games/${game.id}/daily-rewards`, { name: 'Alice Lantern Week' }))
    .body as DailyReward;
  expect(
    (
      await alice.request(`/api/games/${game.id}/daily-rewards/${reward.id}`, {
        method: 'PATCH',
        json: { rewards: weekOf(pack.id), cycleDays: 7 },
      })
    ).status,
  ).toBe(200);
  aliceIds = {
    userId: game.ownerId,
    dailyRewardId: reward.id,
    version: '1',
    gameId: game.id,
    itemId: item.id,
    packId: pack.id,
    segmentId: segment.id,
    assetId: asset.assetId,
  };
  needles = [
    ALICE_EMAIL,
    game.ownerId,
    game.id,
    game.name,
    game.sdkKey,
    asset.id,
    asset.assetId,
    asset.name,
    asset.url,
    item.id,
    item.name,
    pack.id,
    pack.name,
    segment.id,
    segment.name,
    segment.description,
    reward.id,
    reward.name,
  ];

  bob = await signedInClient(server, 'bob-matrix@studio.test');
  const bobGame = (await bob.post('/api/games', { ...gameBody, name: 'Bob Own Game' })).body as Game;
  const bobAsset = await send(bob, 'POST', `/api/games/${bobGame.id}/assets`, { form: pngForm('Bob Art', 'bobart') });
  expect(bobAsset.status).toBe(201);
  const bobItem = (
    await bob.post(`/api/games/${bobGame.id}/items`, { ...itemBody({ assetId: 'bobart' } as Ids), name: 'Bob Coin' })
  ).body as Item;
  const bobPack = (
    await bob.post(`/api/games/${bobGame.id}/packs`, {
      name: 'Bob Crate',
      contents: [{ itemId: bobItem.id, quantity: 1 }],
    })
  ).body as Pack;
  bobIds = {
    gameId: bobGame.id,
    itemId: bobItem.id,
    packId: bobPack.id,
    segmentId: '',
    assetId: 'bobart',
    dailyRewardId: '',
    version: '1',
  };

  unverified = (await unverifiedClient(server, 'unverified-matrix@studio.test')).client;
  aliceBefore = await aliceData();
}, 180_000);

afterAll(async () => {
  console.log(
    `isolation matrix: ${servedRoutes().length} routes served, ${Object.keys(MATRIX).length} entries, ${requests} requests made`,
  );
  await server?.close();
  await databases?.close();
});

describe('the isolation matrix covers the route table', () => {
  it('has an entry for every route the app serves', () => {
    const missing = servedRoutes().filter((route) => !(route in MATRIX));
    expect(missing, 'routes without a matrix entry').toEqual([]);
  });

  it('names no route the app no longer serves', () => {
    const served = new Set(servedRoutes());
    expect(
      Object.keys(MATRIX).filter((key) => !served.has(key)),
      'matrix entries without a route',
    ).toEqual([]);
  });

  it('knows how to fill every path parameter with a real id', () => {
    const params = servedRoutes().flatMap((route) => [...route.matchAll(/:(\w+)/g)].map((m) => m[1] ?? ''));
    expect(params.filter((name) => !(name in PARAMS))).toEqual([]);
  });

  it('starts from a first owner whose records all exist and a session that is really unverified', async () => {
    expect(Object.values(aliceIds).every(Boolean)).toBe(true);
    const refused = await send(unverified, 'GET', '/api/me');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });
});

type Guarded = Extract<Entry, { access: 'verified' | 'game' | 'record' }>;
type Probed = Extract<Entry, { access: 'public' | 'self' }>;
const protectedEntries = Object.entries(MATRIX).filter(
  (entry): entry is [string, Guarded] =>
    entry[1].access === 'verified' || entry[1].access === 'game' || entry[1].access === 'record',
);
const probedEntries = Object.entries(MATRIX).filter(
  (entry): entry is [string, Probed] => entry[1].access === 'public' || entry[1].access === 'self',
);

function payloadOf(entry: Guarded, ids: Ids) {
  return { json: entry.body?.(ids), form: entry.form?.(ids) };
}

describe('a route that needs a verified owner', () => {
  it.each(protectedEntries)(
    'refuses %s to a caller with no session, leaking and changing nothing',
    async (key, entry) => {
      const [method = '', pattern = ''] = key.split(' ');
      const answer = await send(server.client(), method, fill(pattern, aliceIds), payloadOf(entry, aliceIds));
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ code: 'UNAUTHORIZED', message: API_MESSAGES.notSignedIn });
      await expectNothingOfAlice(`anonymous ${key}`, answer);
    },
  );

  it.each(protectedEntries)('refuses %s to an unverified session, leaking and changing nothing', async (key, entry) => {
    const [method = '', pattern = ''] = key.split(' ');
    const answer = await send(unverified, method, fill(pattern, aliceIds), payloadOf(entry, aliceIds));
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: API_MESSAGES.emailNotVerified });
    await expectNothingOfAlice(`unverified ${key}`, answer);
  });

  it.each(protectedEntries)(
    "answers %s from another owner with the first owner's ids as if they did not exist, changing nothing",
    async (key, entry) => {
      const [method = '', pattern = ''] = key.split(' ');
      const answer = await send(bob, method, fill(pattern, aliceIds), payloadOf(entry, aliceIds));
      if (entry.access === 'verified') {
        // Not about a game in the path: the other owner is answered with their own data only.
        expect(answer.status).toBe(entry.otherOwner);
      } else if (entry.access === 'record') {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ code: 'NOT_FOUND', message: entry.notFound });
        const missing = { ...aliceIds, dailyRewardId: '00000000-0000-4000-8000-000000000000' };
        const unknown = await send(bob, method, fill(pattern, missing), payloadOf(entry, aliceIds));
        expect(answer.body, 'the first owner’s record answers differently from a missing one').toEqual(unknown.body);
      } else {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ code: 'NOT_FOUND', message: GAME_MESSAGES.notFound });
        const missing = { ...aliceIds, gameId: '00000000-0000-4000-8000-000000000000' };
        const unknown = await send(bob, method, fill(pattern, missing), payloadOf(entry, aliceIds));
        expect(answer.body, 'the first owner’s game answers differently from a missing one').toEqual(unknown.body);
      }
      await expectNothingOfAlice(`other owner ${key}`, answer);
    },
  );

  const childEntries = protectedEntries.filter(([key]) =>
    /:(itemId|packId|segmentId|assetId|dailyRewardId)\b/.test(key),
  );
  it.each(childEntries)(
    "answers %s from another owner, in their own game, with the first owner's record id as not found",
    async (key, entry) => {
      const [method = '', pattern = ''] = key.split(' ');
      const target = { ...aliceIds, gameId: bobIds.gameId };
      const answer = await send(bob, method, fill(pattern, target), payloadOf(entry, bobIds));
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: 'NOT_FOUND', message: entry.access === 'verified' ? '' : entry.notFound });
      await expectNothingOfAlice(`other owner in own game ${key}`, answer);
    },
  );
});

describe('a public route, or one on the caller’s own account', () => {
  it.each(probedEntries)(
    'answers %s to every caller without a 5xx, leaking and changing nothing',
    async (key, entry) => {
      expect(entry.why.length).toBeGreaterThan(10);
      const callers: [string, TestClient][] = [
        ['anonymous', server.client()],
        ['unverified', unverified],
        ['other owner', bob],
      ];
      for (const [who, client] of callers) {
        for (const probe of entry.probes) {
          const method = probe.method ?? key.split(' ')[0] ?? 'GET';
          const target = probe.query ? `${probe.path}?${probe.query}` : probe.path;
          const answer = await send(client, method === 'ALL' ? 'GET' : method, target, { json: probe.json });
          expect(answer.status, `${who} ${method} ${target}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
          if (entry.access === 'self' && who === 'anonymous') {
            expect(answer.status, `anonymous ${method} ${target}: ${answer.text.slice(0, 300)}`).toBe(401);
          }
          // What the caller sent (the first owner's email, typed into a form) may come back; nothing else may.
          await expectNothingOfAlice(`${who} ${method} ${target}`, answer, [JSON.stringify(probe.json ?? null)]);
        }
      }
    },
    // Each caller's sign-up and sign-in probes hash a password: slow on a busy machine.
    120_000,
  );
});
