import { mkdir } from 'node:fs/promises';
import { beforeAll, describe, it } from 'vitest';
import { AUDIENCE_MESSAGES } from '@liveops/domain/segments';
import { createGameViaApi, signedInContext } from './support/accounts';
import { useBrowserAndApp } from './support/lifecycle';
import { runtimeCall } from './support/runtime';

const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

/** Five players: three on iOS (one a whale), two on Android (one a whale). */
const PLAYERS = [
  { id: 'ios-1', platform: 'iOS', totalSpend: 0 },
  { id: 'ios-2', platform: 'iOS', totalSpend: 5 },
  { id: 'ios-whale', platform: 'iOS', totalSpend: 400 },
  { id: 'android-1', platform: 'Android', totalSpend: 50 },
  { id: 'android-whale', platform: 'Android', totalSpend: 900 },
];

describe('segment audiences (decision 054)', () => {
  it('shows each segment’s audience on the list and its page, suggests a typo’s field and estimates a draft', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'audience');
    // The API's game carries its SDK key; the helper types only what most tests read.
    const game = (await createGameViaApi(context, setup.app, 'Audience Game')) as unknown as {
      id: string;
      sdkKey: string;
    };
    for (const [name, expression] of [
      ['Whales', 'player.totalSpend > 100.0'],
      ['iOS players', 'player.platform == "iOS"'],
    ]) {
      const created = await context.request.post(`${setup.app.url}/api/games/${game.id}/segments`, {
        data: { name, expression },
        headers: { origin: setup.app.url },
      });
      if (created.status() !== 201) throw new Error(`segment: ${created.status()}`);
    }
    // Segments are decided at each session, so the players come after them.
    for (const player of PLAYERS) {
      await runtimeCall(setup.app.url, 'POST', '/sessions', null, {
        sdkKey: game.sdkKey,
        playerId: player.id,
        attributes: { platform: player.platform, totalSpend: player.totalSpend },
      });
    }

    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/segments`);
    const whales = page.locator('.segment-row', { hasText: 'Whales' });
    await whales.locator('.segment-audience', { hasText: '2 of 5 players (40 %)' }).waitFor();
    await page
      .locator('.segment-row', { hasText: 'iOS players' })
      .locator('.segment-audience', { hasText: '3 of 5 players (60 %)' })
      .waitFor();

    await page.getByRole('button', { name: '+ Create Segment' }).click();
    const form = page.getByRole('form', { name: 'Create segment' });
    const expression = form.getByLabel('Expression');
    await expression.fill('player.platfrom == "Android"');
    await form.getByText('No such key: platfrom (line 1, column 8). Did you mean `platform`?').waitFor();
    await expression.fill('player.platform == "Android"');
    await form.getByRole('button', { name: 'Estimate audience' }).click();
    await form.getByText('About 40 % of the last 5 players seen (2 matched)').waitFor();
    await form.getByText(/A sample of the game's 5 most recently seen players \(at most 1,000/).waitFor();
    await page.screenshot({ path: `${SHOTS}/segment-audience-desktop.png`, fullPage: true });

    await page.getByRole('link', { name: 'Edit & test Whales' }).click();
    const edit = page.getByRole('region', { name: 'Edit Whales' });
    await edit.locator('.segment-audience', { hasText: '2 of 5 players (40 %)' }).waitFor();
    await edit.getByText(AUDIENCE_MESSAGES.explained, { exact: false }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/segment-audience-phone.png`, fullPage: true });
    await context.close();
  });
});
