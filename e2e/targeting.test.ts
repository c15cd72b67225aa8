import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { DAILY_REWARD_MESSAGES } from '@liveops/domain/daily-rewards';
import { TARGETING_MESSAGES } from '@liveops/domain/targeting';
import { createGameViaApi, signedInContext } from './support/accounts';
import { seriousViolations } from './support/axe';
import { useBrowserAndApp } from './support/lifecycle';
import { everyDayAPack } from './support/publishable';

/**
 * Targeting and schedule (decision 038) as a studio uses them: two daily rewards compete for every player (the tab
 * says so), one is targeted at a segment with a higher priority and an end (the warning says who wins, until
 * when), and the segment tester says which one a sample player gets now, and why.
 */

const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';

/** The screen as it is; with `part`, that part of the page whole, however tall (a phone's panel). */
async function shoot(page: Page, name: string, part?: Locator) {
  await mkdir(SHOTS, { recursive: true });
  const path = `${SHOTS}/targeting-${name}.png`;
  await (part ? part.screenshot({ path }) : page.screenshot({ path }));
}

async function send(context: BrowserContext, method: 'POST' | 'PATCH', path: string, data: unknown) {
  const response = await context.request.fetch(`${setup.app.url}${path}`, {
    method,
    headers: { origin: setup.app.url },
    data,
  });
  if (response.status() >= 300) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

async function publish(context: BrowserContext, gameId: string) {
  const response = await context.request.post(`${setup.app.url}/api/games/${gameId}/releases`, {
    headers: { origin: setup.app.url },
    data: {},
  });
  const lines = (await response.text()).split('\n').filter(Boolean);
  expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ type: 'done' });
}

/** Horizontal overflow of the page: what a phone would have to scroll sideways. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('targeting and schedule of daily rewards', () => {
  it('warns of configs that compete, targets one at a segment, and the tester names the one a player gets', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'targeting');
    const game = await createGameViaApi(context, setup.app, 'Targeted Game');
    const sendJson = (method: 'POST' | 'PATCH', path: string, body: unknown) => send(context, method, path, body);
    const launch = await sendJson('POST', `/api/games/${game.id}/daily-rewards`, { name: 'Launch Week' });
    const payers = await sendJson('POST', `/api/games/${game.id}/daily-rewards`, { name: 'Payers Week' });
    await everyDayAPack(sendJson, game.id, [launch.id as string, payers.id as string]);
    const whales = await sendJson('POST', `/api/games/${game.id}/segments`, {
      name: 'Whales',
      expression: 'player.totalSpend > 100.0',
    });
    // A long name: its option must not widen the Players select past a phone's column.
    await sendJson('POST', `/api/games/${game.id}/segments`, {
      name: 'Players who bought the holiday bundle and finished chapter three',
      expression: 'player.level > 30',
    });
    await publish(context, game.id);

    const page = await context.newPage();
    // The studio works from Tokyo: its local midnight is 15:00 UTC the day before.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Asia/Tokyo' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/daily-rewards?config=${payers.id as string}`);
    const warning = page.getByRole('region', { name: TARGETING_MESSAGES.overlapsTitle });
    await warning
      .getByText(
        '“Launch Week” and “Payers Week” can both apply to a player (one of them is for every player), at any time: such a player gets “Launch Week” (same priority, 0: the older one wins).',
      )
      .waitFor();

    const targeting = page.getByRole('form', { name: 'Targeting' });
    await targeting.getByText(/^Times are in your time zone, Asia\/Tokyo \(GMT\+9\), and stored in UTC/).waitFor();
    await targeting.getByRole('combobox', { name: 'Players' }).selectOption({ label: 'Segment: Whales' });
    await targeting.getByLabel('Priority').fill('10');
    await targeting.getByLabel('Ends').fill('2031-01-01T00:00');
    // An end before the start is refused on the end's field, before anything is sent.
    await targeting.getByLabel('Starts').fill('2031-02-01T00:00');
    // The panel's one save (decision 055) sends the targeting with the rest of the config.
    const panelSave = page.getByRole('group', { name: 'Save Payers Week' });
    await panelSave.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonDirty }).click();
    await targeting.getByText(TARGETING_MESSAGES.inverted).waitFor();
    await targeting.getByLabel('Starts').fill('');
    await panelSave.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonDirty }).click();
    await panelSave.getByText(DAILY_REWARD_MESSAGES.saved).waitFor();
    await panelSave.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonClean }).waitFor();
    await targeting.getByText('2030-12-31 15:00 UTC').waitFor();

    const saved = (await (await context.request.get(`${setup.app.url}/api/games/${game.id}/daily-rewards`)).json()) as {
      id: string;
      targeting: unknown;
    }[];
    expect(saved.find((c) => c.id === payers.id)?.targeting).toEqual({
      segmentId: whales.id,
      startsAt: null,
      endsAt: '2030-12-31T15:00:00.000Z',
      priority: 10,
    });
    const until = await page.evaluate(() =>
      new Date(2031, 0, 1).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    );
    await warning
      .getByText(
        `“Payers Week” and “Launch Week” can both apply to a player (one of them is for every player), until ${until}: such a player gets “Payers Week” (priority 10 over 0).`,
      )
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'tab-1440');
    await targeting.scrollIntoViewIfNeeded();
    await shoot(page, 'targeting-1440', targeting);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'warning-390', warning);
    await shoot(page, 'targeting-390', targeting);

    // The tester: the example player spends too little for the whales, then enough.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/segments/${whales.id as string}`);
    const answer = page.getByRole('region', { name: 'Daily reward this player gets now' });
    await answer.getByText('Launch Week', { exact: true }).first().waitFor();
    await answer.getByText('For every player (no segment).').waitFor();
    await answer.getByText('Priority 0: no other config applies to this player now.').waitFor();
    const player = page.getByLabel('Player (JSON)');
    const text = (await player.inputValue()).replace(/"totalSpend": [\d.]+/, '"totalSpend": 500');
    await player.fill(text);
    await answer.getByText('Segment matched: “Whales”.').waitFor();
    await answer.getByText('Payers Week', { exact: true }).first().waitFor();
    await answer.getByText(`Schedule: until ${until}.`).waitFor();
    await answer.getByText('Priority 10: outranks “Launch Week” (0).').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await answer.scrollIntoViewIfNeeded();
    await shoot(page, 'tester-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    // The table's headings wrap between words, never inside one ("Prio" / "rity").
    const splitHeadings = await answer.locator('th').evaluateAll((cells) =>
      cells
        .filter((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
          return lines.size > (cell.textContent ?? '').trim().split(/\s+/).length;
        })
        .map((cell) => cell.textContent),
    );
    expect(splitHeadings).toEqual([]);
    await shoot(page, 'tester-390', answer);
    await context.close();
  });
});
