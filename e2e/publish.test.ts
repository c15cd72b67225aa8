import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { PUBLISH_MESSAGES, PUBLISH_PROBLEM_MESSAGES } from '@liveops/domain/releases';
import { PUBLISHED_MESSAGES, PUBLISHED_TEMPLATE_BANNER } from '@liveops/domain/published';
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
  it('checks and asks before publishing, publishes from the modal, opens the page from storage showing the saved layout, and rolls back after asking', async () => {
    const { context, email } = await signedInContext(setup.browser, setup.app, 'publish');
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
    const week = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: chest.id }));
    const steady = await call(context, 'POST', `/api/games/${game.id}/daily-rewards`, { name: 'Steady Week' });
    await call(context, 'PATCH', `/api/games/${game.id}/daily-rewards/${steady.id}`, { rewards: week, cycleDays: 7 });
    // A config whose days were never given a pack: it would ship seven empty day cards with a working Claim.
    const empty = await call(context, 'POST', `/api/games/${game.id}/daily-rewards`, { name: 'Empty Week' });

    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/daily-rewards`);
    await page.getByRole('button', { name: 'Publish Packs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish Resource Packs' });
    await dialog.getByText(PUBLISH_MESSAGES.explanation).waitFor();
    await dialog.getByText('Nothing published yet').waitFor();
    // Before the first publish nothing is a link to a file not written yet, and the static page is this game's,
    // never the product's sample page (decision 056).
    await dialog.getByText(PUBLISH_MESSAGES.noPageYet).waitFor();
    await dialog.getByText(PUBLISH_MESSAGES.noManifestYet).waitFor();
    await dialog.getByText(`/packs/${game.id}/manifest.json`).waitFor();
    expect(await dialog.getByRole('link', { name: /manifest\.json/ }).count()).toBe(0);
    expect(await dialog.getByText('/packs/daily_rewards/daily_rewards.html').count()).toBe(0);

    // The product's own copy of the page is a sample popup marked as a template, not an error.
    const template = await context.newPage();
    await template.goto(`${setup.app.url}/packs/daily_rewards/daily_rewards.html`);
    await template.getByText(PUBLISHED_TEMPLATE_BANNER).waitFor();
    await template.getByRole('button', { name: 'Claim Reward' }).waitFor();
    expect(await template.getByText(PUBLISHED_MESSAGES.title).count()).toBe(0);
    await template.setViewportSize({ width: 390, height: 844 });
    await mkdir(SHOTS, { recursive: true });
    await template.screenshot({ path: `${SHOTS}/publish-template-page.png` });
    // A game's config given later replaces the template, banner and all.
    await template.evaluate(() =>
      (window as unknown as { cbInit: (message: unknown) => boolean }).cbInit({
        source: 'CB_HOST',
        type: 'CB_INIT',
        payload: {
          featureType: 'daily_rewards',
          v: 1,
          params: { streak: 0 },
          config: { name: 'From The Game', rewards: [], packs: [], assets: [] },
        },
      }),
    );
    await template.getByText(PUBLISHED_TEMPLATE_BANNER).waitFor({ state: 'detached' });
    await template.close();

    // Publish Now asks first: the empty config blocks it, named with its days.
    const publishButton = dialog.getByRole('button', { name: 'Publish', exact: true });
    await dialog.getByRole('button', { name: PUBLISH_MESSAGES.publishNow }).click();
    const review = dialog.getByRole('region', { name: 'Review the first release' });
    await review.getByText(PUBLISH_PROBLEM_MESSAGES.daysWithoutPack('Empty Week', [1, 2, 3, 4, 5, 6, 7])).waitFor();
    expect(await publishButton.isDisabled()).toBe(true);
    // Focus is on the choice that unblocks it, not lost on the dialog's frame (decision 056).
    const leaveOut = review.getByRole('checkbox', { name: /Publish the others and leave out “Empty Week”/ });
    await expect.poll(() => leaveOut.evaluate((box) => box === document.activeElement)).toBe(true);
    const changes = review.getByRole('list', { name: 'Configs in this publish' });
    expect(await changes.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^New\s*Launch Week/),
      expect.stringMatching(/^New\s*Steady Week/),
      expect.stringMatching(/^New\s*Empty Week/),
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/publish-review-blocked.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/publish-review-blocked-phone.png` });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The explicit choice: publish the others, leave the empty one out; with a note for the history.
    await review.getByRole('checkbox', { name: /Publish the others and leave out “Empty Week”/ }).check();
    expect(await changes.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^New\s*Launch Week/),
      expect.stringMatching(/^New\s*Steady Week/),
      expect.stringMatching(/^Left out\s*Empty Week/),
    ]);
    await review.getByLabel('Note for the history (optional)').fill('Launch week art');
    await dialog.getByRole('button', { name: 'Publish without them' }).click();
    const row = dialog.getByRole('row').filter({ hasText: config.id });
    await row.waitFor();
    expect(await dialog.getByRole('row').filter({ hasText: empty.id }).count()).toBe(0);
    // On a phone each artifact is a block with its id on one line, never two characters a line (decision 031).
    await page.setViewportSize({ width: 390, height: 844 });
    const id = row.locator('code');
    const idBox = (await id.boundingBox())!;
    const lineHeight = await id.evaluate((element) => {
      const style = getComputedStyle(element);
      return parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
    });
    expect(idBox.height).toBeLessThan(lineHeight * 1.6);
    expect(idBox.x + idBox.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/publish-artifacts-phone.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: PUBLISH_MESSAGES.publishNow, disabled: false }).waitFor();
    await dialog.getByText('Live', { exact: true }).waitFor();
    const history = dialog.getByRole('list').filter({ has: page.getByText('v1', { exact: true }) });
    await history.getByText('“Launch week art”').waitFor();
    await history.getByText(`by ${email}`).waitFor();
    // Once live: the static page is each published config's own page, and the manifest a link.
    const ownPage = dialog
      .getByRole('listitem')
      .filter({ hasText: 'Launch Week:' })
      .getByRole('link', { name: /daily_rewards\.html/ });
    expect(await ownPage.getAttribute('href')).toContain(
      `/packs/${game.id}/daily_rewards/${config.id}/daily_rewards.html`,
    );
    expect(await dialog.getByRole('link', { name: /manifest\.json/ }).getAttribute('href')).toContain(
      `/packs/${game.id}/manifest.json`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/publish-modal.png` });

    // The HTML link opens the page from storage. It carries its config and its popup (decision 021): it asks
    // for nothing else.
    const [published] = await Promise.all([
      context.waitForEvent('page'),
      row.getByRole('link', { name: 'HTML', exact: true }).click(),
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

    // A second release, asked first: Launch Week changed, Steady Week unchanged, Empty Week (now given its days)
    // new. Then back to the first from the history, asked first too.
    await call(context, 'PUT', layout, { uiLayout: layoutWithTitle('Second Release') });
    await call(context, 'PATCH', `/api/games/${game.id}/daily-rewards/${empty.id}`, { rewards: week, cycleDays: 7 });
    await dialog.getByRole('button', { name: PUBLISH_MESSAGES.publishNow }).click();
    const second = dialog.getByRole('region', { name: 'Review what changes against release 1' });
    await second.getByRole('listitem').first().waitFor();
    // Nothing blocks this one: focus is on Publish.
    await expect.poll(() => publishButton.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await second.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Changed\s*Launch Week/),
      expect.stringMatching(/^Unchanged\s*Steady Week/),
      expect.stringMatching(/^New\s*Empty Week/),
    ]);
    await page.screenshot({ path: `${SHOTS}/publish-review.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/publish-review-phone.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
    await publishButton.click();
    // Release 1 can be made live again only once release 2 is live ("Release 2" also heads the progress).
    const rollBack = dialog.getByRole('button', { name: 'Make release 1 live…', exact: true });
    await rollBack.waitFor();
    await published.reload();
    await published.getByText('Second Release').waitFor();
    const publishedAt = () =>
      dialog.locator('.publish-release time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')));
    const timesBefore = await publishedAt();
    await rollBack.click();
    const rollback = dialog.getByRole('region', { name: 'Make release 1 live again instead of release 2?' });
    await rollback.getByRole('listitem').first().waitFor();
    expect(await rollback.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Changed\s*Launch Week/),
      expect.stringMatching(/^Unchanged\s*Steady Week/),
      expect.stringMatching(/^Removed\s*Empty Week/),
    ]);
    await page.screenshot({ path: `${SHOTS}/publish-rollback-review.png` });
    // Nothing changed until confirmed.
    await published.reload();
    await published.getByText('Second Release').waitFor();
    await rollback.getByRole('button', { name: 'Make release 1 live', exact: true }).click();
    await dialog.getByRole('button', { name: 'Make release 2 live…', exact: true }).waitFor();
    await published.reload();
    await published.getByText('Saved In The Editor').waitFor();
    // The history keeps each release's publish time and its order: v1 does not move above v2.
    expect(await publishedAt()).toEqual(timesBefore);
    expect(await dialog.locator('.publish-version').allInnerTexts()).toEqual(['v2', 'v1']);
    await dialog.getByText(/live again since/).waitFor();

    // A lost session says "Not authenticated" in the red box.
    await page.route('**/api/games/*/releases', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 401, contentType: 'application/json', body: '{"code":"UNAUTHORIZED","message":"x"}' })
        : route.fallback(),
    );
    await dialog.getByRole('button', { name: PUBLISH_MESSAGES.publishNow }).click();
    await publishButton.click();
    await dialog.getByRole('alert').getByText(PUBLISH_MESSAGES.notAuthenticated).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/publish-modal-phone.png` });
    await context.close();
  });
});
