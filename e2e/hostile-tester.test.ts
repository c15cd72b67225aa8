import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { verificationLink } from '@liveops/testing/smtp';
import { VERIFY_MESSAGES } from '@liveops/domain/accounts';
import { DAILY_REWARD_MESSAGES } from '@liveops/domain/daily-rewards';
import { createGameViaApi, signedInContext } from './support/accounts';
import { useBrowserAndApp } from './support/lifecycle';
import { PASSWORD, uniqueEmail } from './support/pages';

/** What a hostile tester found, in a real browser (decision 032). */
const setup = useBrowserAndApp();

async function send(context: BrowserContext, method: 'POST' | 'PATCH', path: string, data: unknown) {
  const response = await context.request.fetch(`${setup.app.url}${path}`, {
    method,
    data,
    headers: { origin: setup.app.url },
  });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}`);
  return (await response.json()) as { id: string };
}

const sessionUser = async (page: Page) =>
  ((await (await page.request.get(`${setup.app.url}/api/session`)).json()) as { user: unknown }).user;

describe("someone else's verification link (login CSRF)", () => {
  it('asks, naming the account, before it signs anyone in; the API address sends a browser to that question', async () => {
    // The attacker signs up and keeps their own link unused; the victim opens it.
    const attacker = uniqueEmail('attacker');
    const signUp = await fetch(`${setup.app.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: setup.app.url },
      body: JSON.stringify({ email: attacker, password: PASSWORD }),
    });
    expect(signUp.status).toBe(200);
    const link = verificationLink(await setup.app.smtp.waitForMail(attacker));

    const context = await setup.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(link);
      await page.getByText(VERIFY_MESSAGES.confirmQuestion(attacker)).waitFor();
      await page.getByText(VERIFY_MESSAGES.confirmHint).waitFor();
      // Before: the page redeemed the link on load and the victim was signed in as the attacker.
      expect(await sessionUser(page)).toBeNull();

      // The API's own address, followed as a link, signs nobody in either: it lands on the same question.
      await page.goto(link.replace('/verified?', '/api/auth/verify-email?'));
      await page.waitForURL(/\/verified\?token=/);
      await page.getByRole('button', { name: VERIFY_MESSAGES.confirmButton }).waitFor();
      expect(await sessionUser(page)).toBeNull();

      // Only the button signs in.
      await page.getByRole('button', { name: VERIFY_MESSAGES.confirmButton }).click();
      await page.getByText(VERIFY_MESSAGES.success).waitFor();
      await page.waitForURL(`${setup.app.url}/dashboard`);
      expect(await sessionUser(page)).toMatchObject({ email: attacker });
    } finally {
      await context.close();
    }
  });
});

describe('two tabs editing one daily reward', () => {
  it('refuses the later save with a conflict that offers reload and overwrite', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'two-tabs');
    try {
      const game = await createGameViaApi(context, setup.app, 'Tabs Game');
      const gold = await send(context, 'POST', `/api/games/${game.id}/items`, {
        name: 'Gold',
        type: 'currency',
        value: 1,
        baseAmount: 1,
      });
      const pack = (name: string) =>
        send(context, 'POST', `/api/games/${game.id}/packs`, { name, contents: [{ itemId: gold.id, quantity: 3 }] });
      const [starter, mega, ruby] = [await pack('Starter Pack'), await pack('Mega Pack'), await pack('Ruby Pack')];
      const base = `/api/games/${game.id}/daily-rewards`;
      const config = await send(context, 'POST', base, { name: 'Week' });
      const week = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: starter.id }));
      await send(context, 'PATCH', `${base}/${config.id}`, { rewards: week, cycleDays: 7 });

      const open = async () => {
        const page = await context.newPage();
        await page.goto(`${setup.app.url}/dashboard/game/${game.id}/daily-rewards`);
        await page.getByRole('heading', { name: 'Week' }).waitFor();
        return page;
      };
      const [first, second] = [await open(), await open()];
      const conflict = second.getByRole('alert').filter({ hasText: DAILY_REWARD_MESSAGES.rewardsConflict });

      // The second tab starts editing; the first then saves its own change.
      await second.getByLabel('Day 2', { exact: true }).selectOption({ label: 'Ruby Pack' });
      await first.getByLabel('Day 1', { exact: true }).selectOption({ label: 'Mega Pack' });
      await first.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonDirty }).click();
      await first.getByRole('status').getByText(DAILY_REWARD_MESSAGES.saved).waitFor();

      // Before: this save silently replaced the first tab's day 1.
      await second.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonDirty }).click();
      await conflict.waitFor();
      const stored = async () =>
        (
          (await (await context.request.get(`${setup.app.url}${base}`)).json()) as { rewards: { packId: string }[] }[]
        )[0]!.rewards.map((entry) => entry.packId);
      expect((await stored()).slice(0, 2)).toEqual([mega.id, starter.id]);

      // Reload: the edits go and the saved days show.
      await conflict.getByRole('button', { name: DAILY_REWARD_MESSAGES.conflictReload }).click();
      await conflict.waitFor({ state: 'detached' });
      expect(await second.getByLabel('Day 1', { exact: true }).inputValue()).toBe(mega.id);
      expect(await second.getByLabel('Day 2', { exact: true }).inputValue()).toBe(starter.id);

      // Again, and this time overwrite: the second tab's days are saved as they are.
      await second.getByLabel('Day 3', { exact: true }).selectOption({ label: 'Ruby Pack' });
      await first.getByLabel('Day 4', { exact: true }).selectOption({ label: 'Mega Pack' });
      await first.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonDirty }).click();
      await first.getByRole('status').getByText(DAILY_REWARD_MESSAGES.saved).waitFor();
      await second.getByRole('button', { name: DAILY_REWARD_MESSAGES.saveButtonDirty }).click();
      await conflict.waitFor();
      await conflict.getByRole('button', { name: DAILY_REWARD_MESSAGES.conflictOverwrite }).click();
      await second.getByRole('status').getByText(DAILY_REWARD_MESSAGES.saved).waitFor();
      expect((await stored()).slice(0, 4)).toEqual([mega.id, starter.id, ruby.id, starter.id]);
    } finally {
      await context.close();
    }
  });
});
