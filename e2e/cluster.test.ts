import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterPrerequisites, startCluster, type Cluster } from './support/cluster';
import { signedUpVisitor } from './support/visitor';

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
