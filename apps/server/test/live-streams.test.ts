import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_NAME, LIVE_RESYNC_EVENT, LIVE_SESSION_ENDED_EVENT } from '@liveops/domain/shared';
import { passwordResetLink } from '@liveops/testing/smtp';
import { PASSWORD, signedInClient, tokenOf } from './support/accounts';
import { openEventStream } from './support/event-stream';
import type { TestClient } from './support/test-client';
import { TEST_DATABASE_KIND } from './support/test-database';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();
const NEW_PASSWORD = 'a brand new passphrase';
const start = () => servers.start({ authRateLimitMax: 1000 });

async function signIn(server: TestServer, email: string, password = PASSWORD): Promise<TestClient> {
  const client = server.client();
  expect((await client.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
  return client;
}

/** The same session (cookie) used on another instance. */
function on(server: TestServer, client: TestClient): TestClient {
  const copy = server.client();
  copy.useSessionOf(client);
  return copy;
}

const newGame = (client: TestClient, name: string) =>
  client.post('/api/games', { name, description: 'A game', platforms: ['Web'] });

/** Waits (at most five seconds) until the condition holds. */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

type Stream = Awaited<ReturnType<typeof openEventStream>>;

/** The stream was told its session ended, and then ended. */
async function endedForSession(stream: Stream) {
  await stream.next((e) => e.event === LIVE_SESSION_ENDED_EVENT);
  await stream.ended();
}

/** The stream is still open and still carries changes: a new game reaches it. */
async function stillLive(stream: Stream, client: TestClient, name: string) {
  const from = stream.events.length;
  const created = await newGame(client, name);
  expect(created.status).toBe(201);
  const id = (created.body as { id: string }).id;
  await stream.next((e) => e.event === LIVE_EVENT_NAME && e.data.includes(id), 5000, from);
  expect(stream.isEnded()).toBe(false);
}

describe('a live-updates stream ends with its session', () => {
  it('ends on sign-out, and the account’s other sessions keep theirs', async () => {
    const server = await start();
    const laptop = await signedInClient(server, 'stream-out@studio.test');
    const phone = await signIn(server, 'stream-out@studio.test');
    const laptopStream = await openEventStream(laptop);
    const phoneStream = await openEventStream(phone);
    expect((await laptop.post('/api/auth/sign-out', {})).status).toBe(200);
    await endedForSession(laptopStream);
    await stillLive(phoneStream, phone, 'Still Here');
    await phoneStream.close();
  });

  it('ends for every other device when one revokes the other sessions, or one of them', async () => {
    const server = await start();
    const laptop = await signedInClient(server, 'stream-revoke@studio.test');
    const phone = await signIn(server, 'stream-revoke@studio.test');
    const tablet = await signIn(server, 'stream-revoke@studio.test');
    const streams = await Promise.all([laptop, phone, tablet].map((client) => openEventStream(client)));
    const sessions = (await laptop.get('/api/auth/list-sessions')).body as { token: string }[];
    const tabletToken = sessions.find((s) => tablet.cookieHeader().includes(s.token))?.token;
    expect((await laptop.post('/api/auth/revoke-session', { token: tabletToken })).status).toBe(200);
    await endedForSession(streams[2]!);
    expect(streams[1]!.isEnded()).toBe(false);
    expect((await laptop.post('/api/auth/revoke-other-sessions', {})).status).toBe(200);
    await endedForSession(streams[1]!);
    await stillLive(streams[0]!, laptop, 'Laptop Only');
    await streams[0]!.close();
  });

  it('ends for the other devices on a password change that signs them out, and for all on a reset', async () => {
    const server = await start();
    const laptop = await signedInClient(server, 'stream-password@studio.test');
    const phone = await signIn(server, 'stream-password@studio.test');
    const laptopStream = await openEventStream(laptop);
    const phoneStream = await openEventStream(phone);
    const changed = await laptop.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    await endedForSession(phoneStream);
    // The laptop's session was replaced by a new one (its cookie too): its old stream ends, a new one is open.
    const renewed = await openEventStream(laptop);
    await laptopStream.close();

    expect(
      (await server.client().post('/api/auth/request-password-reset', { email: 'stream-password@studio.test' })).status,
    ).toBe(200);
    const mail = await server.smtp.waitForMail('stream-password@studio.test', 2);
    const token = tokenOf(passwordResetLink(mail));
    expect(
      (await server.client().post('/api/auth/reset-password', { token, newPassword: 'yet another passphrase' })).status,
    ).toBe(200);
    await endedForSession(renewed);
  });

  it('ends when the account is deleted', async () => {
    const server = await start();
    const laptop = await signedInClient(server, 'stream-delete@studio.test');
    const phone = await signIn(server, 'stream-delete@studio.test');
    const phoneStream = await openEventStream(phone);
    expect((await laptop.request('/api/account', { method: 'DELETE', json: { password: PASSWORD } })).status).toBe(200);
    await endedForSession(phoneStream);
  });

  // PGlite lives inside one process; instances sharing one database are the PostgreSQL run's to prove.
  it.skipIf(TEST_DATABASE_KIND === 'pglite')('ends on every instance when another signs the session out', async () => {
    const [one, two] = await servers.startTwoInstances();
    const client = await signedInClient(one, 'stream-instances@studio.test');
    const phone = await signIn(one, 'stream-instances@studio.test');
    const streamOnTwo = await openEventStream(on(two, client));
    const phoneOnTwo = await openEventStream(on(two, phone));
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    await endedForSession(streamOnTwo);
    await stillLive(phoneOnTwo, phone, 'Other Instance');
    await phoneOnTwo.close();
  });
});

// The LISTEN connection exists on PostgreSQL only.
describe.skipIf(TEST_DATABASE_KIND === 'pglite')('when PostgreSQL drops the LISTEN connection', () => {
  it('answers from the database while it is down, then tells open streams to refetch', async () => {
    const [one, two] = await servers.startTwoInstances();
    const client = await signedInClient(one, 'listen-gap@studio.test');
    const phone = await signIn(one, 'listen-gap@studio.test');
    const onTwo = on(two, client);
    const phoneOnTwo = on(two, phone);
    // Both answered from memory on instance two from now on.
    expect((await onTwo.get('/api/games')).body).toEqual([]);
    expect((await phoneOnTwo.get('/api/me')).status).toBe(200);
    const stream = await openEventStream(onTwo);

    const terminated = await one.database.pool!.query<{ pid: number }>(
      `SELECT pg_terminate_backend(pid), pid FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN %'`,
    );
    expect(terminated.rows.length).toBe(2);
    await until(() => !two.notifier.listening(), 'instance two noticed the lost connection');

    // While instance two hears nothing: a write and a sign-out on instance one…
    const created = await newGame(client, 'In The Gap');
    expect(created.status).toBe(201);
    expect((await phone.post('/api/auth/sign-out', {})).status).toBe(200);
    // …are seen on instance two at once: it answers from the database, not from what it kept.
    expect((await onTwo.get('/api/games')).body).toEqual([expect.objectContaining({ name: 'In The Gap' })]);
    expect((await phoneOnTwo.get('/api/me')).status).toBe(401);

    // Back: the open stream is told that it may have missed changes (the game), and refetches.
    await stream.next((e) => e.event === LIVE_RESYNC_EVENT);
    expect(two.notifier.listening()).toBe(true);
    expect((await onTwo.get('/api/games')).body).toEqual([expect.objectContaining({ name: 'In The Gap' })]);
    // And changes travel again: a game made on instance one reaches the stream on instance two.
    await stillLive(stream, client, 'After The Gap');
    expect((await onTwo.get('/api/games')).body).toHaveLength(2);
    await stream.close();
  });
});
