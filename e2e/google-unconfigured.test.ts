import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { AUTH_MESSAGES } from '@liveops/domain';
import { launchChromium } from '@liveops/testing/browser';
import { startApp, type RunningApp } from './support/app';

let browser: Browser;
let app: RunningApp;

beforeAll(async () => {
  [browser, app] = await Promise.all([launchChromium(), startApp()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('a server without Google credentials', () => {
  it('keeps the Google button and answers it with a clear message', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByText(AUTH_MESSAGES.googleNotConfigured).waitFor();
    expect(page.url()).toBe(`${app.url}/login`);
  });

  it('serves client routes through the history fallback and unknown paths as a not-found page', async () => {
    const response = await fetch(`${app.url}/verified?token=abc`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await browser.newPage();
    await page.goto(`${app.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });
});
