import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '@liveops/domain/games';
import type { Releases } from '@liveops/domain/releases';
import { startApp, type RunningApp } from './support/app';
import { signedUpVisitor } from './support/visitor';
import { everyDayAPack, sendingAs } from './support/publishable';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

/** The bytes on the wire of a GET (fetch would decode them). */
function wireBytes(url: string, acceptEncoding: string): Promise<{ encoding: string | undefined; length: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      let length = 0;
      response.on('data', (chunk: Buffer) => (length += chunk.length));
      response.on('end', () => resolve({ encoding: response.headers['content-encoding'], length }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a published page served through /files', () => {
  it('goes out compressed, at most 30 KB on the wire, when the browser accepts gzip (decision 026)', async () => {
    const { visitor } = await signedUpVisitor(app.url, app.smtp, 'wire');
    const game = (await visitor.send('POST', '/api/games', { name: 'Wire', description: 'x', platforms: ['Web'] }))
      .body as Game;
    const config = await visitor.send('POST', `/api/games/${game.id}/daily-rewards`, {});
    expect(config.status).toBe(201);
    await everyDayAPack(sendingAs(visitor), game.id, [(config.body as { id: string }).id]);
    expect((await visitor.send('POST', `/api/games/${game.id}/releases`, {})).status).toBe(200);
    const releases = (await visitor.send('GET', `/api/games/${game.id}/releases`)).body as Releases;
    const page = releases.releases[0]!.artifacts[0]!.htmlUrl;
    expect(new URL(page).pathname).toMatch(/^\/files\/packs\//);

    const plain = await wireBytes(page, 'identity');
    const gzip = await wireBytes(page, 'gzip, deflate');
    const br = await wireBytes(page, 'gzip, deflate, br');
    console.log(`published page through /files: ${plain.length} B plain, ${gzip.length} B gzip, ${br.length} B br`);
    expect(plain.encoding).toBeUndefined();
    expect(gzip.encoding).toBe('gzip');
    expect(br.encoding).toBe('br');
    expect(gzip.length).toBeLessThanOrEqual(30 * 1024);
    expect(br.length).toBeLessThan(gzip.length);
  });
});
