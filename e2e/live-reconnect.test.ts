import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '@liveops/testing/browser';
import { freePort } from '@liveops/testing/ports';
import { signedInContext } from './support/accounts';
import { startApp, type RunningApp } from './support/app';

let browser: Browser;
let dataDir: string;
let app: RunningApp | null = null;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = await mkdtemp(path.join(tmpdir(), 'liveops-reconnect-'));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('live updates across a server restart', () => {
  it('reconnects by itself and shows changes made after the restart without a reload', async () => {
    const port = await freePort();
    app = await startApp({ dataDir, port });
    const { context } = await signedInContext(browser, app, 'restart');
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard`);
    await page.getByText('No games found. Create your first game!').waitFor();

    await app.stop();
    app = await startApp({ dataDir, port });

    // A write from elsewhere (the same account, through the API) after the restart…
    const response = await context.request.post(`${app.url}/api/games`, {
      data: { name: 'After Restart', description: 'Made while the tab was reconnecting', platforms: ['Web'] },
      headers: { origin: app.url },
    });
    if (response.status() !== 201) throw new Error(`create answered ${response.status()}`);
    // …reaches the open tab, which never reloaded.
    await page.locator('.game-card', { hasText: 'After Restart' }).waitFor({ timeout: 15_000 });
    await context.close();
  });
});
