import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DAILY_REWARD_MESSAGES, missingDaysMessage } from '@liveops/domain/daily-rewards';
import { createGameViaApi, signedInContext } from './support/accounts';
import { seriousViolations } from './support/axe';
import { useBrowserAndApp } from './support/lifecycle';
import { clippedPixels } from './support/overflow';

const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';

async function post(context: BrowserContext, path: string, data: unknown) {
  const response = await context.request.post(`${setup.app.url}${path}`, {
    data,
    headers: { origin: setup.app.url },
  });
  if (response.status() !== 201) throw new Error(`POST ${path} answered ${response.status()}`);
  return (await response.json()) as { id: string };
}

async function dayValues(page: Page) {
  const values: string[] = [];
  for (let day = 1; day <= 7; day += 1) values.push(await page.getByLabel(`Day ${day}`, { exact: true }).inputValue());
  return values;
}

/** How many pixels of the chosen option of the select labelled `label` do not fit (0 when it shows whole). */
const clippedBy = (page: Page, label: string) => clippedPixels(page.getByLabel(label, { exact: true }));

describe('daily rewards', () => {
  it('shows the chosen pack and segment in full in their selects, on a desktop and on a phone (decision 056)', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'daily-rewards-clip');
    const game = await createGameViaApi(context, setup.app, 'Clip Game');
    const gold = await post(context, `/api/games/${game.id}/items`, {
      name: 'Gold',
      type: 'currency',
      value: 1,
      baseAmount: 1,
    });
    await post(context, `/api/games/${game.id}/packs`, {
      name: 'Weekend Pack',
      contents: [{ itemId: gold.id, quantity: 3 }],
      iconId: 'coin',
    });
    await post(context, `/api/games/${game.id}/segments`, {
      name: 'Early mobile farmers',
      expression: 'player.level > 3',
    });
    await post(context, `/api/games/${game.id}/daily-rewards`, {});
    const page = await context.newPage();
    const clipped: Record<number, number[]> = {};
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${setup.app.url}/dashboard/game/${game.id}/daily-rewards`);
      await page.getByRole('heading', { name: 'Daily Reward 1' }).waitFor();
      await page.getByLabel('Day 2', { exact: true }).selectOption({ label: 'Weekend Pack' });
      await page.getByLabel('Players', { exact: true }).selectOption({ label: 'Segment: Early mobile farmers' });
      clipped[viewport.width] = [
        await clippedBy(page, 'Day 1'),
        await clippedBy(page, 'Day 2'),
        await clippedBy(page, 'Players'),
      ];
      await mkdir(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/daily-rewards-selects-${viewport.width}.png`, fullPage: true });
    }
    // "Choose a pack", "Weekend Pack", "Segment: Early mobile farmers": not a pixel cut off.
    expect(clipped).toEqual({ 1440: [0, 0, 0], 1280: [0, 0, 0], 390: [0, 0, 0] });
    await context.close();
  });

  it('creates a config, renames it inline, saves all 7 days, keeps them after a reload, and deletes it', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'daily-rewards');
    const game = await createGameViaApi(context, setup.app, 'Reward Game');
    const items = `/api/games/${game.id}/items`;
    const gold = await post(context, items, { name: 'Gold', type: 'currency', value: 0.5, baseAmount: 10 });
    const packs = `/api/games/${game.id}/packs`;
    const starter = await post(context, packs, {
      name: 'Starter Pack',
      contents: [{ itemId: gold.id, quantity: 2 }],
      iconId: 'gift',
    });
    const mega = await post(context, packs, {
      name: 'Mega Pack',
      contents: [{ itemId: gold.id, quantity: 20 }],
      iconId: 'gem',
    });

    const page = await context.newPage();
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/daily-rewards`);
    await page.getByText('No daily rewards yet').waitFor();

    await page.getByRole('button', { name: '+ Create Daily Reward' }).first().click();
    await page.getByRole('button', { name: 'Rename Daily Reward 1' }).waitFor();
    const config = page.getByRole('button', { name: /^Daily Reward 1/, pressed: true });
    await config.waitFor();
    expect(await page.getByRole('link', { name: 'Customize UI of Daily Reward 1' }).getAttribute('href')).toMatch(
      /^\/ui-editor\/daily_rewards\/[\w-]+$/,
    );
    const configId = /[\w-]+$/.exec(
      (await page.getByRole('link', { name: 'Customize UI of Daily Reward 1' }).getAttribute('href')) ?? '',
    )?.[0];
    expect(await page.getByRole('link', { name: '+ Open Emulator' }).getAttribute('href')).toBe(
      `/dashboard/game/${game.id}/emulator?config=${configId}`,
    );

    // Inline name: too long and empty are refused with their messages; Escape cancels; Enter saves.
    await page.getByRole('button', { name: 'Rename Daily Reward 1' }).click();
    const name = page.getByLabel('Daily reward name');
    await name.fill('x'.repeat(61));
    await name.press('Enter');
    await page.getByRole('alert').getByText(DAILY_REWARD_MESSAGES.nameTooLong).waitFor();
    await name.fill('   ');
    await name.press('Enter');
    await page.getByRole('alert').getByText(DAILY_REWARD_MESSAGES.nameEmpty).waitFor();
    await name.press('Escape');
    await name.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Daily Reward 1' }).click();
    await name.fill('Welcome Week');
    await name.press('Enter');
    await page.getByRole('heading', { name: 'Welcome Week' }).waitFor();
    await page.getByRole('button', { name: /^Welcome Week/, pressed: true }).waitFor();

    // Saving needs a pack on every day.
    const save = page.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonClean, exact: true });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Day 1', { exact: true }).selectOption({ label: 'Starter Pack' });
    await page.getByLabel('Day 3', { exact: true }).selectOption({ label: 'Mega Pack' });
    await page.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonDirty }).click();
    const missing = page.getByRole('alert').getByText(missingDaysMessage([2, 4, 5, 6, 7]), { exact: true });
    await missing.waitFor();
    // The error stays 4 seconds.
    await missing.waitFor({ state: 'hidden', timeout: 6000 });

    const chosen = [
      'Starter Pack',
      'Starter Pack',
      'Mega Pack',
      'Starter Pack',
      'Starter Pack',
      'Starter Pack',
      'Mega Pack',
    ];
    for (const [index, label] of chosen.entries()) {
      await page.getByLabel(`Day ${index + 1}`, { exact: true }).selectOption({ label });
    }
    const day7 = page.locator('.day-slot', { hasText: 'Day 7' });
    await day7.getByText('Worth $10').waitFor();
    await day7.getByText('20× Gold').waitFor();
    await page.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonDirty }).click();
    await page.getByRole('status').getByText(DAILY_REWARD_MESSAGES.saved).waitFor();
    await save.waitFor();
    const expected = chosen.map((label) => (label === 'Mega Pack' ? mega.id : starter.id));
    expect(await dayValues(page)).toEqual(expected);

    expect(await seriousViolations(page)).toEqual([]);

    await mkdir(SHOTS, { recursive: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/daily-rewards-desktop.png`, fullPage: true });

    await page.reload();
    await page.getByRole('heading', { name: 'Welcome Week' }).waitFor();
    await save.waitFor();
    expect(await dayValues(page)).toEqual(expected);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/daily-rewards-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Delete Welcome Week' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(DAILY_REWARD_MESSAGES.deleteConfirm).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No daily rewards yet').waitFor();
    await context.close();
  });

  it('asks before unsaved day assignments are left for another config, tab or page; Stay keeps them', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'daily-rewards-leave');
    const game = await createGameViaApi(context, setup.app, 'Leave Game');
    const gold = await post(context, `/api/games/${game.id}/items`, {
      name: 'Gold',
      type: 'currency',
      value: 1,
      baseAmount: 1,
    });
    await post(context, `/api/games/${game.id}/packs`, {
      name: 'Daily Pack',
      contents: [{ itemId: gold.id, quantity: 3 }],
      iconId: 'coin',
    });
    const base = `/api/games/${game.id}/daily-rewards`;
    await post(context, base, {});
    const second = await post(context, base, {});

    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/daily-rewards`);
    await page.getByRole('button', { name: /^Daily Reward 1/, pressed: true }).waitFor();
    // Clean: switching configs asks nothing.
    await page.getByRole('button', { name: /^Daily Reward 2/ }).click();
    await page.getByRole('heading', { name: 'Daily Reward 2' }).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await page.getByRole('button', { name: /^Daily Reward 1/ }).click();
    await page.getByRole('heading', { name: 'Daily Reward 1' }).waitFor();

    await page.getByLabel('Day 1', { exact: true }).selectOption({ label: 'Daily Pack' });
    const leave = page.getByRole('alertdialog', { name: DAILY_REWARD_MESSAGES.panelLeaveTitle });

    // Another config: asked; Stay keeps the draft, the selection and the address, and focus returns to the button.
    const otherConfig = page.getByRole('button', { name: /^Daily Reward 2/ });
    await otherConfig.click();
    await leave.getByText(DAILY_REWARD_MESSAGES.panelLeaveText('Daily Reward 1')).waitFor();
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/daily-rewards-leave-1440.png` });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(await otherConfig.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(new URL(page.url()).searchParams.get('config')).not.toBe(second.id);
    await page.getByRole('heading', { name: 'Daily Reward 1' }).waitFor();
    expect(await page.getByLabel('Day 1', { exact: true }).inputValue()).not.toBe('');

    // Another tab of the workspace, and another page (the UI editor): asked too.
    await page.getByRole('navigation', { name: 'Workspace sections' }).getByRole('link', { name: 'Inventory' }).click();
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/dashboard/game/${game.id}/daily-rewards`);
    await page.getByRole('link', { name: 'Customize UI of Daily Reward 1' }).click();
    await leave.waitFor();
    await page.keyboard.press('Escape');
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/dashboard/game/${game.id}/daily-rewards`);

    // On a phone the same question fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await otherConfig.click();
    await leave.waitFor();
    await page.screenshot({ path: `${SHOTS}/daily-rewards-leave-390.png` });
    const box = await leave.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

    // Leave: the other config opens with its own stored days; the draft is gone.
    await leave.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { name: 'Daily Reward 2' }).waitFor();
    expect(new URL(page.url()).searchParams.get('config')).toBe(second.id);
    expect(await page.getByLabel('Day 1', { exact: true }).inputValue()).toBe('');
    await page.getByRole('button', { name: /^Daily Reward 1/ }).click();
    await page.getByRole('heading', { name: 'Daily Reward 1' }).waitFor();
    expect(await page.getByLabel('Day 1', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    // Sign out asks like every other way of leaving (decision 056); Stay keeps the draft and the session.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByLabel('Day 1', { exact: true }).selectOption({ label: 'Daily Pack' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/dashboard/game/${game.id}/daily-rewards`);
    expect(await page.getByLabel('Day 1', { exact: true }).inputValue()).not.toBe('');
    expect((await context.request.get(`${setup.app.url}/api/games/${game.id}`)).status()).toBe(200);
    // Leave: signed out, on the login page, with nothing of the workspace left on screen.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await leave.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(`${setup.app.url}/login`);
    await page.locator('.auth-card').waitFor();
    expect(await page.getByText('Could not load the game').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    expect((await context.request.get(`${setup.app.url}/api/games/${game.id}`)).status()).toBe(401);
    await context.close();
  });

  it('follows changes made elsewhere: new packs, a save of the clean draft, and a delete of the selected config', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'daily-rewards-live');
    const game = await createGameViaApi(context, setup.app, 'Live Game');
    const base = `/api/games/${game.id}/daily-rewards`;
    await post(context, base, {});
    const second = await post(context, base, {});

    const page = await context.newPage();
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/daily-rewards`);
    await page.getByRole('button', { name: /^Daily Reward 1/, pressed: true }).waitFor();
    // No packs yet: the days cannot be chosen, and the way to make packs is offered.
    const inventory = page.getByRole('link', { name: 'Create packs in Inventory' });
    expect(await inventory.getAttribute('href')).toBe(`/dashboard/game/${game.id}/inventory`);

    const gold = await post(context, `/api/games/${game.id}/items`, {
      name: 'Gold',
      type: 'currency',
      value: 1,
      baseAmount: 1,
    });
    const pack = await post(context, `/api/games/${game.id}/packs`, {
      name: 'Daily Pack',
      contents: [{ itemId: gold.id, quantity: 3 }],
      iconId: 'coin',
    });
    await page.getByLabel('Day 1', { exact: true }).waitFor();

    await page.getByRole('button', { name: /^Daily Reward 2/ }).click();
    await page.getByRole('heading', { name: 'Daily Reward 2' }).waitFor();
    expect(new URL(page.url()).searchParams.get('config')).toBe(second.id);

    const rewards = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: pack.id }));
    const saved = await context.request.patch(`${setup.app.url}${base}/${second.id}`, {
      data: { rewards, cycleDays: 7 },
      headers: { origin: setup.app.url },
    });
    expect(saved.status()).toBe(200);
    await expect.poll(() => dayValues(page)).toEqual(rewards.map((r) => r.packId));
    expect(await page.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonClean, exact: true }).count()).toBe(
      1,
    );

    const deleted = await context.request.delete(`${setup.app.url}${base}/${second.id}`, {
      headers: { origin: setup.app.url },
    });
    expect(deleted.status()).toBe(204);
    await page.getByRole('heading', { name: 'Daily Reward 1' }).waitFor();
    await page.getByRole('button', { name: /^Daily Reward 1/, pressed: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Daily Reward 2/ }).count()).toBe(0);
    await context.close();
  });
});
