import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { DAILY_REWARD_MESSAGES } from '@liveops/domain/daily-rewards';
import { GAME_MESSAGES, SDK_KEY_PATTERN } from '@liveops/domain/games';
import { createGameViaApi, signedInContext } from './support/accounts';
import { seriousViolations } from './support/axe';
import { useBrowserAndApp } from './support/lifecycle';

/** Decision 035: the player runtime's settings in the dashboard, as a developer uses them. */

const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const SECRET = /^ss_[0-9a-f]{64}$/;

/** The screen as it is; with `part`, that part of the page whole, however tall (a phone's panel). */
async function shoot(page: Page, name: string, part?: Locator) {
  await mkdir(SHOTS, { recursive: true });
  const path = `${SHOTS}/runtime-settings-${name}.png`;
  await (part ? part.screenshot({ path }) : page.screenshot({ path }));
}

async function api(context: BrowserContext, method: 'GET' | 'POST', path: string, data?: unknown) {
  const response = await context.request.fetch(`${setup.app.url}${path}`, {
    method,
    headers: { origin: setup.app.url },
    ...(data === undefined ? {} : { data }),
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/** Horizontal overflow of the page: what a phone would have to scroll sideways. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('the player runtime’s settings', () => {
  it('reveals and rotates the server secret, regenerates the SDK key after asking, and keeps the switch after a reload', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'runtime-profile');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: setup.app.url });
    const game = await createGameViaApi(context, setup.app, 'Runtime Game');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}`);
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Player Runtime' }) });
    await panel.waitFor();

    // The runtime URL is the server's own, beside the SDK key, each copied with its toast.
    await panel.getByText(`${setup.app.url}/v1`, { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Copy runtime URL' }).click();
    await page.getByText(GAME_MESSAGES.runtimeUrlCopied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${setup.app.url}/v1`);
    const firstKey = (await panel.locator('.sdk-key-value').textContent()) ?? '';
    expect(firstKey).toMatch(SDK_KEY_PATTERN);

    // The secret is hidden until revealed, and is the one the server keeps.
    const stored = (await api(context, 'GET', `/api/games/${game.id}/server-secret`)).body.serverSecret as string;
    expect(stored).toMatch(SECRET);
    expect(await page.getByText(stored).count()).toBe(0);
    expect(await page.content()).not.toContain(stored);
    await panel.getByRole('button', { name: 'Reveal' }).click();
    await panel.getByText(stored, { exact: true }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await panel.getByRole('button', { name: 'Copy server secret' }).click();
    await page.getByText(GAME_MESSAGES.serverSecretCopied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored);
    await shoot(page, 'profile-revealed-1440');
    expect(await seriousViolations(page)).toEqual([]);

    // Rotate asks first, saying what stops working; Cancel changes nothing.
    await panel.getByRole('button', { name: 'Rotate' }).click();
    const rotateAsk = page.getByRole('alertdialog', { name: GAME_MESSAGES.serverSecretRotateTitle });
    await rotateAsk.getByText(GAME_MESSAGES.serverSecretRotateText).waitFor();
    await shoot(page, 'rotate-confirm-1440');
    await rotateAsk.getByRole('button', { name: 'Cancel' }).click();
    await rotateAsk.waitFor({ state: 'detached' });
    expect((await api(context, 'GET', `/api/games/${game.id}/server-secret`)).body.serverSecret).toBe(stored);
    await panel.getByRole('button', { name: 'Rotate' }).click();
    await rotateAsk.getByRole('button', { name: GAME_MESSAGES.serverSecretRotateConfirm }).click();
    await page.getByText(GAME_MESSAGES.serverSecretRotated).waitFor();
    const rotated = (await api(context, 'GET', `/api/games/${game.id}/server-secret`)).body.serverSecret as string;
    expect(rotated).toMatch(SECRET);
    expect(rotated).not.toBe(stored);
    await panel.getByText(rotated, { exact: true }).waitFor();
    expect(await page.getByText(stored).count()).toBe(0);
    await panel.getByRole('button', { name: 'Hide' }).click();
    expect(await page.getByText(rotated).count()).toBe(0);

    // Regenerate asks first, saying what stops working; Cancel keeps the key.
    await panel.getByRole('button', { name: 'Regenerate' }).click();
    const keyAsk = page.getByRole('alertdialog', { name: GAME_MESSAGES.sdkKeyRegenerateTitle });
    await keyAsk.getByText(GAME_MESSAGES.sdkKeyRegenerateText).waitFor();
    await shoot(page, 'regenerate-confirm-1440');
    await keyAsk.getByRole('button', { name: 'Cancel' }).click();
    await keyAsk.waitFor({ state: 'detached' });
    expect((await api(context, 'GET', `/api/games/${game.id}`)).body.sdkKey).toBe(firstKey);
    await panel.getByRole('button', { name: 'Regenerate' }).click();
    await keyAsk.getByRole('button', { name: GAME_MESSAGES.sdkKeyRegenerateConfirm }).click();
    await page.getByText(GAME_MESSAGES.sdkKeyRegenerated).waitFor();
    const newKey = (await api(context, 'GET', `/api/games/${game.id}`)).body.sdkKey as string;
    expect(newKey).toMatch(SDK_KEY_PATTERN);
    expect(newKey).not.toBe(firstKey);
    await panel.locator('.sdk-key-value', { hasText: newKey }).waitFor();

    // The switch saves as it is flipped, and is still on after a reload.
    const flip = panel.getByRole('switch', { name: 'Require signed player ids' });
    expect(await flip.isChecked()).toBe(false);
    await flip.click();
    await page.getByText(GAME_MESSAGES.signedPlayerIdsOn).waitFor();
    expect((await api(context, 'GET', `/api/games/${game.id}`)).body.requireSignedPlayerIds).toBe(true);
    await page.reload();
    await panel.waitFor();
    expect(await panel.getByRole('switch', { name: 'Require signed player ids' }).isChecked()).toBe(true);
    expect(await panel.locator('.sdk-key-value').textContent()).toBe(newKey);
    await shoot(page, 'profile-1440');

    // The same panel on a phone: nothing wider than the screen, the revealed secret included.
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.getByRole('button', { name: 'Reveal' }).click();
    await panel.getByText(rotated, { exact: true }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    expect(await sidewaysScroll(page)).toBe(0);
    await shoot(page, 'profile-390');
    await shoot(page, 'profile-panel-390', panel);
    await panel.getByRole('switch', { name: 'Require signed player ids' }).click();
    await page.getByText(GAME_MESSAGES.signedPlayerIdsOff).waitFor();
    expect((await api(context, 'GET', `/api/games/${game.id}`)).body.requireSignedPlayerIds).toBe(false);
    await context.close();
  });

  it('sets a daily reward’s day rules apart from its days, and keeps them after a reload', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'runtime-rules');
    const game = await createGameViaApi(context, setup.app, 'Rules Game');
    const gold = (
      await api(context, 'POST', `/api/games/${game.id}/items`, {
        name: 'Gold',
        type: 'currency',
        value: 1,
        baseAmount: 10,
      })
    ).body.id as string;
    await api(context, 'POST', `/api/games/${game.id}/packs`, {
      name: 'Starter Pack',
      contents: [{ itemId: gold, quantity: 5 }],
      iconId: 'gift',
    });
    const config = (await api(context, 'POST', `/api/games/${game.id}/daily-rewards`, { name: 'Launch Week' })).body;
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/daily-rewards`);
    const rules = page.getByRole('form', { name: 'Day rules' });
    await rules.waitFor();
    await rules.getByText(DAILY_REWARD_MESSAGES.rulesIntro).waitFor();

    // The defaults: the player's midnight, keeping progress.
    expect(await rules.getByRole('radio', { name: /At midnight in the player’s time zone/ }).isChecked()).toBe(true);
    expect(await rules.getByRole('radio', { name: /Keep progress/ }).isChecked()).toBe(true);
    // The panel's one save (decision 055) saves the rules, sending only what changed.
    const panelSave = page.getByRole('group', { name: 'Save Launch Week' });
    expect(await panelSave.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonClean }).isDisabled()).toBe(
      true,
    );
    await rules.getByRole('radio', { name: 'At a fixed time (UTC)' }).check();
    const time = rules.getByLabel('Time of day (UTC)');
    await time.fill('04:30');
    await rules.getByRole('radio', { name: /Start over at day 1/ }).check();
    await rules.scrollIntoViewIfNeeded();
    await shoot(page, 'rules-draft-1440');
    await panelSave.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonDirty }).click();
    await panelSave.getByText(DAILY_REWARD_MESSAGES.saved).waitFor();
    const saved = (await api(context, 'GET', `/api/games/${game.id}/daily-rewards`)).body as unknown as {
      id: string;
      dayStart: unknown;
      missedDay: string;
      rewards: unknown[];
    }[];
    expect(saved.find((c) => c.id === config.id)).toMatchObject({
      dayStart: { kind: 'utc_time', minuteOfDay: 270 },
      missedDay: 'start_over',
      rewards: [],
    });
    expect(await panelSave.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonClean }).isDisabled()).toBe(
      true,
    );
    expect(await seriousViolations(page)).toEqual([]);

    // After a reload the rules are as saved.
    await page.reload();
    await rules.waitFor();
    expect(await rules.getByRole('radio', { name: 'At a fixed time (UTC)' }).isChecked()).toBe(true);
    expect(await rules.getByLabel('Time of day (UTC)').inputValue()).toBe('04:30');
    expect(await rules.getByRole('radio', { name: /Start over at day 1/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Day 1', { exact: true }).inputValue()).toBe('');
    await rules.scrollIntoViewIfNeeded();
    await shoot(page, 'rules-1440');

    // Back to midnight, on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await rules.getByRole('radio', { name: /At midnight/ }).check();
    expect(await rules.getByLabel('Time of day (UTC)').count()).toBe(0);
    await panelSave.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonDirty }).click();
    await panelSave.getByText(DAILY_REWARD_MESSAGES.saved).waitFor();
    await rules.scrollIntoViewIfNeeded();
    expect(await sidewaysScroll(page)).toBe(0);
    await shoot(page, 'rules-390');
    await shoot(page, 'rules-panel-390', rules);
    await page.reload();
    await rules.waitFor();
    expect(await rules.getByRole('radio', { name: /At midnight/ }).isChecked()).toBe(true);
    expect(await rules.getByRole('radio', { name: /Start over at day 1/ }).isChecked()).toBe(true);
    await context.close();
  });
});
