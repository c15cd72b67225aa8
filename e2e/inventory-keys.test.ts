import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { INVENTORY_KEY_MESSAGES } from '@liveops/domain/inventory';
import { createGameViaApi, signedInContext } from './support/accounts';
import { useBrowserAndApp } from './support/lifecycle';
import { sender } from './support/studio';

const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';

/** Screenshots of the page at 1440 and 390 px wide (for a person to look at; nothing is compared). */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/inventory-keys-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('inventory keys and base amount 0 (decision 051)', () => {
  it('suggests keys for a Gem that starts at 0 and its pack, copies them, and fixes them once published', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'inventory-keys');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: setup.app.url });
    const send = sender(context, setup.app);
    const game = await createGameViaApi(context, setup.app, 'Keys Game');
    // The game's first currency: a Gem made after it is not, so its base amount starts at 0.
    await send('POST', `/api/games/${game.id}/items`, { name: 'Gold', type: 'currency', value: 1, baseAmount: 100 });
    const page = await context.newPage();
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/inventory`);
    await page.locator('.inventory-row', { hasText: 'Gold' }).waitFor();

    // The item: the key follows the name, Copy copies it, an empty Base amount is none.
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'New Item' }).waitFor();
    expect(await dialog.getByLabel('Type').inputValue()).toBe('currency');
    expect(await dialog.getByLabel('Base amount').inputValue()).toBe('0');
    await dialog.getByLabel('Name').fill('Premium Gem');
    expect(await dialog.getByRole('textbox', { name: 'Key', exact: true }).inputValue()).toBe('premium_gem');
    await dialog.getByText(INVENTORY_KEY_MESSAGES.keyEditableHelp).waitFor();
    await dialog.getByLabel('Base amount').fill('');
    await dialog.getByRole('button', { name: 'Copy the key of Premium Gem' }).click();
    await dialog.getByRole('status').getByText('Copied', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('premium_gem');
    await shoot(page, 'item-dialog');
    await dialog.getByRole('button', { name: 'Create Item' }).click();
    await dialog.waitFor({ state: 'detached' });
    const gemRow = page.locator('.inventory-row', { hasText: 'Premium Gem' });
    await gemRow.locator('.inventory-key code', { hasText: 'premium_gem' }).waitFor();
    await gemRow.getByRole('button', { name: 'Copy the key of Premium Gem' }).click();
    await gemRow.getByText('Copied', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('premium_gem');
    const items = (await send('GET', `/api/games/${game.id}/items`)) as {
      id: string;
      key: string;
      baseAmount: number;
    }[];
    const gem = items.find((item) => item.key === 'premium_gem');
    expect(gem?.baseAmount).toBe(0);
    await shoot(page, 'items-list');

    // The pack: its key follows its name too.
    await page.getByRole('tab', { name: /Packs/ }).click();
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    const packDialog = page.getByRole('dialog');
    await packDialog.getByLabel('Pack name').fill('Gem Stash');
    expect(await packDialog.getByRole('textbox', { name: 'Key', exact: true }).inputValue()).toBe('gem_stash');
    await packDialog.getByLabel('Item to add').selectOption({ label: 'Premium Gem' });
    await packDialog.getByRole('button', { name: 'Add item' }).click();
    await packDialog.getByRole('button', { name: 'Create Pack' }).click();
    await packDialog.waitFor({ state: 'detached' });
    const packRow = page.locator('.inventory-row', { hasText: 'Gem Stash' });
    await packRow.locator('.inventory-key code', { hasText: 'gem_stash' }).waitFor();
    await packRow.getByRole('button', { name: 'Copy the key of Gem Stash' }).waitFor();
    await shoot(page, 'packs-list');

    // Publish a config that gives the pack every day.
    const packs = (await send('GET', `/api/games/${game.id}/packs`)) as { id: string; key: string }[];
    const stash = packs.find((pack) => pack.key === 'gem_stash')!;
    const week = (await send('POST', `/api/games/${game.id}/daily-rewards`, { name: 'Launch Week' })) as {
      id: string;
    };
    const rewards = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: stash.id }));
    await send('PATCH', `/api/games/${game.id}/daily-rewards/${week.id}`, { rewards, cycleDays: 7 });
    const published = (await send('POST', `/api/games/${game.id}/releases`, {})) as { type?: string };
    expect(published?.type).toBe('done');

    // Now both keys are read-only, with Copy and a note that they are fixed.
    await page.reload();
    await page.getByRole('button', { name: 'Edit Premium Gem' }).click();
    const fixedItem = page.getByRole('dialog');
    await fixedItem.getByRole('heading', { name: 'Edit Item' }).waitFor();
    expect(await fixedItem.getByRole('textbox', { name: 'Key', exact: true }).inputValue()).toBe('premium_gem');
    expect(await fixedItem.getByRole('textbox', { name: 'Key', exact: true }).getAttribute('readonly')).not.toBeNull();
    await fixedItem.getByText(INVENTORY_KEY_MESSAGES.keyFixedHelp).waitFor();
    expect(await fixedItem.getByRole('button', { name: 'Copy the key of Premium Gem' }).isEnabled()).toBe(true);
    await shoot(page, 'item-dialog-fixed');
    await fixedItem.getByRole('button', { name: 'Cancel' }).click();
    await fixedItem.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: /Packs/ }).click();
    await page.getByRole('button', { name: 'Edit Gem Stash' }).click();
    const fixedPack = page.getByRole('dialog');
    expect(await fixedPack.getByRole('textbox', { name: 'Key', exact: true }).inputValue()).toBe('gem_stash');
    expect(await fixedPack.getByRole('textbox', { name: 'Key', exact: true }).getAttribute('readonly')).not.toBeNull();
    await fixedPack.getByText(INVENTORY_KEY_MESSAGES.keyFixedHelp).waitFor();
    await context.close();
  });
});
