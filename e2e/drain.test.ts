import { afterAll, describe, expect, it } from 'vitest';
import { LIVE_EVENT_NAME, LIVE_RECONNECT_EVENT, LIVE_UPDATES_PATH } from '@liveops/domain/shared';
import { openEventStream } from '@liveops/testing/event-stream';
import { startApp, type RunningApp } from './support/app';
import { multipart, ONE_PIXEL_PNG, refusesConnections, slowRequest } from './support/slow-request';
import { signedUpVisitor } from './support/visitor';

let app: RunningApp | null = null;
afterAll(async () => {
  await app?.kill('SIGKILL');
});

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('SIGTERM drains the built server', () => {
  it('answers every request in flight, refuses new connections, ends streams with a reconnect hint, exits 0', async () => {
    app = await startApp();
    const running = app;
    const { visitor } = await signedUpVisitor(running.url, running.smtp, 'drain');
    const game = await visitor.send('POST', '/api/games', { name: 'Drain', description: 'd', platforms: ['Web'] });
    expect(game.status).toBe(201);
    const gameId = (game.body as { id: string }).id;
    const cookie = visitor.cookieHeader();
    const stream = await openEventStream(new URL(LIVE_UPDATES_PATH, running.url), { cookie });

    // Two slow requests in flight: an image upload and a new game, each with half of its body sent.
    const form = new FormData();
    form.set('name', 'Coin');
    form.set('assetId', 'coin');
    form.set('file', new Blob([new Uint8Array(ONE_PIXEL_PNG)], { type: 'image/png' }), 'coin.png');
    const upload = await multipart(form);
    const headers = { cookie, origin: running.url };
    const uploading = slowRequest(`${running.url}/api/games/${gameId}/assets`, 'POST', upload.body, {
      ...headers,
      'content-type': upload.contentType,
    });
    const creating = slowRequest(
      `${running.url}/api/games`,
      'POST',
      Buffer.from(JSON.stringify({ name: 'Made While Stopping', description: 'd', platforms: ['Web'] })),
      { ...headers, 'content-type': 'application/json' },
    );
    await Promise.all([uploading.started, creating.started]);

    const stopped = running.stop();
    const port = Number(new URL(running.url).port);
    await until(() => refusesConnections(port), 'the server stopped accepting connections');
    // Still open: the stream has not been told to go.
    expect(stream.events.some((e) => e.event === LIVE_RECONNECT_EVENT)).toBe(false);

    uploading.finish();
    creating.finish();
    const [uploaded, created] = await Promise.all([uploading.answer, creating.answer]);
    expect(uploaded.status).toBe(201);
    expect(created.status).toBe(201);

    // Both changes reached the open stream before it was told to reconnect (elsewhere, at once), then it ended.
    const hint = await stream.next((e) => e.event === LIVE_RECONNECT_EVENT, 15_000);
    expect(hint.retry).toBeGreaterThanOrEqual(0);
    expect(hint.retry).toBeLessThan(1000);
    const before = stream.events.slice(0, stream.events.indexOf(hint));
    const topics = before
      .filter((e) => e.event === LIVE_EVENT_NAME)
      .map((e) => (JSON.parse(e.data) as { topic: string }).topic);
    expect(topics).toEqual(expect.arrayContaining(['assets', 'games']));
    await stream.ended();

    // Exits 0 (stop() throws otherwise), having used the database only while it was open.
    await stopped;
    app = null;
    expect(running.logs()).not.toContain('Cannot use a pool after calling end');
    expect(running.logs()).toContain('SIGTERM received');
  });
});
