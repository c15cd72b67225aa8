import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ASSET_MESSAGES } from '@liveops/domain';
import { launchChromium } from '@liveops/testing/browser';
import { startS3Server, type S3TestServer } from '@liveops/testing/s3';
import { createGameViaApi, signedInContext } from './support/accounts';
import { startApp, type RunningApp } from './support/app';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

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
    const thumb = card.getByRole('img', { name: 'Gold coin' });
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
