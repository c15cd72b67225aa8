import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { PUBLISH_MESSAGES } from '@liveops/domain';
import { createGameViaApi, signedInContext } from './support/accounts';
import { seriousViolations } from './support/axe';
import { useBrowserAndApp } from './support/lifecycle';

const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';

async function call(context: BrowserContext, method: 'POST' | 'PATCH' | 'PUT', path: string, data: unknown) {
  const response = await context.request.fetch(`${setup.app.url}${path}`, {
    method,
    data,
    headers: { origin: setup.app.url },
  });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}`);
  return (await response.json()) as { id: string };
}

const layoutWithTitle = (title: string) => ({
  id: 'root',
  type: 'BackgroundCB',
  props: {},
  children: [
    {
      id: 'frame',
      type: 'GridCB',
      label: 'Popup Frame',
      props: { columns: 1, gap: 8, padding: 16 },
      children: [
        { id: 'title', type: 'TextCB', label: 'Title', props: { value: title, size: 'xl' } },
        {
          id: 'grid',
          type: 'GridCB',
          label: 'Rewards Grid',
          props: { columns: 4, gap: 4 },
          children: [1, 2, 3].map((day) => ({
            id: `day-${day}`,
            type: 'GridCB',
            props: { day, columns: 1 },
            children: [{ id: `day-${day}-label`, type: 'TextCB', props: { bind: 'day.label', value: `Day ${day}` } }],
          })),
        },
        { id: 'claim', type: 'ButtonCB', props: { bind: 'claim', label: 'Claim Reward' } },
      ],
    },
  ],
});

describe('publishing from the dashboard', () => {
  it('publishes from the modal, opens the page from storage showing the saved layout, and rolls back', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'publish');
    const game = await createGameViaApi(context, setup.app, 'Publish Game');
    const gold = await call(context, 'POST', `/api/games/${game.id}/items`, {
      name: 'Gold',
      type: 'currency',
      value: 1,
      baseAmount: 1,
    });
    const chest = await call(context, 'POST', `/api/games/${game.id}/packs`, {
      name: 'Chest',
      contents: [{ itemId: gold.id, quantity: 5 }],
      iconId: 'gift',
    });
    const config = await call(context, 'POST', `/api/games/${game.id}/daily-rewards`, { name: 'Launch Week' });
    await call(context, 'PATCH', `/api/games/${game.id}/daily-rewards/${config.id}`, {
      rewards: Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: chest.id })),
      cycleDays: 7,
    });
    const layout = `/api/games/${game.id}/daily-rewards/${config.id}/layout`;
    await call(context, 'PUT', layout, { uiLayout: layoutWithTitle('Saved In The Editor') });

    const page = await context.newPage();
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/daily-rewards`);
    await page.getByRole('button', { name: 'Publish Packs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish Resource Packs' });
    await dialog.getByText(PUBLISH_MESSAGES.explanation).waitFor();
    await dialog.getByText(`${setup.app.url}/packs/daily_rewards/daily_rewards.html`).waitFor();
    await dialog.getByText('Nothing published yet').waitFor();

    await dialog.getByRole('button', { name: PUBLISH_MESSAGES.publishNow }).click();
    await dialog.getByRole('table').getByText(config.id).waitFor();
    await dialog.getByRole('button', { name: PUBLISH_MESSAGES.publishNow, disabled: false }).waitFor();
    await dialog.getByText('Live', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/publish-modal.png` });

    // The HTML link opens the page from storage. It carries its config and its popup (decision 021): it asks
    // for nothing else.
    const [published] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('link', { name: 'HTML', exact: true }).click(),
    ]);
    // Its first load done (the layout shown), every request of a fresh load is recorded.
    await published.getByText('Saved In The Editor').waitFor();
    const requests: string[] = [];
    published.on('request', (request) => requests.push(request.url()));
    await published.reload();
    await published.getByText('Saved In The Editor').waitFor();
    expect(published.url()).toContain(`/packs/${game.id}/daily_rewards/${config.id}/daily_rewards.html`);
    expect(requests.filter((url) => !url.endsWith('/daily_rewards.html'))).toEqual([]);
    // With the player's streak, today is day 3 (the prerendered cards, drawn for a streak of 0, are adjusted).
    await published.goto(`${published.url()}?streak=2`);
    await published.locator('[data-day="3"][data-day-state="today"]').waitFor();
    expect(await published.locator('[data-day-state="claimed"]').count()).toBe(2);

    // Without running any script, the page already shows the popup, styled: its stylesheet is allowed by the
    // page's policy, as the title's colour (not the default black) shows.
    const still = await setup.browser.newContext({ javaScriptEnabled: false });
    const bare = await still.newPage();
    await bare.goto(published.url().replace('?streak=2', ''));
    await bare.getByText('Saved In The Editor').waitFor();
    await bare.getByRole('button', { name: 'Claim Reward' }).waitFor();
    const colour = (p: typeof bare) => p.getByText('Saved In The Editor').evaluate((el) => getComputedStyle(el).color);
    expect(await colour(bare)).toBe(await colour(published));
    expect(await colour(bare)).not.toBe('rgb(0, 0, 0)');
    await still.close();

    // A second release, then back to the first from the history.
    await call(context, 'PUT', layout, { uiLayout: layoutWithTitle('Second Release') });
    await dialog.getByRole('button', { name: PUBLISH_MESSAGES.publishNow }).click();
    // Release 1 can be made live again only once release 2 is live ("Release 2" also heads the progress).
    await dialog.getByRole('button', { name: 'Make release 1 live' }).waitFor();
    await published.reload();
    await published.getByText('Second Release').waitFor();
    await dialog.getByRole('button', { name: 'Make release 1 live' }).click();
    await dialog.getByRole('button', { name: 'Make release 2 live' }).waitFor();
    await published.reload();
    await published.getByText('Saved In The Editor').waitFor();

    // §8: a lost session says "Not authenticated" in the red box.
    await page.route('**/api/games/*/releases', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 401, contentType: 'application/json', body: '{"code":"UNAUTHORIZED","message":"x"}' })
        : route.fallback(),
    );
    await dialog.getByRole('button', { name: PUBLISH_MESSAGES.publishNow }).click();
    await dialog.getByRole('alert').getByText(PUBLISH_MESSAGES.notAuthenticated).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/publish-modal-phone.png` });
    await context.close();
  });
});
