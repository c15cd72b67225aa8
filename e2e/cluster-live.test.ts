import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_EVENT_NAME,
  LIVE_RECONNECT_EVENT,
  LIVE_RESYNC_EVENT,
  LIVE_SESSION_ENDED_EVENT,
  LIVE_UPDATES_PATH,
} from '@liveops/domain/shared';
import { openEventStream, type EventStream } from '@liveops/testing/event-stream';
import { clusterPrerequisites, startCluster, type Cluster } from './support/cluster';
import { PASSWORD } from './support/pages';
import { signedUpVisitor, Visitor } from './support/visitor';

const prerequisites = await clusterPrerequisites();
if (!prerequisites.ok) console.warn(`Cluster live-update tests skipped: ${prerequisites.reason}`);

const newGame = (visitor: Visitor, name: string) =>
  visitor.send('POST', '/api/games', { name, description: 'A game', platforms: ['Web'] });

/** The games list as one instance answers it, bypassing nginx. */
async function gamesOn(instanceUrl: string, visitor: Visitor): Promise<{ id: string; name: string }[]> {
  const response = await fetch(`${instanceUrl}/api/games`, { headers: { cookie: visitor.cookieHeader() } });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; name: string }[];
}

const streamOn = (origin: string, visitor: Visitor) =>
  openEventStream(new URL(LIVE_UPDATES_PATH, origin), { cookie: visitor.cookieHeader() });

async function until(condition: () => boolean, what: () => string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * An open dashboard tab as the web client runs it: one stream through nginx; a `change` of a game marks it seen;
 * when the stream ends (a stopping instance's reconnect hint) it connects again at once, through nginx, and
 * refetches the games list, as the client does on `ready` after a reconnect.
 */
class Tab {
  readonly seen = new Set<string>();
  readonly statuses: number[] = [];
  hints = 0;
  connections = 0;
  private stopped = false;
  private current: EventStream | null = null;
  private running: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  constructor(
    private readonly origin: string,
    private readonly visitor: Visitor,
  ) {}

  async start() {
    await this.connect();
    // Kept, not thrown unhandled: a test that failed early never stops its tabs, and they then meet a stopped cluster.
    this.running = this.follow().catch((error: unknown) => {
      this.failure = error;
    });
  }

  private async connect() {
    const stream = await openEventStream(
      new URL(LIVE_UPDATES_PATH, this.origin),
      { cookie: this.visitor.cookieHeader() },
      {
        onEvent: (event) => {
          if (event.event === LIVE_RECONNECT_EVENT) this.hints++;
          if (event.event !== LIVE_EVENT_NAME) return;
          const change = JSON.parse(event.data) as { topic: string; id?: string };
          if (change.topic === 'games' && change.id) this.seen.add(change.id);
        },
      },
    );
    this.statuses.push(stream.status);
    if (stream.status !== 200) throw new Error(`the stream answered ${stream.status}`);
    this.current = stream;
    if (this.connections++ > 0) {
      const list = await this.visitor.send('GET', '/api/games');
      this.statuses.push(list.status);
      for (const game of list.body as { id: string }[]) this.seen.add(game.id);
    }
  }

  private async follow() {
    while (!this.stopped) {
      await this.current?.ended(600_000);
      if (!this.stopped) await this.connect();
    }
  }

  async stop() {
    this.stopped = true;
    await this.current?.close();
    await this.running;
    if (this.failure) throw this.failure instanceof Error ? this.failure : new Error(String(this.failure));
  }
}

describe.skipIf(!prerequisites.ok)('live updates on two instances behind nginx', { timeout: 240_000 }, () => {
  let cluster: Cluster;
  beforeAll(async () => {
    // The drain under load creates games for as long as the stop takes: more than an account's default limit.
    cluster = await startCluster({ instances: 2, env: { MAX_GAMES_PER_ACCOUNT: '100000' } });
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('after PostgreSQL drops the LISTEN connections, every instance is fresh and every stream refetches', async () => {
    const { visitor } = await signedUpVisitor(cluster.url, cluster.smtp, 'listen-gap');
    const streams = await Promise.all(cluster.instances.map((instance) => streamOn(instance.url, visitor)));
    for (const instance of cluster.instances) expect(await gamesOn(instance.url, visitor)).toEqual([]);

    const terminated = await cluster.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
    );
    expect(terminated).toHaveLength(cluster.instances.length);
    // Made while no instance listens: its NOTIFY reaches no one.
    const created = await newGame(visitor, 'In The Gap');
    expect(created.status).toBe(201);

    for (const stream of streams) await stream.next((e) => e.event === LIVE_RESYNC_EVENT, 15_000);
    for (const instance of cluster.instances) {
      expect(await gamesOn(instance.url, visitor)).toEqual([expect.objectContaining({ name: 'In The Gap' })]);
    }
    // Listening again: a change reaches the streams on both instances.
    const next = await newGame(visitor, 'After The Gap');
    const id = (next.body as { id: string }).id;
    for (const stream of streams) await stream.next((e) => e.event === LIVE_EVENT_NAME && e.data.includes(id));
    await Promise.all(streams.map((stream) => stream.close()));
  });

  it('ends a signed-out session’s streams on every instance, and only that session’s', async () => {
    const { visitor: laptop, email } = await signedUpVisitor(cluster.url, cluster.smtp, 'stream-out');
    const phone = new Visitor(cluster.url);
    expect((await phone.send('POST', '/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    const laptopStreams = await Promise.all(cluster.instances.map((instance) => streamOn(instance.url, laptop)));
    const phoneStreams = await Promise.all(cluster.instances.map((instance) => streamOn(instance.url, phone)));

    expect((await laptop.send('POST', '/api/auth/sign-out', {})).status).toBe(200);
    for (const stream of laptopStreams) {
      await stream.next((e) => e.event === LIVE_SESSION_ENDED_EVENT);
      await stream.ended();
    }
    const created = await newGame(phone, 'Phone Game');
    const id = (created.body as { id: string }).id;
    for (const stream of phoneStreams) {
      await stream.next((e) => e.event === LIVE_EVENT_NAME && e.data.includes(id));
      expect(stream.isEnded()).toBe(false);
    }
    await Promise.all(phoneStreams.map((stream) => stream.close()));
  });

  it('SIGTERM on one instance under load: no request fails, no live update is lost, it exits 0', async () => {
    // nginx's log of this attempt only (a retry runs on the same cluster).
    const logFrom = (await cluster.nginx.accessLog()).length;
    const { visitor } = await signedUpVisitor(cluster.url, cluster.smtp, 'drain-load');
    // Tabs open one after the other through nginx's round robin: half of them on each instance.
    const tabs = Array.from({ length: 4 }, () => new Tab(cluster.url, visitor));
    for (const tab of tabs) await tab.start();

    const statuses: number[] = [];
    const acknowledged: string[] = [];
    let loading = true;
    let sequence = 0;
    const writer = async () => {
      while (loading) {
        const answer = await newGame(visitor, `Load ${++sequence}`);
        statuses.push(answer.status);
        if (answer.status === 201) acknowledged.push((answer.body as { id: string }).id);
      }
    };
    const reader = async () => {
      while (loading) statuses.push((await visitor.send('GET', '/api/games')).status);
    };
    const load = Promise.all([writer(), writer(), writer(), reader(), reader()]);

    const [victim] = cluster.instances;
    if (!victim) throw new Error('no instance');
    await until(
      () => acknowledged.length >= 40,
      () => `only ${acknowledged.length} writes acknowledged`,
    );
    const exited = victim.kill('SIGTERM');
    const exit = await exited;
    const atExit = acknowledged.length;
    await until(
      () => acknowledged.length >= atExit + 40,
      () => `only ${acknowledged.length - atExit} writes after`,
    );
    loading = false;
    await load;

    expect(exit).toEqual({ code: 0, signal: null });
    expect(statuses.filter((status) => status < 200 || status >= 300)).toEqual([]);
    const failedUpstream = (await cluster.nginx.accessLog())
      .slice(logFrom)
      .split('\n')
      .filter((line) => /^5\d\d /.test(line));
    expect(failedUpstream).toEqual([]);
    expect(victim.logs()).not.toContain('Cannot use a pool after calling end');
    expect(victim.logs()).toContain('SIGTERM received');

    // Every tab learns of every acknowledged write: by its change event, or by the refetch after reconnecting.
    for (const tab of tabs) {
      await until(
        () => acknowledged.every((id) => tab.seen.has(id)),
        () => `a tab missed ${acknowledged.filter((id) => !tab.seen.has(id)).length} of ${acknowledged.length}`,
      );
    }
    expect(tabs.some((tab) => tab.hints > 0)).toBe(true);
    for (const tab of tabs) expect(tab.statuses.every((status) => status === 200)).toBe(true);
    await Promise.all(tabs.map((tab) => tab.stop()));
    const hints = tabs.reduce((sum, tab) => sum + tab.hints, 0);
    const moved = tabs.filter((tab) => tab.hints > 0).length;
    console.info(
      `cluster drain: ${statuses.length} requests (${acknowledged.length} writes), 0 failed; ` +
        `${moved} of ${tabs.length} tabs moved (${hints} reconnect hints), every write seen by every tab`,
    );
  });
});
