import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { INVENTORY_MESSAGES } from '@liveops/domain/inventory';
import { createGameViaApi, signedInContext } from './support/accounts';
import { useBrowserAndApp } from './support/lifecycle';

const setup = useBrowserAndApp();

/** `startsAt` is the Base amount the form offers: 1 for the game's first currency, 0 after it (decision 051). */
async function addItem(page: Page, name: string, value: string, amount: string, icon: string, startsAt: string) {
  await page.getByRole('button', { name: '+ Add', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'New Item' }).waitFor();
  expect(await dialog.getByLabel('Value').inputValue()).toBe('1');
  expect(await dialog.getByLabel('Base amount').inputValue()).toBe(startsAt);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Value').fill(value);
  await dialog.getByLabel('Base amount').fill(amount);
  await dialog.getByRole('radio', { name: icon }).click();
  await dialog.getByRole('button', { name: 'Create Item' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.inventory-row', { hasText: name }).waitFor();
}

describe('inventory', () => {
  it('creates, edits and deletes items and packs, with the pack value following quantities', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'inventory');
    const game = await createGameViaApi(context, setup.app, 'Inv Game');
    const page = await context.newPage();
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/inventory`);
    await page.getByText(INVENTORY_MESSAGES.noItems).waitFor();

    // Items: a bad value is refused in the form, then two items are created and one is edited.
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Broken');
    await page.getByRole('dialog').getByLabel('Value').fill('-2');
    await page.getByRole('dialog').getByRole('button', { name: 'Create Item' }).click();
    await page.getByText(INVENTORY_MESSAGES.valueInvalid).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await addItem(page, 'Gold', '0.5', '100', 'coin', '1');
    await addItem(page, 'Blade', '2', '1', 'sword', '0');
    await page.getByRole('button', { name: 'Edit Blade' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByRole('heading', { name: 'Edit Item' }).waitFor();
    expect(await edit.getByLabel('Name').inputValue()).toBe('Blade');
    await edit.getByLabel('Name').fill('Sword');
    await edit.getByRole('button', { name: 'Save Item' }).click();
    await page.locator('.inventory-row', { hasText: 'Sword' }).waitFor();

    // Packs: empty pack refused; adding an item twice raises its quantity; the value updates live.
    await page.getByRole('tab', { name: /Packs/ }).click();
    await page.getByText(INVENTORY_MESSAGES.noPacks).waitFor();
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    const pack = page.getByRole('dialog');
    await pack.getByRole('button', { name: 'Create Pack' }).click();
    await pack.getByText('Pack name is required.').waitFor();
    await pack.getByText('Add at least one inventory item to the pack.').waitFor();
    await pack.getByLabel('Pack name').fill('Starter');
    await pack.getByLabel('Item to add').selectOption({ label: 'Gold' });
    await pack.getByRole('button', { name: 'Add item' }).click();
    await pack.getByRole('button', { name: 'Add item' }).click();
    expect(await pack.locator('.pack-line').count()).toBe(1);
    expect(await pack.getByLabel('Quantity of Gold').inputValue()).toBe('2');
    await pack.getByText('Pack value: $1', { exact: true }).waitFor();
    await pack.getByLabel('Item to add').selectOption({ label: 'Sword' });
    await pack.getByRole('button', { name: 'Add item' }).click();
    await pack.getByLabel('Quantity of Sword').fill('3');
    await pack.getByText('Pack value: $7', { exact: true }).waitFor();
    await pack.getByRole('button', { name: 'Create Pack' }).click();
    await pack.waitFor({ state: 'detached' });
    const row = page.locator('.inventory-row', { hasText: 'Starter' });
    await row.getByText('2× Gold, 3× Sword · worth $7').waitFor();

    // An item a pack holds cannot be deleted; the message names the pack.
    await page.getByRole('tab', { name: /Items/ }).click();
    await page.getByRole('button', { name: 'Delete Gold' }).click();
    await page.getByRole('alertdialog').getByText('Are you sure you want to delete this item?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('This item is in pack "Starter". Remove it from that pack first.').waitFor();
    expect(await page.locator('.inventory-row', { hasText: 'Gold' }).count()).toBe(1);

    await page.getByRole('tab', { name: /Packs/ }).click();
    await row.getByRole('button', { name: 'Delete Starter' }).click();
    await page.getByRole('alertdialog').getByText('Are you sure you want to delete this pack?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /Items/ }).click();
    await page.getByRole('button', { name: 'Delete Gold' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.locator('.inventory-row', { hasText: 'Gold' }).waitFor({ state: 'detached' });
    await context.close();
  });
});
