import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { useBrowserAndApp } from './support/lifecycle';
import { everyDayAPack } from './support/publishable';
import { runtimeCall } from './support/runtime';
import { collectProblems, sender, signedInState } from './support/studio';

/**
 * Decision 044: players report the popup through POST /v1/events with their token, and the
 * studio's Analytics tab shows them, following live while it is open. The charts' library is loaded by this tab only.
 */
const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

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
const sessions = (page: Page) =>
  page.getByRole('region', { name: 'Totals' }).locator('dt:text-is("Sessions") + dd').textContent();

/** The player claims today's reward through the runtime, as the popup or the SDK does. */
async function playerClaims(token: string, configId: string) {
  const response = await fetch(`${setup.app.url}/v1/daily-rewards/${configId}/claim`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('the Analytics tab (decision 044)', () => {
  it('shows players who saw the popup, and the next one while it is open', async () => {
    const state = await signedInState(setup.browser, setup.app, 'analytics-tab');
    const context = await setup.browser.newContext({ viewport: DESKTOP, storageState: state });
    const send = sender(context, setup.app);
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
    // Their sessions count them as active today (written every second by the server, decision 047); return rates
    // wait for tomorrow.
    await expect.poll(() => sessions(page), { timeout: 15_000 }).toBe('2');
    await page
      .getByRole('status', { name: 'Return rates' })
      .getByText('No return rates yet', { exact: false })
      .waitFor();
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

/** Every day from `from` to `to` with zeros, and the figures given for some of them. */
function rollupDays(from: string, to: string, figures: Record<string, Record<string, number>>) {
  const days = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    days.push({
      day,
      sessions: 0,
      shown: 0,
      closed: 0,
      claimed: 0,
      active: 0,
      activeBackNextDay: 0,
      activeBackDay7: 0,
      claimedBackNextDay: 0,
      claimedBackDay7: 0,
      claimedByCycleDay: [0, 0, 0, 0, 0, 0, 0],
      claimedByStreak: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0, '6': 0, '7': 0, '8-14': 0, '15-30': 0, '31+': 0 },
      ...figures[day],
    });
  }
  return days;
}

/**
 * Serves the page the game's analytics as the server answers rollups: the figures (read at each request, so a test can
 * change them) for the range asked for or the last 30 days, no experiment.
 */
async function serveFigures(page: Page, figures: () => Record<string, Record<string, number>>) {
  const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  await page.route(
    (url) => /^\/api\/games\/[^/]+\/analytics$/.test(url.pathname),
    async (route) => {
      const url = new URL(route.request().url());
      const from = url.searchParams.get('from') ?? day(29);
      const to = url.searchParams.get('to') ?? day(0);
      const includesTestPlayers = url.searchParams.get('testers') === 'include';
      await route.fulfill({
        json: {
          from,
          to,
          configId: null,
          includesTestPlayers,
          days: rollupDays(from, to, figures()),
          experiment: null,
        },
      });
    },
  );
}

/** A new game on the Web, made through the context's session. */
async function newGame(context: BrowserContext, name: string, description: string) {
  return (await sender(context, setup.app)('POST', '/api/games', { name, description, platforms: ['Web'] })) as {
    id: string;
  };
}

describe('return rates in the Analytics tab (decision 047)', () => {
  it('compares players who claimed with those who did not, next day and 7 days later, as a chart, a table and a CSV', async () => {
    // Return rates need days to pass: the tab is given a month of rollups as the server answers them.
    const state = await signedInState(setup.browser, setup.app, 'analytics-returns');
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    const figures: Record<string, Record<string, number>> = {
      [day(8)]: {
        sessions: 10,
        shown: 8,
        claimed: 4,
        active: 10,
        activeBackNextDay: 7,
        claimedBackNextDay: 3,
        activeBackDay7: 3,
        claimedBackDay7: 2,
      },
      [day(1)]: { sessions: 6, shown: 6, claimed: 3, active: 6, activeBackNextDay: 2, claimedBackNextDay: 2 },
    };
    for (const [viewport, name] of [
      [DESKTOP, 'returns-1280'],
      [PHONE, 'returns-390'],
    ] as const) {
      const context = await setup.browser.newContext({ viewport, storageState: state, acceptDownloads: true });
      const page = await context.newPage();
      const problems = collectProblems(page);
      await serveFigures(page, () => figures);
      const game = await newGame(context, 'Returns Game', 'A game whose players come back');
      await page.goto(`${setup.app.url}/dashboard/game/${game.id}/analytics`);
      const returns = page.getByRole('region', { name: 'Return rates' });
      await returns.locator('svg.recharts-surface').first().waitFor();
      // Claimed: 3 + 2 of 4 + 3 back the next day (day 1's is so far), 2 of 4 a week later; the others 4 + 0 of 6 + 3.
      expect(await returns.getByRole('img', { name: /^Return rates,/ }).getAttribute('aria-label')).toContain(
        'players who claimed: 71.4 % next day, 50 % 7 days later; players who did not claim: 44.4 % next day, 16.7 % 7 days later',
      );
      await returns.getByRole('button', { name: 'Show table' }).click();
      expect(
        await returns
          .getByRole('table', { name: /^Return rates, / })
          .getByRole('row', { name: /^Claimed/ })
          .getByRole('cell')
          .allTextContents(),
      ).toEqual(['71.4 % (5 of 7)', '50 % (2 of 4)']);
      expect(
        await returns
          .getByRole('row', { name: new RegExp(day(1)) })
          .getByRole('cell')
          .allTextContents(),
      ).toEqual(['3', '2 (66.7 %) so far', 'not yet', '3', '0 (0 %) so far', 'not yet']);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        returns.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      const csv = await readFile((await download.path()) ?? '', 'utf8');
      expect(csv.split('\r\n').slice(0, 2)).toEqual([
        'day,claimed,claimed_back_next_day,claimed_back_day_7,did_not_claim,did_not_claim_back_next_day,did_not_claim_back_day_7',
        `${day(8)},4,3,2,6,4,1`,
      ]);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await returns.scrollIntoViewIfNeeded();
      // No tooltip in the picture: the pointer leaves the chart.
      await page.mouse.move(0, 0);
      await mkdir(SHOTS, { recursive: true });
      await returns.screenshot({ path: `${SHOTS}/analytics-${name}.png` });
      expect(problems).toEqual([]);
      await context.close();
    }
  }, 180_000);
});

describe('the By day chart’s bars', () => {
  it('draws one day as two bars centred in the plot, and a month on a phone as bars, not hairlines', async () => {
    const state = await signedInState(setup.browser, setup.app, 'analytics-bars');
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    // `days` days of figures, ending today; the rest of the range is empty (a game whose players came lately).
    const figuresFor = (days: number) =>
      Object.fromEntries(
        Array.from({ length: days }, (_, back) => [day(back), { sessions: 10, shown: 8 + (back % 4), claimed: 4 }]),
      );
    for (const [viewport, width] of [
      [DESKTOP, 1280],
      [PHONE, 390],
    ] as const) {
      const context = await setup.browser.newContext({ viewport, storageState: state });
      const page = await context.newPage();
      const problems = collectProblems(page);
      let figures = figuresFor(1);
      await serveFigures(page, () => figures);
      const game = await newGame(context, 'Bars Game', 'A game whose players came today');
      const byDay = page.getByRole('region', { name: 'By day' });
      const bars = async () => {
        await byDay.locator('.recharts-bar-rectangle path').first().waitFor();
        // The bars grow in for a moment after they appear.
        await page.waitForTimeout(1_600);
        return byDay
          .locator('.recharts-bar-rectangle path')
          .evaluateAll((paths) => paths.map((path) => path.getBoundingClientRect().toJSON() as DOMRect));
      };
      const plot = async () =>
        (await byDay.locator('.recharts-cartesian-grid').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };

      // One day of figures in the last 30 days: today's two bars, side by side, centred, at most 40 px wide.
      await page.goto(`${setup.app.url}/dashboard/game/${game.id}/analytics`);
      const oneDay = await bars();
      expect(oneDay).toHaveLength(2);
      const area = await plot();
      for (const bar of oneDay) {
        expect(bar.width).toBeGreaterThan(20);
        expect(bar.width).toBeLessThanOrEqual(40);
      }
      const middle = (oneDay[0]!.left + oneDay[1]!.right) / 2;
      expect(Math.abs(middle - (area.x + area.width / 2))).toBeLessThan(4);
      await byDay.getByText('The chart starts on', { exact: false }).waitFor();
      await page.mouse.move(0, 0);
      await byDay.screenshot({ path: `${SHOTS}/analytics-by-day-1-day-${width}.png` });

      // A month of figures: 60 bars, each a few pixels wide at least (overlaid on a phone, side by side on a desktop).
      figures = figuresFor(30);
      await page.reload();
      const month = await bars();
      expect(month).toHaveLength(60);
      for (const bar of month) expect(bar.width).toBeGreaterThanOrEqual(4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.mouse.move(0, 0);
      await byDay.screenshot({ path: `${SHOTS}/analytics-by-day-30-days-${width}.png` });
      expect(problems).toEqual([]);
      await context.close();
    }
  }, 180_000);
});
