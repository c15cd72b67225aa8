import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, VERIFY_MESSAGES } from '@liveops/domain/accounts';
import { verificationLink } from '@liveops/testing/smtp';
import { user } from '../src/db/schema';
import {
  PASSWORD,
  signUp as signUpShared,
  signUpAndVerify as signUpAndVerifyShared,
  tokenOf,
} from './support/accounts';
import { rowCount } from './support/row-count';
import { createTestDatabases, type TestDatabases } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';
import type { TestClient } from './support/test-client';

let databases: TestDatabases;
let server: TestServer;

beforeAll(async () => {
  databases = await createTestDatabases();
});
afterAll(async () => {
  await databases?.close();
});
afterEach(async () => {
  await server?.close();
});

async function start(overrides: Parameters<typeof startTestServer>[1] = {}) {
  server = await startTestServer(await databases.create(), overrides);
  return server;
}

const userCount = () => rowCount(server, user);

const signUp = (client: TestClient, email: string) => signUpShared(server, client, email);
const signUpAndVerify = (client: TestClient, email: string) => signUpAndVerifyShared(server, client, email);

describe('sign-up and email verification', () => {
  it('creates an unverified account, opens no session, and mails a link to /verified on PUBLIC_URL', async () => {
    await start();
    const client = server.client();
    const response = await client.post('/api/auth/sign-up/email', { email: 'Dev@Studio.test', password: PASSWORD });
    expect(response.status).toBe(200);
    expect(client.hasSession()).toBe(false);

    const mail = await server.smtp.waitForMail('dev@studio.test');
    const link = verificationLink(mail);
    expect(link.startsWith(`${server.config.publicUrl}/verified?token=`)).toBe(true);
    expect(mail.text).toContain('Subject: Verify your email');

    const [row] = await server.database.db.select().from(user).where(eq(user.email, 'dev@studio.test'));
    expect(row?.emailVerified).toBe(false);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('refuses sign-in before verification with EMAIL_NOT_VERIFIED and opens no session', async () => {
    await start();
    const client = server.client();
    await signUp(client, 'early@studio.test');
    const response = await client.post('/api/auth/sign-in/email', { email: 'early@studio.test', password: PASSWORD });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(client.hasSession()).toBe(false);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('verifies the email from the link, signs the user in and returns the user record of the spec', async () => {
    await start();
    const client = server.client();
    await signUpAndVerify(client, 'ada@studio.test');
    expect(client.hasSession()).toBe(true);
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: 'ada@studio.test',
      displayName: null,
      emailVerified: true,
      photoURL: null,
    });
    const body = me.body as { uid: string; lastLogin: string | null };
    expect(body.uid).toMatch(/\S{10,}/);
    expect(body.lastLogin).not.toBeNull();
    expect(Date.now() - Date.parse(body.lastLogin ?? '')).toBeLessThan(60_000);
  });

  it('refuses a used verification link with 410 and does not sign anyone in', async () => {
    await start();
    const first = server.client();
    const token = await signUpAndVerify(first, 'twice@studio.test');
    const second = server.client();
    const again = await second.get(`/api/auth/verify-email?token=${token}`);
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ code: 'VERIFICATION_LINK_USED', message: VERIFY_MESSAGES.linkUsed });
    expect(second.hasSession()).toBe(false);
  });

  it('refuses a forged or malformed token and leaves the account unverified', async () => {
    await start();
    const client = server.client();
    await signUp(client, 'forged@studio.test');
    const forged = await new SignJWT({ email: 'forged@studio.test' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    for (const token of [forged, 'garbage', '']) {
      const response = await client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
      expect(response.status, `token ${token.slice(0, 12)}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body).toMatchObject({ message: expect.any(String) });
    }
    const [row] = await server.database.db.select().from(user).where(eq(user.email, 'forged@studio.test'));
    expect(row?.emailVerified).toBe(false);
    expect(client.hasSession()).toBe(false);
  });

  it('redeems a link for /verified as an outcome: verified and signed in, then the reason on a second use', async () => {
    await start();
    const client = server.client();
    await signUp(client, 'redeem@studio.test');
    const token = tokenOf(verificationLink(await server.smtp.waitForMail('redeem@studio.test')));
    const redeemed = await client.post('/api/auth/redeem-verification', { token });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toEqual({ verified: true });
    expect(client.hasSession()).toBe(true);
    expect((await client.get('/api/me')).status).toBe(200);

    const second = server.client();
    const again = await second.post('/api/auth/redeem-verification', { token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ verified: false, code: 'VERIFICATION_LINK_USED', message: VERIFY_MESSAGES.linkUsed });
    expect(second.hasSession()).toBe(false);
  });

  it('redeems a forged, malformed or empty token as a refusal with its reason, verifying nothing', async () => {
    await start();
    const client = server.client();
    await signUp(client, 'redeem-forged@studio.test');
    const forged = await new SignJWT({ email: 'redeem-forged@studio.test' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    for (const token of [forged, 'garbage', '']) {
      const response = await client.post('/api/auth/redeem-verification', { token });
      expect(response.status, `token ${token.slice(0, 12)}`).toBe(200);
      expect(response.body).toEqual({
        verified: false,
        code: expect.any(String),
        message: VERIFY_MESSAGES.linkInvalid,
      });
    }
    for (const body of [{}, { token: 5 }, { token: 'x'.repeat(5000) }, { token: 'a', extra: true }]) {
      const response = await client.post('/api/auth/redeem-verification', body);
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    const [row] = await server.database.db.select().from(user).where(eq(user.email, 'redeem-forged@studio.test'));
    expect(row?.emailVerified).toBe(false);
    expect(client.hasSession()).toBe(false);
  });

  it('resends the verification email on request, and a link from either mail verifies', async () => {
    await start();
    const client = server.client();
    await signUp(client, 'resend@studio.test');
    const response = await client.post('/api/auth/send-verification-email', { email: 'resend@studio.test' });
    expect(response.status).toBe(200);
    const second = await server.smtp.waitForMail('resend@studio.test', 2);
    const verified = await client.get(`/api/auth/verify-email?token=${tokenOf(verificationLink(second))}`);
    expect(verified.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('answers a sign-up for a taken email like a new one (no account enumeration) and changes nothing', async () => {
    await start();
    const client = server.client();
    await signUpAndVerify(client, 'dup@studio.test');
    const again = await server
      .client()
      .post('/api/auth/sign-up/email', { email: 'DUP@studio.test', password: 'another password' });
    expect(again.status).toBe(200);
    expect(await userCount()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.smtp.mailsTo('dup@studio.test')).toHaveLength(1);
    const other = server.client();
    expect(
      (await other.post('/api/auth/sign-in/email', { email: 'dup@studio.test', password: 'another password' })).status,
    ).toBe(401);
    expect((await other.post('/api/auth/sign-in/email', { email: 'dup@studio.test', password: PASSWORD })).status).toBe(
      200,
    );
  });
});

describe('sign-in and sign-out', () => {
  it('answers a wrong password with the service message and no session', async () => {
    await start();
    const client = server.client();
    await signUpAndVerify(client, 'wrong@studio.test');
    const other = server.client();
    const response = await other.post('/api/auth/sign-in/email', {
      email: 'wrong@studio.test',
      password: 'not it at all',
    });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    expect(other.hasSession()).toBe(false);
  });

  it('signs in a verified user, updates lastLogin on each sign-in, and signs out', async () => {
    await start();
    const first = server.client();
    await signUpAndVerify(first, 'login@studio.test');
    const before = ((await first.get('/api/me')).body as { lastLogin: string }).lastLogin;
    await new Promise((resolve) => setTimeout(resolve, 20));

    const client = server.client();
    const signIn = await client.post('/api/auth/sign-in/email', { email: 'login@studio.test', password: PASSWORD });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const me = await client.get('/api/me');
    expect(Date.parse((me.body as { lastLogin: string }).lastLogin)).toBeGreaterThan(Date.parse(before));

    const out = await client.post('/api/auth/sign-out', {});
    expect(out.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    await start({ publicUrl: 'https://dashboard.studio.test' });
    const client = server.client();
    await signUp(client, 'secure@studio.test');
    const mail = await server.smtp.waitForMail('secure@studio.test');
    expect(verificationLink(mail).startsWith('https://dashboard.studio.test/verified?token=')).toBe(true);
    const verified = await client.get(`/api/auth/verify-email?token=${tokenOf(verificationLink(mail))}`);
    const cookie = verified.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/HttpOnly/i);
  });

  it('refuses a cookie-bearing POST from an untrusted origin', async () => {
    await start();
    const client = server.client();
    await signUpAndVerify(client, 'csrf@studio.test');
    const response = await client.request('/api/auth/sign-out', {
      method: 'POST',
      json: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('rate limits sign-in attempts per client address', async () => {
    await start({ authRateLimitMax: 3 });
    const client = server.client();
    const attempt = () =>
      client.post('/api/auth/sign-in/email', { email: 'nobody@studio.test', password: 'whatever1' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'TOO_MANY_REQUESTS', message: AUTH_MESSAGES.tooManyRequests });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // The budget is per path: sign-up from the same address still works.
    expect(
      (await client.post('/api/auth/sign-up/email', { email: 'fresh@studio.test', password: PASSWORD })).status,
    ).toBe(200);
  });

  it('rate limits sign-up attempts too', async () => {
    await start({ authRateLimitMax: 2 });
    const client = server.client();
    expect((await client.post('/api/auth/sign-up/email', { email: 'r1@studio.test', password: PASSWORD })).status).toBe(
      200,
    );
    expect((await client.post('/api/auth/sign-up/email', { email: 'r2@studio.test', password: PASSWORD })).status).toBe(
      200,
    );
    expect((await client.post('/api/auth/sign-up/email', { email: 'r3@studio.test', password: PASSWORD })).status).toBe(
      429,
    );
    expect(await userCount()).toBe(2);
  });
});

describe('bad input on the auth routes', () => {
  const huge = 'x'.repeat(10 * 1024);
  const cases: {
    name: string;
    path: string;
    body?: unknown;
    raw?: string;
    type?: string;
    status: number;
    message?: string;
  }[] = [
    {
      name: 'empty fields',
      path: '/api/auth/sign-up/email',
      body: { email: '', password: '' },
      status: 400,
      message: AUTH_MESSAGES.emailRequired,
    },
    { name: 'no fields', path: '/api/auth/sign-up/email', body: {}, status: 400, message: AUTH_MESSAGES.emailRequired },
    {
      name: 'missing password',
      path: '/api/auth/sign-up/email',
      body: { email: 'a@b.co' },
      status: 400,
      message: AUTH_MESSAGES.passwordRequired,
    },
    {
      name: 'a 10 KB email',
      path: '/api/auth/sign-up/email',
      body: { email: `${huge}@b.co`, password: PASSWORD },
      status: 400,
      message: AUTH_MESSAGES.emailTooLong,
    },
    {
      name: 'a 10 KB password',
      path: '/api/auth/sign-up/email',
      body: { email: 'a@b.co', password: huge },
      status: 400,
      message: AUTH_MESSAGES.passwordTooLong,
    },
    {
      name: 'a short password',
      path: '/api/auth/sign-up/email',
      body: { email: 'a@b.co', password: 'short' },
      status: 400,
      message: AUTH_MESSAGES.passwordTooShort,
    },
    {
      name: 'a malformed email',
      path: '/api/auth/sign-up/email',
      body: { email: 'not-an-email', password: PASSWORD },
      status: 400,
      message: AUTH_MESSAGES.emailInvalid,
    },
    { name: 'wrong types', path: '/api/auth/sign-up/email', body: { email: 42, password: ['x'] }, status: 400 },
    { name: 'a JSON array', path: '/api/auth/sign-up/email', body: [1, 2], status: 400 },
    { name: 'malformed JSON', path: '/api/auth/sign-up/email', raw: '{"email": "a@b.co",', status: 400 },
    { name: 'an empty body', path: '/api/auth/sign-up/email', raw: '', status: 400 },
    {
      name: 'a form body',
      path: '/api/auth/sign-up/email',
      raw: 'email=a@b.co&password=x',
      type: 'application/x-www-form-urlencoded',
      status: 415,
    },
    {
      name: 'a 100 KB body',
      path: '/api/auth/sign-up/email',
      raw: JSON.stringify({ email: 'a@b.co', password: 'y'.repeat(100_000) }),
      status: 413,
    },
    {
      name: 'empty sign-in fields',
      path: '/api/auth/sign-in/email',
      body: { email: '', password: '' },
      status: 400,
      message: AUTH_MESSAGES.emailRequired,
    },
    { name: 'malformed sign-in JSON', path: '/api/auth/sign-in/email', raw: 'nope', status: 400 },
    {
      name: 'a 10 KB sign-in password',
      path: '/api/auth/sign-in/email',
      body: { email: 'a@b.co', password: huge },
      status: 400,
    },
    { name: 'a resend without email', path: '/api/auth/send-verification-email', body: {}, status: 400 },
    { name: 'a social sign-in without provider', path: '/api/auth/sign-in/social', body: {}, status: 400 },
  ];

  for (const c of cases) {
    it(`answers ${c.name} on ${c.path.replace('/api/auth', '')} with ${c.status} and stores nothing`, async () => {
      await start({ authRateLimitMax: 1000 });
      const client = server.client();
      const response = await client.request(c.path, {
        method: 'POST',
        body: c.raw ?? JSON.stringify(c.body),
        headers: { 'content-type': c.type ?? 'application/json' },
      });
      expect(response.status).toBe(c.status);
      expect(response.body).toMatchObject({ message: expect.any(String) });
      if (c.message) expect((response.body as { message: string }).message).toBe(c.message);
      expect(await userCount()).toBe(0);
      expect(server.smtp.mails).toHaveLength(0);
    });
  }

  it('answers Google sign-in with a clear message when Google is not configured', async () => {
    await start();
    const response = await server
      .client()
      .post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/dashboard' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'GOOGLE_NOT_CONFIGURED', message: AUTH_MESSAGES.googleNotConfigured });
  });

  it('tells a signed-out visitor whether Google sign-in and email are set up, from the settings', async () => {
    await start();
    expect((await server.client().get('/api/session')).body).toEqual({
      user: null,
      server: { googleSignIn: false, emailDelivery: 'smtp' },
    });
    await server.close();
    await start({
      smtpUrl: null,
      google: { clientId: 'client', clientSecret: 'secret', testIssuer: null },
    });
    expect((await server.client().get('/api/session')).body).toEqual({
      user: null,
      server: { googleSignIn: true, emailDelivery: 'log' },
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    await start();
    const response = await server.client().get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});
