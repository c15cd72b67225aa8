import { request } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Game } from '@liveops/domain/games';
import type { PublishedManifest, Releases } from '@liveops/domain/releases';
import { signedInClient } from './support/accounts';
import { publishableDailyRewards } from './support/publishable';
import type { TestServer } from './support/test-server';
import { useTestServers } from './support/use-test-servers';
import { useWebDistStandIn } from './support/web-dist';

const servers = useTestServers();

/** Text that compresses as a page does, well over the threshold. */
const filler = (label: string) =>
  Array.from({ length: 200 }, (_, i) => `<p class="day day-${i % 7}">${label} ${i}</p>`).join('');
const PAGE =
  `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; ` +
  `script-src 'sha256-abc='; style-src 'sha256-def='" /><title>Daily rewards</title></head>` +
  `<body><div id="root"></div><template>${filler('published')}</template><script>1</script></body></html>`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** Big enough to be worth compressing, random enough that it would not shrink: an image is never compressed. */
const BIG_PNG = Buffer.concat([PNG, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251))]);

/** As the build writes them: each text file with its .br and .gz beside it. */
const webDist = useWebDistStandIn(
  Object.fromEntries(
    Object.entries({
      'index.html': `<!doctype html><title>dashboard</title>${filler('index')}`,
      'assets/main-abc123.js': `console.log(${JSON.stringify(filler('js'))});`,
    }).flatMap(([name, text]) => [
      [name, text],
      [`${name}.br`, brotliCompressSync(text)],
      [`${name}.gz`, gzipSync(text)],
    ]),
  ),
);

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET as the bytes on the wire (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = (raw: Raw) =>
  raw.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(raw.body)
    : raw.headers['content-encoding'] === 'gzip'
      ? gunzipSync(raw.body)
      : raw.body;

async function studio(server: TestServer) {
  const client = await signedInClient(server, 'compress@studio.test');
  const games: Game[] = [];
  for (let i = 0; i < 6; i++) {
    const description = `A game with a description long enough that the list is worth compressing, number ${i}.`;
    games.push(
      (await client.post('/api/games', { name: `Compressed ${i}`, description, platforms: ['Web', 'iOS'] }))
        .body as Game,
    );
  }
  const game = games[0]!;
  await publishableDailyRewards(client, game.id, 1);
  const form = new FormData();
  form.set('name', 'Big');
  form.set('assetId', 'big');
  form.set('file', new Blob([BIG_PNG], { type: 'image/png' }), 'big.png');
  const uploaded = await fetch(new URL(`/api/games/${game.id}/assets`, server.url), {
    method: 'POST',
    headers: { cookie: client.cookieHeader(), origin: server.config.publicUrl },
    body: form,
  });
  const image = ((await uploaded.json()) as { url: string }).url;
  await client.request(`/api/games/${game.id}/releases`, { method: 'POST', json: {} });
  const releases = (await client.get(`/api/games/${game.id}/releases`)).body as Releases;
  const artifact = releases.releases[0]!.artifacts[0]!;
  return { client, game, image, manifestUrl: releases.manifestUrl, artifact };
}

describe('compressed answers', () => {
  it('answers every text route in br or gzip when accepted, as it is when not, and never an image', async () => {
    const server = await servers.start({
      webDistDir: webDist.dir,
      publishing: { readPageHtml: () => Promise.resolve(Buffer.from(PAGE)) },
    });
    const { client, image, manifestUrl, artifact } = await studio(server);
    const manifest = JSON.parse(
      decoded(await rawGet(manifestUrl, { 'accept-encoding': 'gzip' })).toString(),
    ) as PublishedManifest;
    expect(manifest.configs).toHaveLength(1);

    const api = { cookie: client.cookieHeader() };
    const routes = [
      ['/api/games', api],
      [artifact.htmlUrl, {}],
      [artifact.versionedHtmlUrl, {}],
      ['/', {}],
      ['/login', {}],
      ['/assets/main-abc123.js', {}],
    ] as const;
    for (const [route, headers] of routes) {
      const url = new URL(route, server.url).toString();
      const plain = await rawGet(url, { ...headers, 'accept-encoding': 'identity' });
      expect(plain.status, route).toBe(200);
      expect(plain.headers['content-encoding'], route).toBeUndefined();
      expect(plain.body.length, route).toBeGreaterThan(1024);
      expect(String(plain.headers.vary), route).toMatch(/accept-encoding/i);
      if (plain.headers['content-length']) expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
      const none = await rawGet(url, headers);
      expect(none.headers['content-encoding'], route).toBeUndefined();
      for (const encoding of ['gzip', 'br'] as const) {
        const packed = await rawGet(url, { ...headers, 'accept-encoding': encoding });
        expect(packed.status, route).toBe(200);
        expect(packed.headers['content-encoding'], `${route} ${encoding}`).toBe(encoding);
        expect(String(packed.headers.vary), route).toMatch(/accept-encoding/i);
        expect(packed.body.length, route).toBeLessThan(plain.body.length / 2);
        if (packed.headers['content-length']) expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
        // The same text, decompressed: never compressed twice.
        expect(decoded(packed).equals(plain.body), `${route} ${encoding}`).toBe(true);
        if (plain.headers.etag && packed.headers.etag) expect(packed.headers.etag).not.toBe(plain.headers.etag);
      }
      // Both offered: brotli, the smaller.
      const both = await rawGet(url, { ...headers, 'accept-encoding': 'gzip, deflate, br' });
      expect(both.headers['content-encoding'], route).toBe('br');
      const refused = await rawGet(url, { ...headers, 'accept-encoding': 'br;q=0, gzip;q=0' });
      expect(refused.headers['content-encoding'], route).toBeUndefined();
    }

    // Text under a kilobyte (an empty config's config.json, a one-config manifest) goes as it is, saying it varies.
    for (const url of [artifact.configUrl, manifestUrl]) {
      const small = await rawGet(url, { 'accept-encoding': 'gzip, br' });
      expect(small.body.length, url).toBeLessThan(1024);
      expect(small.headers['content-encoding'], url).toBeUndefined();
      expect(String(small.headers.vary), url).toMatch(/accept-encoding/i);
    }

    // Images are compressed already: as stored, whatever the client accepts.
    const png = await rawGet(image, { 'accept-encoding': 'gzip, br' });
    expect(png.status).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.equals(BIG_PNG)).toBe(true);
  });

  it('answers a stored file 304 for the ETag of the encoding the client gets', async () => {
    const server = await servers.start({
      webDistDir: webDist.dir,
      publishing: { readPageHtml: () => Promise.resolve(Buffer.from(PAGE)) },
    });
    const { artifact } = await studio(server);
    const first = await rawGet(artifact.htmlUrl, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    const again = await rawGet(artifact.htmlUrl, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // The brotli copy's tag does not stand for the plain bytes.
    const plain = await rawGet(artifact.htmlUrl, { 'if-none-match': etag });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});
