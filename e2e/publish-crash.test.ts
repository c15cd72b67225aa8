import { watch as watchDir } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verificationLink } from '@liveops/testing/smtp';
import type { PublishedManifest, PublishEvent, Releases } from '@liveops/domain/releases';
import { startApp, type RunningApp } from './support/app';
import { PASSWORD, uniqueEmail } from './support/pages';
import { everyDayAPack, sendingAs } from './support/publishable';

const CONFIGS = 60;

/** One visitor: a cookie jar over fetch, sending the app's own Origin as the dashboard does. */
class Visitor {
  private cookies = new Map<string, string>();
  constructor(public app: RunningApp) {}

  fetch(method: string, url: string, body?: unknown) {
    return fetch(new URL(url, this.app.url), {
      method,
      headers: {
        origin: this.app.url,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'content-type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    }).then((response) => {
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const eq = pair.indexOf('=');
        if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      return response;
    });
  }

  async send(method: string, url: string, body?: unknown) {
    const response = await this.fetch(method, url, body);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as unknown };
  }

  /** Moves the session to another server on the same database (a restart). */
  on(app: RunningApp) {
    this.app = app;
    return this;
  }
}

const layout = (title: string) => ({
  id: 'root',
  type: 'BackgroundCB',
  props: {},
  children: [{ id: 'title', type: 'TextCB', props: { value: title } }],
});

async function publishToEnd(visitor: Visitor, gameId: string): Promise<PublishEvent[]> {
  const response = await visitor.fetch('POST', `/api/games/${gameId}/releases`, {});
  const text = await response.text();
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as PublishEvent);
}

/**
 * The release folders that hold a stored object (a file with its metadata sidecar). Halves of writes the kill
 * interrupted are not objects: no reader sees them, and the start-up cleanup removes them once old (decision 010).
 */
async function versionsWithFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Set(entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)));
  const versions = [...files]
    .filter((file) => !file.endsWith('.tmp') && !file.endsWith('.meta.json') && files.has(`${file}.meta.json`))
    .map((file) => path.relative(dir, file).split(path.sep)[0]!);
  return [...new Set(versions)].sort();
}

/** The cleanup at start has run (it logs a line when it did anything; here it always has work). */
async function startUpCleanup(app: RunningApp): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const line = /storage cleanup: removed.*/.exec(app.logs())?.[0];
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no storage cleanup at start:\n${app.logs()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const dataDirs: string[] = [];
const apps: RunningApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.stop().catch(() => undefined);
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

describe('a server killed while publishing', { timeout: 360_000 }, () => {
  it('keeps the previous release served throughout, the next publish after a restart succeeds, and a kill mid-switch leaves every stable path on the live release', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'liveops-publish-crash-'));
    dataDirs.push(dataDir);
    const first = await startApp({ dataDir });
    apps.push(first);
    const visitor = new Visitor(first);
    const email = uniqueEmail('publish-crash');
    expect((await visitor.send('POST', '/api/auth/sign-up/email', { email, password: PASSWORD })).status).toBe(200);
    const link = verificationLink(await first.smtp.waitForMail(email)).replace('/verified?', '/api/auth/verify-email?');
    expect((await visitor.send('GET', link)).status).toBe(200);
    const game = (await visitor.send('POST', '/api/games', { name: 'Crash', description: 'x', platforms: ['Web'] }))
      .body as { id: string };
    const configs: string[] = [];
    for (let i = 0; i < CONFIGS; i++) {
      const created = await visitor.send('POST', `/api/games/${game.id}/daily-rewards`, { name: `Week ${i}` });
      const id = (created.body as { id: string }).id;
      configs.push(id);
      await visitor.send('PUT', `/api/games/${game.id}/daily-rewards/${id}/layout`, {
        uiLayout: layout('Release one'),
      });
    }
    await everyDayAPack(sendingAs(visitor), game.id, configs);
    expect((await publishToEnd(visitor, game.id)).pop()).toMatchObject({ type: 'done', release: { version: 1 } });
    for (const id of configs) {
      await visitor.send('PUT', `/api/games/${game.id}/daily-rewards/${id}/layout`, {
        uiLayout: layout('Release two'),
      });
    }

    // Players keep reading the manifest and a config while the second publish runs and the server dies.
    const served: { manifest: number | null; title: string | null }[] = [];
    let watching = true;
    const watch = (async () => {
      while (watching) {
        try {
          const manifest = await fetch(`${visitor.app.url}/files/packs/${game.id}/manifest.json`);
          const config = await fetch(
            `${visitor.app.url}/files/packs/${game.id}/daily_rewards/${configs[7]}/config.json`,
          );
          served.push({
            manifest: manifest.ok ? ((await manifest.json()) as PublishedManifest).version : null,
            title: config.ok
              ? ((await config.json()) as { uiLayout: { children: { props: { value: string } }[] } }).uiLayout
                  .children[0]!.props.value
              : null,
          });
        } catch {
          // The server is down between the kill and the restart.
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const response = await visitor.fetch('POST', `/api/games/${game.id}/releases`, {});
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let seen = '';
    while ((seen.match(/"progress"/g) ?? []).length < 5) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the publish ended before the kill: ${seen}`);
      seen += value;
    }
    await first.kill('SIGKILL');
    await reader.cancel().catch(() => undefined);
    expect(seen).toContain('"started","version":2');

    // On disk, the stable files are still release 1's.
    const storage = path.join(dataDir, 'storage', 'packs', game.id);
    expect(await versionsWithFiles(path.join(storage, 'releases'))).toEqual(['1', '2']);

    const second = await startApp({ dataDir });
    apps.push(second);
    visitor.on(second);
    // The cleanup at start removes what the killed publish wrote (its intent names the release's folder) and
    // marks the release failed (decision 026).
    expect(await startUpCleanup(second)).toMatch(/and [1-9]\d* objects that stopped instances wrote/);
    expect(await versionsWithFiles(path.join(storage, 'releases'))).toEqual(['1']);
    const before = (await visitor.send('GET', `/api/games/${game.id}/releases`)).body as Releases;
    expect(before.releases.map((r) => [r.version, r.status, r.live])).toEqual([
      [2, 'failed', false],
      [1, 'ready', true],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    watching = false;
    await watch;
    expect(served.length).toBeGreaterThan(3);
    expect(
      served.every((s) => s.manifest === 1 && s.title === 'Release one'),
      JSON.stringify(served.slice(-5)),
    ).toBe(true);

    const events = await publishToEnd(visitor, game.id);
    expect(events.pop()).toMatchObject({ type: 'done', release: { version: 3, live: true } });
    const after = (await visitor.send('GET', `/api/games/${game.id}/releases`)).body as Releases;
    expect(after.releases.map((r) => [r.version, r.status, r.live])).toEqual([
      [3, 'ready', true],
      [2, 'failed', false],
      [1, 'ready', false],
    ]);
    expect(await versionsWithFiles(path.join(storage, 'releases'))).toEqual(['1', '3']);
    const manifest = (await (
      await fetch(`${second.url}/files/packs/${game.id}/manifest.json`)
    ).json()) as PublishedManifest;
    expect(manifest.version).toBe(3);
    expect(manifest.configs).toHaveLength(CONFIGS);
    const config = await (
      await fetch(`${second.url}/files/packs/${game.id}/daily_rewards/${configs[7]}/config.json`)
    ).text();
    expect(config).toContain('Release two');

    // Decision 026: a kill while the stable paths switch to release 4 leaves some configs on release 4 and
    // the rest on release 3. The restart puts every one back to the release the database says is live.
    for (const id of configs) {
      await visitor.send('PUT', `/api/games/${game.id}/daily-rewards/${id}/layout`, {
        uiLayout: layout('Release four'),
      });
    }
    const stableDir = (id: string) => path.join(storage, 'daily_rewards', id);
    const versioned = (version: number, id: string, file: string) =>
      readFile(path.join(storage, 'releases', String(version), 'daily_rewards', id, file));
    let switchedConfigs = 0;
    let killing: Promise<void> | null = null;
    // Each stable file is written to a temporary file and renamed over the old one, a config's page before its
    // config.json: the kill lands at the eighth config.json of 60, in the middle of the switch (publishing answers
    // no progress for it).
    const watchers = configs.map((id) =>
      watchDir(stableDir(id), (_event, name) => {
        if (name === 'config.json' && ++switchedConfigs === 8) killing = second.kill('SIGKILL');
      }),
    );
    const publishing = visitor
      .fetch('POST', `/api/games/${game.id}/releases`, {})
      .then((answer) => answer.text())
      .catch(() => 'the connection died with the server');
    const deadline = Date.now() + 120_000;
    while (!killing && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const watcher of watchers) watcher.close();
    expect(killing, 'the switch to release 4 never started').not.toBeNull();
    await killing;
    await publishing;

    const sides = { 3: 0, 4: 0 };
    for (const id of configs) {
      const stable = await readFile(path.join(stableDir(id), 'config.json'));
      if (stable.equals(await versioned(3, id, 'config.json'))) sides[3] += 1;
      else if (stable.equals(await versioned(4, id, 'config.json'))) sides[4] += 1;
    }
    // Mixed on disk: otherwise the kill missed the switch and nothing below would be tested.
    expect(sides[3], JSON.stringify(sides)).toBeGreaterThan(0);
    expect(sides[4], JSON.stringify(sides)).toBeGreaterThan(0);

    const third = await startApp({ dataDir });
    apps.push(third);
    visitor.on(third);
    const repair = await startUpCleanup(third);
    expect(repair).toContain('restored 1 interrupted switches');
    const repaired = (await visitor.send('GET', `/api/games/${game.id}/releases`)).body as Releases;
    const live = repaired.releases.find((r) => r.live);
    expect(repaired.releases.map((r) => [r.version, r.status, r.live])).toEqual([
      [4, 'ready', false],
      [3, 'ready', true],
      [2, 'failed', false],
      [1, 'ready', false],
    ]);
    const stableManifest = (await (
      await fetch(`${third.url}/files/packs/${game.id}/manifest.json`)
    ).json()) as PublishedManifest;
    expect(stableManifest.version).toBe(live!.version);
    const mismatched: string[] = [];
    for (const id of configs) {
      for (const file of ['daily_rewards.html', 'config.json']) {
        const served = await fetch(`${third.url}/files/packs/${game.id}/daily_rewards/${id}/${file}`);
        const body = Buffer.from(await served.arrayBuffer());
        if (served.status !== 200 || !body.equals(await versioned(live!.version, id, file))) {
          mismatched.push(`${id}/${file}`);
        }
      }
    }
    expect(mismatched).toEqual([]);
    console.log(
      `killed mid-switch with ${sides[4]} configs on release 4 and ${sides[3]} on release 3;` +
        ` after the restart all ${configs.length} serve release ${live!.version} (${repair})`,
    );
  });
});
