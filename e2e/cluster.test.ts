import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterPrerequisites, startCluster, type Cluster } from './support/cluster';
import { signedUpVisitor } from './support/visitor';
import { everyDayAPack, sendingAs } from './support/publishable';

/**
 * A sign-in attempt with a wrong password, sent from `localAddress` (any 127.x address reaches nginx on
 * loopback, so a test can be several clients), with any headers it forges. Answers the status.
 */
function signInAttempt(origin: string, localAddress: string, headers: Record<string, string> = {}) {
  const body = JSON.stringify({ email: 'nobody@studio.test', password: 'wrong password 1' });
  return new Promise<number>((resolve, reject) => {
    const sent = request(
      `${origin}/api/auth/sign-in/email`,
      {
        method: 'POST',
        localAddress,
        headers: { origin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

const prerequisites = await clusterPrerequisites();
if (!prerequisites.ok) console.warn(`Cluster tests skipped: ${prerequisites.reason}`);

describe.skipIf(!prerequisites.ok)('two instances on PostgreSQL behind nginx', { timeout: 180_000 }, () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({ instances: 2 });
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('serves one signed-in session from every instance through the example nginx config', async () => {
    const { visitor, email } = await signedUpVisitor(cluster.url, cluster.smtp, 'cluster');
    for (let i = 0; i < 8; i++) {
      const me = await visitor.send('GET', '/api/me');
      expect(me.status).toBe(200);
      expect((me.body as { email: string }).email).toBe(email);
    }
    const served = new Set(
      (await cluster.nginx.accessLog())
        .split('\n')
        .filter((line) => line.startsWith('200 ') && line.endsWith(' GET /api/me'))
        .map((line) => line.split(' ')[1]),
    );
    expect([...served].sort()).toEqual(cluster.instances.map((instance) => `127.0.0.1:${instance.port}`).sort());
  });

  it('limits sign-in by the address nginx saw: a forged X-Forwarded-For never escapes the limit', async () => {
    // The limit (AUTH_RATE_LIMIT_MAX, 10 a minute) is reached by the client at 127.0.0.1, across both instances…
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push(await signInAttempt(cluster.url, '127.0.0.1'));
    expect(answers.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(answers[10]).toBe(429);
    // …and 30 more attempts, each claiming another address in X-Forwarded-For, are all refused.
    const spoofed: number[] = [];
    for (let i = 0; i < 30; i++) {
      spoofed.push(await signInAttempt(cluster.url, '127.0.0.1', { 'x-forwarded-for': `198.51.100.${i + 1}` }));
    }
    expect(spoofed).toEqual(Array.from({ length: 30 }, () => 429));
    // Another client (127.0.0.2) has its own budget, even when it claims to be the limited one.
    expect(await signInAttempt(cluster.url, '127.0.0.2', { 'x-forwarded-for': '127.0.0.1' })).toBe(401);
  });

  it('answers liveness and readiness through nginx and from each instance, never cached', async () => {
    for (const base of [cluster.url, ...cluster.instances.map((instance) => instance.url)]) {
      const live = await fetch(`${base}/healthz`);
      expect(live.status).toBe(200);
      expect(live.headers.get('cache-control')).toBe('no-store');
      expect(await live.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'applied', draining: false });
    }
  });

  it('keeps answering through nginx while one instance is killed, and takes it back after its restart', async () => {
    const { visitor } = await signedUpVisitor(cluster.url, cluster.smtp, 'cluster-kill');
    const [victim] = cluster.instances;
    if (!victim) throw new Error('no instance');
    expect((await victim.kill('SIGKILL')).signal).toBe('SIGKILL');
    // nginx passes a refused connection on to the other instance.
    for (let i = 0; i < 6; i++) expect((await visitor.send('GET', '/api/me')).status).toBe(200);
    await victim.restart();
    expect(victim.running()).toBe(true);
    const direct = await fetch(`${victim.url}/api/me`);
    expect(direct.status).toBe(401);
  });
});

describe.skipIf(!prerequisites.ok)('a small pool behind nginx (DATABASE_POOL_MAX=3)', { timeout: 240_000 }, () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({ instances: 2, env: { DATABASE_POOL_MAX: '3' } });
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('publishes nine games at once, while every other request still answers (decision 024)', async () => {
    const { visitor } = await signedUpVisitor(cluster.url, cluster.smtp, 'cluster-publish');
    const games: string[] = [];
    for (let i = 0; i < 9; i++) {
      const game = await visitor.send('POST', '/api/games', {
        name: `Game ${i}`,
        description: 'x',
        platforms: ['iOS'],
      });
      expect(game.status).toBe(201);
      const id = (game.body as { id: string }).id;
      const config = await visitor.send('POST', `/api/games/${id}/daily-rewards`, {});
      expect(config.status).toBe(201);
      await everyDayAPack(sendingAs(visitor), id, [(config.body as { id: string }).id]);
      games.push(id);
    }
    // Each instance has 3 connections, one listening: before, each publish held one for its lock until it ended.
    const publishes = games.map((id) => visitor.send('POST', `/api/games/${id}/releases`, {}));
    const reads = Array.from({ length: 12 }, () => visitor.send('GET', '/api/games'));
    for (const read of await Promise.all(reads)) expect(read.status).toBe(200);
    for (const answer of await Promise.all(publishes)) {
      expect(answer.status).toBe(200);
      // An ndjson answer: a line per config written, then the outcome (one line alone would parse as JSON).
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      const lines = text.trim().split('\n');
      expect((JSON.parse(lines.at(-1) ?? '{}') as { type?: string }).type).toBe('done');
    }
    for (const instance of cluster.instances) expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
  });
});
