import type { Browser, BrowserContext } from 'playwright-core';
import { verificationLink } from '@liveops/testing/smtp';
import type { RunningApp } from './app';
import { PASSWORD, uniqueEmail } from './pages';

/** A browser context signed in as a new, verified account (made through the API, as the UI tests cover it). */
export async function signedInContext(browser: Browser, app: RunningApp, prefix: string) {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const email = uniqueEmail(prefix);
  const response = await context.request.post(`${app.url}/api/auth/sign-up/email`, {
    data: { email, password: PASSWORD },
    headers: { origin: app.url },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const verified = await context.request.get(
    verificationLink(await app.smtp.waitForMail(email)).replace('/verified?', '/api/auth/verify-email?'),
  );
  if (!verified.ok()) throw new Error(`verification failed: ${verified.status()}`);
  return { context, email };
}

/** A game made through the API, for tests about what lives inside a game. */
export async function createGameViaApi(context: BrowserContext, app: RunningApp, name = 'Test Game') {
  const response = await context.request.post(`${app.url}/api/games`, {
    data: { name, description: `${name} for tests`, platforms: ['iOS'] },
    headers: { origin: app.url },
  });
  if (response.status() !== 201) throw new Error(`creating a game answered ${response.status()}`);
  return (await response.json()) as { id: string; name: string };
}
