import { eq, inArray, or } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, USER_MESSAGES, type Account } from '@liveops/domain/accounts';
import { type Asset } from '@liveops/domain/assets';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import { type Game } from '@liveops/domain/games';
import { type Item, type Pack } from '@liveops/domain/inventory';
import { type Segment } from '@liveops/domain/segments';
import { API_MESSAGES, LIVE_SESSION_ENDED_EVENT } from '@liveops/domain/shared';
import { startS3Server } from '@liveops/testing/s3';
import * as schema from '../src/db/schema';
import type { Config } from '../src/env';
import type { Storage } from '../src/storage/storage';
import { PASSWORD, signedInClient } from './support/accounts';
import { openEventStream } from './support/event-stream';
import type { TestClient } from './support/test-client';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

/** The server's storage, wrapped by a test that needs to see or fail its deletions. */
const storages = vi.hoisted(() => ({
  wrap: null as ((storage: Storage) => Storage) | null,
  last: null as Storage | null,
}));
vi.mock('../src/storage/create-storage', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/storage/create-storage')>();
  return {
    createStorage: (config: Config) => {
      const real = original.createStorage(config);
      storages.last = storages.wrap ? storages.wrap(real) : real;
      return storages.last;
    },
  };
});

const servers = useTestServers();
beforeEach(() => {
  storages.wrap = null;
  storages.last = null;
});

const NEW_PASSWORD = 'a brand new passphrase';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const start = (config: Partial<Config> = {}) => servers.start({ authRateLimitMax: 1000, ...config });

async function freshBucket(): Promise<Partial<Config>> {
  const s3 = await startS3Server('liveops-account');
  servers.cleanups.push(s3.close);
  return {
    s3: { bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', credentials: s3.credentials, publicUrl: null },
  };
}

function storageOf(): Storage {
  if (!storages.last) throw new Error('the server made no storage');
  return storages.last;
}

async function keysIn(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storageOf().list(prefix)) keys.push(entry.key);
  return keys.sort();
}

async function signIn(server: TestServer, email: string, password = PASSWORD) {
  const client = server.client();
  const response = await client.post('/api/auth/sign-in/email', { email, password });
  return { client, status: response.status };
}

/** A game holding one of everything a developer makes, its asset's bytes, and a published pack's files. */
async function gameWithEverything(server: TestServer, client: TestClient, name: string) {
  const game = (await client.post('/api/games', { name, description: `${name} notes`, platforms: ['Web'] }))
    .body as Game;
  const form = new FormData();
  form.set('name', `${name} Art`);
  form.set('assetId', 'art');
  form.set('file', new Blob([PNG], { type: 'image/png' }), 'art.png');
  const uploaded = await fetch(new URL(`/api/games/${game.id}/assets`, server.url), {
    method: 'POST',
    headers: { cookie: client.cookieHeader(), origin: server.config.publicUrl },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const asset = (await uploaded.json()) as Asset;
  expect(asset.assetId).toBe('art');
  const item = (
    await client.post(`/api/games/${game.id}/items`, {
      name: `${name} Gold`,
      type: 'currency',
      value: 1,
      baseAmount: 10,
      assetRefId: 'art',
    })
  ).body as Item;
  const pack = (
    await client.post(`/api/games/${game.id}/packs`, {
      name: `${name} Bundle`,
      contents: [{ itemId: item.id, quantity: 2 }],
    })
  ).body as Pack;
  const segment = (
    await client.post(`/api/games/${game.id}/segments`, { name: `${name} Whales`, expression: 'player.level > 3' })
  ).body as Segment;
  const reward = (await client.post(`/api/games/${game.id}/daily-rewards`, { name: `${name} Week` }))
    .body as DailyReward;
  // What publishing leaves under the game's packs/ prefix.
  for (const file of ['daily_rewards.html', 'config.json']) {
    await storageOf().put(`packs/${game.id}/daily_rewards/${reward.id}/${file}`, Buffer.from(file), {
      contentType: 'text/plain',
    });
  }
  for (const id of [item.id, pack.id, segment.id, reward.id]) expect(id).toBeTruthy();
  return game;
}

/** Every row that belongs to a user, and the keys of their games' files: what "nothing changed" compares. */
async function everythingOf(server: TestServer, userId: string, gameIds: string[]) {
  const { db } = server.database;
  const studioId = ownStudios.get(userId);
  if (!studioId) throw new Error(`no studio noted for ${userId}: call userIdOf first`);
  const owned = [schema.game, schema.asset, schema.segment, schema.item, schema.pack, schema.dailyReward] as const;
  const rows = await Promise.all([
    db.select().from(schema.user).where(eq(schema.user.id, userId)),
    db.select().from(schema.account).where(eq(schema.account.userId, userId)),
    db.select().from(schema.session).where(eq(schema.session.userId, userId)),
    db.select().from(schema.verification).where(eq(schema.verification.value, userId)),
    db.select().from(schema.studio).where(eq(schema.studio.id, studioId)),
    db.select().from(schema.studioMember).where(eq(schema.studioMember.userId, userId)),
    ...owned.map((table) => db.select().from(table).where(eq(table.ownerId, studioId))),
  ]);
  const files = await Promise.all(gameIds.flatMap((id) => [keysIn(`assets/${id}/`), keysIn(`packs/${id}/`)]));
  return { rows: rows.map((list) => list.length), files: files.flat(), detail: JSON.stringify(rows) };
}

/** Each account's own studio (decision 065), noted while the account is there: its rows are the account's. */
const ownStudios = new Map<string, string>();

async function userIdOf(server: TestServer, email: string): Promise<string> {
  const { db } = server.database;
  const [row] = await db.select().from(schema.user).where(eq(schema.user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  const [own] = await db.select().from(schema.studioMember).where(eq(schema.studioMember.userId, row.id));
  if (own) ownStudios.set(row.id, own.organizationId);
  return row.id;
}

/** Turns a password account into one that signs in with Google only, as a Google sign-up leaves it. */
async function makeGoogleOnly(server: TestServer, userId: string) {
  await server.database.db
    .update(schema.account)
    .set({ providerId: 'google', accountId: `google-${userId}`, password: null })
    .where(eq(schema.account.userId, userId));
}

const deleteAccount = (client: TestClient, json: unknown) => client.request('/api/account', { method: 'DELETE', json });

describe('the account overview', () => {
  it('says how the account signs in and on how many other devices it is signed in', async () => {
    const server = await start();
    const laptop = await signedInClient(server, 'overview@studio.test');
    const first = await laptop.get('/api/account');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ hasPassword: true, hasGoogle: false, otherSessions: 0 } satisfies Account);
    const { client: phone } = await signIn(server, 'overview@studio.test');
    expect((await laptop.get('/api/account')).body).toMatchObject({ otherSessions: 1 });
    expect((await phone.get('/api/account')).body).toMatchObject({ otherSessions: 1 });
    await makeGoogleOnly(server, await userIdOf(server, 'overview@studio.test'));
    expect((await laptop.get('/api/account')).body).toMatchObject({ hasPassword: false, hasGoogle: true });
  });

  it('answers only to a signed-in, verified account', async () => {
    const server = await start();
    const anonymous = await server.client().get('/api/account');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ code: 'UNAUTHORIZED', message: API_MESSAGES.notSignedIn });
  });
});

describe('the display name', () => {
  it('renames the account: /api/me greets by it and every open tab of the account hears of it', async () => {
    const server = await start();
    const client = await signedInClient(server, 'name@studio.test');
    const tab = await openEventStream(client);
    const answer = await client.post('/api/auth/update-user', { name: '  Ada Lovelace ' });
    expect(answer.status).toBe(200);
    await tab.next((e) => e.event === 'change' && JSON.parse(e.data).topic === 'account');
    await tab.close();
    expect((await client.get('/api/me')).body).toMatchObject({ displayName: 'Ada Lovelace' });
  });

  it('refuses a blank, invisible, 10 KB or control-character name, keeping the one it had', async () => {
    const server = await start();
    const client = await signedInClient(server, 'badname@studio.test');
    expect((await client.post('/api/auth/update-user', { name: 'Grace' })).status).toBe(200);
    const cases: [unknown, string | null][] = [
      ['', USER_MESSAGES.displayNameRequired],
      ['   ', USER_MESSAGES.displayNameRequired],
      ['\u200b\u200c', USER_MESSAGES.displayNameRequired],
      ['x'.repeat(10_240), USER_MESSAGES.displayNameTooLong],
      ['Gr\u0000ace', null],
      [42, USER_MESSAGES.displayNameRequired],
    ];
    for (const [name, message] of cases) {
      const answer = await client.post('/api/auth/update-user', { name });
      expect(answer.status, JSON.stringify(name).slice(0, 30)).toBe(400);
      if (message) expect(answer.body).toMatchObject({ message });
    }
    expect((await client.post('/api/auth/update-user', { name: 'Ada', email: 'x@evil.test' })).status).toBe(400);
    expect((await client.get('/api/me')).body).toMatchObject({ displayName: 'Grace', email: 'badname@studio.test' });
  });
});

describe('changing the password', () => {
  it('changes it with the current one: the old one is refused, and other devices are signed out when asked', async () => {
    const server = await start();
    const laptop = await signedInClient(server, 'change@studio.test');
    const { client: phone } = await signIn(server, 'change@studio.test');
    const answer = await laptop.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: true,
    });
    expect(answer.status).toBe(200);
    expect((await laptop.get('/api/me')).status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await signIn(server, 'change@studio.test')).status).toBe(401);
    expect((await signIn(server, 'change@studio.test', NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a wrong current password, and a new one too short, too long, the email or the current one', async () => {
    const server = await start();
    const client = await signedInClient(server, 'Rules-Change@studio.test');
    const userId = await userIdOf(server, 'rules-change@studio.test');
    const before = await everythingOf(server, userId, []);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { currentPassword: 'not the password', newPassword: NEW_PASSWORD },
        'INVALID_PASSWORD',
        ACCOUNT_MESSAGES.currentPasswordWrong,
      ],
      [{ currentPassword: PASSWORD, newPassword: 'short' }, 'VALIDATION_ERROR', AUTH_MESSAGES.passwordTooShort],
      [
        { currentPassword: PASSWORD, newPassword: 'x'.repeat(10_240) },
        'VALIDATION_ERROR',
        AUTH_MESSAGES.passwordTooLong,
      ],
      [
        { currentPassword: PASSWORD, newPassword: 'RULES-change@studio.test' },
        'VALIDATION_ERROR',
        AUTH_MESSAGES.passwordIsEmail,
      ],
      [
        { currentPassword: PASSWORD, newPassword: PASSWORD },
        'VALIDATION_ERROR',
        ACCOUNT_MESSAGES.newPasswordSameAsCurrent,
      ],
      [{ currentPassword: '', newPassword: NEW_PASSWORD }, 'VALIDATION_ERROR', AUTH_MESSAGES.passwordRequired],
    ];
    for (const [body, code, message] of cases) {
      const answer = await client.post('/api/auth/change-password', body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(answer.body).toMatchObject({ code, message });
    }
    const after = await everythingOf(server, userId, []);
    expect(after.rows).toEqual(before.rows);
    expect((await signIn(server, 'rules-change@studio.test')).status).toBe(200);
  });
});

describe('signing out every other device', () => {
  it('ends the other sessions at once (their open tabs hear of it) and keeps this one', async () => {
    const server = await start();
    const laptop = await signedInClient(server, 'devices@studio.test');
    const { client: phone } = await signIn(server, 'devices@studio.test');
    const { client: tablet } = await signIn(server, 'devices@studio.test');
    const phoneTab = await openEventStream(phone);
    expect((await laptop.get('/api/account')).body).toMatchObject({ otherSessions: 2 });
    expect((await laptop.post('/api/auth/revoke-other-sessions', {})).status).toBe(200);
    // The phone's open tab hears of it: its stream ends with its session (decision 025).
    await phoneTab.next((e) => e.event === LIVE_SESSION_ENDED_EVENT);
    await phoneTab.ended();
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await tablet.get('/api/me')).status).toBe(401);
    expect((await laptop.get('/api/me')).status).toBe(200);
    expect((await laptop.get('/api/account')).body).toMatchObject({ otherSessions: 0 });
  });
});

describe.each([
  ['filesystem', (): Promise<Partial<Config>> => Promise.resolve({})],
  ['S3 (s3rver)', freshBucket],
])('deleting the account on %s storage', (_name, storageConfig) => {
  it("removes every row and stored file of the account, and nothing of another owner's", async () => {
    const server = await start(await storageConfig());
    const alice = await signedInClient(server, 'alice-delete@studio.test');
    const aliceId = await userIdOf(server, 'alice-delete@studio.test');
    const aliceGames = [
      await gameWithEverything(server, alice, 'Orchard'),
      await gameWithEverything(server, alice, 'Harbor'),
    ];
    await alice.post('/api/auth/request-password-reset', { email: 'alice-delete@studio.test' });
    const { client: alicePhone } = await signIn(server, 'alice-delete@studio.test');
    const bob = await signedInClient(server, 'bob-delete@studio.test');
    const bobId = await userIdOf(server, 'bob-delete@studio.test');
    const bobGame = await gameWithEverything(server, bob, 'Bob Game');
    const bobBefore = await everythingOf(server, bobId, [bobGame.id]);
    const aliceBefore = await everythingOf(
      server,
      aliceId,
      aliceGames.map((g) => g.id),
    );
    expect(aliceBefore.files).toHaveLength(6);
    expect(aliceBefore.rows.every((n) => n > 0)).toBe(true);
    const phoneTab = await openEventStream(alicePhone);

    const answer = await deleteAccount(alice, { password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ deleted: true });
    expect(answer.headers.getSetCookie().some((c) => /session_token=;/.test(c) && /max-age=0/i.test(c))).toBe(true);

    const aliceAfter = await everythingOf(
      server,
      aliceId,
      aliceGames.map((g) => g.id),
    );
    expect(
      aliceAfter.rows.every((n) => n === 0),
      aliceAfter.detail.slice(0, 300),
    ).toBe(true);
    expect(aliceAfter.files).toEqual([]);
    const byGame = await server.database.db
      .select()
      .from(schema.asset)
      .where(or(...aliceGames.map((g) => eq(schema.asset.gameId, g.id))));
    expect(byGame).toEqual([]);
    expect(await everythingOf(server, bobId, [bobGame.id])).toEqual(bobBefore);
    expect((await bob.get(`/api/games/${bobGame.id}/assets`)).status).toBe(200);

    // The phone's open tab hears of it: its stream ends with its session (decision 025).
    await phoneTab.next((e) => e.event === LIVE_SESSION_ENDED_EVENT);
    await phoneTab.ended();
    expect((await alice.get('/api/me')).status).toBe(401);
    expect((await alicePhone.get('/api/me')).status).toBe(401);
    expect((await alicePhone.get(`/api/games/${aliceGames[0]!.id}`)).status).toBe(401);
    const again = await server.client().post('/api/auth/sign-in/email', {
      email: 'alice-delete@studio.test',
      password: PASSWORD,
    });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
  });
});

describe('deleting the account: what it asks for', () => {
  it('refuses a wrong, missing or oversized password, or a typed confirmation instead of it, changing nothing', async () => {
    const server = await start();
    const client = await signedInClient(server, 'keep@studio.test');
    const userId = await userIdOf(server, 'keep@studio.test');
    const game = await gameWithEverything(server, client, 'Kept');
    const before = await everythingOf(server, userId, [game.id]);
    const cases: [unknown, number, string | null][] = [
      [{ password: 'not the password' }, 400, ACCOUNT_MESSAGES.deletePasswordWrong],
      [{ password: PASSWORD.toUpperCase() }, 400, ACCOUNT_MESSAGES.deletePasswordWrong],
      [{}, 400, ACCOUNT_MESSAGES.deletePasswordRequired],
      [{ password: '' }, 400, ACCOUNT_MESSAGES.deletePasswordRequired],
      [{ confirmation: 'keep@studio.test' }, 400, ACCOUNT_MESSAGES.deletePasswordRequired],
      [{ password: 'x'.repeat(10_240) }, 400, null],
      [{ password: PASSWORD, userId: 'someone-else' }, 400, null],
      [{ password: 42 }, 400, null],
      [[PASSWORD], 400, null],
    ];
    for (const [body, status, message] of cases) {
      const answer = await deleteAccount(client, body);
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(status);
      if (message) expect(answer.body).toMatchObject({ message });
    }
    const noJson = await client.request('/api/account', { method: 'DELETE' });
    expect(noJson.status).toBe(415);
    expect(await everythingOf(server, userId, [game.id])).toEqual(before);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('deletes a Google account on its typed email address, refusing anything else typed', async () => {
    const server = await start();
    const client = await signedInClient(server, 'google-user@studio.test');
    const userId = await userIdOf(server, 'google-user@studio.test');
    await makeGoogleOnly(server, userId);
    const game = await gameWithEverything(server, client, 'Google Game');
    const before = await everythingOf(server, userId, [game.id]);
    for (const body of [
      { confirmation: 'google-user@studio' },
      { confirmation: 'DELETE' },
      { confirmation: '' },
      {},
      { password: PASSWORD },
    ]) {
      const answer = await deleteAccount(client, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({
        code: 'CONFIRMATION_MISMATCH',
        message: ACCOUNT_MESSAGES.deleteConfirmationWrong,
      });
    }
    expect(await everythingOf(server, userId, [game.id])).toEqual(before);
    const answer = await deleteAccount(client, { confirmation: ' Google-User@Studio.test ' });
    expect(answer.status).toBe(200);
    const after = await everythingOf(server, userId, [game.id]);
    expect(after.rows.every((n) => n === 0)).toBe(true);
    expect(after.files).toEqual([]);
  });

  it('retries a failing storage deletion after the rows are gone, and a deletion that keeps failing leaves no row behind', async () => {
    let failures = 2;
    const deleted: string[] = [];
    storages.wrap = (real) => ({
      ...real,
      delete: async (key) => {
        // Every row of the account is already gone when the first byte is deleted.
        const [left] = await server.database.db
          .select({ id: schema.game.id })
          .from(schema.game)
          .where(inArray(schema.game.id, gameIds));
        expect(left).toBeUndefined();
        if (key.startsWith('packs/') && failures-- > 0) throw new Error('the store is away');
        if (key.includes('stuck')) throw new Error('the store refuses this one');
        deleted.push(key);
        await real.delete(key);
      },
    });
    const server = await start();
    const client = await signedInClient(server, 'flaky@studio.test');
    const userId = await userIdOf(server, 'flaky@studio.test');
    const game = await gameWithEverything(server, client, 'Flaky');
    const stuck = await gameWithEverything(server, client, 'Stuck');
    await storageOf().put(`packs/${stuck.id}/stuck.json`, Buffer.from('{}'), { contentType: 'application/json' });
    const gameIds = [game.id, stuck.id];

    const answer = await deleteAccount(client, { password: PASSWORD });
    expect(answer.status).toBe(200);
    const after = await everythingOf(server, userId, gameIds);
    expect(after.rows.every((n) => n === 0)).toBe(true);
    // Retried until it went; only the object the store keeps refusing is left, with no row pointing at it.
    expect(after.files).toEqual([`packs/${stuck.id}/stuck.json`]);
    expect(deleted.filter((key) => key.startsWith(`packs/${game.id}/`))).toHaveLength(2);
    expect((await signIn(server, 'flaky@studio.test')).status).toBe(401);
  });
});
