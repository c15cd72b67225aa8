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
