import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { LIVE_UPDATES_PATH } from '@liveops/domain/shared';
import { trackRequests } from '../src/http/drain';
import { signedInClient } from './support/accounts';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();

/** Resolves once `condition` holds, checked on each turn of the event loop (the test's timeout bounds it). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('a stop waits only for requests that can still be answered (decision 025)', () => {
  it('counts a request done when its connection closes, also one queued behind an earlier answer on it', async () => {
    const testServer = await servers.start();
    const cookie = (await signedInClient(testServer, 'drain@example.com')).cookieHeader();
    // The app on a server of this test's own, as main.ts serves it, with a gate that holds the first answer.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const http = serve({
      fetch: async (request: Request) => {
        if (new URL(request.url).searchParams.has('held')) await held;
        return testServer.app.fetch(request);
      },
      port: 0,
      hostname: '127.0.0.1',
    }) as Server;
    await new Promise<void>((resolve) => http.once('listening', () => resolve()));
    const requests = trackRequests(http, (request) => request.url?.startsWith(LIVE_UPDATES_PATH) ?? false);
    const closed = new Promise<void>((resolve) => http.once('connection', (s) => s.once('close', () => resolve())));

    // Two GET /api/session on one connection, the second sent before the first is answered (as a client that
    // pipelines does, or one that took an answer for complete before the server had finished it); then the
    // client goes away.
    const { port } = http.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    const session = (query: string) =>
      `GET /api/session${query} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Encoding: gzip, br\r\nCookie: ${cookie}\r\n\r\n`;
    socket.write(session('?held') + session(''));
    await until(() => requests.inFlight() === 2);
    socket.destroy();
    await closed;
    release();

    // Nothing is left in flight: the stop does not wait out its timeout and exit 1 over an answer nobody can get.
    expect(await requests.drain(10_000)).toBe(true);
    expect(requests.describeInFlight()).toEqual([]);
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
});

describe('behind a proxy, a stop leaves idle kept-alive connections for the proxy to close (decision 025)', () => {
  it('waits until each is closed by the client or answered with Connection: close, never closing one itself', async () => {
    const http = serve({ fetch: () => new Response('ok'), port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((resolve) => http.once('listening', () => resolve()));
    const requests = trackRequests(http, () => false);
    const { port } = http.address() as AddressInfo;
    const get = `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
    /** A proxy's kept-alive connection: one request answered, then idle. */
    const keptAlive = async () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      const connection = { socket, received: '' };
      socket.on('data', (chunk: Buffer) => (connection.received += chunk.toString()));
      socket.write(get);
      await until(() => connection.received.includes('ok'));
      expect(connection.received).toMatch(/connection: keep-alive/i);
      connection.received = '';
      return connection;
    };
    const [used, left] = [await keptAlive(), await keptAlive()];

    expect(await requests.drain(1_000)).toBe(true);
    expect(requests.openConnections()).toBe(2);
    // Nothing closes an idle connection from this side: the wait ends at its bound with both still open.
    expect(await requests.connectionsClosed(50)).toBe(false);
    expect([used.socket.destroyed, left.socket.destroyed]).toEqual([false, false]);
    const closing = requests.connectionsClosed(10_000);
    // The proxy picks one for one more request: answered, and told that the connection ends.
    used.socket.write(get);
    await until(() => used.received.includes('ok'));
    expect(used.received).toMatch(/connection: close/i);
    await until(() => requests.openConnections() === 1);
    // The proxy closes the other after its own idle timeout.
    left.socket.end();
    expect(await closing).toBe(true);
    expect(requests.openConnections()).toBe(0);
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
});
