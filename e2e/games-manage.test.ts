import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { GAME_COPY_SUFFIX, GAME_MESSAGES, SEGMENT_MESSAGES } from '@liveops/domain';
import { createGameViaApi, signedInContext } from './support/accounts';
import { seriousViolations } from './support/axe';
import { useBrowserAndApp } from './support/lifecycle';

const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';

async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/games-manage-${name}.png`, fullPage: false });
}

async function api(context: BrowserContext, method: 'GET' | 'POST', path: string, data?: unknown) {
  const response = await context.request.fetch(`${setup.app.url}${path}`, {
    method,
    headers: { origin: setup.app.url },
    ...(data === undefined ? {} : { data }),
  });
  return { status: response.status(), body: (await response.json()) as unknown };
}

describe('managing a game', () => {
  it('renames a game, duplicates it as a staging copy and deletes it by typing its name; other tabs see it gone', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'games-manage');
    const game = await createGameViaApi(context, setup.app, 'Star Miner');
    await api(context, 'POST', `/api/games/${game.id}/segments`, { name: 'Whales', expression: 'player.level > 3' });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}`);

    // Rename: name, description and platforms, under creation's rules.
    const details = page.getByRole('form', { name: 'Game details' });
    await details.getByLabel('Name').fill('');
    await details.getByRole('button', { name: 'Save Details' }).click();
    await details.getByText(GAME_MESSAGES.nameRequired).waitFor();
    await details.getByLabel('Name').fill('Star Miner Deluxe');
    await details.getByLabel('Description').fill('Dig for stars, now deluxe');
    await details.getByRole('button', { name: 'Web' }).click();
    await details.getByRole('button', { name: 'Save Details' }).click();
    await page.getByText(GAME_MESSAGES.saved).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Star Miner Deluxe' }).waitFor();
    expect(await page.getByText('Dig for stars, now deluxe').count()).toBeGreaterThan(0);
    const stored = (await api(context, 'GET', `/api/games/${game.id}`)).body as { platforms: string[] };
    expect(stored.platforms).toEqual(['iOS', 'Web']);
    await page.getByRole('heading', { name: 'Manage Game' }).scrollIntoViewIfNeeded();
    await shoot(page, 'profile-1440');
    expect(await seriousViolations(page)).toEqual([]);

    // Duplicate: a new game with its own copies, opened at once.
    await page.getByRole('button', { name: 'Duplicate Game' }).click();
    const copyName = `Star Miner Deluxe${GAME_COPY_SUFFIX}`;
    await page.getByRole('heading', { level: 1, name: copyName }).waitFor();
    const copyId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    expect(copyId).not.toBe(game.id);
    const copied = (await api(context, 'GET', `/api/games/${copyId}/segments`)).body as { name: string }[];
    expect(copied.map((s) => s.name)).toEqual(['Whales']);

    // A second tab on the original game's segments, to see the deletion arrive.
    const other = await context.newPage();
    await other.goto(`${setup.app.url}/dashboard/game/${game.id}/segments`);
    await other.locator('.segment-row', { hasText: 'Whales' }).waitFor();

    // Delete the original: the button waits for the exact name.
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}`);
    await page.getByRole('button', { name: 'Delete Game' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Delete Star Miner Deluxe?').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete Game' });
    await dialog.getByLabel(/to confirm/).fill('star miner deluxe');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm/).fill('Star Miner Deluxe');
    expect(await confirm.isDisabled()).toBe(false);
    await shoot(page, 'delete-dialog-1440');
    await confirm.click();
    await page.waitForURL(`${setup.app.url}/dashboard`);
    await page.getByText(GAME_MESSAGES.deleted('Star Miner Deluxe')).waitFor();
    await page.getByText(copyName).first().waitFor();
    expect(await page.getByText('Star Miner Deluxe', { exact: true }).count()).toBe(0);

    await other.getByText(GAME_MESSAGES.notFound).waitFor();
    expect(await other.getByText(/error|could not load/i).count()).toBe(0);
    expect((await api(context, 'GET', `/api/games/${game.id}`)).status).toBe(404);

    // The same pages on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${setup.app.url}/dashboard/game/${copyId}`);
    await page.getByRole('heading', { name: 'Manage Game' }).scrollIntoViewIfNeeded();
    await shoot(page, 'profile-390');
    await page.getByRole('button', { name: 'Delete Game' }).click();
    await page
      .getByRole('alertdialog')
      .getByLabel(/to confirm/)
      .fill(copyName);
    await shoot(page, 'delete-dialog-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe('editing a segment', () => {
  it('opens the segment in the path, checks the edit as creation does, and saves it', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'segment-edit');
    const game = await createGameViaApi(context, setup.app, 'Seg Edit Game');
    const created = (
      await api(context, 'POST', `/api/games/${game.id}/segments`, {
        name: 'Whales',
        description: 'big spenders',
        expression: 'player.totalSpend > 100.0',
      })
    ).body as { id: string };
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/segments/${created.id}`);

    const form = page.getByRole('form', { name: 'Edit segment' });
    expect(await form.getByLabel('Name').inputValue()).toBe('Whales');
    const expression = form.getByLabel('Expression');
    expect(await expression.inputValue()).toBe('player.totalSpend > 100.0');
    await expression.fill('player.totalSpnd');
    await form.getByText('Expression should contain a logical operator (==, >, <)').waitFor();
    await expression.fill('player.totalSpnd > 5.0');
    await form.getByText('No such key: totalSpnd (line 1, column 8)').waitFor();
    await form.getByRole('button', { name: 'Save Changes' }).click();
    expect(await page.getByText(SEGMENT_MESSAGES.updated('Big Whales')).count()).toBe(0);

    await form.getByLabel('Name').fill('Big Whales');
    await expression.fill('player.totalSpend > 500.0');
    await form.getByText('Looks good!').waitFor();
    await shoot(page, 'segment-edit-1440');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(SEGMENT_MESSAGES.updated('Big Whales')).waitFor();
    await page.locator('.segment-row', { hasText: 'player.totalSpend > 500.0' }).waitFor();
    await page.getByRole('heading', { name: 'Edit Big Whales' }).waitFor();

    await page.reload();
    expect(await page.getByRole('form', { name: 'Edit segment' }).getByLabel('Name').inputValue()).toBe('Big Whales');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'segment-edit-390');
    await context.close();
  });
});
