import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '@liveops/testing/browser';
import { startApp, type RunningApp } from './app';

/** One Chromium and one running app per test file, both closed after it. Read them inside tests. */
export function useBrowserAndApp(options: Parameters<typeof startApp>[0] = {}) {
  const handles: { browser: Browser; app: RunningApp } = {} as { browser: Browser; app: RunningApp };
  beforeAll(async () => {
    [handles.browser, handles.app] = await Promise.all([launchChromium(), startApp(options)]);
  });
  afterAll(async () => {
    await handles.browser?.close();
    await handles.app?.stop();
  });
  return handles;
}
