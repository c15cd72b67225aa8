import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ASSET_MESSAGES } from '@liveops/domain/assets';
import { launchChromium } from '@liveops/testing/browser';
import { startS3Server, type S3TestServer } from '@liveops/testing/s3';
import { createGameViaApi, signedInContext } from './support/accounts';
import { startApp, type RunningApp } from './support/app';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A real 1×1 GIF: the replacement. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

let browser: Browser;
let s3: S3TestServer;

beforeAll(async () => {
  [browser, s3] = await Promise.all([launchChromium(), startS3Server('liveops-e2e')]);
});
afterAll(async () => {
  await browser?.close();
  await s3?.close();
});

async function openAssetsTab(app: RunningApp): Promise<Page> {
  const { context } = await signedInContext(browser, app, 'assets');
  const game = await createGameViaApi(context, app, 'Asset Game');
  const page = await context.newPage();
  await page.goto(`${app.url}/dashboard/game/${game.id}/assets`);
  await page.getByText(ASSET_MESSAGES.intro).waitFor();
  return page;
}

const storages: [string, () => Record<string, string>][] = [
  ['the filesystem', () => ({})],
  [
    'S3 (s3rver)',
    () => ({
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    }),
  ],
];

describe.each(storages)('assets on %s', (_name, env) => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ env: env() });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('uploads a PNG and lists it with its thumbnail, then deletes it after the confirmation', async () => {
    const page = await openAssetsTab(app);
    await page.getByText(ASSET_MESSAGES.empty).waitFor();
    const assetId = await page.getByLabel('Asset ID').inputValue();
    expect(assetId).toMatch(/^[a-z0-9]{8}$/);

    await page.getByLabel('Asset name').fill('Gold coin');
    await page.getByLabel('File').setInputFiles({ name: 'coin.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Upload' }).click();
    const card = page.locator('.asset-card', { hasText: 'Gold coin' });
    await card.waitFor();
    expect(await card.locator('.asset-id').textContent()).toBe(assetId);
    expect(await card.textContent()).toContain('image/png');
    expect(await card.textContent()).toContain(`${PNG.length} B`);
    const thumb = card.locator('img');
    await expect.poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    // The form is ready for the next image, with a new ID.
    expect(await page.getByLabel('Asset ID').inputValue()).not.toBe(assetId);

    await card.getByRole('button', { name: 'Delete Gold coin' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Delete asset "Gold coin"?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByText(ASSET_MESSAGES.empty).waitFor();
  });

  it('opens a card: preview, rename, used by (a link to the item) and replace, after which the item shows the new image', async () => {
    const page = await openAssetsTab(app);
    const gameId = /game\/([^/]+)\/assets/.exec(page.url())?.[1] ?? '';
    const assetId = await page.getByLabel('Asset ID').inputValue();
    await page.getByLabel('Asset name').fill('Gold coin');
    await page.getByLabel('File').setInputFiles({ name: 'coin.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.locator('.asset-card', { hasText: 'Gold coin' }).waitFor();
    const made = await page.request.post(`${app.url}/api/games/${gameId}/items`, {
      data: { name: 'Gold', type: 'currency', value: 1, baseAmount: 1, assetRefId: assetId },
      headers: { origin: app.url },
    });
    expect(made.status()).toBe(201);

    await page.getByRole('button', { name: 'Open Gold coin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gold coin' });
    await dialog.getByText('1 × 1 px').waitFor();
    await dialog.getByRole('link', { name: 'Gold' }).waitFor();
    await dialog.getByLabel('Name').fill('Shiny coin');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('dialog', { name: 'Shiny coin' }).waitFor();
    await page.locator('.asset-card', { hasText: 'Shiny coin' }).waitFor();

    const oldUrl = await page.getByRole('dialog').getByRole('img', { name: 'Shiny coin' }).getAttribute('src');
    await page
      .getByRole('dialog')
      .getByLabel('Replacement image')
      .setInputFiles({ name: 'gem.gif', mimeType: 'image/gif', buffer: GIF });
    await page.getByRole('dialog').getByText('image/gif').waitFor();
    const newUrl = await page.getByRole('dialog').getByRole('img', { name: 'Shiny coin' }).getAttribute('src');
    expect(newUrl).not.toBe(oldUrl);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `/tmp/assets-dialog-${width}.png` });
    }
    await page.getByRole('dialog').getByRole('link', { name: 'Gold' }).click();
    await expect.poll(() => page.locator(`img[src="${newUrl}"]`).count()).toBeGreaterThan(0);
    expect(await page.locator(`img[src="${oldUrl}"]`).count()).toBe(0);
  });

  it('refuses an oversized file with the spec message, a duplicate ID, and a missing file', async () => {
    const page = await openAssetsTab(app);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText(ASSET_MESSAGES.nameRequired).waitFor();
    await page.getByText(ASSET_MESSAGES.fileRequired).waitFor();

    await page.getByLabel('Asset name').fill('Huge');
    const huge = Buffer.alloc(800_000);
    PNG.copy(huge);
    await page.getByLabel('File').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: huge });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Encoded asset is larger than 1MB. Please choose a smaller image.').waitFor();
    expect(await page.locator('.asset-card').count()).toBe(0);

    await page.getByLabel('Asset ID').fill('taken');
    await page.getByLabel('File').setInputFiles({ name: 'coin.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.locator('.asset-card', { hasText: 'Huge' }).waitFor();
    await page.getByLabel('Asset name').fill('Again');
    await page.getByLabel('Asset ID').fill('taken');
    await page.getByLabel('File').setInputFiles({ name: 'coin.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText(ASSET_MESSAGES.duplicateId).waitFor();
    expect(await page.locator('.asset-card').count()).toBe(1);
  });
});
