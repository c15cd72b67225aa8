import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { inspectRoutes } from 'hono/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '@liveops/domain/assets';
import type { DailyReward } from '@liveops/domain/daily-rewards';
import type { Game } from '@liveops/domain/games';
import type { Item, Pack } from '@liveops/domain/inventory';
import type { TestPlayer } from '@liveops/domain/players';
import type { Segment } from '@liveops/domain/segments';
import { cannotReason, STUDIO_ROLES, type Permission, type StudioRole } from '@liveops/domain/teams';
import * as schema from '../src/db/schema';
import { requirePermission, routesWithoutPermission } from '../src/games/game-scope';
import { signedInClient } from './support/accounts';
import { readStandInPage } from './support/page-stand-in';
import { publishGame } from './support/runtime';
import type { TestClient } from './support/test-client';
import { createTestDatabases, type TestDatabases } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Every dashboard route of a studio's games, crossed with the six roles (decision 064): a member whose role holds
 * the route's permission is let through (whatever the route then answers, never 403), and every other member gets
 * 403 with cannotReason's sentence and changes nothing. ROUTES is checked against the app's own route table, so a
 * new route cannot be added without saying who may call it, and against docs/teams.md's "Routes" table.
 */

/** The ids a request is built from, all of the owner's game. */
type Ids = {
  gameId: string;
  studioId: string;
  itemId: string;
  packId: string;
  segmentId: string;
  assetId: string;
  dailyRewardId: string;
  testPlayerId: string;
  playerId: string;
  version: string;
  variantId: string;
  /** A member of the studio the Team page's routes act on, and an invitation still open. */
  memberId: string;
  invitationId: string;
};

const PARAMS: Record<string, keyof Ids> = {
  id: 'gameId',
  gameId: 'gameId',
  studioId: 'studioId',
  itemId: 'itemId',
  packId: 'packId',
  segmentId: 'segmentId',
  assetId: 'assetId',
  dailyRewardId: 'dailyRewardId',
  testPlayerId: 'testPlayerId',
  playerId: 'playerId',
  version: 'version',
  variantId: 'variantId',
  userId: 'memberId',
  invitationId: 'invitationId',
};

/** A route's right (null: any member, the route is about the caller's own memberships) and a valid request. */
type Route = {
  permission: Permission | null;
  body?: (ids: Ids) => unknown;
  form?: () => FormData;
  headers?: () => Record<string, string>;
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
function pngForm(): FormData {
  const data = new FormData();
  data.set('name', 'Roles Art');
  data.set('assetId', `roles${randomUUID().slice(0, 8)}`);
  data.set('file', new Blob([PNG], { type: 'image/png' }), 'art.png');
  return data;
}

const gameBody = { name: 'Roles Game', description: 'made by the role matrix', platforms: ['Web'] };
const itemBody = (ids: Ids) => ({
  name: 'Roles Gold',
  type: 'currency',
  value: 1,
  baseAmount: 10,
  assetRefId: ids.assetId,
});
const packBody = (ids: Ids) => ({ name: 'Roles Pack', contents: [{ itemId: ids.itemId, quantity: 2 }] });
const weekOf = (packId: string) => Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId }));
const layout = () => ({ uiLayout: { id: 'root', type: 'Root', props: {}, children: [] } });
const VARIANTS = [
  { id: 'a', name: 'Roles A', weight: 1 },
  { id: 'b', name: 'Roles B', weight: 1 },
];

/**
 * The single source this file checks the server against, in docs/teams.md's order. DELETEs come last, the game's
 * own deletion very last, so the records every other route names are still there when it is called.
 */
const ROUTES: Record<string, Route> = {
  'GET /api/studios': { permission: null },
  'POST /api/studios/active': { permission: null, body: (ids) => ({ studioId: ids.studioId }) },
  'PATCH /api/studios/:studioId': { permission: 'studio.update', body: () => ({ name: 'Roles Studio' }) },
  'GET /api/games': { permission: 'games.read' },
  'POST /api/games': { permission: 'games.create', body: () => gameBody },
  'GET /api/games/:id': { permission: 'games.read' },
  // The profile's fields; requireSignedPlayerIds in the same body needs runtime.settings too (tested below).
  'PATCH /api/games/:id': { permission: 'games.settings', body: () => ({ ...gameBody, orientation: 'landscape' }) },
  'PATCH /api/games/:id/orientation': { permission: 'games.settings', body: () => ({ orientation: 'portrait' }) },
  'PATCH /api/games/:id/theme': {
    permission: 'games.settings',
    body: () => ({ theme: { primaryColor: '#000000', secondaryColor: '#FFFFFF' } }),
  },
  'POST /api/games/:id/duplicate': { permission: 'games.create', body: () => ({}) },
  'POST /api/games/:id/sdk-key': { permission: 'runtime.settings' },
  'GET /api/games/:id/server-secret': { permission: 'secrets.read' },
  'POST /api/games/:id/server-secret': { permission: 'runtime.settings' },
  'GET /api/games/:gameId/assets': { permission: 'games.read' },
  'POST /api/games/:gameId/assets': { permission: 'content.edit', form: pngForm },
  'PATCH /api/games/:gameId/assets/:assetId': { permission: 'content.edit', body: () => ({ name: 'Roles Rename' }) },
  'PUT /api/games/:gameId/assets/:assetId/file': { permission: 'content.edit', form: pngForm },
  'GET /api/games/:gameId/assets/:assetId/used-by': { permission: 'games.read' },
  'GET /api/games/:gameId/items': { permission: 'games.read' },
  'POST /api/games/:gameId/items': { permission: 'content.edit', body: itemBody },
  'PATCH /api/games/:gameId/items/:itemId': { permission: 'content.edit', body: itemBody },
  'GET /api/games/:gameId/packs': { permission: 'games.read' },
  'POST /api/games/:gameId/packs': { permission: 'content.edit', body: packBody },
  'PATCH /api/games/:gameId/packs/:packId': { permission: 'content.edit', body: packBody },
  'GET /api/games/:gameId/segments': { permission: 'games.read' },
  'GET /api/games/:gameId/segments/audience': { permission: 'games.read' },
  'POST /api/games/:gameId/segments/audience-estimate': {
    permission: 'games.read',
    body: () => ({ expression: 'player.level > 1' }),
  },
  'GET /api/games/:gameId/segments/:segmentId': { permission: 'games.read' },
  'POST /api/games/:gameId/segments': {
    permission: 'content.edit',
    body: () => ({ name: 'Roles Whales', expression: 'player.totalSpend > 100.0' }),
  },
  'PATCH /api/games/:gameId/segments/:segmentId': {
    permission: 'content.edit',
    body: () => ({ name: 'Roles Renamed', expression: 'player.level > 2' }),
  },
  'GET /api/games/:gameId/custom-attributes': { permission: 'games.read' },
  'PUT /api/games/:gameId/custom-attributes': {
    permission: 'runtime.settings',
    body: () => ({ customAttributes: [{ name: 'rolesVip', type: 'bool' }] }),
  },
  'GET /api/games/:gameId/daily-rewards': { permission: 'games.read' },
  'GET /api/daily-rewards/:dailyRewardId': { permission: 'games.read' },
  'GET /api/games/:gameId/daily-rewards/:dailyRewardId/embed-config': { permission: 'games.read' },
  'POST /api/games/:gameId/daily-rewards': { permission: 'content.edit', body: () => ({ name: 'Roles Week' }) },
  'PATCH /api/games/:gameId/daily-rewards/:dailyRewardId': {
    permission: 'content.edit',
    body: (ids) => ({ name: 'Roles Renamed Week', rewards: weekOf(ids.packId), cycleDays: 7 }),
  },
  'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/layout': { permission: 'content.edit', body: layout },
  'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/targeting': {
    permission: 'content.edit',
    body: () => ({ segmentId: null, startsAt: null, endsAt: null, priority: 2 }),
  },
  'POST /api/games/:gameId/daily-rewards/for-player': {
    permission: 'games.read',
    body: () => ({ player: { level: 50, country: 'DE', platform: 'Web', totalSpend: 500 } }),
  },
  'GET /api/games/:gameId/daily-rewards/:dailyRewardId/experiments': { permission: 'games.read' },
  'POST /api/games/:gameId/daily-rewards/:dailyRewardId/experiment': {
    permission: 'content.edit',
    body: () => ({ variants: VARIANTS }),
  },
  'PATCH /api/games/:gameId/daily-rewards/:dailyRewardId/experiment': {
    permission: 'content.edit',
    body: () => ({ variants: VARIANTS }),
  },
  'PUT /api/games/:gameId/daily-rewards/:dailyRewardId/experiment/variants/:variantId/layout': {
    permission: 'content.edit',
    body: layout,
  },
  'POST /api/games/:gameId/daily-rewards/:dailyRewardId/experiment/promote': {
    permission: 'content.edit',
    body: () => ({ variantId: 'b' }),
  },
  'GET /api/games/:gameId/test-players': { permission: 'games.read' },
  'POST /api/games/:gameId/test-players': {
    permission: 'content.edit',
    body: () => ({ playerId: `roles-tester-${randomUUID().slice(0, 8)}`, clockOffsetMs: 0 }),
  },
  'PATCH /api/games/:gameId/test-players/:testPlayerId': {
    permission: 'content.edit',
    body: () => ({ clockOffsetMs: 86_400_000, note: 'Roles note' }),
  },
  'POST /api/games/:gameId/test-players/:testPlayerId/next-day': {
    permission: 'content.edit',
    body: (ids) => ({ configId: ids.dailyRewardId }),
  },
  'POST /api/games/:gameId/test-players/:testPlayerId/reset': {
    permission: 'content.edit',
    body: (ids) => ({ configId: ids.dailyRewardId }),
  },
  'POST /api/games/:gameId/test-players/:testPlayerId/signature': { permission: 'content.edit' },
  'GET /api/games/:gameId/players/:playerId': { permission: 'players.read' },
  'GET /api/games/:gameId/players/:playerId/ledger': { permission: 'players.read' },
  'POST /api/games/:gameId/players/:playerId/support-actions': {
    permission: 'players.act',
    body: (ids) => ({ kind: 'grant_pack', packId: ids.packId, reason: 'Roles support grant' }),
    headers: () => ({ 'idempotency-key': randomUUID() }),
  },
  'GET /api/games/:gameId/analytics': { permission: 'games.read' },
  'GET /api/games/:gameId/releases': { permission: 'games.read' },
  'GET /api/games/:gameId/releases/preview': { permission: 'games.read' },
  'POST /api/games/:gameId/releases': { permission: 'releases.publish', body: () => ({}) },
  'POST /api/games/:gameId/releases/:version/live': { permission: 'releases.publish', body: () => ({}) },
  'DELETE /api/games/:gameId/daily-rewards/:dailyRewardId/experiment': { permission: 'content.edit' },
  'DELETE /api/games/:gameId/test-players/:testPlayerId': { permission: 'content.edit' },
  'DELETE /api/games/:gameId/daily-rewards/:dailyRewardId': { permission: 'content.edit' },
  'DELETE /api/games/:gameId/segments/:segmentId': { permission: 'content.edit' },
  'DELETE /api/games/:gameId/packs/:packId': { permission: 'content.edit' },
  'DELETE /api/games/:gameId/items/:itemId': { permission: 'content.edit' },
  'DELETE /api/games/:gameId/assets/:assetId': { permission: 'content.edit' },
  // The game's name since its profile's PATCH above: the first member let through deletes it.
  'DELETE /api/games/:id': { permission: 'games.delete', body: () => ({ confirmation: gameBody.name }) },
  // The Team page (decision 065), last: a transfer makes the second Owner an Admin.
  'GET /api/studios/:studioId/team': { permission: null },
  'POST /api/studios/:studioId/invitations': {
    permission: 'members.invite',
    body: () => ({ email: `roles-invitee-${randomUUID().slice(0, 8)}@roles.test`, role: 'viewer' }),
  },
  'POST /api/studios/:studioId/invitations/:invitationId/resend': { permission: 'members.invite' },
  'DELETE /api/studios/:studioId/invitations/:invitationId': { permission: 'members.invite' },
  'PATCH /api/studios/:studioId/members/:userId': { permission: 'members.manage', body: () => ({ role: 'support' }) },
  'DELETE /api/studios/:studioId/members/:userId': { permission: 'members.manage' },
  'POST /api/studios/:studioId/transfer': { permission: 'studio.transfer', body: (ids) => ({ userId: ids.memberId }) },
};

/** The routes of a studio and its games: the ones this matrix is about. */
const inScope = (key: string) => /^\w+ \/api\/(studios|games|daily-rewards)(\/|$)/.test(key);

let databases: TestDatabases;
let server: TestServer;
let ids: Ids;
const members = new Map<StudioRole, TestClient>();
let requests = 0;

function servedRoutes(): string[] {
  const keys = inspectRoutes(server.app)
    .filter((route) => !route.isMiddleware)
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(keys)].filter(inScope).sort();
}

function fill(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) => {
    const key = PARAMS[name];
    if (!key) throw new Error(`no id for path parameter :${name}`);
    return encodeURIComponent(ids[key]);
  });
}

type Answer = { status: number; text: string; body: unknown };

/** One request as the member's browser sends it: their cookies, a trusted Origin. */
async function send(
  client: TestClient,
  method: string,
  target: string,
  payload: { json?: unknown; raw?: string; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Answer> {
  requests++;
  const headers = new Headers({ origin: server.config.publicUrl, cookie: client.cookieHeader() });
  for (const [name, value] of Object.entries(payload.headers ?? {})) headers.set(name, value);
  let body: string | FormData | undefined = payload.form ?? payload.raw;
  if (payload.json !== undefined) body = JSON.stringify(payload.json);
  if (typeof body === 'string') headers.set('content-type', 'application/json');
  const response = await fetch(new URL(target, server.url), { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, text, body: parsed };
}

function request(key: string, client: TestClient): Promise<Answer> {
  const [method = '', pattern = ''] = key.split(' ');
  const route = ROUTES[key];
  return send(client, method, fill(pattern), {
    json: route?.body?.(ids),
    form: route?.form?.(),
    headers: route?.headers?.(),
  });
}

/**
 * Every row a dashboard route could change, and the stored files' names: the whole database is this file's, so the
 * tables are read whole (sessions and analytics aside, which reads and sign-ins touch).
 */
async function snapshot(): Promise<string> {
  const { db } = server.database;
  const tables = [
    schema.studio,
    schema.studioMember,
    schema.studioInvitation,
    schema.game,
    schema.asset,
    schema.item,
    schema.pack,
    schema.segment,
    schema.dailyReward,
    schema.experiment,
    schema.experimentVariant,
    schema.testPlayer,
    schema.release,
    schema.player,
    schema.supportAction,
    schema.walletBalance,
    schema.walletLedger,
    schema.dailyRewardClaim,
  ] as const;
  const rows = await Promise.all(tables.map((table) => db.select().from(table)));
  const text = (value: unknown) =>
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  const sorted = rows.map((list) => list.map(text).sort());
  const files = await readdir(path.join(server.config.dataDir, 'storage'), { recursive: true }).catch(() => []);
  return JSON.stringify({ rows: sorted, files: files.sort() });
}

beforeAll(async () => {
  databases = await createTestDatabases();
  server = await startTestServer(await databases.create(), {
    authRateLimitMax: 1000,
    publishing: { readPageHtml: readStandInPage },
  });
  const owner = await signedInClient(server, 'owner-roles@studio.test');
  const game = (await owner.post('/api/games', { ...gameBody, name: 'Roles Orchard' })).body as Game;
  const g = `/api/games/${game.id}`;
  const form = new FormData();
  form.set('name', 'Roles Lantern');
  form.set('assetId', 'roleslantern');
  form.set('file', new Blob([PNG], { type: 'image/png' }), 'art.png');
  const uploaded = await send(owner, 'POST', `${g}/assets`, { form });
  expect(uploaded.status, uploaded.text).toBe(201);
  const asset = uploaded.body as Asset;
  const item = (await owner.post(`${g}/items`, { ...itemBody({ assetId: asset.assetId } as Ids), name: 'Ember' }))
    .body as Item;
  const pack = (await owner.post(`${g}/packs`, { name: 'Hearth', contents: [{ itemId: item.id, quantity: 3 }] }))
    .body as Pack;
  const segment = (await owner.post(`${g}/segments`, { name: 'Whales', expression: 'player.level > 41' }))
    .body as Segment;
  const reward = (await owner.post(`${g}/daily-rewards`, { name: 'Lantern Week' })).body as DailyReward;
  const week = await owner.request(`${g}/daily-rewards/${reward.id}`, {
    method: 'PATCH',
    json: { rewards: weekOf(pack.id), cycleDays: 7 },
  });
  expect(week.status, week.text).toBe(200);
  await publishGame(owner, game.id);
  const experiment = await owner.post(`${g}/daily-rewards/${reward.id}/experiment`, { variants: VARIANTS });
  expect(experiment.status, experiment.text).toBe(201);
  const tester = (await owner.post(`${g}/test-players`, { playerId: 'roles-qa', clockOffsetMs: 0 })).body as TestPlayer;
  // A player of the game, for the Players tab.
  const session = await send(owner, 'POST', '/v1/sessions', {
    json: { sdkKey: game.sdkKey, playerId: 'roles-player' },
  });
  expect(session.status, session.text).toBe(200);
  ids = {
    gameId: game.id,
    studioId: game.ownerId,
    itemId: item.id,
    packId: pack.id,
    segmentId: segment.id,
    assetId: asset.assetId,
    dailyRewardId: reward.id,
    testPlayerId: tester.id,
    playerId: 'roles-player',
    version: '1',
    variantId: 'b',
    memberId: '',
    invitationId: (
      (await owner.post(`/api/studios/${game.ownerId}/invitations`, { email: 'roles-open@roles.test', role: 'viewer' }))
        .body as { id: string }
    ).id,
  };
  // The member the Team page's routes change and remove: a Viewer.
  const target = await signedInClient(server, 'member-target@roles.test');
  ids.memberId = ((await target.get('/api/me')).body as { uid: string }).uid;
  await server.database.db
    .insert(schema.studioMember)
    .values({ id: randomUUID(), organizationId: ids.studioId, userId: ids.memberId, role: 'viewer' });
  // One member of each role in the owner's studio (an Owner too: a second one), the studio chosen as their active one.
  for (const role of STUDIO_ROLES) {
    const member = await signedInClient(server, `member-${role}@roles.test`);
    const me = (await member.get('/api/me')).body as { uid: string };
    await server.database.db
      .insert(schema.studioMember)
      .values({ id: randomUUID(), organizationId: ids.studioId, userId: me.uid, role });
    const chosen = await send(member, 'POST', '/api/studios/active', { json: { studioId: ids.studioId } });
    expect(chosen.status, chosen.text).toBe(200);
    members.set(role, member);
  }
}, 180_000);

afterAll(async () => {
  console.log(
    `role matrix: ${servedRoutes().length} routes, ${Object.keys(ROUTES).length} entries, ${requests} requests`,
  );
  await server?.close();
  await databases?.close();
});

describe('the role matrix covers the route table', () => {
  it('has an entry for every route of a studio or its games the app serves', () => {
    expect(servedRoutes().filter((key) => !(key in ROUTES))).toEqual([]);
  });

  it('names no route the app no longer serves', () => {
    const served = new Set(servedRoutes());
    expect(Object.keys(ROUTES).filter((key) => !served.has(key))).toEqual([]);
  });

  it('has every route under a game declare its permission in the app itself', () => {
    expect(routesWithoutPermission(server.app.routes)).toEqual([]);
    // A route that forgets is found, so the app refuses to start with it (app.ts).
    const forgetful = new Hono()
      .get('/games/:gameId/things', requirePermission('games.read'), (c) => c.json([]))
      .post('/games/:gameId/things', (c) => c.json({}));
    expect(routesWithoutPermission(forgetful.routes)).toEqual(['POST /games/:gameId/things']);
  });
});

describe('docs/teams.md', () => {
  it('lists every route with the permission this matrix checks, in the same order', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/teams.md'), 'utf8');
    const start = doc.indexOf('\n## Routes\n');
    expect(start, 'docs/teams.md has no "## Routes" section').toBeGreaterThan(-1);
    const lines = doc.slice(start).split('\n');
    const first = lines.findIndex((line) => line.startsWith('|'));
    const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
    const rows = lines.slice(first + 2, end).map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
    expect(lines[first]).toBe('| Route | Permission |');
    expect(rows, 'docs/teams.md’s Routes table differs from ROUTES: update the page').toEqual(
      Object.entries(ROUTES).map(([key, route]) => [
        `\`${key}\``,
        route.permission ? `\`${route.permission}\`` : 'any member',
      ]),
    );
  });
});

/**
 * The writes of a game a Viewer may not make, whose permission is known before the body is read: all but the
 * profile's PATCH (whose body says which rights it needs).
 */
const bodyLast = Object.entries(ROUTES)
  .filter(([key]) => /^(POST|PUT|PATCH|DELETE) \/api\/games/.test(key) && key !== 'PATCH /api/games/:id')
  .filter(([, route]) => route.permission && cannotReason('viewer', route.permission))
  .map(([key]) => key);

describe('a refused write', () => {
  it.each(bodyLast)('answers %s with 403 before it reads the body, even a malformed one', async (key) => {
    const [method = '', pattern = ''] = key.split(' ');
    const before = await snapshot();
    const answer = await send(members.get('viewer')!, method, fill(pattern), { raw: '{"name": ' });
    expect(answer.status, answer.text).toBe(403);
    expect(answer.body).toEqual({ code: 'FORBIDDEN', message: cannotReason('viewer', ROUTES[key]!.permission!) });
    expect(await snapshot()).toBe(before);
  });

  it('asks for runtime.settings too when the profile’s one save changes the signed player ids', async () => {
    const before = await snapshot();
    const designer = members.get('designer')!;
    const answer = await send(designer, 'PATCH', `/api/games/${ids.gameId}`, {
      json: { requireSignedPlayerIds: true },
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ code: 'FORBIDDEN', message: cannotReason('designer', 'runtime.settings') });
    expect(await snapshot()).toBe(before);
  });
});

describe('a route of a studio or its games, called by each role', () => {
  it.each(Object.entries(ROUTES))(
    'lets exactly the roles holding its permission call %s; the others get 403 and change nothing',
    async (key, route) => {
      const refused = STUDIO_ROLES.filter((role) => route.permission && cannotReason(role, route.permission));
      const allowed = STUDIO_ROLES.filter((role) => !refused.includes(role));
      // The refused first, while every record the route names is there to be changed.
      const before = await snapshot();
      for (const role of refused) {
        const answer = await request(key, members.get(role)!);
        expect(answer.status, `${role}: ${answer.text.slice(0, 300)}`).toBe(403);
        expect(answer.body).toEqual({ code: 'FORBIDDEN', message: cannotReason(role, route.permission!) });
        expect(await snapshot(), `${role} ${key} changed the studio’s data`).toBe(before);
      }
      for (const role of allowed) {
        const answer = await request(key, members.get(role)!);
        expect(answer.status, `${role}: ${answer.text.slice(0, 300)}`).not.toBe(403);
        expect(answer.status, `${role}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
      }
    },
    60_000,
  );
});
