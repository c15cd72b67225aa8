import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { PublishedManifest } from '@liveops/domain/releases';
import { verificationLink } from '@liveops/testing/smtp';
import {
  elementGeometryQuery,
  runWebKitHost,
  WEBKIT_INSTALL_HINT,
  WEBKIT_REPORT_HANDLER,
  webKitHostMissing,
  type WebKitElementGeometry,
  type WebKitRun,
} from '@liveops/testing/webkit';
import { publishedPageFor } from '../apps/server/src/releases/published-page';
import { startApp, type RunningApp } from './support/app';
import { PASSWORD, uniqueEmail } from './support/pages';
import { everyDayAPack } from './support/publishable';

// Decision 022 in a real WebKit web view (WebKitGTK, packages/testing/webkit/host.py): the engine and
// the script-message API of iOS's WKWebView, and the navigation policy URL-scheme plugins (UniWebView) use.
const BUILT = new URL('../apps/web/dist/packs/daily_rewards/daily_rewards.html', import.meta.url);
const EXAMPLE_HOST = pathToFileURL(fileURLToPath(new URL('../docs/examples/embed-host.html', import.meta.url))).href;
const LOADS = 10;
const BRIDGE = 'gameBridge';

const missing = webKitHostMissing();
if (missing && process.env.CI !== 'true') {
  console.warn(`e2e/webkit.test.ts skipped: ${missing}. Install: ${WEBKIT_INSTALL_HINT} (npm test installs them)`);
}

const week = (id: string, amount: number) => ({
  id,
  name: 'Week',
  cycleDays: 7,
  rewards: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, packId: 'gold' })),
  packs: [{ id: 'gold', name: 'Gold', value: 1, amount, iconId: 'coin' }],
  assets: [],
});
const init = (config: unknown, streak: number) => ({
  source: 'CB_HOST',
  type: 'CB_INIT',
  payload: { featureType: 'daily_rewards', config, params: { streak }, v: 1 },
});

/** What the page shows once the popup for `configId` is up (waited for, at most 5 s): today's day. */
const TODAY = `for (let i = 0; i < 100 && !document.querySelector('[data-day-state="today"]'); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return document.querySelector('[data-day-state="today"]')?.getAttribute('data-day') ?? null;`;
const CLICK = (selector: string) => `document.querySelector(${JSON.stringify(selector)}).click()`;
const CLAIM_BUTTON = '.cb-view button:not(.cb-close)';

const types = (run: WebKitRun) => run.messages.map((message) => (message.data as { type?: string } | null)?.type);
/** What WebKit said went wrong: uncaught errors and policy violations. */
const problems = (run: WebKitRun) =>
  run.console.filter((entry) => entry.level === 'ERROR').map((entry) => `${entry.where}: ${entry.text}`);

/** A static file server: one page, as a bucket or CDN serves it. */
async function serve(body: string) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/daily_rewards.html`;
}

/** A published page as publishing writes it (its config inline, its popup drawn), over http and on disk. */
async function publishedPage(config: unknown) {
  const body = publishedPageFor((await readFile(BUILT)).toString('utf8'), JSON.stringify(config));
  const dir = await mkdtemp(path.join(tmpdir(), 'liveops-webkit-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'daily_rewards.html');
  await writeFile(file, body);
  return { http: await serve(body), disk: pathToFileURL(file).href };
}

/** Signs up through the API, makes a game with one daily reward and publishes it: its htmlUrl from the manifest. */
async function publishOnce(app: RunningApp): Promise<string> {
  const cookies = new Map<string, string>();
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(new URL(url, app.url), {
      method,
      headers: {
        origin: app.url,
        'content-type': 'application/json',
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
    return text;
  };
  const email = uniqueEmail('webkit');
  await call('POST', '/api/auth/sign-up/email', { email, password: PASSWORD });
  await call(
    'GET',
    verificationLink(await app.smtp.waitForMail(email)).replace('/verified?', '/api/auth/verify-email?'),
  );
  const game = JSON.parse(
    await call('POST', '/api/games', { name: 'WebKit Game', description: 'x', platforms: ['iOS'] }),
  ) as { id: string };
  const config = JSON.parse(await call('POST', `/api/games/${game.id}/daily-rewards`, { name: 'Launch Week' })) as {
    id: string;
  };
  await everyDayAPack(async (method, path, body) => JSON.parse(await call(method, path, body)) as unknown, game.id, [
    config.id,
  ]);
  const events = (await call('POST', `/api/games/${game.id}/releases`, {})).trim().split('\n');
  expect(JSON.parse(events.at(-1)!)).toMatchObject({ type: 'done' });
  const manifest = JSON.parse(await call('GET', `/files/packs/${game.id}/manifest.json`)) as PublishedManifest;
  return manifest.configs[0]!.htmlUrl;
}

/**
 * Injected into every frame of the example host: a frame that shows a popup reports where it is and today's day,
 * and presses Claim on day 3 (the host then opens the page again with the next streak).
 */
const POPUP_REPORTER = `(() => {
  if (location.protocol === 'file:') return;
  const timer = setInterval(() => {
    const today = document.querySelector('[data-day-state="today"]');
    const claim = document.querySelector(${JSON.stringify(CLAIM_BUTTON)});
    if (!today || !claim) return;
    clearInterval(timer);
    const day = today.getAttribute('data-day');
    window.webkit.messageHandlers.${WEBKIT_REPORT_HANDLER}.postMessage(JSON.stringify({ popup: location.pathname, today: day }));
    if (day === '3' && location.pathname.endsWith('.html')) setTimeout(() => claim.click(), 300);
  }, 50);
})();`;
const LOG = `return document.getElementById('log').textContent`;

describe.skipIf(missing !== null && process.env.CI !== 'true')('pages in a real WebKit web view', () => {
  let app: RunningApp;
  beforeAll(async () => {
    if (missing) throw new Error(`WebKitGTK is needed and missing: ${missing}. Install: ${WEBKIT_INSTALL_HINT}`);
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it(
    `defines cbInit from the page's first script: ${LOADS} loads over http and ${LOADS} from disk, cbInit at load-finished, never an error`,
    { timeout: 240_000 },
    async () => {
      const page = await publishedPage(week('published', 100));
      const given = init(week('given-by-cbinit', 777), 4);
      for (const [where, url] of Object.entries(page)) {
        const { runs } = await runWebKitHost({
          url: `${url}?streak=1&bridge=${BRIDGE}`,
          handlers: [BRIDGE, 'cbEmbed'],
          runs: LOADS,
          // Exactly when a native game calls it: WebKit's load-finished (WKWebView's didFinishNavigation).
          actions: [{ on: 'load-finished', script: `cbInit(${JSON.stringify(given)})` }],
          untilSeen: [{ type: 'ready', payload: { configId: 'given-by-cbinit' } }],
          query: TODAY,
          timeoutMs: 15_000,
        });
        const errors = runs.flatMap((run) => (run.scripts[0]?.error ? [run.scripts[0].error] : []));
        console.log(`cbInit at load-finished, ${where}: ${errors.length} errors in ${runs.length} loads`);
        expect(errors, where).toEqual([]);
        for (const run of runs) {
          expect(run.scripts[0]?.result, where).toBe(true);
          expect(run.timedOut, where).toBe(false);
          // The config and the streak given: day 5 is today; only the named handler hears the page.
          expect(run.query, where).toBe('5');
          expect(new Set(run.messages.map((message) => message.via))).toEqual(new Set([`handler:${BRIDGE}`]));
          expect(types(run)[0]).toBe('loaded');
          const readies = run.messages.filter((message) => (message.data as { type?: string }).type === 'ready');
          expect(readies.at(-1)?.data, where).toMatchObject({ payload: { configId: 'given-by-cbinit' } });
          expect(problems(run), where).toEqual([]);
        }
      }
    },
  );

  it(
    'takes cbInit on the product’s own copy and with ?config= too, at load-finished',
    { timeout: 180_000 },
    async () => {
      const given = init(week('given-by-cbinit', 777), 2);
      const config = Buffer.from(JSON.stringify(week('in-address', 5))).toString('base64url');
      for (const query of ['', `?config=${config}`]) {
        const { runs } = await runWebKitHost({
          url: `${app.url}/packs/daily_rewards/daily_rewards.html${query}`,
          handlers: ['cbEmbed'],
          runs: 3,
          actions: [{ on: 'load-finished', script: `cbInit(${JSON.stringify(given)})` }],
          untilSeen: [{ type: 'ready', payload: { configId: 'given-by-cbinit' } }],
          query: TODAY,
          timeoutMs: 15_000,
        });
        for (const run of runs) {
          expect(run.scripts[0], query).toMatchObject({ result: true, error: null });
          expect(run.query, query).toBe('3');
          expect(problems(run), query).toEqual([]);
        }
      }
    },
  );

  it('sends loaded, ready, claim and close through a named message handler, and as uniwebview:// navigations', async () => {
    const page = await publishedPage(week('published', 100));
    const actions = [
      { on: 'message:ready' as const, script: CLICK(CLAIM_BUTTON) },
      { on: 'message:claim' as const, script: CLICK('.cb-close') },
    ];
    const [handler] = (
      await runWebKitHost({
        url: `${page.http}?streak=1&bridge=${BRIDGE}`,
        handlers: [BRIDGE, 'cbEmbed'],
        actions,
        until: { close: 1 },
        query: elementGeometryQuery([CLAIM_BUTTON]),
        timeoutMs: 15_000,
      })
    ).runs;
    expect(types(handler!)).toEqual(['loaded', 'ready', 'claim', 'close']);
    // The button the host pressed, laid out inside the 390×844 web view.
    const [claim] = handler!.query as WebKitElementGeometry[];
    expect(claim?.x).toBeGreaterThanOrEqual(0);
    expect(claim!.x + claim!.width).toBeLessThanOrEqual(390);
    expect(claim?.renderedFontSize).toBeGreaterThan(0);
    expect(handler!.messages.every((message) => message.via === `handler:${BRIDGE}`)).toBe(true);
    expect(handler!.messages[2]?.data).toMatchObject({ payload: { configId: 'published', day: 2, packId: 'gold' } });

    const [scheme] = (
      await runWebKitHost({
        url: `${page.disk}?streak=1&scheme=uniwebview`,
        handlers: ['cbEmbed'],
        actions,
        until: { close: 1 },
        timeoutMs: 15_000,
      })
    ).runs;
    expect(types(scheme!)).toEqual(['loaded', 'ready', 'claim', 'close']);
    expect(scheme!.messages.every((message) => message.via === 'scheme:uniwebview')).toBe(true);
    // Each message a navigation the host took (and refused, as UniWebView does), the page staying where it was.
    const taken = scheme!.navigations.filter((navigation) => navigation.decision === 'ignore');
    expect(taken).toHaveLength(4);
    for (const navigation of taken) expect(navigation.url).toMatch(/^uniwebview:\/\/event\?payload=%7B/);
    expect(problems(scheme!)).toEqual([]);
  });

  it(
    'frames the published page and the embed page from a host page opened from disk (docs/examples/embed-host.html)',
    { timeout: 180_000 },
    async () => {
      const htmlUrl = await publishOnce(app);
      const dashboard = `dashboard=${encodeURIComponent(app.url)}`;
      const cases = [
        // A published page from storage (/files): day 3 shown, claimed, and the next day shown by the host.
        { query: `?published=${encodeURIComponent(htmlUrl)}&${dashboard}`, seen: [{ today: '3' }, { today: '4' }] },
        // The dashboard's own copy, its config in the address.
        { query: `?published&${dashboard}`, seen: [{ today: '3' }, { today: '4' }] },
        // The embed page, given its config by CB_INIT once it says it has loaded.
        { query: `?${dashboard}`, seen: [{ popup: '/embed/daily_rewards', today: '3' }] },
      ];
      for (const { query, seen } of cases) {
        const [run] = (
          await runWebKitHost({
            url: `${EXAMPLE_HOST}${query}`,
            width: 900,
            height: 700,
            userScripts: [{ source: POPUP_REPORTER, allFrames: true, at: 'end' }],
            untilSeen: seen,
            settleMs: 200,
            query: LOG,
            timeoutMs: 15_000,
          })
        ).runs;
        expect(problems(run!), query).toEqual([]);
        expect(run!.timedOut, query).toBe(false);
        expect(run!.reports, query).toEqual(seen.map((report) => expect.objectContaining(report)));
        const log = String(run!.query);
        expect(log, query).toContain('from embed: {"source":"CB_EMBED","type":"loaded"}');
        if (query.startsWith('?published')) expect(log, query).toMatch(/game: grant .* for day 3/);
        else expect(log, query).toContain('to embed: CB_INIT');
      }
    },
  );
});
