import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { DailyReward } from '@liveops/domain/daily-rewards';
import { seriousViolations } from './support/axe';
import { useBrowserAndApp } from './support/lifecycle';
import { everyDayAPack } from './support/publishable';
import { runtimeCall } from './support/runtime';
import { collectProblems, sender, signedInState } from './support/studio';

/**
 * Decision 046: a studio starts an A/B test of its popup on the Daily Rewards tab, edits variant
 * B in the UI editor and publishes; each player the runtime signs in gets one variant for good and its page; their
 * claims show in the Analytics tab's comparison, and promoting B makes B's layout the config's.
 */
const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A screenshot of one part of the page, scrolled into view, at the page's current width. */
async function shoot(page: Page, part: Locator, name: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  await part.scrollIntoViewIfNeeded();
  await mkdir(SHOTS, { recursive: true });
  await part.screenshot({ path: `${SHOTS}/experiments-${name}.png` });
}

/** No sideways scrolling: the page is as wide as the window; else the elements that stick out, to say which. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`,
      );
  });

type RuntimeState = { configId: string; variantId: string | null; popupUrl: string };

/** A player signs in, reads their daily reward, reports the popup seen and claims, as a game would. */
async function playerPlays(sdkKey: string, playerId: string, configId: string) {
  const { token } = await runtimeCall<{ token: string }>(setup.app.url, 'POST', '/sessions', null, {
    sdkKey,
    playerId,
    timeZone: 'UTC',
  });
  const read = async () => {
    const { dailyRewards } = await runtimeCall<{ dailyRewards: RuntimeState[] }>(
      setup.app.url,
      'GET',
      '/daily-rewards',
      token,
    );
    const state = dailyRewards.find((entry) => entry.configId === configId);
    if (!state) throw new Error(`${playerId} has no state for ${configId}`);
    return state;
  };
  const first = await read();
  // Stable: asked again, the same variant and page (the fragment carries a fresh popup token, whose expiry is in
  // whole seconds: two reads a second apart differ there).
  const again = await read();
  const pageOf = (state: RuntimeState) => state.popupUrl.split('#')[0];
  expect(again.variantId).toBe(first.variantId);
  expect(pageOf(again)).toBe(pageOf(first));
  await runtimeCall(setup.app.url, 'POST', '/events', token, {
    events: [{ id: randomUUID(), type: 'shown', configId, clientTime: Date.now() }],
  });
  const claimed = await fetch(`${setup.app.url}/v1/daily-rewards/${configId}/claim`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
  });
  expect(claimed.status, await claimed.clone().text()).toBe(200);
  return first;
}

describe('A/B tests of the popup (decision 046)', () => {
  it('starts in the Daily Rewards tab, edits B in the UI editor, assigns players for good, compares, promotes', async () => {
    const state = await signedInState(setup.browser, setup.app, 'experiments');
    const context = await setup.browser.newContext({ viewport: DESKTOP, storageState: state });
    const send = sender(context, setup.app);
    const game = (await send('POST', '/api/games', {
      name: 'Split Test Game',
      description: 'A game that tries two popups',
      platforms: ['Web'],
    })) as { id: string; sdkKey: string };
    const week = (await send('POST', `/api/games/${game.id}/daily-rewards`, { name: 'Launch Week' })) as {
      id: string;
    };
    await everyDayAPack(send, game.id, [week.id]);

    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/daily-rewards`);
    const panel = page.getByRole('region', { name: 'Experiment' });
    await panel.getByRole('button', { name: 'Set up an experiment' }).click();
    // Two variants to start with: A (the current layout) and B, half the players each.
    await panel.getByLabel('Name of variant B').fill('Big chest');
    await expect.poll(() => panel.getByText('50 % of new players').count()).toBe(2);
    // Weights that sum to 0 are refused with the domain's sentence, before anything is sent.
    const weights = panel.getByLabel('Weight');
    await weights.nth(0).fill('0');
    await weights.nth(1).fill('0');
    await panel.getByRole('button', { name: 'Start experiment' }).click();
    await panel.getByText('The weights sum to 0', { exact: false }).waitFor();
    await weights.nth(0).fill('1');
    await weights.nth(1).fill('1');
    await panel.getByRole('button', { name: 'Start experiment' }).click();
    await panel.getByText('Running since', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, panel, 'panel-1280');
    await page.setViewportSize(PHONE);
    // The charts measure their box again a moment after the window shrinks.
    await expect.poll(() => overflow(page)).toEqual([]);
    await shoot(page, panel, 'panel-390');
    await page.setViewportSize(DESKTOP);

    // B's layout in the UI editor: the switcher says which variant is edited; the save goes to B.
    await panel.getByRole('link', { name: 'Edit layout of Big chest' }).click();
    await page.waitForURL(`**/ui-editor/daily_rewards/${week.id}?variant=B`);
    const switcher = page.getByRole('navigation', { name: 'Experiment variant' });
    await switcher.waitFor();
    expect(await switcher.getByRole('link', { name: 'B Big chest' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('tree', { name: 'Components' }).getByRole('treeitem', { name: 'Header Title' }).click();
    await page.getByLabel('Text', { exact: true }).fill('Big chest today');
    await page.getByLabel('Text', { exact: true }).press('Enter');
    // Another variant with unsaved changes asks first.
    await switcher.getByRole('link', { name: /^A/ }).click();
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'Stay' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.ui-editor-status').textContent(), { timeout: 20_000 }).toBe('');
    await shoot(page, page.locator('.ui-editor-header'), 'editor-switcher-1280');
    await page.setViewportSize(PHONE);
    await shoot(page, page.locator('.ui-editor-header'), 'editor-switcher-390');
    await page.setViewportSize(DESKTOP);
    const stored = (await send('GET', `/api/daily-rewards/${week.id}`)) as DailyReward;
    const b = stored.experiment?.variants.find((variant) => variant.id === 'B');
    expect(JSON.stringify(b?.uiLayout)).toContain('Big chest today');
    // The config's own layout (A's) is untouched.
    expect(JSON.stringify(stored.uiLayout ?? null)).not.toContain('Big chest today');

    // Published: players get a variant each, for good, and its page.
    const published = (await send('POST', `/api/games/${game.id}/releases`, {})) as { type?: string };
    expect(published?.type).toBe('done');
    const byVariant = new Map<string, RuntimeState[]>();
    for (let at = 0; at < 16 && (byVariant.get('A')?.length ?? 0) * (byVariant.get('B')?.length ?? 0) < 2; at++) {
      const got = await playerPlays(game.sdkKey, `player-${at}`, week.id);
      expect(['A', 'B']).toContain(got.variantId);
      byVariant.set(got.variantId!, [...(byVariant.get(got.variantId!) ?? []), got]);
    }
    const as = byVariant.get('A') ?? [];
    const bs = byVariant.get('B') ?? [];
    expect(as.length).toBeGreaterThan(0);
    expect(bs.length).toBeGreaterThan(0);
    // B's players open B's page, which shows B's layout; A's open the config's.
    expect(bs[0]!.popupUrl).not.toBe(as[0]!.popupUrl);
    const bPage = await (await fetch(bs[0]!.popupUrl)).text();
    expect(bPage).toContain('Big chest today');
    expect(await (await fetch(as[0]!.popupUrl)).text()).not.toContain('Big chest today');

    // A test player plays too (decision 053): left out of every figure until the tab's switch includes them.
    await send('POST', `/api/games/${game.id}/test-players`, { playerId: 'qa-tester' });
    const tester = await playerPlays(game.sdkKey, 'qa-tester', week.id);

    // The Analytics tab compares them.
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/analytics?config=${week.id}`);
    const comparison = page.getByRole('region', { name: 'Experiment', exact: true });
    await comparison.waitFor();
    const variants = page.getByRole('region', { name: 'Experiment variants' });
    await variants.getByRole('button', { name: 'Show table' }).click();
    const rowOf = (name: RegExp) => variants.getByRole('row', { name });
    await expect
      .poll(
        () =>
          rowOf(/^Big chest/)
            .getByRole('cell')
            .nth(2)
            .textContent(),
        { timeout: 20_000 },
      )
      .toBe(String(bs.length));
    expect(await rowOf(/^A/).getByRole('cell').nth(2).textContent()).toBe(String(as.length));
    // Every rate says how many players it is out of, in the table and on its bar.
    expect(
      await rowOf(/^Big chest/)
        .getByRole('cell')
        .nth(3)
        .textContent(),
    ).toBe(`100 % (n = ${bs.length})`);
    await variants
      .locator('svg text', { hasText: `n = ${bs.length}` })
      .first()
      .waitFor();
    // The switch counts the test player in, and out again.
    const testersSwitch = page.getByRole('checkbox', { name: 'Include test players' });
    expect(await testersSwitch.isChecked()).toBe(false);
    const testerRow = rowOf(tester.variantId === 'B' ? /^Big chest/ : /^A/);
    const withoutTester = String((tester.variantId === 'B' ? bs : as).length);
    await testersSwitch.check();
    await page.waitForURL(/testers=include/);
    await expect
      .poll(() => testerRow.getByRole('cell').nth(2).textContent(), { timeout: 20_000 })
      .toBe(String(Number(withoutTester) + 1));
    await comparison.getByText('test players included', { exact: false }).waitFor();
    await shoot(page, page.getByRole('region', { name: 'Filters' }), 'testers-switch-1280');
    await testersSwitch.uncheck();
    await expect.poll(() => testerRow.getByRole('cell').nth(2).textContent(), { timeout: 20_000 }).toBe(withoutTester);
    // Everyone who saw the popup claimed it: nothing to tell them apart yet, and the tab says so.
    await comparison
      .getByText('Every player claimed in both A and Big chest: no difference to measure.')
      .first()
      .waitFor();
    await variants.locator('svg.recharts-surface').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, comparison, 'comparison-1280');
    await shoot(page, variants, 'comparison-variants-1280');
    await page.setViewportSize(PHONE);
    // The charts measure their box again a moment after the window shrinks.
    await expect.poll(() => overflow(page)).toEqual([]);
    await shoot(page, comparison, 'comparison-390');
    await shoot(page, variants, 'comparison-variants-390');
    await page.setViewportSize(DESKTOP);

    // Promote B, confirmed: the config's layout is B's, and the experiment has ended. The confirmation says first,
    // in words, that the figures do not back it.
    await comparison.getByRole('button', { name: 'Promote Big chest' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.getByRole('alert').textContent()).toBe(
      'No difference measured: Every player claimed in both A and Big chest: no difference to measure. Promoting it now is a guess.',
    );
    await shoot(page, confirm, 'promote-warning-1280');
    await page.setViewportSize(PHONE);
    await shoot(page, confirm, 'promote-warning-390');
    await page.setViewportSize(DESKTOP);
    await confirm.getByRole('button', { name: 'Promote Big chest' }).click();
    // The toast (the Experiment picker's option names the winner too).
    await page.getByText('Big chest promoted: its layout', { exact: false }).waitFor();
    const promoted = (await send('GET', `/api/daily-rewards/${week.id}`)) as DailyReward;
    expect(promoted.experiment ?? null).toBeNull();
    expect(JSON.stringify(promoted.uiLayout)).toContain('Big chest today');
    await comparison.getByText('Big chest was promoted', { exact: false }).waitFor();
    // The picker lists the config's experiments; this one has ended with its winner.
    expect(await comparison.getByRole('combobox', { name: 'Experiment' }).locator('option').allTextContents()).toEqual([
      expect.stringMatching(/: Big chest promoted · A, Big chest$/),
    ]);
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);
});
