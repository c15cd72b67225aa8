import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ASSET_MESSAGES, GAME_MESSAGES, VERIFY_MESSAGES } from '@liveops/domain';
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
    const thumbnail = page.locator('.asset-card', { hasText: 'Gold coin' }).getByRole('img', { name: 'Gold coin' });
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
