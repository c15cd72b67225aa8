import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, RESET_MESSAGES } from '@liveops/domain/accounts';
import { LIVE_SESSION_ENDED_EVENT } from '@liveops/domain/shared';
import { passwordResetLink } from '@liveops/testing/smtp';
import { RESET_TOKEN_IDENTIFIER_PREFIX } from '../src/accounts/auth';
import { account, user, verification } from '../src/db/schema';
import { openEventStream } from './support/event-stream';
import { PASSWORD, signedInClient, signUp, tokenOf } from './support/accounts';
import type { TestClient } from './support/test-client';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();
const NEW_PASSWORD = 'a brand new passphrase';

/** A server that lets a test sign in as often as it needs; the rate-limit test starts its own. */
const start = () => servers.start({ authRateLimitMax: 1000 });

/** Asks for a reset of `email` and answers with the token of the count-th reset mail it receives. */
async function requestReset(server: TestServer, email: string, count = 1): Promise<string> {
  const response = await server.client().post('/api/auth/request-password-reset', { email });
  expect(response.status).toBe(200);
  const mails = () => server.smtp.mailsTo(email).filter((mail) => mail.text.includes('/reset-password?token='));
  const deadline = Date.now() + 10_000;
  while (mails().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const mail = mails()[count - 1];
  if (!mail) throw new Error(`no reset mail #${count} to ${email}`);
  return tokenOf(passwordResetLink(mail));
}

async function signIn(server: TestServer, email: string, password: string) {
  const client = server.client();
  const response = await client.post('/api/auth/sign-in/email', { email, password });
  return { client, status: response.status };
}

/** The stored password hash: what "nothing changed" compares. */
async function passwordHash(server: TestServer, email: string): Promise<string | null> {
  const [row] = await server.database.db
    .select({ password: account.password })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(and(eq(user.email, email), eq(account.providerId, 'credential')));
  return row?.password ?? null;
}

const reset = (client: TestClient, token: string, newPassword = NEW_PASSWORD) =>
  client.post('/api/auth/reset-password', { token, newPassword });

describe('asking for a password reset', () => {
  it('mails a link to /reset-password on PUBLIC_URL that expires in an hour, and says which address it resets', async () => {
    const server = await start();
    await signedInClient(server, 'forgot@studio.test');
    const token = await requestReset(server, 'Forgot@Studio.test');
    const mail = server.smtp.mailsTo('forgot@studio.test').at(-1);
    expect(passwordResetLink(mail!)).toBe(`${server.config.publicUrl}/reset-password?token=${token}`);
    expect(mail?.text).toContain('Subject: Reset your LiveOps Dashboard password');
    expect(mail?.text).toContain('expires in 1 hour');
    const [row] = await server.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `${RESET_TOKEN_IDENTIFIER_PREFIX}${token}`));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(55);
    expect(minutes).toBeLessThanOrEqual(60);
    const status = await server.client().post('/api/auth/reset-link-status', { token });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ valid: true, email: 'forgot@studio.test' });
  });

  it('answers an address without an account exactly like one with, and mails nothing', async () => {
    const server = await start();
    await signedInClient(server, 'known@studio.test');
    const known = await server.client().post('/api/auth/request-password-reset', { email: 'known@studio.test' });
    const unknown = await server.client().post('/api/auth/request-password-reset', { email: 'nobody@studio.test' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await server.smtp.waitForMail('known@studio.test', 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.smtp.mailsTo('nobody@studio.test')).toHaveLength(0);
    expect(await server.database.db.select().from(user).where(eq(user.email, 'nobody@studio.test'))).toHaveLength(0);
  });

  it('refuses malformed requests with a message, mailing nothing', async () => {
    const server = await start();
    const client = server.client();
    for (const body of [{}, { email: '' }, { email: 'not-an-email' }, { email: `${'x'.repeat(10_240)}@b.co` }]) {
      const response = await client.post('/api/auth/request-password-reset', body);
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(response.body).toMatchObject({ message: expect.any(String) });
    }
    const form = await client.request('/api/auth/request-password-reset', {
      method: 'POST',
      body: 'email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.smtp.mails).toHaveLength(0);
  });

  it('rate limits reset requests per client address, like sign-in, for addresses with and without an account', async () => {
    const server = await servers.start({ authRateLimitMax: 2 });
    await signUp(server, server.client(), 'limited@studio.test');
    const client = server.client();
    const ask = (email: string) => client.post('/api/auth/request-password-reset', { email });
    expect((await ask('limited@studio.test')).status).toBe(200);
    expect((await ask('nobody@studio.test')).status).toBe(200);
    for (const email of ['limited@studio.test', 'nobody@studio.test']) {
      const limited = await ask(email);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ code: 'TOO_MANY_REQUESTS', message: AUTH_MESSAGES.tooManyRequests });
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const resets = server.smtp.mailsTo('limited@studio.test').filter((mail) => mail.text.includes('/reset-password'));
    expect(resets).toHaveLength(1);
  });
});

describe('setting a new password from the link', () => {
  it('sets the new password: the old one is refused, the new one signs in, and every session of the account ends', async () => {
    const server = await start();
    const laptop = await signedInClient(server, 'ada@studio.test');
    const { client: phone } = await signIn(server, 'ada@studio.test', PASSWORD);
    expect((await phone.get('/api/me')).status).toBe(200);
    const tab = await openEventStream(laptop);
    const token = await requestReset(server, 'ada@studio.test');

    const answer = await reset(server.client(), token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: true });
    // The open tab's stream ends with its session (decision 025), and the tab rechecks who is signed in.
    await tab.next((e) => e.event === LIVE_SESSION_ENDED_EVENT);
    await tab.ended();
    expect((await laptop.get('/api/me')).status).toBe(401);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await signIn(server, 'ada@studio.test', PASSWORD)).status).toBe(401);
    const again = await signIn(server, 'ada@studio.test', NEW_PASSWORD);
    expect(again.status).toBe(200);
    expect((await again.client.get('/api/me')).status).toBe(200);
  });

  it('refuses a used link, with its reason on the status check, and keeps the password set by its first use', async () => {
    const server = await start();
    await signedInClient(server, 'twice@studio.test');
    const token = await requestReset(server, 'twice@studio.test');
    expect((await reset(server.client(), token)).status).toBe(200);
    const hash = await passwordHash(server, 'twice@studio.test');

    const second = await reset(server.client(), token, 'yet another passphrase');
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ code: 'RESET_LINK_INVALID', message: RESET_MESSAGES.linkInvalid });
    const status = await server.client().post('/api/auth/reset-link-status', { token });
    expect(status.body).toEqual({ valid: false, code: 'RESET_LINK_INVALID', message: RESET_MESSAGES.linkInvalid });
    expect(await passwordHash(server, 'twice@studio.test')).toBe(hash);
    expect((await signIn(server, 'twice@studio.test', NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired link with its own message, changing nothing', async () => {
    const server = await start();
    const client = await signedInClient(server, 'late@studio.test');
    const token = await requestReset(server, 'late@studio.test');
    await server.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `${RESET_TOKEN_IDENTIFIER_PREFIX}${token}`));
    const hash = await passwordHash(server, 'late@studio.test');

    const status = await server.client().post('/api/auth/reset-link-status', { token });
    expect(status.body).toEqual({ valid: false, code: 'RESET_LINK_EXPIRED', message: RESET_MESSAGES.linkExpired });
    const answer = await reset(server.client(), token);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'RESET_LINK_EXPIRED', message: RESET_MESSAGES.linkExpired });
    expect(await passwordHash(server, 'late@studio.test')).toBe(hash);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('refuses an altered, empty or oversized token as an invalid link, changing nothing', async () => {
    const server = await start();
    const client = await signedInClient(server, 'altered@studio.test');
    const token = await requestReset(server, 'altered@studio.test');
    const hash = await passwordHash(server, 'altered@studio.test');
    const flipped = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`;
    for (const bad of [flipped, `${token}x`, token.slice(1), token.toUpperCase(), '', 'x'.repeat(10_240)]) {
      if (bad === token) continue;
      const answer = await reset(server.client(), bad);
      expect(answer.status, bad.slice(0, 30)).toBe(400);
      expect((answer.body as { message: string }).message).toBe(RESET_MESSAGES.linkInvalid);
      const status = await server.client().post('/api/auth/reset-link-status', { token: bad });
      expect(status.status).toBeLessThan(500);
      if (status.status === 200) expect(status.body).toMatchObject({ valid: false });
    }
    expect(await passwordHash(server, 'altered@studio.test')).toBe(hash);
    expect((await client.get('/api/me')).status).toBe(200);
    // The real link still works after all of that.
    expect((await reset(server.client(), token)).status).toBe(200);
  });

  it("resets only the account the link was sent for, never the signed-in caller's", async () => {
    const server = await start();
    await signedInClient(server, 'alice-reset@studio.test');
    const bob = await signedInClient(server, 'bob-reset@studio.test');
    const bobHash = await passwordHash(server, 'bob-reset@studio.test');
    const token = await requestReset(server, 'alice-reset@studio.test');

    const steered = await bob.post('/api/auth/reset-password', {
      token,
      newPassword: NEW_PASSWORD,
      email: 'bob-reset@studio.test',
    });
    expect(steered.status).toBe(400);
    expect((await reset(bob, token)).status).toBe(200);
    expect(await passwordHash(server, 'bob-reset@studio.test')).toBe(bobHash);
    expect((await bob.get('/api/me')).status).toBe(200);
    expect((await signIn(server, 'bob-reset@studio.test', PASSWORD)).status).toBe(200);
    expect((await signIn(server, 'alice-reset@studio.test', NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a new password too short, too long or the same as the email, and keeps the link for a good one', async () => {
    const server = await start();
    await signedInClient(server, 'rules@studio.test');
    const token = await requestReset(server, 'rules@studio.test');
    const hash = await passwordHash(server, 'rules@studio.test');
    const cases: [string, string][] = [
      ['short', AUTH_MESSAGES.passwordTooShort],
      ['x'.repeat(129), AUTH_MESSAGES.passwordTooLong],
      ['x'.repeat(10_240), AUTH_MESSAGES.passwordTooLong],
      ['', AUTH_MESSAGES.passwordRequired],
      ['Rules@Studio.test', AUTH_MESSAGES.passwordIsEmail],
    ];
    for (const [password, message] of cases) {
      const answer = await reset(server.client(), token, password);
      expect(answer.status, password.slice(0, 20)).toBe(400);
      expect(answer.body).toMatchObject({ message });
    }
    for (const body of [{ token }, { token, newPassword: 42 }, { newPassword: NEW_PASSWORD }, []]) {
      const answer = await server.client().post('/api/auth/reset-password', body);
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect(await passwordHash(server, 'rules@studio.test')).toBe(hash);
    expect((await reset(server.client(), token)).status).toBe(200);
  });

  it("spends the account's other reset links when one is used", async () => {
    const server = await start();
    await signedInClient(server, 'many@studio.test');
    const first = await requestReset(server, 'many@studio.test', 1);
    const second = await requestReset(server, 'many@studio.test', 2);
    expect(first).not.toBe(second);
    expect((await reset(server.client(), second)).status).toBe(200);
    const stale = await reset(server.client(), first, 'another new passphrase');
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ code: 'RESET_LINK_INVALID' });
    const left = await server.database.db
      .select()
      .from(verification)
      .where(like(verification.identifier, `${RESET_TOKEN_IDENTIFIER_PREFIX}%`));
    expect(left).toHaveLength(0);
  });

  it('verifies the email of an account that never clicked its verification link, since the reset link reached it', async () => {
    const server = await start();
    await signUp(server, server.client(), 'unverified-reset@studio.test');
    expect((await signIn(server, 'unverified-reset@studio.test', PASSWORD)).status).toBe(403);
    const token = await requestReset(server, 'unverified-reset@studio.test');
    expect((await reset(server.client(), token)).status).toBe(200);
    const signedIn = await signIn(server, 'unverified-reset@studio.test', NEW_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect((await signedIn.client.get('/api/me')).status).toBe(200);
  });
});
