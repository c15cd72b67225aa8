import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, QUOTA_MESSAGES, VERIFY_MESSAGES } from '@liveops/domain/accounts';
import { DAILY_REWARD_MESSAGES, type DailyReward } from '@liveops/domain/daily-rewards';
import { type Game } from '@liveops/domain/games';
import { type Item, type Pack } from '@liveops/domain/inventory';
import { TEXT_MESSAGES } from '@liveops/domain/shared';
import { asset, dailyReward, game, release, user } from '../src/db/schema';
import { loadConfig } from '../src/env';
import { createFilesystemStorage } from '../src/storage/filesystem-storage';
import { verificationLink } from '@liveops/testing/smtp';
import { PASSWORD, signUp, signUpAndVerify, signedInClient, tokenOf } from './support/accounts';
import { readStandInPage } from './support/page-stand-in';
import { publishableDailyRewards } from './support/publishable';
import { rowCount } from './support/row-count';
import { createTestDatabases, type TestDatabases } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';
import type { TestClient } from './support/test-client';

/** What a hostile tester found (decision 032): one test or more per finding. */

let databases: TestDatabases;
let server: TestServer;
let running: TestServer | undefined;

beforeAll(async () => {
  databases = await createTestDatabases();
});
afterAll(async () => {
  await databases?.close();
});
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(overrides: Parameters<typeof startTestServer>[1] = {}) {
  server = await startTestServer(await databases.create(), overrides);
  running = server;
  return server;
}

/** A token for `email` signed with a key that is not the server's. */
const forgedToken = (email: string) =>
  new SignJWT({ email })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));

describe('verification tokens (decision 032)', () => {
  it('answers a forged token alike for a verified, an unverified and an unknown account', async () => {
    await start();
    await signUpAndVerify(server, server.client(), 'verified@studio.test');
    await signUp(server, server.client(), 'pending@studio.test');
    const answers: unknown[] = [];
    const outcomes: unknown[] = [];
    for (const email of ['verified@studio.test', 'pending@studio.test', 'nobody@studio.test']) {
      const token = await forgedToken(email);
      const client = server.client();
      const answer = await client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
      answers.push({ status: answer.status, body: answer.body });
      outcomes.push((await client.post('/api/auth/redeem-verification', { token })).body);
      expect(client.hasSession()).toBe(false);
    }
    const invalid = { code: 'INVALID_TOKEN', message: VERIFY_MESSAGES.linkInvalid };
    expect(answers).toEqual([0, 1, 2].map(() => ({ status: 401, body: invalid })));
    expect(outcomes).toEqual([0, 1, 2].map(() => ({ verified: false, ...invalid })));
    const [pending] = await server.database.db.select().from(user).where(eq(user.email, 'pending@studio.test'));
    expect(pending?.emailVerified).toBe(false);
  });

  it('still tells the owner of a real, used link that it was used', async () => {
    await start();
    const token = await signUpAndVerify(server, server.client(), 'used@studio.test');
    const again = await server.client().post('/api/auth/redeem-verification', { token });
    expect(again.body).toMatchObject({ verified: false, code: 'VERIFICATION_LINK_USED' });
  });

  it('limits redemptions per client address, on both routes together', async () => {
    await start({ authRateLimitMax: 3 });
    const client = server.client();
    const token = await forgedToken('guess@studio.test');
    expect((await client.get(`/api/auth/verify-email?token=${token}`)).status).toBe(401);
    expect((await client.post('/api/auth/redeem-verification', { token })).status).toBe(200);
    expect((await client.get(`/api/auth/verify-email?token=${token}`)).status).toBe(401);
    const limited = await client.post('/api/auth/redeem-verification', { token });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'TOO_MANY_REQUESTS', message: AUTH_MESSAGES.tooManyRequests });
    expect(limited.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect((await client.get(`/api/auth/verify-email?token=${token}`)).status).toBe(429);
  });
});

describe('password checks behind a session (decision 032)', () => {
  const deleteAccount = (client: TestClient, password: string, headers: Record<string, string> = {}) =>
    client.request('/api/account', { method: 'DELETE', json: { password }, headers });

  it('refuses the guess after the budget with 429, Retry-After and a clear message, even the right password', async () => {
    await start({ authRateLimitMax: 3 });
    const client = await signedInClient(server, 'guessed@studio.test');
    for (let i = 0; i < 3; i++) {
      expect((await deleteAccount(client, `wrong guess ${i}`)).body).toMatchObject({ code: 'INVALID_PASSWORD' });
    }
    const limited = await deleteAccount(client, PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'TOO_MANY_REQUESTS', message: ACCOUNT_MESSAGES.passwordTooManyAttempts });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await rowCount(server, user)).toBe(1);
  });

  it('shares one budget per account across delete, change-password and verify-password, and across addresses', async () => {
    await start({ authRateLimitMax: 3, trustProxy: { hops: 1 } });
    const client = await signedInClient(server, 'spread@studio.test');
    const from = (address: string) => ({ 'x-forwarded-for': address });
    expect((await deleteAccount(client, 'wrong guess 1', from('203.0.113.1'))).status).toBe(400);
    const change = await client.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: 'wrong guess 2', newPassword: 'a brand new password' },
      headers: from('203.0.113.2'),
    });
    expect(change.status).toBe(400);
    const verify = await client.request('/api/auth/verify-password', {
      method: 'POST',
      json: { password: 'wrong guess 3' },
      headers: from('203.0.113.3'),
    });
    expect(verify.status).toBe(400);
    for (const attempt of [
      () => deleteAccount(client, PASSWORD, from('203.0.113.4')),
      () =>
        client.request('/api/auth/change-password', {
          method: 'POST',
          json: { currentPassword: PASSWORD, newPassword: 'a brand new password' },
          headers: from('203.0.113.5'),
        }),
      () =>
        client.request('/api/auth/verify-password', {
          method: 'POST',
          json: { password: PASSWORD },
          headers: from('203.0.113.6'),
        }),
    ]) {
      const answer = await attempt();
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ message: ACCOUNT_MESSAGES.passwordTooManyAttempts });
    }
    // Another account keeps its own budget, from an address that has not guessed.
    const other = await signedInClient(server, 'other@studio.test');
    expect((await deleteAccount(other, 'wrong guess', from('198.51.100.7'))).status).toBe(400);
  });

  it('limits one address guessing across accounts', async () => {
    await start({ authRateLimitMax: 2, trustProxy: { hops: 1 } });
    // Each account signs up from an address of its own (sign-up has its budget too), then all guess from one.
    const clients: TestClient[] = [];
    for (const [i, email] of ['one@studio.test', 'two@studio.test', 'three@studio.test'].entries()) {
      const client = server.client();
      const headers = { 'x-forwarded-for': `192.0.2.${i + 1}` };
      await client.request('/api/auth/sign-up/email', { method: 'POST', json: { email, password: PASSWORD }, headers });
      const token = tokenOf(verificationLink(await server.smtp.waitForMail(email)));
      expect((await client.request(`/api/auth/verify-email?token=${token}`, { headers })).status).toBe(200);
      clients.push(client);
    }
    const statuses = [];
    const guesser = { 'x-forwarded-for': '198.51.100.9' };
    for (const client of clients) statuses.push((await deleteAccount(client, 'not the password', guesser)).status);
    expect(statuses).toEqual([400, 400, 429]);
  });
});

describe('bidirectional controls (decision 032)', () => {
  it('refuses U+202E and the other overrides in any field with BIDI_CONTROLS, and stores nothing', async () => {
    await start();
    const client = await signedInClient(server, 'bidi@studio.test');
    const created = await client.post('/api/games', {
      name: 'Evil\u202Egpj.exe',
      description: 'Dig',
      platforms: ['iOS'],
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ code: 'BIDI_CONTROLS', message: TEXT_MESSAGES.bidiControls, path: 'name' });
    const renamed = await client.post('/api/auth/update-user', { name: 'Ada\u2067 Admin' });
    expect(renamed.status).toBe(400);
    expect(renamed.body).toMatchObject({ code: 'BIDI_CONTROLS' });
    expect(((await client.get('/api/games')).body as unknown[]).length).toBe(0);
    // Right-to-left text with its marks is fine.
    const hebrew = await client.post('/api/games', { name: 'משחק\u200F 1', description: 'Dig', platforms: ['iOS'] });
    expect(hebrew.status).toBe(201);
  });
});

describe('storage errors (decision 032)', () => {
  it('throws filesystem failures without absolute server paths, and hands the full error to the log', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'liveops-paths-'));
    try {
      const logged: unknown[] = [];
      const storage = createFilesystemStorage({
        root,
        publicBaseUrl: 'http://dash.test',
        onError: (error) => logged.push(error),
      });
      // A file where a folder must go: every write below it fails, as a full or read-only disk would.
      await writeFile(path.join(root, 'games'), 'in the way');
      const failure = await storage
        .put('games/g1/releases/1/config.json', new Uint8Array([1]), { contentType: 'application/json' })
        .then(
          () => null,
          (error: unknown) => error as Error & { code?: string },
        );
      expect(failure).toBeInstanceOf(Error);
      expect(failure!.message).not.toContain(root);
      expect(failure!.message).not.toMatch(/(^|[\s'"])\//);
      expect(failure!.message).toMatch(/games/);
      expect(failure!.code).toMatch(/^E[A-Z]+$/);
      expect(String((logged[0] as Error).message)).toContain(root);
      // Lists and reads go the same way.
      const listing = (async () => {
        for await (const entry of storage.list('games/g1/')) void entry;
      })();
      await expect(listing).rejects.not.toThrow(root);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('two tabs saving one daily reward (decision 032)', () => {
  it('refuses the second save of days started from an older version with 409 and the saved config', async () => {
    await start();
    const client = await signedInClient(server, 'two-tabs@studio.test');
    const game = (await client.post('/api/games', { name: 'Tabs', description: 'x', platforms: ['iOS'] })).body as Game;
    const item = (
      await client.post(`/api/games/${game.id}/items`, { name: 'Gold', type: 'currency', value: 1, baseAmount: 1 })
    ).body as Item;
    const packIds: string[] = [];
    for (const name of ['Small', 'Big']) {
      const created = await client.post(`/api/games/${game.id}/packs`, {
        name,
        contents: [{ itemId: item.id, quantity: 5 }],
      });
      packIds.push((created.body as Pack).id);
    }
    const base = `/api/games/${game.id}/daily-rewards`;
    const config = (await client.post(base, {})).body as DailyReward;
    expect(config.rewardsVersion).toBe(0);
    const week = (packId: string) => Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId }));
    const save = (packId: string, baseRewardsVersion?: number) =>
      client.request(`${base}/${config.id}`, {
        method: 'PATCH',
        json: {
          rewards: week(packId),
          cycleDays: 7,
          ...(baseRewardsVersion === undefined ? {} : { baseRewardsVersion }),
        },
      });

    // Both tabs opened version 0; the first saves Small, the second then tries Big from version 0.
    const first = await save(packIds[0]!, 0);
    expect(first.status).toBe(200);
    expect((first.body as DailyReward).rewardsVersion).toBe(1);
    const second = await save(packIds[1]!, 0);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'DAILY_REWARD_CONFLICT',
      message: DAILY_REWARD_MESSAGES.rewardsConflict,
      current: { id: config.id, rewardsVersion: 1, rewards: week(packIds[0]!) },
    });
    const [row] = await server.database.db.select().from(dailyReward).where(eq(dailyReward.id, config.id));
    expect(row?.rewards).toEqual(week(packIds[0]!));

    // Overwrite: the saved version as the base (or none at all) goes through.
    expect((await save(packIds[1]!, 1)).status).toBe(200);
    expect((await save(packIds[0]!)).status).toBe(200);
    // A rename does not count as a change of the days: it neither needs nor moves the version.
    const renamed = await client.request(`${base}/${config.id}`, { method: 'PATCH', json: { name: 'Week' } });
    expect((renamed.body as DailyReward).rewardsVersion).toBe(3);
    expect((await save(packIds[1]!, 3)).status).toBe(200);
    // A missing config is still a 404, whatever the version.
    const gone = await client.request(`${base}/nope`, {
      method: 'PATCH',
      json: { rewards: week(packIds[0]!), cycleDays: 7, baseRewardsVersion: 0 },
    });
    expect(gone.status).toBe(404);
  });
});

describe('per-account quotas (decision 032)', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (client: TestClient, gameId: string, assetId: string) => {
    const form = new FormData();
    form.set('name', assetId);
    form.set('assetId', assetId);
    form.set('file', new Blob([PNG], { type: 'image/png' }), 'art.png');
    return fetch(new URL(`/api/games/${gameId}/assets`, server.url), {
      method: 'POST',
      headers: { cookie: client.cookieHeader(), origin: server.config.publicUrl },
      body: form,
    });
  };
  const newGame = (client: TestClient, name: string) =>
    client.post('/api/games', { name, description: 'x', platforms: ['iOS'] });

  it('reads MAX_GAMES_PER_ACCOUNT and MAX_STORAGE_BYTES_PER_ACCOUNT with sensible defaults', () => {
    const defaults = loadConfig({});
    expect(defaults.maxGamesPerAccount).toBe(100);
    expect(defaults.maxStorageBytesPerAccount).toBe(500 * 1024 * 1024);
    const set = loadConfig({ MAX_GAMES_PER_ACCOUNT: '7', MAX_STORAGE_BYTES_PER_ACCOUNT: '2097152' });
    expect([set.maxGamesPerAccount, set.maxStorageBytesPerAccount]).toEqual([7, 2097152]);
    expect(() => loadConfig({ MAX_GAMES_PER_ACCOUNT: '0' })).toThrow(/MAX_GAMES_PER_ACCOUNT/);
    expect(() => loadConfig({ MAX_STORAGE_BYTES_PER_ACCOUNT: 'lots' })).toThrow(/MAX_STORAGE_BYTES_PER_ACCOUNT/);
  });

  it('refuses a game over the limit, created or duplicated, even when many are created at once', async () => {
    await start({ maxGamesPerAccount: 3 });
    const client = await signedInClient(server, 'many-games@studio.test');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => newGame(client, `Game ${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 403, 403, 403]);
    const refused = answers.find((a) => a.status === 403)!;
    expect(refused.body).toEqual({ code: 'GAME_LIMIT', message: QUOTA_MESSAGES.games(3) });
    const first = answers.find((a) => a.status === 201)!.body as Game;
    const copy = await client.post(`/api/games/${first.id}/duplicate`, {});
    expect(copy.status).toBe(403);
    expect(copy.body).toMatchObject({ code: 'GAME_LIMIT' });
    expect(await rowCount(server, game)).toBe(3);
    // Another account has its own allowance.
    const other = await signedInClient(server, 'few-games@studio.test');
    expect((await newGame(other, 'Mine')).status).toBe(201);
  });

  it('refuses images over the storage limit, uploaded or copied with a game, and stores nothing for them', async () => {
    await start({ maxStorageBytesPerAccount: PNG.length * 2 });
    const client = await signedInClient(server, 'full-disk@studio.test');
    const first = (await newGame(client, 'Art')).body as Game;
    expect((await upload(client, first.id, 'one')).status).toBe(201);
    expect((await upload(client, first.id, 'two')).status).toBe(201);
    const over = await upload(client, first.id, 'three');
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ code: 'STORAGE_LIMIT', message: QUOTA_MESSAGES.storage(PNG.length * 2) });
    const copy = await client.post(`/api/games/${first.id}/duplicate`, {});
    expect(copy.status).toBe(413);
    expect(copy.body).toMatchObject({ code: 'STORAGE_LIMIT' });
    expect(await rowCount(server, asset)).toBe(2);
    expect(await rowCount(server, game)).toBe(1);
  });

  it('refuses a publish that would write more than MAX_RELEASE_BYTES before writing anything', async () => {
    expect(loadConfig({}).maxReleaseBytes).toBe(100 * 1024 * 1024);
    expect(() => loadConfig({ MAX_RELEASE_BYTES: '1000' })).toThrow(/MAX_RELEASE_BYTES/);
    // Each config's page is about 100 KB: two are over 150 KiB, one is within it.
    const limit = 150 * 1024;
    await start({ maxReleaseBytes: limit, publishing: { readPageHtml: readStandInPage } });
    const client = await signedInClient(server, 'big-release@studio.test');
    const first = (await newGame(client, 'Big')).body as Game;
    const [one] = await publishableDailyRewards(client, first.id, 2);
    const publish = () => client.request(`/api/games/${first.id}/releases`, { method: 'POST', json: {} });

    const refused = await publish();
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: 'RELEASE_TOO_LARGE' });
    expect((refused.body as { message: string }).message).toMatch(/over the limit of 0.1 MB for one release/);
    expect(await rowCount(server, release)).toBe(0);

    const removed = await client.request(`/api/games/${first.id}/daily-rewards/${one!.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    const published = await publish();
    expect(published.status).toBe(200);
    expect(published.text).toContain('"type":"done"');
    expect(await rowCount(server, release)).toBe(1);
  });
});
