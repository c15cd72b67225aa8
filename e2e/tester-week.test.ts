import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEST_PLAYER_MESSAGES } from '@liveops/domain/players';
import { type DailyRewardState } from '@liveops/domain/runtime-api';
import { seriousViolations } from './support/axe';
import { useBrowserAndApp } from './support/lifecycle';
import { everyDayAPack } from './support/publishable';
import { runtimeCall } from './support/runtime';
import { collectProblems, sender, signedInState } from './support/studio';

/**
 * Decision 040: a studio plays a test player's whole week in the Emulator, on the real server, in a
 * minute. The tester is added in the Emulator, signed in through /v1 from the browser, and each day is claimed from
 * the published popup itself (decision 036); "Next day" moves the tester's clock on the server, "Reset progress"
 * starts a daily reward over. Two daily rewards, one per missed-day rule, show a missed day under each.
 */
const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const POPUP = 'iframe[title="Daily reward popup (test player)"]';
const ZONE = 'Europe/Berlin';

/**
 * A signed-in studio with a published game of two daily rewards: "Launch Week" (keep progress), which every player
 * gets (the oldest of equal priority, decision 038), and "Holiday Week", which nobody gets while Launch Week runs.
 */
async function publishedGame(prefix: string, viewport = DESKTOP) {
  const state = await signedInState(setup.browser, setup.app, prefix);
  // The same account in a context of the wanted size and zone.
  const context = await setup.browser.newContext({ viewport, timezoneId: ZONE, storageState: state });
  const send = sender(context, setup.app);
  const game = (await send('POST', '/api/games', {
    name: 'Tester Week',
    description: 'A week played by a test player',
    platforms: ['Web'],
  })) as { id: string; sdkKey: string };
  const launch = (await send('POST', `/api/games/${game.id}/daily-rewards`, { name: 'Launch Week' })) as { id: string };
  const holiday = (await send('POST', `/api/games/${game.id}/daily-rewards`, { name: 'Holiday Week' })) as {
    id: string;
  };
  await everyDayAPack(send, game.id, [launch.id, holiday.id]);
  const published = (await send('POST', `/api/games/${game.id}/releases`, {})) as { type?: string };
  expect(published?.type).toBe('done');
  return { context, send, game, launch, holiday };
}

const facts = (page: Page) => ({
  day: () => page.getByTestId('tester-day').textContent(),
  streak: () => page.getByTestId('tester-streak').textContent(),
  today: () => page.getByTestId('tester-today').textContent(),
  clock: () => page.getByTestId('tester-clock').textContent(),
});

/** Waits until the tester's state reads this day and streak, and whether today is still to claim. */
async function expectState(page: Page, day: number, streak: number, claimable: boolean) {
  const f = facts(page);
  await expect.poll(f.day, { timeout: 15_000 }).toBe(`Day ${day} of 7`);
  await expect.poll(f.streak, { timeout: 15_000 }).toBe(`${streak} ${streak === 1 ? 'day' : 'days'} in a row`);
  await expect.poll(f.today, { timeout: 15_000 }).toMatch(claimable ? /^Ready to claim/ : /^Claimed · next in /);
}

/** The popup of the state shown, once its script took it over: today's card and its claim button. */
async function popupReady(page: Page, day: number) {
  await page.locator('[data-popup-state="ready"]').waitFor({ timeout: 15_000 });
  const popup = page.frameLocator(POPUP);
  await expect.poll(() => popup.locator(`[data-day="${day}"]`).getAttribute('data-day-state')).toBe('today');
  return popup;
}

/** Claims today from the published popup itself, and waits for the state the runtime then answers. */
async function claimInPopup(page: Page, day: number, streak: number) {
  const popup = await popupReady(page, day);
  await popup.locator('[data-bind="claim"]').click();
  await expectState(page, day, streak, false);
  // The popup is opened again from the new popupUrl: today drawn claimed.
  await page.locator('[data-popup-state="ready"]').waitFor({ timeout: 15_000 });
  await expect
    .poll(() => page.frameLocator(POPUP).locator(`[data-day="${day}"]`).getAttribute('data-day-state'))
    .toBe('claimed');
}

async function nextDay(page: Page) {
  const before = await facts(page).clock();
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect.poll(facts(page).clock, { timeout: 15_000 }).not.toBe(before);
}

async function playConfig(page: Page, name: string) {
  await page.getByLabel('Daily reward', { exact: true }).selectOption({ label: name });
}

async function shoot(page: Page, name: string) {
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
  // From the top, nothing focused: a full-page shot of a scrolled page draws the sticky top bar mid-page.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/tester-week-${name}.png`, fullPage: true });
}

describe('a test player’s week in the Emulator (decision 040)', () => {
  it('plays a whole week on the real server, a missed day under each rule, and a reset, while other players keep the server’s clock', async () => {
    const { context, send, game, launch } = await publishedGame('tester-week');
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/emulator?mode=tester`);

    // Add the tester in the Emulator.
    await page.getByText('No test players yet.').waitFor();
    await page.getByRole('button', { name: 'Add test player' }).click();
    await page.getByLabel('Player id').fill('qa-anna');
    await page.getByLabel('Note').fill('Anna’s test phone');
    await page.getByRole('dialog').getByRole('button', { name: 'Add test player' }).click();
    const row = page.locator('[data-test-player="qa-anna"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('server time');
    expect(await seriousViolations(page)).toEqual([]);

    // Play her: signed in through /v1 from this browser, on the daily reward the runtime gives her.
    const sessions: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/v1/sessions')) sessions.push(request.method());
    });
    await page.getByLabel('Test player', { exact: true }).selectOption({ label: 'qa-anna' });
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expectState(page, 1, 0, true);
    expect(await page.getByTestId('tester-config').textContent()).toBe('Launch Week (for every player)');
    expect(sessions).toEqual(['POST']);
    await popupReady(page, 1);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'day1-1440');

    // Days 1 to 3, each claimed in the popup, "Next day" between.
    for (let day = 1; day <= 3; day++) {
      await expectState(page, day, day - 1, true);
      await claimInPopup(page, day, day);
      if (day === 2) await shoot(page, 'day2-claimed-1440');
      await nextDay(page);
    }
    // Her clock is days ahead now; the list says by how much (once it has heard of the last move: it follows the
    // change, it does not wait for it).
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toMatch(/\+[23] days/);

    // Day 4 passes unclaimed: under "keep progress" day 4 waits, the streak is broken.
    await nextDay(page);
    await expectState(page, 4, 0, true);
    await shoot(page, 'missed-keep-progress-1440');
    await claimInPopup(page, 4, 1);
    for (let day = 5; day <= 7; day++) {
      await nextDay(page);
      await expectState(page, day, day - 4, true);
      await claimInPopup(page, day, day - 3);
    }
    await shoot(page, 'day7-1440');

    // The studio switches the rule to "start over"; a new cycle, then a missed day starts it over.
    await send('PATCH', `/api/games/${game.id}/daily-rewards/${launch.id}`, { missedDay: 'start_over' });
    await nextDay(page);
    await expectState(page, 1, 4, true);
    await claimInPopup(page, 1, 5);
    await nextDay(page);
    await expectState(page, 2, 5, true);
    await nextDay(page);
    await expectState(page, 1, 0, true);
    await expect.poll(() => page.getByText('a missed day starts over at day 1').count()).toBe(1);
    await shoot(page, 'missed-start-over-1440');
    await claimInPopup(page, 1, 1);
    await nextDay(page);
    await claimInPopup(page, 2, 2);

    // Reset progress: day 1 again at once, whatever the streak, as the button says (it pays again the same day).
    const resetButton = page.getByRole('button', { name: 'Reset progress' });
    const noteId = await resetButton.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${noteId}"]`).textContent()).toContain(TEST_PLAYER_MESSAGES.resetPaysAgain);
    expect(await resetButton.getAttribute('title')).toBe(TEST_PLAYER_MESSAGES.resetPaysAgain);
    await resetButton.click();
    await expectState(page, 1, 0, true);
    await claimInPopup(page, 1, 1);

    // Another daily reward, which the runtime does not give her: said so, with the way back.
    await playConfig(page, 'Holiday Week');
    await page.getByText('The runtime gives qa-anna “Launch Week” now', { exact: false }).waitFor();
    await shoot(page, 'not-given-1440');
    await page.getByRole('button', { name: 'Play Launch Week' }).click();
    await expectState(page, 1, 1, false);

    // What the runtime holds for her: every claim granted once (base amount 1, then 5 a claim).
    const { token } = await runtimeCall<{ token: string }>(setup.app.url, 'POST', '/sessions', null, {
      sdkKey: game.sdkKey,
      playerId: 'qa-anna',
      timeZone: ZONE,
    });
    const ledger = await runtimeCall<{ entries: { reason: string; configId: string | null }[] }>(
      setup.app.url,
      'GET',
      '/inventory/ledger?limit=200',
      token,
    );
    const grants = ledger.entries.filter((e) => e.reason === 'daily_reward');
    expect(grants.filter((e) => e.configId === launch.id)).toHaveLength(3 + 1 + 3 + 1 + 2 + 1);
    expect(grants).toHaveLength(11);
    const wallet = await runtimeCall<{ balances: { amount: number }[] }>(setup.app.url, 'GET', '/inventory', token);
    expect(wallet.balances.map((b) => b.amount)).toEqual([1 + 5 * 11]);

    // Another player of the game, on the server's clock the whole time: today's claim once, then none.
    const other = await runtimeCall<{ token: string }>(setup.app.url, 'POST', '/sessions', null, {
      sdkKey: game.sdkKey,
      playerId: 'player-next-door',
      timeZone: ZONE,
    });
    const otherState = async () =>
      (await runtimeCall<{ dailyRewards: DailyRewardState[] }>(setup.app.url, 'GET', '/daily-rewards', other.token))
        .dailyRewards;
    expect((await otherState()).map((s) => [s.name, s.day, s.claimable])).toEqual([['Launch Week', 1, true]]);
    const claimOnce = (key: string) =>
      fetch(`${setup.app.url}/v1/daily-rewards/${launch.id}/claim`, {
        method: 'POST',
        headers: { authorization: `Bearer ${other.token}`, 'idempotency-key': key },
      });
    expect((await claimOnce('next-door-1')).status).toBe(200);
    expect((await claimOnce('next-door-2')).status).toBe(409);
    expect((await otherState()).map((s) => [s.day, s.streak, s.claimable])).toEqual([[1, 1, false]]);

    // Back on the server's clock: set in the edit dialog.
    await page.getByRole('button', { name: 'Edit qa-anna' }).click();
    const dialog = page.getByRole('dialog');
    for (const field of ['Days', 'Hours', 'Minutes']) await dialog.getByLabel(field).fill('0');
    await dialog.getByRole('button', { name: 'Save test player' }).click();
    await expect.poll(() => row.textContent()).toContain('server time');
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('says so when the game has no published release, and lays the tester mode out on a phone', async () => {
    const state = await signedInState(setup.browser, setup.app, 'tester-phone');
    const context = await setup.browser.newContext({ viewport: PHONE, timezoneId: ZONE, storageState: state });
    const send = sender(context, setup.app);
    const game = (await send('POST', '/api/games', {
      name: 'Unpublished',
      description: 'Not published yet',
      platforms: ['Web'],
    })) as { id: string };
    const config = (await send('POST', `/api/games/${game.id}/daily-rewards`, { name: 'Launch Week' })) as {
      id: string;
    };
    await send('POST', `/api/games/${game.id}/test-players`, { playerId: 'qa-phone', clockOffsetMs: 266_400_000 });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/emulator?mode=tester&config=${config.id}`);
    await page.getByText('This game has no published release yet.', { exact: false }).waitFor();
    await page.getByLabel('Test player', { exact: true }).selectOption({ label: 'qa-phone' });
    expect(await page.getByRole('button', { name: 'Play', exact: true }).isDisabled()).toBe(true);
    expect(await page.locator('[data-test-player="qa-phone"]').textContent()).toContain('+3 days 2 h');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shoot(page, 'unpublished-390');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('plays a tester on a phone, the popup framed as on the device', async () => {
    const { context, game } = await publishedGame('tester-phone-play', PHONE);
    const send = sender(context, setup.app);
    await send('POST', `/api/games/${game.id}/test-players`, { playerId: 'qa-pocket', clockOffsetMs: 0 });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/emulator?mode=tester`);
    await page.getByLabel('Test player', { exact: true }).selectOption({ label: 'qa-pocket' });
    await playConfig(page, 'Launch Week');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expectState(page, 1, 0, true);
    await claimInPopup(page, 1, 1);
    await nextDay(page);
    await expectState(page, 2, 1, true);
    await popupReady(page, 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'day2-390');
    expect(problems).toEqual([]);
    await context.close();
  });
});
