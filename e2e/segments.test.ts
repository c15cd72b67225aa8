import { describe, expect, it } from 'vitest';

import { SEGMENT_MESSAGES } from '@liveops/domain/segments';
import { createGameViaApi, signedInContext } from './support/accounts';
import { useBrowserAndApp } from './support/lifecycle';

const setup = useBrowserAndApp();

describe('player segments', () => {
  it('shows the hint and a parse error while typing, creates a segment, tests players against it, and deletes it', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'segments');
    const game = await createGameViaApi(context, setup.app, 'Seg Game');
    const page = await context.newPage();
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/segments`);
    await page.getByText(SEGMENT_MESSAGES.empty).waitFor();

    await page.getByRole('button', { name: '+ Create Segment' }).click();
    const form = page.getByRole('form', { name: 'Create segment' });
    await form.getByLabel('Name').fill('Big spenders');
    const expression = form.getByLabel('Expression');
    // The spec's hint shows only while the expression also checks out (decision 027).
    await expression.pressSequentially('player.platform in ["iOS"]');
    await form.getByText('Expression should contain a logical operator (==, >, <)').waitFor();
    await expression.fill('player.totalSpend >');
    await form.getByText('Unexpected token: EOF (line 1, column 20)').waitFor();
    expect(await form.getByText('Looks good!').count()).toBe(0);
    expect(await form.getByText('Expression should contain a logical operator (==, >, <)').count()).toBe(0);
    await expression.fill('player.totalSpnd > 10.0');
    await form.getByText('No such key: totalSpnd (line 1, column 8)').waitFor();
    await form.getByRole('button', { name: 'Create Segment' }).click();
    expect(await page.locator('.segment-row').count()).toBe(0);

    await expression.fill('player.totalSpend > 10.0 && player.platform == "iOS"');
    await form.getByText('Looks good!').waitFor();
    await form.getByRole('button', { name: 'Create Segment' }).click();
    await page.waitForURL(new RegExp(`/dashboard/game/${game.id}/segments/[\\w-]+$`));
    await page.locator('.segment-row', { hasText: 'Big spenders' }).waitFor();

    await page.getByText(SEGMENT_MESSAGES.matches).waitFor();
    const player = page.getByLabel('Player (JSON)');
    const json = JSON.parse(await player.inputValue()) as Record<string, unknown>;
    await player.fill(JSON.stringify({ ...json, platform: 'Android' }));
    await page.getByText(SEGMENT_MESSAGES.noMatch).waitFor();
    await player.fill('{ "level": ');
    await page.getByText(SEGMENT_MESSAGES.playerInvalid).waitFor();

    // Deleting asks nothing, as the spec says.
    await page.getByRole('button', { name: 'Delete Big spenders' }).click();
    await page.locator('.segment-row').waitFor({ state: 'detached' });
    await page.getByText(SEGMENT_MESSAGES.notFound).waitFor();
    await context.close();
  });
});
