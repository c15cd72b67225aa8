import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { LIVE_UPDATES_PATH } from '@liveops/domain';
import { trackRequests } from '../src/lib/drain';
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
