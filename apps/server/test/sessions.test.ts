import { describe, expect, it } from 'vitest';
import { PASSWORD, signedInClient } from './support/accounts';
import { TEST_DATABASE_KIND } from './support/test-database';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';
import type { TestClient } from './support/test-client';

const servers = useTestServers();

/** A second visitor holding the very cookie the first one had at this moment (a copied or stolen cookie). */
function copyOf(server: TestServer, client: TestClient): TestClient {
  const copy = server.client();
  copy.useSessionOf(client);
  return copy;
}

async function signIn(server: TestServer, email: string): Promise<TestClient> {
  const client = server.client();
  const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return client;
}

describe('signed-in requests answered from the session cache', () => {
  it('refuses a session cookie at once after its sign-out, though it was just answered from memory', async () => {
    const server = await servers.start();
    const client = await signedInClient(server, 'out@studio.test');
    const replay = copyOf(server, client);
    for (let i = 0; i < 3; i++) expect((await replay.get('/api/me')).status).toBe(200);
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await replay.get('/api/me')).status).toBe(401);
    expect((await replay.get('/api/games')).status).toBe(401);
    expect((await replay.get('/api/session')).body).toMatchObject({ user: null });
  });

  it('refuses every other device at once when one device revokes the other sessions', async () => {
    const server = await servers.start();
    const laptop = await signedInClient(server, 'revoke@studio.test');
    const phone = await signIn(server, 'revoke@studio.test');
    expect((await phone.get('/api/me')).status).toBe(200);
    expect((await laptop.get('/api/me')).status).toBe(200);
    expect((await laptop.post('/api/auth/revoke-other-sessions', {})).status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await laptop.get('/api/me')).status).toBe(200);
  });

  it('refuses a revoked session at once when its token is revoked by another device', async () => {
    const server = await servers.start();
    const laptop = await signedInClient(server, 'one-session@studio.test');
    const phone = await signIn(server, 'one-session@studio.test');
    expect((await phone.get('/api/me')).status).toBe(200);
    const list = await laptop.get('/api/auth/list-sessions');
    const sessions = list.body as { token: string; updatedAt: string }[];
    expect(sessions).toHaveLength(2);
    const phoneToken = sessions.find((s) => phone.cookieHeader().includes(s.token))?.token;
    expect(phoneToken).toBeTruthy();
    expect((await laptop.post('/api/auth/revoke-session', { token: phoneToken })).status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await laptop.get('/api/me')).status).toBe(200);
  });

  it('shows a changed display name at once on a session answered from memory', async () => {
    const server = await servers.start();
    const client = await signedInClient(server, 'rename@studio.test');
    expect((await client.get('/api/me')).body).toMatchObject({ displayName: null });
    expect((await client.post('/api/auth/update-user', { name: 'Ada' })).status).toBe(200);
    expect((await client.get('/api/me')).body).toMatchObject({ displayName: 'Ada' });
  });

  it('never answers a forged cookie from memory', async () => {
    const server = await servers.start();
    const client = await signedInClient(server, 'forged@studio.test');
    expect((await client.get('/api/me')).status).toBe(200);
    const cookie = client.cookieHeader();
    const forged = cookie.replace(
      /session_token=([^.;]+)\.([^;]+)/,
      (_m, token: string) => `session_token=${token}.AAAA`,
    );
    expect(forged).not.toBe(cookie);
    const response = await server.client().request('/api/me', { headers: { cookie: forged } });
    expect(response.status).toBe(401);
  });

  // PGlite lives inside one process; instances sharing one database are the PostgreSQL run's to prove.
  it.skipIf(TEST_DATABASE_KIND === 'pglite')(
    'refuses a session on every server instance once another instance signed it out',
    async () => {
      const [one, two] = await servers.startTwoInstances();
      const client = await signedInClient(one, 'instances@studio.test');
      const elsewhere = two.client();
      elsewhere.useSessionOf(client);
      for (let i = 0; i < 3; i++) expect((await elsewhere.get('/api/me')).status).toBe(200);
      expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
      // The other instance hears of it through NOTIFY, sent before the sign-out was answered: allow its delivery.
      const deadline = Date.now() + 1000;
      let status = 200;
      while (status === 200 && Date.now() < deadline) {
        status = (await elsewhere.get('/api/me')).status;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(status).toBe(401);
    },
  );
});
