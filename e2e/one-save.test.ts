import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DAILY_REWARD_MESSAGES } from '@liveops/domain/daily-rewards';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { LAYOUT_SAVE_TIMEOUT_MS, UI_EDITOR_MESSAGES } from '@liveops/domain/layout';
import { createGameViaApi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { useBrowserAndApp } from './support/lifecycle';
import { clippedPixels, sticksOut } from './support/overflow';
import { sender, signedInState } from './support/studio';

/** Decision 055: one save per screen or panel, one way to say it; the editor's plain words. */
const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * The screen as a person sees it: from the page's top, or (`where`) with that element scrolled into it; on a
 * desktop the whole page. A full-page capture draws a sticky save bar where it stuck on the screen, over the page,
 * so a phone's (whose page is many screens long) is taken as its screen.
 */
async function shoot(page: Page, name: string, where?: Locator) {
  await mkdir(SHOTS, { recursive: true });
  if (where) await where.scrollIntoViewIfNeeded();
  else await page.evaluate(() => window.scrollTo(0, 0));
  const fullPage = !where && (page.viewportSize()?.width ?? 0) >= DESKTOP.width;
  await page.screenshot({ path: `${SHOTS}/one-save-${name}.png`, fullPage });
}

/** The PATCH and PUT requests the page sends from now on, as "METHOD path". */
function writesOf(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (['PATCH', 'PUT'].includes(request.method()))
      writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return writes;
}

/** A signed-in account's context at `viewport`, with a game, two packs, a segment and a week whose days all give one. */
async function studio(prefix: string, viewport = DESKTOP) {
  const state = await signedInState(setup.browser, setup.app, prefix);
  const context = await setup.browser.newContext({ storageState: state, viewport });
  const send = sender(context, setup.app);
  const game = await createGameViaApi(context, setup.app, 'One Save Game');
  const base = `/api/games/${game.id}`;
  const gold = (await send('POST', `${base}/items`, { name: 'Gold', type: 'currency', value: 1, baseAmount: 0 })) as {
    id: string;
  };
  const starter = (await send('POST', `${base}/packs`, {
    name: 'Starter Pack',
    contents: [{ itemId: gold.id, quantity: 2 }],
    iconId: 'gift',
  })) as { id: string };
  const mega = (await send('POST', `${base}/packs`, {
    name: 'Mega Pack',
    contents: [{ itemId: gold.id, quantity: 20 }],
    iconId: 'gem',
  })) as { id: string };
  const segment = (await send('POST', `${base}/segments`, { name: 'Whales', expression: 'player.level > 3' })) as {
    id: string;
  };
  const week = (await send('POST', `${base}/daily-rewards`, { name: 'Week One' })) as { id: string };
  await send('PATCH', `${base}/daily-rewards/${week.id}`, {
    cycleDays: 7,
    rewards: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, packId: starter.id })),
  });
  return { context, send, game, base, week, starter, mega, segment };
}

describe('one save per panel (decision 055)', () => {
  it("saves the Daily Rewards panel's days, day rule, targeting and a variant's weight with one click; a reload shows all", async () => {
    const { context, send, game, base, week, mega, segment } = await studio('one-save-panel');
    await send('POST', `${base}/daily-rewards/${week.id}/experiment`, {
      variants: [
        { id: 'A', name: 'A', weight: 1 },
        { id: 'B', name: 'Big chest', weight: 1 },
      ],
    });
    const page = await context.newPage();
    const writes = writesOf(page);
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/daily-rewards`);
    const panel = page.getByRole('region', { name: 'Edit Week One' });
    await panel.getByText('Running since', { exact: false }).waitFor();
    const bar = panel.getByRole('group', { name: 'Save Week One' });
    expect(await bar.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonClean }).isDisabled()).toBe(true);

    // Four parts of the panel changed, nothing sent yet.
    await panel.getByLabel('Day 3', { exact: true }).selectOption({ label: 'Mega Pack' });
    await panel.getByRole('radio', { name: /Start over at day 1/ }).check();
    await panel.getByLabel('Players', { exact: true }).selectOption({ label: 'Segment: Whales' });
    await panel.getByLabel('Priority').fill('7');
    await panel.getByLabel('Weight of variant B').fill('3');
    // Its one button only: no part has a save of its own.
    expect(await panel.getByRole('button', { name: /save/i }).allTextContents()).toEqual([
      DAILY_REWARD_MESSAGES.saveButtonDirty,
    ]);
    expect(writes).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await shoot(page, 'panel-dirty-1440');

    await bar.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonDirty }).click();
    await bar.getByRole('status').getByText(DAILY_REWARD_MESSAGES.saved).waitFor();
    await bar.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonClean }).waitFor();
    expect(writes).toEqual([`PATCH ${base}/daily-rewards/${week.id}`]);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'panel-saved-1440');

    await page.reload();
    await panel.getByText('Running since', { exact: false }).waitFor();
    expect(await panel.getByLabel('Day 3', { exact: true }).inputValue()).toBe(mega.id);
    expect(await panel.getByRole('radio', { name: /Start over at day 1/ }).isChecked()).toBe(true);
    expect(await panel.getByLabel('Players', { exact: true }).inputValue()).toBe(segment.id);
    expect(await panel.getByLabel('Priority').inputValue()).toBe('7');
    expect(await panel.getByLabel('Weight of variant B').inputValue()).toBe('3');
    expect(await bar.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonClean }).isDisabled()).toBe(true);

    await page.setViewportSize(PHONE);
    await panel.getByLabel('Priority').fill('8');
    expect(await sticksOut(page)).toEqual([]);
    await shoot(page, 'panel-dirty-390', panel.getByLabel('Priority'));
    await context.close();
  });

  it('sets a style by its plain name in the UI editor, sees it in the preview, and opens Advanced (CSS) for the rest', async () => {
    const { context, week } = await studio('one-save-style');
    const page = await context.newPage();
    await page.goto(`${setup.app.url}/ui-editor/daily_rewards/${week.id}`);
    const preview = page.frameLocator('iframe[title="Layout preview"]');
    await preview.getByText('Daily Bonus').waitFor();
    await page.getByRole('tree', { name: 'Components' }).getByRole('treeitem', { name: 'Header Title' }).click();
    // Named in words, the layout's type kept out of the panel.
    await page.getByText('Text component', { exact: true }).waitFor();
    expect(await page.getByText('TextCB').count()).toBe(0);

    const style = page.getByRole('group', { name: 'Style', exact: true });
    await style.getByText('No style yet. Pick what to change below.').waitFor();
    // The new style's choices are the plain names, in their groups; no raw CSS name among them.
    const plain = style.getByLabel('New style', { exact: true });
    expect(await plain.locator('optgroup').evaluateAll((groups) => groups.map((g) => g.getAttribute('label')))).toEqual(
      ['Text', 'Colour', 'Spacing', 'Size', 'Border', 'Shadow'],
    );
    expect(await plain.locator('option', { hasText: 'letterSpacing' }).count()).toBe(0);
    // Advanced (CSS) is folded while nothing of it is set.
    const advanced = style.locator('details', { hasText: 'Advanced (CSS)' });
    expect(await advanced.getAttribute('open')).toBeNull();
    expect(await style.getByLabel('New CSS property', { exact: true }).isVisible()).toBe(false);

    await plain.selectOption({ label: 'Letter spacing' });
    await style.getByLabel('New style value').fill('4px');
    await style.getByRole('button', { name: 'Add style' }).click();
    // Shown under its group by its plain name, and in the preview at once.
    await style.getByRole('group', { name: 'Text style' }).getByRole('textbox', { name: 'Letter spacing' }).waitFor();
    const title = preview.locator('[data-node-id="dr-header-title"]');
    await expect.poll(() => title.evaluate((el) => getComputedStyle(el).letterSpacing)).toBe('4px');
    await page.setViewportSize(DESKTOP);
    await shoot(page, 'style-plain-1440');

    // Open Advanced: any other safe property by its CSS name.
    await advanced.getByText('Advanced (CSS)').click();
    const raw = style.getByLabel('New CSS property', { exact: true });
    await raw.waitFor();
    expect(await raw.locator('option', { hasText: 'marginTop' }).count()).toBe(1);
    await raw.selectOption('marginTop');
    await style.getByLabel('New CSS property value').fill('12px');
    await style.getByRole('button', { name: 'Add CSS property' }).click();
    await advanced.getByRole('textbox', { name: 'marginTop' }).waitFor();
    await expect.poll(() => title.evaluate((el) => getComputedStyle(el).marginTop)).toBe('12px');
    await shoot(page, 'style-advanced-1440', advanced);
    // A long CSS name shows whole in the picker.
    await raw.selectOption('alignContent');
    expect(await clippedPixels(raw)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Saved and reloaded: both stay, and Advanced opens by itself while one of its properties is set.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.locator('.ui-editor-status').textContent(), { timeout: LAYOUT_SAVE_TIMEOUT_MS + 10_000 })
      .not.toBe(UI_EDITOR_MESSAGES.saving);
    expect(await page.locator('.ui-editor-status').textContent()).toBe('');
    await page.reload();
    await preview.getByText('Daily Bonus').waitFor();
    await page.getByRole('tree', { name: 'Components' }).getByRole('treeitem', { name: 'Header Title' }).click();
    expect(await style.locator('details', { hasText: 'Advanced (CSS)' }).getAttribute('open')).not.toBeNull();
    expect(await style.getByRole('textbox', { name: 'Letter spacing' }).inputValue()).toBe('4px');
    expect(await style.getByRole('textbox', { name: 'marginTop' }).inputValue()).toBe('12px');
    await expect.poll(() => title.evaluate((el) => getComputedStyle(el).letterSpacing)).toBe('4px');

    await page.setViewportSize(PHONE);
    await raw.selectOption('alignContent');
    expect(await clippedPixels(raw)).toBe(0);
    await shoot(page, 'style-390', style);
    await context.close();
  });
});

describe("Game Profile's one save (decision 055)", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`saves the details, orientation and theme together with one click, at ${viewport.width} px`, async () => {
      const { context, game } = await studio(`one-save-profile-${viewport.width}`, viewport);
      const page = await context.newPage();
      const writes = writesOf(page);
      await page.goto(`${setup.app.url}/dashboard/game/${game.id}`);
      const profile = page.getByRole('form', { name: 'Game Profile' });
      const bar = profile.getByRole('group', { name: 'Save the game profile' });
      const button = bar.getByRole('button', { name: /^(Update|Update Theme|Saved|Saving…)$/ });
      expect(await button.textContent()).toBe(GAME_MESSAGES.saveButtonClean);
      expect(await button.isDisabled()).toBe(true);
      // The page's only save buttons are this one: no "Update Details", no second "Update".
      expect(await page.getByRole('button', { name: /^Update/ }).count()).toBe(0);

      // The theme alone: the spec's "Update Theme".
      await profile.getByLabel('Primary Color', { exact: true }).fill('#12ab34');
      expect(await button.textContent()).toBe(GAME_MESSAGES.saveButtonTheme);
      // With the details and the orientation too: "Update".
      await profile.getByLabel('Name').fill('One Save Deluxe');
      await profile.getByRole('button', { name: 'Web' }).click();
      await profile.getByLabel('Orientation').selectOption('landscape');
      expect(await button.textContent()).toBe(GAME_MESSAGES.saveButtonDirty);
      await bar.getByRole('button', { name: 'Discard' }).waitFor();
      expect(await sticksOut(page)).toEqual([]);
      await shoot(page, `profile-dirty-${viewport.width}`);
      // The save bar stays on the screen while the form scrolls under it.
      await shoot(page, `profile-dirty-details-${viewport.width}`, profile.getByLabel('Description'));
      expect(await bar.isVisible()).toBe(true);
      const barBox = await bar.boundingBox();
      expect((barBox?.y ?? 0) + (barBox?.height ?? 0)).toBeLessThanOrEqual(viewport.height + 1);

      // Leaving for another tab asks first; Stay keeps every edit (the phone's menu is the sidebar's links).
      if (viewport === DESKTOP) {
        await page.getByRole('link', { name: 'Player Segments' }).click();
        const ask = page.getByRole('alertdialog', { name: GAME_MESSAGES.profileLeaveTitle });
        await ask.getByText(GAME_MESSAGES.profileLeaveText('One Save Game')).waitFor();
        await ask.getByRole('button', { name: 'Stay' }).click();
        await ask.waitFor({ state: 'detached' });
        expect(await profile.getByLabel('Name').inputValue()).toBe('One Save Deluxe');
        expect(new URL(page.url()).pathname).toBe(`/dashboard/game/${game.id}`);
      }

      await button.click();
      await bar.getByRole('status').getByText(GAME_MESSAGES.updated).waitFor();
      expect(await button.textContent()).toBe(GAME_MESSAGES.saveButtonClean);
      expect(writes).toEqual([`PATCH /api/games/${game.id}`]);
      expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
      await page.getByRole('heading', { level: 1, name: 'One Save Deluxe' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `profile-saved-${viewport.width}`);
      // The "✓ Updated" line goes after its 3 seconds; the button still says all is saved.
      await bar.getByRole('status').getByText(GAME_MESSAGES.updated).waitFor({ state: 'detached', timeout: 6000 });

      await page.reload();
      await profile.getByLabel('Name').waitFor();
      expect(await profile.getByLabel('Name').inputValue()).toBe('One Save Deluxe');
      expect(await profile.getByLabel('Orientation').inputValue()).toBe('landscape');
      expect(await profile.getByLabel('Primary Color', { exact: true }).inputValue()).toBe('#12AB34');
      expect(await profile.getByRole('button', { name: 'Web' }).getAttribute('aria-pressed')).toBe('true');
      expect(await button.isDisabled()).toBe(true);
      await context.close();
    });
  }
});
