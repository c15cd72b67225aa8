import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { defaultDailyRewardsLayout, type LayoutNode } from '@liveops/domain/layout';
import { EMBED_PATH, encodeEmbedConfig, type EmbedConfigInput } from '@liveops/domain/popup';
import {
  PUBLISHED_BRIDGE_NAME,
  PUBLISHED_FIRST_PAINT_FALLBACK_MS,
  PUBLISHED_MAIN_SCRIPT_ID,
  PUBLISHED_MESSAGES,
  PUBLISHED_PAGE_MAX_GZIP_BYTES,
  PUBLISHED_PAGE_PATH,
} from '@liveops/domain/published';
import { CHROMIUM_PATH } from '@liveops/testing/browser';
import { publishedPageFor } from '../apps/server/src/releases/published-page';
import { useBrowserAndApp } from './support/lifecycle';

const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const BUILT = new URL('../apps/web/dist/packs/daily_rewards/daily_rewards.html', import.meta.url);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The default layout with its title replaced. */
function withTitle(title: string): LayoutNode {
  const retitle = (node: LayoutNode): LayoutNode => ({
    ...node,
    props: node.type === 'TextCB' && node.props.value === 'Daily Bonus' ? { ...node.props, value: title } : node.props,
    ...(node.children ? { children: node.children.map(retitle) } : {}),
  });
  return retitle(defaultDailyRewardsLayout(7));
}

/** A week: gold on odd days, a chest (an image asset) on even ones, a layout of its own and a theme. */
function week(title: string, chestUrl: string): EmbedConfigInput {
  return {
    id: 'week-one',
    name: 'Week One',
    cycleDays: 7,
    rewards: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, packId: day % 2 === 1 ? 'gold' : 'chest' })),
    packs: [
      { id: 'gold', name: 'Gold Pile', value: 1, amount: 100, iconId: 'coin' },
      { id: 'chest', name: 'Chest', value: 5, contents: [{ itemId: 'gem', quantity: 5 }], assetUrl: chestUrl },
    ],
    assets: [],
    uiLayout: withTitle(title),
    uiTheme: { primaryColor: '#7CFC00', secondaryColor: '#101820' },
  };
}
const DATA_PNG = `data:image/png;base64,${PNG.toString('base64')}`;

/** Console errors, uncaught exceptions and dialogs of a page and its frames. */
function watchForProblems(page: Page, expected: RegExp[] = []): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !expected.some((pattern) => pattern.test(text))) {
      problems.push(`console: ${text}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return problems;
}

type Files = Record<string, { body: string | Buffer; type: string } | { status: number }>;

/**
 * A plain static file server (a CDN, a storage bucket): the built page and what a test puts beside it. Records
 * every request's path.
 */
async function staticServer(files: Files) {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push(pathname);
    const file = files[pathname];
    if (!file || 'status' in file) {
      response.writeHead(file?.status ?? 404, { 'content-type': 'text/plain' });
      response.end('no');
      return;
    }
    response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-cache' });
    response.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests };
}

const html = () => readFile(BUILT);
const json = (value: unknown) => ({ body: JSON.stringify(value), type: 'application/json' });

/**
 * A pack folder as publishing writes it: the page and its config.json, on a static server. The config may name
 * the server's own address.
 */
async function publishedPack(config: Files[string] | ((serverUrl: string) => Files[string])) {
  const files: Files = {
    '/packs/g1/daily_rewards/c1/daily_rewards.html': { body: await html(), type: 'text/html; charset=utf-8' },
  };
  const server = await staticServer(files);
  files['/packs/g1/daily_rewards/c1/config.json'] = typeof config === 'function' ? config(server.url) : config;
  return server;
}
const PACK_PAGE = '/packs/g1/daily_rewards/c1/daily_rewards.html';

async function newPage(viewport = { width: 390, height: 844 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await setup.browser.newContext({ viewport });
  onTestFinished(() => context.close());
  return { context, page: await context.newPage() };
}

const todayOf = (page: Page) => page.locator('[data-day-state="today"]').getAttribute('data-day');

/** A message the page sends the host, as the stubs below record them (JSON strings parsed). */
type Sent = { source: string; type: string; payload?: Record<string, unknown> };
const sentTypes = (sent: Sent[]) => sent.map((message) => message.type);
const hostInit = (config: EmbedConfigInput, params: Record<string, number>) => ({
  source: 'CB_HOST',
  type: 'CB_INIT',
  payload: { featureType: 'daily_rewards', config, params, v: 1 },
});

describe('the published daily-rewards page', () => {
  it('is built as one file of at most 30 KB gzip that asks for nothing but its config.json', async () => {
    const page = (await html()).toString('utf8');
    const gzipped = gzipSync(page, { level: 9 }).length;
    console.log(`published page: ${page.length} bytes, ${(gzipped / 1024).toFixed(1)} KiB gzip`);
    expect(gzipped).toBeLessThanOrEqual(PUBLISHED_PAGE_MAX_GZIP_BYTES);
    // Its first script, and its own script in a data block that the first one runs (decision 021).
    expect(page.match(/<script[\s>]/g)).toEqual(['<script ', '<script>']);
    expect(page).toContain(`<script type="text/plain" id="${PUBLISHED_MAIN_SCRIPT_ID}">`);
    expect(page.match(/<style[\s>]/g)).toHaveLength(1);
    expect(page).not.toMatch(/\s(?:src|href)="(?!data:)/);
    expect(page).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-/);
  });

  it('opens from a plain static file server with its config.json beside it: the saved layout, day 3 after a streak of 2', async () => {
    await mkdir(SHOTS, { recursive: true });
    const cdn = await staticServer({ '/chest.png': { body: PNG, type: 'image/png' } });
    const server = await publishedPack(json(week('Launch Week Bonus', `${cdn.url}/chest.png`)));
    const { page } = await newPage();
    const problems = watchForProblems(page);
    await page.goto(`${server.url}${PACK_PAGE}?streak=2`);
    await page.getByText('Launch Week Bonus', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Claim Reward' }).waitFor();
    expect(await todayOf(page)).toBe('3');
    expect(await page.locator('[data-day-state="claimed"]').count()).toBe(2);
    expect(await page.locator('[data-day="1"]').innerText()).toContain('×100');
    // The chest's contents add up to 5; its artwork is the config's image, from where the config says.
    expect(await page.locator('[data-day="2"]').innerText()).toContain('×5');
    expect(await page.locator('[data-day="2"] img').getAttribute('src')).toBe(`${cdn.url}/chest.png`);
    await page.screenshot({ path: `${SHOTS}/published-static-server.png` });
    // The page, its config.json beside it, and the image the config names: nothing else, no favicon either.
    expect(server.requests).toEqual([PACK_PAGE, '/packs/g1/daily_rewards/c1/config.json']);
    expect(cdn.requests).toEqual(['/chest.png']);
    expect(problems).toEqual([]);
  });

  it('renders exactly what the editor previews: every node where the embed page (React) draws it', async () => {
    const config = encodeEmbedConfig(week('Same Bonus', DATA_PNG));
    const boxes = async (url: string) => {
      const { page } = await newPage({ width: 360, height: 640 });
      await page.goto(url);
      await page.getByRole('button', { name: 'Claim Reward' }).waitFor();
      // The fit-to-screen scale settles after a frame.
      await page.waitForTimeout(200);
      return page.$$eval('[data-node-id]', (nodes) =>
        nodes.map((node) => {
          const box = node.getBoundingClientRect();
          const style = getComputedStyle(node);
          return {
            id: node.getAttribute('data-node-id'),
            box: [box.x, box.y, box.width, box.height].map((n) => Math.round(n)),
            text: (node as HTMLElement).innerText,
            className: node.className,
            state: node.getAttribute('data-day-state'),
            style: [style.color, style.backgroundColor, style.fontSize, style.fontWeight, style.borderRadius],
          };
        }),
      );
    };
    const embed = await boxes(`${setup.app.url}${EMBED_PATH}?config=${config}&todayIndex=4`);
    const published = await boxes(`${setup.app.url}${PUBLISHED_PAGE_PATH}?config=${config}&todayIndex=4`);
    expect(embed.length).toBeGreaterThan(20);
    expect(published).toEqual(embed);
    expect(published.find((node) => node.state === 'today')?.id).toBe('dr-day-4-card');
  });

  it('as publishing writes it (decision 021), paints the popup it will show before its script takes it over', async () => {
    const body = publishedPageFor((await html()).toString('utf8'), JSON.stringify(week('Prerendered Bonus', DATA_PNG)));
    // The default layout drawn and its config inside, the page keeps to the budget.
    expect(gzipSync(body, { level: 9 }).length).toBeLessThanOrEqual(PUBLISHED_PAGE_MAX_GZIP_BYTES);
    const server = await staticServer({ [PACK_PAGE]: { body, type: 'text/html; charset=utf-8' } });
    // Frames and the page's short timers never run: the takeover (afterFirstPaint: the task after a frame, or a
    // fallback) never comes, and the page shows what its first paint shows.
    const FROZEN = `window.requestAnimationFrame = () => 0; const later = window.setTimeout;
      window.setTimeout = (task, ms, ...rest) =>
        !ms || ms === ${PUBLISHED_FIRST_PAINT_FALLBACK_MS} ? 0 : later(task, ms, ...rest);`;
    const viewports = [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
      // Landscape: the portrait popup is scaled down to fit before that first paint.
      { width: 844, height: 390 },
    ];
    for (const viewport of viewports) {
      const shots: Buffer[] = [];
      for (const frozen of [true, false]) {
        const context = await setup.browser.newContext({ viewport, reducedMotion: 'reduce' });
        onTestFinished(() => context.close());
        const page = await context.newPage();
        const problems = watchForProblems(page);
        if (frozen) await page.addInitScript(FROZEN);
        await page.goto(`${server.url}${PACK_PAGE}?streak=2`);
        await page.getByText('Prerendered Bonus', { exact: true }).waitFor();
        // Still the prerendered markup (its style ids), or the renderer's (none), with the streak's day states.
        await page.waitForFunction(`(document.getElementById('cb-s1') !== null) === ${frozen}`);
        expect(await todayOf(page)).toBe('3');
        expect(await page.locator('[data-day-state="claimed"]').count()).toBe(2);
        shots.push(await page.screenshot());
        expect(problems).toEqual([]);
      }
      expect(Buffer.compare(shots[0]!, shots[1]!), `${viewport.width}×${viewport.height}`).toBe(0);
    }
    // It carries its config: nothing but the page is asked for.
    expect(new Set(server.requests)).toEqual(new Set([PACK_PAGE]));
    // An address that brings another config shows that one, not the prerendered popup.
    const { page: other } = await newPage();
    const problems = watchForProblems(other);
    await other.goto(
      `${server.url}${PACK_PAGE}?config=${encodeEmbedConfig(week('From The Address', DATA_PNG))}&streak=1`,
    );
    await other.getByText('From The Address', { exact: true }).waitFor();
    expect(await other.getByText('Prerendered Bonus').count()).toBe(0);
    expect(await todayOf(other)).toBe('2');
    expect(problems).toEqual([]);
  });

  it('is served by the product with its own policy, and runs under it with no violation', async () => {
    const response = await fetch(`${setup.app.url}${PUBLISHED_PAGE_PATH}`);
    expect(response.headers.get('content-security-policy')).not.toContain('frame-ancestors');
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(await response.text()).toBe((await html()).toString('utf8'));

    const { page } = await newPage();
    const problems = watchForProblems(page);
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { violations: string[] }).violations = violations;
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await page.goto(`${setup.app.url}${PUBLISHED_PAGE_PATH}?config=${encodeEmbedConfig(week('Policy', DATA_PNG))}`);
    await page.getByRole('button', { name: 'Claim Reward' }).waitFor();
    // The renderer's own stylesheet, injected at run time, is allowed by its hash: its rules apply.
    expect(await page.locator('.cb-view').evaluate((view) => getComputedStyle(view).position)).toBe('relative');
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('shows what is wrong with a bad config, and tells the host, rather than a blank page or an exception', async () => {
    const cases: { name: string; config?: Files[string]; query?: string; code: string; message: string }[] = [
      {
        name: 'missing',
        config: { status: 404 },
        code: 'config_not_found',
        message: PUBLISHED_MESSAGES.config_not_found,
      },
      {
        name: 'a server error',
        config: { status: 500 },
        code: 'config_unreadable',
        message: PUBLISHED_MESSAGES.unreadableStatus(500),
      },
      {
        name: 'malformed JSON',
        config: { body: '{"name": "Week', type: 'application/json' },
        code: 'config_not_json',
        message: PUBLISHED_MESSAGES.config_not_json,
      },
      {
        name: 'the wrong shape',
        config: json({ name: 7, rewards: 'all' }),
        code: 'config_invalid',
        message: PUBLISHED_MESSAGES.config_invalid,
      },
      {
        name: '?config= not base64',
        query: '?config=not*base64!',
        code: 'config_not_json',
        message: PUBLISHED_MESSAGES.config_not_json,
      },
      {
        name: '?config= of the wrong shape',
        query: `?config=${encodeEmbedConfig({ name: 7 } as unknown as EmbedConfigInput)}`,
        code: 'config_invalid',
        message: PUBLISHED_MESSAGES.config_invalid,
      },
    ];
    for (const { name, config, query = '', code, message } of cases) {
      const server = await publishedPack(config ?? json(week('Unused', DATA_PNG)));
      const { page } = await newPage();
      const problems = watchForProblems(page, [/Failed to load resource/]);
      await page.addInitScript(ANDROID_STUB(PUBLISHED_BRIDGE_NAME));
      await page.goto(`${server.url}${PACK_PAGE}${query}`);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText(), name).toBe(`${PUBLISHED_MESSAGES.title}\n\n${message}`);
      await page.getByRole('button', { name: 'Close' }).click();
      const sent = await messagesSent(page);
      expect(sent, name).toEqual([
        { source: 'CB_EMBED', type: 'loaded' },
        { source: 'CB_EMBED', type: 'error', payload: { code, message } },
        { source: 'CB_EMBED', type: 'close', payload: { configId: null } },
      ]);
      if (name === 'missing') await page.screenshot({ path: `${SHOTS}/published-error.png` });
      expect(problems, name).toEqual([]);
    }
  });
});

/** The messages a stubbed host recorded in window.hostMessages, JSON strings parsed. */
async function messagesSent(page: Page): Promise<Sent[]> {
  const raw = await page.evaluate(() => (window as unknown as { hostMessages: unknown[] }).hostMessages);
  return raw.map((message) => (typeof message === 'string' ? JSON.parse(message) : message) as Sent);
}

/** An Android WebView's JavaScript interface under `name` (addJavascriptInterface): postMessage(String). */
const ANDROID_STUB = (name: string) => `(() => {
  window.hostMessages = [];
  window[${JSON.stringify(name)}] = { postMessage: (message) => window.hostMessages.push(message) };
})();`;

/** Each game web view, stubbed as the page sees it, and how its game hands the page a CB_INIT. */
const HOSTS: {
  name: string;
  query?: string;
  stub: string;
  init: (page: Page, message: unknown) => Promise<unknown>;
}[] = [
  {
    name: 'Vuplex 3D WebView (window.vuplex; the game posts by webView.PostMessage)',
    stub: `(() => {
      window.hostMessages = [];
      const listeners = [];
      window.vuplex = {
        postMessage: (message) => window.hostMessages.push(message),
        addEventListener: (type, listener) => listeners.push(listener),
        removeEventListener: () => {},
      };
      window.vuplexPost = (json) => listeners.forEach((listener) => listener({ data: json }));
    })();`,
    init: (page, message) =>
      page.evaluate(
        (json) => (window as never as { vuplexPost: (j: string) => void }).vuplexPost(json),
        JSON.stringify(message),
      ),
  },
  {
    name: 'iOS WKWebView (messageHandlers.cbEmbed; the game calls cbInit by evaluateJavaScript)',
    stub: `(() => {
      window.hostMessages = [];
      window.webkit = { messageHandlers: { cbEmbed: { postMessage: (message) => window.hostMessages.push(message) } } };
    })();`,
    init: (page, message) => page.evaluate(`cbInit(${JSON.stringify(message)})`),
  },
  {
    name: 'Android WebView (a JavaScript interface named by ?bridge=; the game calls cbInit with JSON)',
    query: '&bridge=GameBridge',
    stub: ANDROID_STUB('GameBridge'),
    init: (page, message) => page.evaluate(`cbInit(${JSON.stringify(JSON.stringify(message))})`),
  },
  {
    name: 'React Native WebView (window.ReactNativeWebView; the app posts a message event)',
    stub: `(() => {
      window.hostMessages = [];
      window.ReactNativeWebView = { postMessage: (message) => window.hostMessages.push(message) };
    })();`,
    // Android's React Native WebView dispatches on document, iOS's on window.
    init: (page, message) =>
      page.evaluate(
        (json) => document.dispatchEvent(new MessageEvent('message', { data: json })),
        JSON.stringify(message),
      ),
  },
];

describe('the published page in a game web view', () => {
  for (const host of HOSTS) {
    it(`speaks to ${host.name}: loaded, ready, claim, close, and takes its CB_INIT`, async () => {
      const server = await publishedPack((url) => json(week('Host Bonus', `${url}/missing.png`)));
      const { page } = await newPage();
      const problems = watchForProblems(page, [/Failed to load resource/]);
      await page.addInitScript(host.stub);
      // The chest image is missing: ready still comes, counting it as failed.
      await page.goto(`${server.url}${PACK_PAGE}?streak=1${host.query ?? ''}`);
      await page.getByRole('button', { name: 'Claim Reward' }).waitFor();
      await expect.poll(async () => sentTypes(await messagesSent(page))).toEqual(['loaded', 'ready']);
      expect((await messagesSent(page))[1]).toEqual({
        source: 'CB_EMBED',
        type: 'ready',
        payload: { configId: 'week-one', images: 1, imagesFailed: 1 },
      });

      const claim = page.locator('[data-bind="claim"]');
      await claim.click();
      // Pending from the tap until the game answers (decision 023): a second tap sends nothing.
      expect(await claim.getAttribute('aria-busy')).toBe('true');
      await claim.click({ force: true });
      await page.getByRole('button', { name: 'Close' }).click();
      const sent = await messagesSent(page);
      expect(sentTypes(sent)).toEqual(['loaded', 'ready', 'claim', 'close']);
      expect(sent[2]?.payload).toMatchObject({ configId: 'week-one', day: 2, packId: 'chest', pack: { id: 'chest' } });
      expect(sent[3]?.payload).toEqual({ configId: 'week-one' });

      // The game grants the chest and shows the next day.
      await host.init(page, hostInit(week('Next Bonus', DATA_PNG), { streak: 2 }));
      await page.getByText('Next Bonus', { exact: true }).waitFor();
      expect(await todayOf(page)).toBe('3');
      await expect.poll(async () => sentTypes(await messagesSent(page)).at(-1)).toBe('ready');
      expect(problems).toEqual([]);
    });
  }

  it('tells Vuplex what happened before it was ready, once it says so', async () => {
    const server = await publishedPack(json(week('Late Bonus', DATA_PNG)));
    const { page } = await newPage();
    await page.goto(`${server.url}${PACK_PAGE}`);
    await page.getByRole('button', { name: 'Claim Reward' }).waitFor();
    await page.evaluate(() => {
      const target = window as unknown as { hostMessages: unknown[]; vuplex: unknown };
      target.hostMessages = [];
      target.vuplex = { postMessage: (message: unknown) => target.hostMessages.push(message), addEventListener() {} };
      window.dispatchEvent(new Event('vuplexready'));
    });
    expect(sentTypes(await messagesSent(page))).toEqual(['loaded', 'ready']);
  });

  it('navigates to <scheme>://event?payload=… for a plugin that watches navigations (UniWebView)', async () => {
    const server = await publishedPack(json(week('Scheme Bonus', DATA_PNG)));
    const { page } = await newPage();
    // Chromium itself has no uniwebview: handler and says so; the navigation is what a plugin intercepts.
    const problems = watchForProblems(page, [/uniwebview:/]);
    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('uniwebview:')) navigations.push(request.url());
    });
    await page.goto(`${server.url}${PACK_PAGE}?streak=3&scheme=uniwebview`);
    // Clicked from script: after a real click Chromium tries its own handler for the scheme and drops the
    // navigations that follow, which a web view plugin intercepts before Chromium's handler would see them.
    await page.getByRole('button', { name: 'Claim Reward' }).evaluate((button: HTMLElement) => button.click());
    await page.getByRole('button', { name: 'Close' }).evaluate((button: HTMLElement) => button.click());
    await expect.poll(() => navigations.length).toBe(4);
    const messages = navigations.map((address) => {
      const url = new URL(address);
      expect(url.protocol).toBe('uniwebview:');
      expect(url.host).toBe('event');
      return JSON.parse(url.searchParams.get('payload') ?? '') as Sent;
    });
    expect(sentTypes(messages)).toEqual(['loaded', 'ready', 'claim', 'close']);
    expect(messages[2]?.payload).toMatchObject({ day: 4, packId: 'chest' });
    // And the page still stands.
    await page.evaluate(`cbInit(${JSON.stringify(hostInit(week('Scheme Next', DATA_PNG), { streak: 4 }))})`);
    await page.getByText('Scheme Next', { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it('speaks to a parent window on another origin (the example host page): claim, the next day, CB_INIT, close', async () => {
    const { page } = await newPage({ width: 1000, height: 800 });
    // The host server has no favicon.
    const problems = watchForProblems(page, [/Failed to load resource.*404/]);
    const example = await readFile(new URL('../docs/examples/embed-host.html', import.meta.url), 'utf8');
    const host = await staticServer({
      '/game.html': { body: example.replaceAll('http://localhost:3000', setup.app.url), type: 'text/html' },
    });
    await page.goto(`${host.url}/game.html?published`);
    const popup = page.frameLocator('iframe');
    await popup.getByRole('button', { name: 'Claim Reward' }).waitFor();
    await page.getByText('from embed: {"source":"CB_EMBED","type":"ready"', { exact: false }).waitFor();
    expect(await popup.locator('[data-day-state="today"]').getAttribute('data-day')).toBe('3');
    await popup.getByRole('button', { name: 'Claim Reward' }).click();
    // The example grants the day's pack and opens the page again with the next streak.
    await page.getByText('game: grant Coins for day 3').waitFor();
    await expect.poll(() => popup.locator('[data-day-state="today"]').getAttribute('data-day')).toBe('4');

    // A parent's CB_INIT replaces config and params, as on the embed page.
    const next = hostInit(week('Parent Bonus', DATA_PNG), { todayIndex: 6 });
    await page.evaluate((message) => document.querySelector('iframe')?.contentWindow?.postMessage(message, '*'), next);
    await popup.getByText('Parent Bonus', { exact: true }).waitFor();
    expect(await popup.locator('[data-day-state="today"]').getAttribute('data-day')).toBe('6');

    await popup.getByRole('button', { name: 'Close' }).click();
    await page.locator('iframe').waitFor({ state: 'hidden' });
    const log = await page.locator('#log').innerText();
    // Once per page load: the first, and the one after the claim.
    expect(log.match(/"type":"loaded"/g)).toHaveLength(2);
    expect(log).toContain('"type":"claim","payload":{"configId":"week-one","day":3,"packId":"coins"');
    expect(log).toContain('"type":"close"');
    await page.screenshot({ path: `${SHOTS}/published-host.png` });
    expect(problems).toEqual([]);
  });
});

describe('the published page opened from disk (file:)', () => {
  async function packOnDisk() {
    const dir = await mkdtemp(path.join(tmpdir(), 'published-pack-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    await writeFile(path.join(dir, 'daily_rewards.html'), await html());
    await writeFile(path.join(dir, 'config.json'), JSON.stringify(week('Disk Bonus', DATA_PNG)));
    return pathToFileURL(path.join(dir, 'daily_rewards.html')).href;
  }

  it('reads its config.json beside it in a web view that lets pages read files (allowFileAccessFromFileURLs)', async () => {
    const page = await packOnDisk();
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files'],
    });
    onTestFinished(() => browser.close());
    const tab = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchForProblems(tab);
    await tab.goto(`${page}?streak=5`);
    await tab.getByText('Disk Bonus', { exact: true }).waitFor();
    expect(await todayOf(tab)).toBe('6');
    await tab.screenshot({ path: `${SHOTS}/published-file.png` });
    expect(problems).toEqual([]);
  });

  it('says it cannot read it where the web view forbids that, and still takes the game’s cbInit', async () => {
    const { page } = await newPage();
    const problems = watchForProblems(page, [/config\.json/, /Failed to load resource/]);
    await page.addInitScript(ANDROID_STUB(PUBLISHED_BRIDGE_NAME));
    await page.goto(await packOnDisk());
    await page.getByRole('alert').getByText(PUBLISHED_MESSAGES.config_unreadable).waitFor();
    await page.evaluate(`cbInit(${JSON.stringify(hostInit(week('Given Bonus', DATA_PNG), { todayIndex: 2 }))})`);
    await page.getByText('Given Bonus', { exact: true }).waitFor();
    expect(await todayOf(page)).toBe('2');
    expect(sentTypes(await messagesSent(page))).toEqual(['loaded', 'error', 'ready']);
    expect(problems).toEqual([]);
  });
});
