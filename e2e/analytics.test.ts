import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { signedInContext } from './support/accounts';
import { seriousViolations } from './support/axe';
import { useBrowserAndApp } from './support/lifecycle';
import { everyDayAPack } from './support/publishable';
import { runtimeCall } from './support/runtime';

/**
 * Issue 23 item 2, decision 044: players report the popup through POST /v1/events with their token, and the
 * studio's Analytics tab shows them, following live while it is open. The charts' library is loaded by this tab only.
 */
const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

function sender(context: BrowserContext) {
  return async (method: 'POST' | 'PATCH', path: string, body: unknown): Promise<unknown> => {
    const response = await context.request.fetch(`${setup.app.url}${path}`, {
      method,
      data: body,
      headers: { origin: setup.app.url },
    });
    if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    const text = await response.text();
    return text ? (JSON.parse(text.split('\n').filter(Boolean).at(-1) ?? 'null') as unknown) : null;
  };
}

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Scripts the page downloaded whose name starts with `prefix`. */
function scriptsNamed(page: Page, prefix: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').at(-1) ?? '';
    if (name.startsWith(prefix) && name.endsWith('.js')) seen.push(name);
  });
  return seen;
}

async function shoot(page: Page, name: string) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/analytics-${name}.png`, fullPage: true });
}

/** A player signs in and reports that they saw the popup of `configId`, as the published page does. */
async function playerSees(sdkKey: string, playerId: string, configId: string) {
  const { token } = await runtimeCall<{ token: string }>(setup.app.url, 'POST', '/sessions', null, {
    sdkKey,
    playerId,
    timeZone: 'UTC',
  });
  const answer = await runtimeCall<{ accepted: number }>(setup.app.url, 'POST', '/events', token, {
    events: [{ id: randomUUID(), type: 'shown', configId, clientTime: Date.now() }],
  });
  expect(answer.accepted).toBe(1);
  return token;
}

const seen = (page: Page) => page.getByRole('region', { name: 'Totals' }).getByRole('definition').first().textContent();
const claimed = (page: Page) =>
  page.getByRole('region', { name: 'Totals' }).locator('dt:text-is("Claimed") + dd').textContent();

/** The player claims today's reward through the runtime, as the popup or the SDK does. */
async function playerClaims(token: string, configId: string) {
  const response = await fetch(`${setup.app.url}/v1/daily-rewards/${configId}/claim`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('the Analytics tab (issue 23 item 2, decision 044)', () => {
  it('shows players who saw the popup, and the next one while it is open', async () => {
    const { context: made } = await signedInContext(setup.browser, setup.app, 'analytics-tab');
    const state = await made.storageState();
    await made.close();
    const context = await setup.browser.newContext({ viewport: DESKTOP, storageState: state });
    const send = sender(context);
    const game = (await send('POST', '/api/games', {
      name: 'Figures Game',
      description: 'A game whose studio reads its figures',
      platforms: ['Web'],
    })) as { id: string; sdkKey: string };
    const week = (await send('POST', `/api/games/${game.id}/daily-rewards`, { name: 'Launch Week' })) as { id: string };
    await everyDayAPack(send, game.id, [week.id]);
    const published = (await send('POST', `/api/games/${game.id}/releases`, {})) as { type?: string };
    expect(published?.type).toBe('done');

    const page = await context.newPage();
    const problems = collectProblems(page);
    const charts = scriptsNamed(page, 'analytics-charts');
    // Other pages never download the charts' library.
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/players`);
    await page.getByRole('heading', { name: 'Players' }).waitFor();
    expect(charts).toEqual([]);

    await page.getByRole('link', { name: 'Analytics', exact: true }).click();
    await page.getByText('No events yet: players who open the popup from popupUrl appear here.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'empty-1280');

    const ada = await playerSees(game.sdkKey, 'ada', week.id);
    // The tab follows without a reload.
    await expect.poll(() => seen(page), { timeout: 15_000 }).toBe('1');
    await page.getByRole('region', { name: 'By day' }).locator('svg.recharts-surface').first().waitFor();
    expect(charts.length).toBeGreaterThan(0);
    await playerSees(game.sdkKey, 'bob', week.id);
    await expect.poll(() => seen(page), { timeout: 15_000 }).toBe('2');
    // A claim shows within seconds too: the server feeds claims into the figures every 2 s (decision 045).
    expect(await claimed(page)).toBe('0');
    await playerClaims(ada, week.id);
    await expect.poll(() => claimed(page), { timeout: 15_000 }).toBe('1');

    // The same figures for the one daily reward, and as a table.
    await page.getByLabel('Daily reward').selectOption({ label: 'Launch Week' });
    expect(page.url()).toContain(`config=${week.id}`);
    await expect.poll(() => seen(page), { timeout: 15_000 }).toBe('2');
    const byDay = page.getByRole('region', { name: 'By day' });
    await byDay.getByRole('button', { name: 'Show table' }).click();
    const today = new Date().toISOString().slice(0, 10);
    const row = byDay.getByRole('row', { name: new RegExp(today) });
    expect((await row.getByRole('cell').allTextContents()).slice(0, 2)).toEqual(['2', '1']);
    expect(await seriousViolations(page)).toEqual([]);

    // A custom range that ends before it starts is refused with the reason.
    await page.getByLabel('Range', { exact: true }).selectOption({ label: 'Custom…' });
    const custom = page.getByRole('form', { name: 'Custom range' });
    await custom.getByLabel('From').fill('2026-03-10');
    await custom.getByLabel('To').fill('2026-03-01');
    await custom.getByRole('button', { name: 'Apply' }).click();
    await custom.getByText('The range ends before it starts', { exact: false }).waitFor();
    await page.getByLabel('Range', { exact: true }).selectOption({ label: 'Last 7 days' });
    await expect.poll(() => seen(page), { timeout: 15_000 }).toBe('2');
    await page.locator('svg.recharts-surface').first().waitFor();
    await shoot(page, 'figures-1280');

    // The phone: one column, nothing wider than the screen.
    const phone = await setup.browser.newContext({ viewport: PHONE, storageState: state });
    const small = await phone.newPage();
    const smallProblems = collectProblems(small);
    await small.goto(`${setup.app.url}/dashboard/game/${game.id}/analytics?config=${week.id}`);
    await expect.poll(() => seen(small), { timeout: 15_000 }).toBe('2');
    await small.locator('svg.recharts-surface').first().waitFor();
    await small.getByRole('region', { name: 'Streaks' }).getByRole('button', { name: 'Show table' }).click();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shoot(small, 'figures-390');
    await phone.close();

    expect(problems).toEqual([]);
    expect(smallProblems).toEqual([]);
    await context.close();
  }, 180_000);
});
