import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { VERIFY_MESSAGES } from '@liveops/domain/accounts';
import { ASSET_MESSAGES } from '@liveops/domain/assets';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { createGameViaApi, signedInContext } from './support/accounts';
import { useBrowserAndApp } from './support/lifecycle';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A real 1×1 PNG, so the assets tab shows a thumbnail. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
};

const handles = useBrowserAndApp({ env: { AUTH_RATE_LIMIT_MAX: '50' } });

/** What the browser reports as a Content-Security-Policy violation on this page, from now on. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => {
    const details = issue.details.contentSecurityPolicyIssueDetails;
    if (details) {
      const where = details.blockedURL ?? details.sourceCodeLocation?.url ?? '';
      violations.push(
        `${page.url()}: ${details.violatedDirective} (${details.contentSecurityPolicyViolationType}) ${where}`,
      );
    }
  });
  await cdp.send('Audits.enable');
  return violations;
}

/** The serious and critical axe-core violations of the page as it is now. */
async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: the page's CSP rightly refuses an inline <script>.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const results = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: unknown[] };
    return results.violations;
  });
  return (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

function describeViolations(label: string, violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${label}: [${v.impact}] ${v.id}: ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary ?? ''}`).join('\n'),
    )
    .join('\n');
}

/** Checks pages one after another and reports every failure at the end, so one run shows them all. */
function pageChecker() {
  const failures: string[] = [];
  return {
    failures,
    async check(page: Page, label: string) {
      // Let transitions (the card's flip, the dialog's fade) finish before colours are measured.
      await page.waitForTimeout(600);
      const violations = await seriousViolations(page);
      if (violations.length > 0) failures.push(describeViolations(label, violations));
    },
  };
}

async function newSignedInPage(prefix: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context } = await signedInContext(handles.browser, handles.app, prefix);
  return { context, page: await context.newPage() };
}

describe('accessibility of every page (axe-core, serious and critical)', () => {
  it('finds no violation on the sign-in pages and the not-found page', async () => {
    const { browser, app } = handles;
    const { check, failures } = pageChecker();
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const csp = await watchCsp(page);

    await page.goto(`${app.url}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await check(page, '/login (log in)');
    await page.locator('.auth-face-login').getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.locator('.auth-card').getAttribute('data-mode')).toBe('signup');
    await check(page, '/login (sign up)');

    await page.goto(`${app.url}/verified`);
    await page.getByText(VERIFY_MESSAGES.mustBeLoggedIn).waitFor();
    await check(page, '/verified (not signed in)');

    await page.goto(`${app.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await check(page, 'not found');

    expect(failures.join('\n\n')).toBe('');
    expect(csp).toEqual([]);
  });

  it('finds no violation on the dashboard, the create-game dialog and every workspace tab', async () => {
    const { app } = handles;
    const { check, failures } = pageChecker();
    const { context, page } = await newSignedInPage('a11y');
    const csp = await watchCsp(page);

    await page.goto(`${app.url}/dashboard`);
    await page.getByText(GAME_MESSAGES.empty).waitFor();
    await check(page, '/dashboard (no games)');

    await page.getByRole('button', { name: '+ Create New Game' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create Game' }).waitFor();
    await check(page, '/dashboard (create-game dialog)');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const game = await createGameViaApi(context, app, 'Star Miner');
    await page.goto(`${app.url}/dashboard`);
    await page.locator('.game-card', { hasText: 'Star Miner' }).waitFor();
    await check(page, '/dashboard (one game)');

    const workspace = `${app.url}/dashboard/game/${game.id}`;
    await page.goto(workspace);
    await page.getByRole('heading', { name: 'Star Miner', level: 1 }).waitFor();
    await check(page, 'profile tab');

    // An uploaded image, so the assets tab is checked with a thumbnail in its list.
    await page.goto(`${workspace}/assets`);
    await page.getByText(ASSET_MESSAGES.empty).waitFor();
    await page.getByLabel('Asset name').fill('Gold coin');
    await page.getByLabel('File').setInputFiles({ name: 'coin.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Upload' }).click();
    const thumbnail = page.locator('.asset-card', { hasText: 'Gold coin' }).locator('img');
    await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await check(page, 'assets tab');

    const tabs: [string, string][] = [
      ['segments', 'Player Segments'],
      ['inventory', 'Inventory'],
      ['daily-rewards', 'Daily Rewards'],
      ['emulator', 'Emulator'],
      ['offers', 'Offers'],
      ['events', 'Events'],
    ];
    for (const [path, heading] of tabs) {
      await page.goto(`${workspace}/${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      await check(page, `${path} tab`);
    }

    expect(failures.join('\n\n')).toBe('');
    expect(csp).toEqual([]);
  });
});

/** The axe-core colour-contrast violations (WCAG AA) of the page as it is now, as "target: summary" lines. */
async function contrastViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const results = (await axe.run(document, { runOnly: ['color-contrast'], resultTypes: ['violations'] })) as {
      violations: unknown[];
    };
    return results.violations;
  })) as AxeViolation[];
  return violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`));
}

describe('the published popup with claimed days', () => {
  it('keeps every day card readable (WCAG AA contrast), in portrait and landscape', async () => {
    const { app } = handles;
    const { context } = await signedInContext(handles.browser, app, 'a11y-published');
    const send = async (method: 'POST' | 'PATCH', path: string, data: unknown) => {
      const response = await context.request.fetch(`${app.url}${path}`, {
        method,
        data,
        headers: { origin: app.url },
      });
      if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
      return response.text();
    };
    const failures: string[] = [];
    for (const orientation of ['portrait', 'landscape'] as const) {
      const game = await createGameViaApi(context, app, `Claimed ${orientation}`);
      await send('PATCH', `/api/games/${game.id}/orientation`, { orientation });
      const config = JSON.parse(await send('POST', `/api/games/${game.id}/daily-rewards`, { name: 'Week' })) as {
        id: string;
      };
      const base = `/api/games/${game.id}`;
      const gold = JSON.parse(
        await send('POST', `${base}/items`, { name: 'Gold', type: 'currency', value: 1, baseAmount: 1 }),
      ) as { id: string };
      const chest = JSON.parse(
        await send('POST', `${base}/packs`, {
          name: 'Chest',
          contents: [{ itemId: gold.id, quantity: 50 }],
          iconId: 'gift',
        }),
      ) as { id: string };
      const rewards = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: chest.id }));
      await send('PATCH', `${base}/daily-rewards/${config.id}`, { rewards, cycleDays: 7 });
      const lines = (await send('POST', `/api/games/${game.id}/releases`, {})).trim().split('\n');
      const done = JSON.parse(lines[lines.length - 1]!) as {
        type: string;
        release: { artifacts: { versionedHtmlUrl: string }[] };
      };
      expect(done.type).toBe('done');

      const viewport = orientation === 'portrait' ? { width: 390, height: 844 } : { width: 844, height: 390 };
      const page = await (await handles.browser.newContext({ viewport })).newPage();
      // Streak 3: days 1 to 3 are claimed, day 4 is today, 5 to 7 are upcoming.
      await page.goto(`${done.release.artifacts[0]!.versionedHtmlUrl}?streak=3`);
      await expect.poll(() => page.locator('[data-day-state="claimed"]').count()).toBe(3);
      await page.waitForTimeout(600);
      const found = await contrastViolations(page);
      if (found.length > 0) failures.push(`${orientation}:\n  ${found.join('\n  ')}`);
      await page.screenshot({ path: `/tmp/shots/published-claimed-${orientation}.png` });
      // And on a desktop-sized view (the web view of a tablet or a desktop game).
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.waitForTimeout(300);
      const wide = await contrastViolations(page);
      if (wide.length > 0) failures.push(`${orientation} at 1440×900:\n  ${wide.join('\n  ')}`);
      await page.screenshot({ path: `/tmp/shots/published-claimed-${orientation}-1440.png` });

      // The check is real: the old claimed style (the card's content at 45 % opacity, 2.04:1) fails it.
      await page.evaluate(() => {
        document.querySelectorAll<HTMLElement>('.cb-day-claimed > :not(.cb-day-check)').forEach((element) => {
          element.style.opacity = '0.45';
        });
      });
      expect(await contrastViolations(page)).not.toEqual([]);
      await page.context().close();
    }
    expect(failures.join('\n')).toBe('');
    await context.close();
  });
});

describe('a signed-out visit', () => {
  it('logs no error in the console on /login, /verified and /dashboard', async () => {
    const { browser, app } = handles;
    const page = await (await browser.newContext()).newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));

    await page.goto(`${app.url}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.goto(`${app.url}/verified`);
    await page.getByText(VERIFY_MESSAGES.mustBeLoggedIn).waitFor();
    await page.goto(`${app.url}/dashboard`);
    await page.waitForURL(`${app.url}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

    expect(errors).toEqual([]);
  });
});
