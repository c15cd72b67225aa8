import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

import {
  CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES,
  CUSTOM_ATTRIBUTE_MESSAGES,
  EXAMPLE_PLAYER,
  SEGMENT_MESSAGES,
} from '@liveops/domain/segments';
import { createGameViaApi, signedInContext } from './support/accounts';
import { useBrowserAndApp } from './support/lifecycle';

const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';

describe('custom player attributes', () => {
  it('are declared in the Player Segments tab, used and tested in a segment, and kept while a segment uses them', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'custom-attributes');
    const game = await createGameViaApi(context, setup.app, 'Attribute Game');
    const page = await context.newPage();
    await page.goto(`${setup.app.url}/dashboard/game/${game.id}/segments`);
    const editor = page.getByRole('form', { name: 'Custom attributes' });
    await editor.getByText(CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.empty).waitFor();

    // A name a built-in field has is refused where it was typed, and nothing is saved.
    await editor.getByRole('button', { name: 'Add attribute' }).click();
    await editor.getByRole('textbox', { name: 'Name of attribute 1' }).fill('Level');
    await editor.getByRole('button', { name: 'Save Attributes' }).click();
    await editor.getByText(CUSTOM_ATTRIBUTE_MESSAGES.nameBuiltIn('Level', 'level')).waitFor();

    await editor.getByRole('textbox', { name: 'Name of attribute 1' }).fill('vip');
    await editor.getByRole('combobox', { name: 'Type of attribute 1' }).selectOption('bool');
    await editor.getByRole('button', { name: 'Add attribute' }).click();
    await editor.getByRole('textbox', { name: 'Name of attribute 2' }).fill('tags');
    await editor.getByRole('combobox', { name: 'Type of attribute 2' }).selectOption('list<string>');
    await editor.getByRole('button', { name: 'Save Attributes' }).click();
    // Said on the save bar's line beside its button (decision 055), not in a toast.
    await editor.getByRole('status').getByText(CUSTOM_ATTRIBUTE_DECLARATION_MESSAGES.saved).waitFor();
    expect(await editor.getByRole('button', { name: 'Saved' }).isDisabled()).toBe(true);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await mkdir(SHOTS, { recursive: true });
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await editor.getByRole('button', { name: 'Saved' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/custom-attributes-saved-${viewport.width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Stored: a new visit shows them.
    await page.reload();
    await editor.getByRole('textbox', { name: 'Name of attribute 2' }).waitFor();
    expect(await editor.getByRole('textbox', { name: 'Name of attribute 1' }).inputValue()).toBe('vip');
    expect(await editor.getByRole('combobox', { name: 'Type of attribute 2' }).inputValue()).toBe('list<string>');

    // A segment over them is checked with their types as it is typed.
    await page.getByRole('button', { name: '+ Create Segment' }).click();
    const form = page.getByRole('form', { name: 'Create segment' });
    await form.getByLabel('Name').fill('Whale VIPs');
    await form.getByText('Player fields you can use').click();
    await form.getByText('player.tags').waitFor();
    const expression = form.getByLabel('Expression');
    await expression.fill('player.vip > 1');
    await form.getByText(/no such overload/i).waitFor();
    await expression.fill('player.vip && "whale" in player.tags');
    await form.getByText(SEGMENT_MESSAGES.hintOperator).waitFor();
    await form.getByRole('button', { name: 'Create Segment' }).click();
    await page.waitForURL(new RegExp(`/dashboard/game/${game.id}/segments/[\\w-]+$`));

    // The tester's sample player takes them.
    const player = page.getByLabel('Player (JSON)');
    await player.fill(JSON.stringify({ ...EXAMPLE_PLAYER, vip: true, tags: ['whale'] }));
    await page.getByText(SEGMENT_MESSAGES.matches).waitFor();
    await player.fill(JSON.stringify({ ...EXAMPLE_PLAYER, vip: true, tags: ['minnow'] }));
    await page.getByText(SEGMENT_MESSAGES.noMatch).waitFor();
    await player.fill(JSON.stringify({ ...EXAMPLE_PLAYER, vip: 'yes' }));
    await page.getByText(/^player\.vip: /).waitFor();

    // The segment uses vip: removing it is refused, naming the segment, and the list stays as stored.
    await editor.getByRole('button', { name: 'Remove attribute 1' }).click();
    await editor.getByRole('button', { name: 'Save Attributes' }).click();
    await editor.getByRole('alert').filter({ hasText: 'Segment “Whale VIPs”' }).waitFor();
    await editor.getByRole('button', { name: 'Discard' }).click();
    expect(await editor.getByRole('textbox', { name: 'Name of attribute 1' }).inputValue()).toBe('vip');
    await context.close();
  });
});
