import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHeader } from '../src/http/request-header';

const NAMES = ['authorization', 'idempotency-key', 'content-length', 'x-absent'] as const;

/** Each name as requestHeader reads it, beside what Hono's c.req.header() reads, served by Node as main.ts serves. */
const app = new Hono().all('*', (c) =>
  c.json(Object.fromEntries(NAMES.map((name) => [name, [requestHeader(c, name) ?? null, c.req.header(name) ?? null]]))),
);
let http: Server;
let port: number;

beforeAll(async () => {
  http = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve) => http.once('listening', () => resolve()));
  port = (http.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

/** Sends raw header lines (a header may come twice) and answers the parsed body. */
function send(lines: string[]): Promise<Record<string, [string | null, string | null]>> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => resolve(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as never));
    socket.write(`POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${lines.join('\r\n')}\r\n\r\n`);
  });
}

describe('requestHeader reads a header as Hono does, from Node’s own parse', () => {
  it('reads single headers, in any case, and nothing for one not sent', async () => {
    const read = await send(['AUTHORIZATION: Bearer abc', 'Idempotency-Key:  k-1 ', 'Content-Length: 0']);
    for (const name of NAMES) expect(read[name]![0]).toBe(read[name]![1]);
    expect(read.authorization![0]).toBe('Bearer abc');
    expect(read['idempotency-key']![0]).toBe('k-1');
    expect(read['x-absent']![0]).toBeNull();
  });

  it('reads a header sent twice as Headers does (Node alone would keep only the first Authorization)', async () => {
    const read = await send([
      'Authorization: Bearer a',
      'authorization: Bearer b',
      'Idempotency-Key: 1',
      'Idempotency-Key: 2',
    ]);
    expect(read.authorization).toEqual(['Bearer a, Bearer b', 'Bearer a, Bearer b']);
    expect(read['idempotency-key']).toEqual(['1, 2', '1, 2']);
  });

  it('reads from the Request when the app runs without Node', async () => {
    const response = await app.request('/x', { headers: { Authorization: 'Bearer z' } });
    const read = (await response.json()) as Record<string, [string | null, string | null]>;
    expect(read.authorization).toEqual(['Bearer z', 'Bearer z']);
  });
});
