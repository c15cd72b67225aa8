import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { verificationLink } from '@liveops/testing/smtp';
import { startApp, type RunningApp } from './support/app';
import { PASSWORD, uniqueEmail } from './support/pages';

/** One visitor: a cookie jar over fetch, sending the app's own Origin as the dashboard does. */
class Visitor {
  private cookies = new Map<string, string>();
  constructor(public app: RunningApp) {}

  async send(method: string, url: string, body?: unknown) {
    const headers: Record<string, string> = { origin: this.app.url, cookie: this.cookieHeader() };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(new URL(url, this.app.url), { method, headers, body: payload, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as unknown };
  }

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** A valid 1×1 PNG whose one pixel is the given colour, so every upload's bytes differ. */
function pngOf(n: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const pixel = Buffer.from([0, (n >> 16) & 255, (n >> 8) & 255, n & 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixel)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function filesUnder(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
  } catch {
    return [];
  }
}

/** What a filesystem store holds: whole objects, and what interrupted writes left. */
function inventory(files: string[]) {
  const names = new Set(files);
  const isOwn = (f: string) => f.endsWith('.tmp') || f.endsWith('.meta.json');
  return {
    objects: files.filter((f) => !isOwn(f) && names.has(`${f}.meta.json`)),
    temporary: files.filter((f) => f.endsWith('.tmp')),
    metaWithoutObject: files.filter((f) => f.endsWith('.meta.json') && !names.has(f.slice(0, -'.meta.json'.length))),
    objectWithoutMeta: files.filter((f) => !isOwn(f) && !names.has(`${f}.meta.json`)),
  };
}

const until = async (what: string, check: () => boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const dataDirs: string[] = [];
const apps: RunningApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.stop().catch(() => undefined);
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

// Two cold starts of the embedded database on a busy machine take most of this.
describe('a crash in the middle of writes', { timeout: 360_000 }, () => {
  it('keeps every acknowledged write, serves every listed image and clears the leftovers at restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'liveops-crash-'));
    dataDirs.push(dataDir);
    const storageRoot = path.join(dataDir, 'storage');
    const first = await startApp({ dataDir });
    apps.push(first);
    const visitor = new Visitor(first);
    const email = uniqueEmail('crash');
    expect((await visitor.send('POST', '/api/auth/sign-up/email', { email, password: PASSWORD })).status).toBe(200);
    const link = verificationLink(await first.smtp.waitForMail(email)).replace('/verified?', '/api/auth/verify-email?');
    expect((await visitor.send('GET', link)).status).toBe(200);
    const newGame = (name: string) =>
      visitor.send('POST', '/api/games', { name, description: 'crash test', platforms: ['Web'] });
    const workspaces: string[] = [];
    for (let i = 0; i < 3; i++) workspaces.push(((await newGame(`Workspace ${i}`)).body as { id: string }).id);
    // Writes in flight from several workers at once, each remembering what the server acknowledged.
    const acked = { games: [] as string[], items: [] as { gameId: string; id: string }[], assets: [] as string[] };
    const attempted = new Map<string, Buffer>(); // asset document id → bytes sent
    const orientation = new Map<string, { acked: string; inFlight: string | null }>(
      workspaces.map((id) => [id, { acked: 'portrait', inFlight: null }]),
    );
    let crashed = false;
    let sequence = 0;
    let inFlight = 0;
    const worker = async (write: () => Promise<void>) => {
      while (!crashed) {
        inFlight += 1;
        try {
          await write();
        } catch {
          // The connection died with the server.
        } finally {
          inFlight -= 1;
        }
      }
    };
    const workers = [
      ...[0, 1].map(() =>
        worker(async () => {
          const created = await newGame(`Game ${++sequence}`);
          if (created.status === 201) acked.games.push((created.body as { id: string }).id);
        }),
      ),
      ...workspaces.map((gameId) =>
        worker(async () => {
          const item = { name: `Item ${++sequence}`, type: 'currency', value: 1, baseAmount: 1, iconId: 'coin' };
          const created = await visitor.send('POST', `/api/games/${gameId}/items`, item);
          if (created.status === 201) acked.items.push({ gameId, id: (created.body as { id: string }).id });
        }),
      ),
      ...[0, 1, 2, 3].map((n) =>
        worker(async () => {
          const gameId = workspaces[n % workspaces.length]!;
          const assetId = `a${++sequence}`;
          const bytes = pngOf(sequence);
          attempted.set(`${gameId}_${assetId}`, bytes);
          const form = new FormData();
          form.set('name', `Asset ${assetId}`);
          form.set('assetId', assetId);
          form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${assetId}.png`);
          const created = await visitor.send('POST', `/api/games/${gameId}/assets`, form);
          if (created.status === 201) acked.assets.push(`${gameId}_${assetId}`);
        }),
      ),
      ...workspaces.map((gameId) =>
        worker(async () => {
          const state = orientation.get(gameId)!;
          const next = state.acked === 'portrait' ? 'landscape' : 'portrait';
          state.inFlight = next;
          const patched = await visitor.send('PATCH', `/api/games/${gameId}/orientation`, { orientation: next });
          if (patched.status === 200) state.acked = next;
          if (!crashed) state.inFlight = null;
        }),
      ),
    ];

    const total = () => acked.games.length + acked.items.length + acked.assets.length;
    await until('writes to be acknowledged', () => total() >= 60 && acked.assets.length >= 15, 120_000);
    crashed = true;
    const inFlightAtKill = inFlight;
    await first.kill('SIGKILL');
    await Promise.all(workers);
    const ackedAtCrash = { games: acked.games.length, items: acked.items.length, assets: acked.assets.length };
    // What the crash left, then a few leftovers of our own, in case the kill landed where it leaves none.
    const atCrash = inventory(await filesUnder(storageRoot));
    const planted = path.join(storageRoot, 'assets', workspaces[0]!);
    await mkdir(planted, { recursive: true });
    await writeFile(path.join(planted, 'planted-0123456789ab.png.fedcba987654.tmp'), 'half');
    await writeFile(path.join(planted, 'planted-0123456789ab.png.meta.json'), '{"contentType":"image/png"}');
    await writeFile(path.join(planted, 'unclaimed-0123456789ab.png'), pngOf(1));
    await writeFile(path.join(planted, 'unclaimed-0123456789ab.png.meta.json'), '{"contentType":"image/png"}');
    // Everything is an hour old, so the restart's cleanup, with its 15-minute grace period, judges all of it.
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const file of await filesUnder(storageRoot)) await utimes(path.join(storageRoot, file), hourAgo, hourAgo);

    const second = await startApp({ dataDir });
    apps.push(second);
    await until('the start-up cleanup', () => second.logs().includes('storage cleanup'), 60_000);
    const cleanupLine = second.logs().match(/storage cleanup.*/)?.[0] ?? '';
    visitor.app = second;

    const games = (await visitor.send('GET', '/api/games')).body as { id: string; orientation: string }[];
    const gameIds = new Set(games.map((g) => g.id));
    expect(acked.games.filter((id) => !gameIds.has(id))).toEqual([]);
    const found = { games: acked.games.filter((id) => gameIds.has(id)).length, items: 0, assets: 0 };
    const listedKeys: string[] = [];
    for (const gameId of workspaces) {
      const items = (await visitor.send('GET', `/api/games/${gameId}/items`)).body as { id: string }[];
      const itemIds = new Set(items.map((i) => i.id));
      const mine = acked.items.filter((i) => i.gameId === gameId);
      expect(mine.filter((i) => !itemIds.has(i.id))).toEqual([]);
      found.items += mine.length;

      const state = orientation.get(gameId)!;
      expect([state.acked, state.inFlight]).toContain(games.find((g) => g.id === gameId)?.orientation);

      const assets = (await visitor.send('GET', `/api/games/${gameId}/assets`)).body as { id: string; url: string }[];
      const assetIds = new Set(assets.map((a) => a.id));
      const ackedHere = acked.assets.filter((id) => id.startsWith(`${gameId}_`));
      expect(ackedHere.filter((id) => !assetIds.has(id))).toEqual([]);
      found.assets += ackedHere.length;
      for (const listed of assets) {
        const image = await fetch(listed.url);
        expect(image.status, listed.url).toBe(200);
        expect(Buffer.from(await image.arrayBuffer()).equals(attempted.get(listed.id)!), listed.url).toBe(true);
        listedKeys.push(new URL(listed.url).pathname.replace('/files/', ''));
      }
    }
    // After the cleanup: whole objects only, each one an image a listed asset shows.
    const afterRestart = inventory(await filesUnder(storageRoot));
    expect(afterRestart.temporary).toEqual([]);
    expect(afterRestart.metaWithoutObject).toEqual([]);
    expect(afterRestart.objectWithoutMeta).toEqual([]);
    expect(afterRestart.objects).toEqual(listedKeys.sort());

    console.log(
      [
        `acknowledged before the kill: ${ackedAtCrash.games} games, ${ackedAtCrash.items} items, ${ackedAtCrash.assets} assets` +
          ` (${inFlightAtKill} requests in flight at the kill)`,
        `found after the restart: ${found.games} games, ${found.items} items, ${found.assets} assets; ${listedKeys.length} assets listed, every image served`,
        `left by the crash: ${atCrash.temporary.length} temporary files, ${atCrash.metaWithoutObject.length} sidecars without objects, ` +
          `${atCrash.objects.filter((key) => !listedKeys.includes(key)).length} objects no row took (plus 3 planted leftovers)`,
        cleanupLine,
      ].join('\n'),
    );
    expect(found).toEqual({ games: ackedAtCrash.games, items: ackedAtCrash.items, assets: ackedAtCrash.assets });
  });
});
