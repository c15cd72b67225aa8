import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { INVENTORY_HELP } from '@liveops/domain/inventory';
import { createGameViaApi, signedInContext } from './support/accounts';
import { useBrowserAndApp } from './support/lifecycle';

const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;

async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/first-day-${name}.png` });
}

async function post(context: BrowserContext, path: string, data: unknown) {
  const response = await context.request.post(`${setup.app.url}${path}`, { data, headers: { origin: setup.app.url } });
  if (response.status() !== 201) throw new Error(`POST ${path} answered ${response.status()}`);
  return (await response.json()) as { id: string };
}

async function overlaps(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('not on screen');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

describe("a studio's first day", () => {
  it('creates its first game from the empty dashboard, and the toast does not cover the primary button', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'first-day');
    const page = await context.newPage();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto(`${setup.app.url}/dashboard`);
      if (size.name === '1440') {
        await page.getByText(GAME_MESSAGES.empty).waitFor();
        await shoot(page, `dashboard-empty-${size.name}`);
        // The empty state's own button; the floating one is left out while there is no game.
        const create = page.getByRole('button', { name: '+ Create New Game' });
        expect(await create.count()).toBe(1);
        await create.click();
        const dialog = page.getByRole('dialog', { name: 'Create New Game' });
        await dialog.getByLabel('Name').waitFor();
        await expect.poll(() => dialog.getByLabel('Name').evaluate((el) => el === document.activeElement)).toBe(true);
        await dialog.getByLabel('Name').fill('First Game');
        await dialog.getByLabel('Description').fill('The first one');
        await dialog.getByRole('button', { name: 'Web' }).click();
        await dialog.getByRole('button', { name: 'Create Game' }).click();
      } else {
        await page.getByRole('button', { name: '+ Create New Game' }).click();
        const dialog = page.getByRole('dialog', { name: 'Create New Game' });
        await dialog.getByLabel('Name').fill('Second Game');
        await dialog.getByLabel('Description').fill('The second one');
        await dialog.getByRole('button', { name: 'iOS' }).click();
        await dialog.getByRole('button', { name: 'Create Game' }).click();
      }
      const toast = page.locator('[data-sonner-toast]').first();
      await toast.waitFor();
      const fab = page.getByRole('button', { name: '+ Create New Game' });
      await fab.waitFor();
      await shoot(page, `dashboard-toast-${size.name}`);
      expect(await overlaps(toast, fab)).toBe(false);
    }
    await context.close();
  });

  it('shows ids, what the numbers mean and values in dollars in Inventory; dialogs focus their first field', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'first-day-inv');
    const game = await createGameViaApi(context, setup.app, 'Inv Day');
    const gold = await post(context, `/api/games/${game.id}/items`, {
      name: 'Gold',
      type: 'currency',
      value: 0.5,
      baseAmount: 100,
    });
    const pack = await post(context, `/api/games/${game.id}/packs`, {
      name: 'Starter',
      contents: [{ itemId: gold.id, quantity: 20 }],
      iconId: 'gift',
    });
    const page = await context.newPage();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto(`${setup.app.url}/dashboard/game/${game.id}/inventory`);
      const row = page.locator('.inventory-row', { hasText: 'Gold' });
      await row.getByText(gold.id, { exact: true }).waitFor();
      await row.getByText('worth $0.50 each').waitFor();
      await shoot(page, `inventory-${size.name}`);

      const add = page.getByRole('button', { name: '+ Add', exact: true });
      await add.click();
      const dialog = page.getByRole('dialog', { name: 'New Item' });
      await dialog.getByText(INVENTORY_HELP.value).waitFor();
      await dialog.getByText(INVENTORY_HELP.baseAmount).waitFor();
      expect(await dialog.getByLabel('Name').evaluate((el) => el === document.activeElement)).toBe(true);
      await shoot(page, `item-dialog-${size.name}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // Focus comes back once the dialog has finished closing, which may be a frame after it is gone.
      await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.getByRole('tab', { name: /Packs/ }).click();
      const packRow = page.locator('.inventory-row', { hasText: 'Starter' });
      await packRow.getByText(pack.id, { exact: true }).waitFor();
      await packRow.getByText('20× Gold · worth $10').waitFor();
      await shoot(page, `packs-${size.name}`);
    }
    await context.close();
  });

  it('never has the New and Edit segment forms open at once', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'first-day-seg');
    const game = await createGameViaApi(context, setup.app, 'Seg Day');
    const segment = await post(context, `/api/games/${game.id}/segments`, {
      name: 'Whales',
      expression: 'player.totalSpend > 100.0',
    });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/segments/${segment.id}`);
    const edit = page.getByRole('form', { name: 'Edit segment' });
    const create = page.getByRole('form', { name: 'Create segment' });
    await edit.waitFor();
    await page.getByRole('button', { name: '+ Create Segment' }).click();
    await create.waitFor();
    expect(await edit.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/dashboard/game/${game.id}/segments`);
    await shoot(page, 'segments-new-1440');
    await page.getByRole('link', { name: 'Edit & test Whales' }).click();
    await edit.waitFor();
    expect(await create.count()).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'segments-edit-390');
    await context.close();
  });
});
