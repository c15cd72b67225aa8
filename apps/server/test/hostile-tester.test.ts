import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, TEXT_MESSAGES, VERIFY_MESSAGES } from '@liveops/domain';
import { user } from '../src/db/schema';
import { createFilesystemStorage } from '../src/storage/filesystem-storage';
import { verificationLink } from '@liveops/testing/smtp';
import { PASSWORD, signUp, signUpAndVerify, signedInClient, tokenOf } from './support/accounts';
import { rowCount } from './support/row-count';
import { createTestDatabases, type TestDatabases } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';
import type { TestClient } from './support/test-client';

/** What a hostile tester found (issue 24, decision 032): one test or more per finding. */

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

describe('verification tokens (issue 24 item 3)', () => {
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

describe('password checks behind a session (issue 24 item 4)', () => {
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

describe('bidirectional controls (issue 24 item 6)', () => {
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

describe('storage errors (issue 24 item 6)', () => {
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
