import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { defaultDailyRewardsLayout, type LayoutNode } from '@liveops/domain/layout';
import { EMBED_PATH, encodeEmbedConfig, type EmbedConfigInput } from '@liveops/domain/popup';
import { createGameViaApi, signedInContext } from './support/accounts';
import { useBrowserAndApp } from './support/lifecycle';

const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const NO_CONFIG = 'No configuration provided.';

/** 7 days alternating between 2 packs, with the default layout. */
const WEEK: EmbedConfigInput = {
  name: 'Week One',
  cycleDays: 7,
  rewards: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, packId: day % 2 === 1 ? 'gold' : 'gems' })),
  packs: [
    { id: 'gold', name: 'Gold Pile', value: 1, amount: 100, iconId: 'coin' },
    { id: 'gems', name: 'Gem Chest', value: 5, amount: 5, iconId: 'gem' },
  ],
};

/** The default layout with its title replaced. */
function withTitle(title: string): LayoutNode {
  const retitle = (node: LayoutNode): LayoutNode => ({
    ...node,
    props: node.type === 'TextCB' && node.props.value === 'Daily Bonus' ? { ...node.props, value: title } : node.props,
    ...(node.children ? { children: node.children.map(retitle) } : {}),
  });
  return retitle(defaultDailyRewardsLayout(7));
}

/** Console errors, uncaught exceptions and dialogs of a page and its frames. */
function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return problems;
}

const embedUrl = (query = '') => `${setup.app.url}${EMBED_PATH}${query}`;

async function todayOf(frame: Page | Frame): Promise<string | null> {
  return frame.locator('[data-day-state="today"]').getAttribute('data-day');
}

async function newPage(viewport = { width: 1280, height: 800 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await setup.browser.newContext({ viewport });
  return { context, page: await context.newPage() };
}

describe('the embed page', () => {
  it('shows the popup of a config from the query in a 360 px 9:16 frame, with day 3 today after a streak of 2', async () => {
    await mkdir(SHOTS, { recursive: true });
    const { context, page } = await newPage();
    const problems = watchForProblems(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(embedUrl(`?config=${encodeEmbedConfig(WEEK)}&streak=2`));
    await page.getByText('Daily Bonus', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Claim Reward' }).waitFor();
    expect(await todayOf(page)).toBe('3');
    expect(await page.locator('[data-day-state="claimed"]').count()).toBe(2);
    // Each day shows its pack's amount: 100 gold on odd days, 5 gems on even ones.
    expect(await page.locator('[data-day="2"]').innerText()).toContain('×5');
    expect(await page.locator('[data-day="7"]').innerText()).toContain('×100');
    const frame = await page.locator('.embed-frame').boundingBox();
    expect(frame?.width).toBe(360);
    expect(frame?.height).toBe(640);
    await page.screenshot({ path: `${SHOTS}/embed-desktop.png` });
    // Its own page, bundles and favicon: no web fonts, nothing from another origin, no dashboard code.
    expect(requests.filter((url) => !url.startsWith(setup.app.url))).toEqual([]);
    expect(requests.some((url) => /\/assets\/(app|main|router)-/.test(url))).toBe(false);

    // todayIndex wins over the streak.
    await page.goto(embedUrl(`?config=${encodeEmbedConfig(WEEK)}&streak=2&todayIndex=6`));
    await page.getByText('Daily Bonus', { exact: true }).waitFor();
    expect(await todayOf(page)).toBe('6');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone', async () => {
    const { context, page } = await newPage({ width: 390, height: 844 });
    await page.goto(embedUrl(`?config=${encodeEmbedConfig(WEEK)}&streak=4`));
    await page.getByRole('button', { name: 'Claim Reward' }).waitFor();
    const frame = await page.locator('.embed-frame').boundingBox();
    expect(frame?.width).toBe(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/embed-phone.png` });
    await context.close();
  });

  it('reads standard base64 of unicode JSON, and renders markup in a text as text', async () => {
    const { context, page } = await newPage();
    const problems = watchForProblems(page);
    const title = 'Tägliche Prämie 🎁 <img src=x onerror=alert(1)>';
    const json = JSON.stringify({ ...WEEK, uiLayout: withTitle(title) });
    const standard = Buffer.from(json, 'utf8').toString('base64');
    expect(standard).toMatch(/[+/=]/);
    await page.goto(embedUrl(`?config=${encodeURIComponent(standard)}`));
    await page.getByText(title, { exact: true }).waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await todayOf(page)).toBe('1');
    await page.screenshot({ path: `${SHOTS}/embed-unicode.png` });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says "No configuration provided." for a config that is missing, not base64, not JSON or of the wrong shape', async () => {
    const { context, page } = await newPage();
    const problems = watchForProblems(page);
    const notJson = Buffer.from('{"name": "Week', 'utf8').toString('base64url');
    const wrongShape = encodeEmbedConfig({ name: 7, rewards: 'all' } as unknown as EmbedConfigInput);
    for (const query of ['', '?streak=2', '?config=not*base64!', `?config=${notJson}`, `?config=${wrongShape}`]) {
      await page.goto(embedUrl(query));
      await page.getByText(NO_CONFIG, { exact: true }).waitFor();
      expect(await page.locator('.cb-view').count(), query).toBe(0);
    }
    await page.screenshot({ path: `${SHOTS}/embed-no-config.png` });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("loads a daily reward's stored config by gameId and featureId for its signed-in owner", async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'embed');
    const game = await createGameViaApi(context, setup.app, 'Embed Game');
    const post = async (path: string, data: unknown) => {
      const response = await context.request.post(`${setup.app.url}${path}`, {
        data,
        headers: { origin: setup.app.url },
      });
      expect(response.status(), path).toBe(201);
      return (await response.json()) as { id: string };
    };
    const gold = await post(`/api/games/${game.id}/items`, { name: 'Gold', type: 'currency', value: 1, baseAmount: 1 });
    const pack = await post(`/api/games/${game.id}/packs`, {
      name: 'Stored Pack',
      contents: [{ itemId: gold.id, quantity: 3 }],
      iconId: 'trophy',
    });
    const reward = await post(`/api/games/${game.id}/daily-rewards`, {});
    const saved = await context.request.patch(`${setup.app.url}/api/games/${game.id}/daily-rewards/${reward.id}`, {
      data: { cycleDays: 7, rewards: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, packId: pack.id })) },
      headers: { origin: setup.app.url },
    });
    expect(saved.status()).toBe(200);

    const page = await context.newPage();
    await page.goto(embedUrl(`?gameId=${game.id}&featureId=${reward.id}&todayIndex=5`));
    await page.getByRole('button', { name: 'Claim Reward' }).waitFor();
    expect(await todayOf(page)).toBe('5');
    expect(await page.locator('[data-day="1"]').innerText()).toContain('×3');

    // Another visitor (signed out) is not given the config.
    const { context: stranger, page: strangerPage } = await newPage();
    await strangerPage.goto(embedUrl(`?gameId=${game.id}&featureId=${reward.id}`));
    await strangerPage.getByText(NO_CONFIG, { exact: true }).waitFor();
    await stranger.close();
    await context.close();
  });

  it('takes CB_INIT from a host on another origin (the documented example host), tells it "loaded" once, and ignores any other message', async () => {
    const { context, page } = await newPage();
    const problems = watchForProblems(page);
    // docs/examples/embed-host.html as a game's page on a server and origin of its own, framing the embed page.
    const example = await readFile(new URL('../docs/examples/embed-host.html', import.meta.url), 'utf8');
    const hostServer = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(example.replaceAll('http://localhost:3000', setup.app.url));
    });
    await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => hostServer.close(() => resolve())));
    const { port } = hostServer.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/game.html`);
    const embed = page.frameLocator('iframe');
    // The example answers "loaded" with its own config (the default layout) and a streak of 2.
    await embed.getByText('Daily Bonus', { exact: true }).waitFor();
    expect(await embed.locator('[data-day-state="today"]').getAttribute('data-day')).toBe('3');
    await page.getByText('from embed: {"source":"CB_EMBED","type":"loaded"}').waitFor();

    // Every text the popup shows from now on.
    const frame = page.frames().find((f) => f.url().includes(EMBED_PATH));
    if (!frame) throw new Error('the embed frame is missing');
    await frame.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(document.body.innerText)).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    const post = (message: unknown) =>
      page.evaluate((data) => document.querySelector('iframe')?.contentWindow?.postMessage(data, '*'), message);
    const init = (config: EmbedConfigInput, params: unknown, changes: Record<string, unknown> = {}) => ({
      source: 'CB_HOST',
      type: 'CB_INIT',
      ...changes,
      payload: { featureType: 'daily_rewards', config, params, v: 1, ...(changes.payload as object) },
    });

    // A later CB_INIT replaces config and params.
    await post(init({ ...WEEK, uiLayout: withTitle('Second Bonus') }, { todayIndex: 5 }));
    await embed.getByText('Second Bonus', { exact: true }).waitFor();
    expect(await embed.locator('[data-day-state="today"]').getAttribute('data-day')).toBe('5');

    const ignored = withTitle('Ignored Bonus');
    for (const message of [
      init({ ...WEEK, uiLayout: ignored }, { streak: 1 }, { payload: { v: 2 } }),
      init({ ...WEEK, uiLayout: ignored }, { streak: 1 }, { source: 'SOMEONE' }),
      init({ ...WEEK, uiLayout: ignored }, { streak: 1 }, { type: 'CB_UPDATE' }),
      init({ ...WEEK, uiLayout: ignored }, { streak: 1 }, { payload: { featureType: 'offers' } }),
      init({ name: 1, rewards: 'x', uiLayout: ignored } as unknown as EmbedConfigInput, { streak: 1 }),
      'CB_INIT',
      null,
      { source: 'CB_HOST' },
      [1, 2, 3],
    ]) {
      await post(message);
    }
    // Each message is its own task, handled within milliseconds; none of them may have changed the popup.
    await page.waitForTimeout(500);
    const seen = await frame.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.some((text) => text.includes('Ignored Bonus'))).toBe(false);
    expect(await embed.getByText('Second Bonus', { exact: true }).count()).toBe(1);
    expect(await embed.locator('[data-day-state="today"]').getAttribute('data-day')).toBe('5');

    // And it still listens.
    await post(init({ ...WEEK, uiLayout: withTitle('Last Bonus') }, { todayIndex: 6 }));
    await embed.getByText('Last Bonus', { exact: true }).waitFor();
    expect(await embed.locator('[data-day-state="today"]').getAttribute('data-day')).toBe('6');

    const log = await page.locator('#log').innerText();
    expect(log.match(/"type":"loaded"/g)).toHaveLength(1);
    await page.screenshot({ path: `${SHOTS}/embed-host.png` });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works with the example host page opened from disk (a file: host)', async () => {
    const { context, page } = await newPage();
    const problems = watchForProblems(page);
    const example = await readFile(new URL('../docs/examples/embed-host.html', import.meta.url), 'utf8');
    const dir = await mkdtemp(path.join(tmpdir(), 'embed-host-'));
    const file = path.join(dir, 'embed-host.html');
    await writeFile(file, example.replaceAll('http://localhost:3000', setup.app.url));
    try {
      await page.goto(pathToFileURL(file).href);
      await page.frameLocator('iframe').getByRole('button', { name: 'Claim Reward' }).waitFor();
      await page.getByText('from embed: {"source":"CB_EMBED","type":"loaded"}').waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers the embed page with a policy that lets any host frame it, while the dashboard stays unframeable', async () => {
    const embed = await fetch(embedUrl());
    expect(await embed.text()).toContain('/assets/embed-');
    expect(embed.headers.get('content-security-policy')).not.toContain('frame-ancestors');
    expect(embed.headers.get('x-frame-options')).toBeNull();
    const dashboard = await fetch(`${setup.app.url}/dashboard`);
    expect(dashboard.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(dashboard.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('the test page', () => {
  it('shows the static mock popup: a title pill with a close button, placeholder text and a Claim button', async () => {
    const { context, page } = await newPage({ width: 390, height: 844 });
    const problems = watchForProblems(page);
    await page.goto(`${setup.app.url}/test`);
    await page.getByRole('heading', { name: 'Daily Reward' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).waitFor();
    await page.getByRole('button', { name: 'Claim', exact: true }).waitFor();
    expect(await page.locator('.test-popup-text').innerText()).toContain('placeholder');
    expect(await page.locator('script').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/embed-test-page.png` });
    expect(problems).toEqual([]);
    await context.close();
  });
});
