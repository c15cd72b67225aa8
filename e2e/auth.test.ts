import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AUTH_MESSAGES, userGreetingName, VERIFY_MESSAGES } from '@liveops/domain/accounts';
import { launchChromium } from '@liveops/testing/browser';
import { verificationLink } from '@liveops/testing/smtp';
import { startApp, type RunningApp } from './support/app';
import { sticksOut } from './support/overflow';
import { PASSWORD, submitCredentials, uniqueEmail } from './support/pages';

let browser: Browser;
let app: RunningApp;
const SHOTS = '/tmp/shots';

beforeAll(async () => {
  [browser, app] = await Promise.all([launchChromium(), startApp({ google: true })]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

async function signUpInBrowser(page: Page, email: string) {
  await page.goto(`${app.url}/login`);
  await page.locator('.auth-face-login').getByRole('button', { name: 'Sign up' }).click();
  await expect.poll(() => page.locator('.auth-card').getAttribute('data-mode')).toBe('signup');
  await submitCredentials(page, email, PASSWORD, 'Sign up');
  await page.getByText(AUTH_MESSAGES.verificationSent).waitFor();
}

describe('email and password accounts', () => {
  it('takes a new user from sign-up through the emailed link to the dashboard', async () => {
    const page = await newPage();
    const email = uniqueEmail('journey');

    await page.goto(`${app.url}/`);
    await page.waitForURL(`${app.url}/login`);
    const duration = await page.locator('.auth-card-inner').evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(duration).toBe('0.5s');

    await signUpInBrowser(page, email);
    // Signing up signs nobody in: the card is back on its login side.
    expect(await page.locator('.auth-card').getAttribute('data-mode')).toBe('login');

    const link = verificationLink(await app.smtp.waitForMail(email));
    expect(link.startsWith(`${app.url}/verified?token=`)).toBe(true);
    await page.goto(link);
    // The page asks before it signs anyone in, naming the whole account (decision 032) on one line, unbroken at its
    // hyphens (decision 056).
    await page.getByText(VERIFY_MESSAGES.confirmQuestion(email)).waitFor();
    expect(email).toContain('-');
    const address = page.getByText(email, { exact: true });
    expect(await address.textContent()).toBe(email);
    const lines = await address.evaluate(
      (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
    );
    expect(lines).toBeLessThan(1.5);
    await page.getByRole('button', { name: VERIFY_MESSAGES.confirmButton }).click();
    await page.getByText(VERIFY_MESSAGES.success).waitFor();
    await page.waitForURL(`${app.url}/dashboard`);
    await page.getByRole('heading', { name: `Welcome, ${userGreetingName({ displayName: null, email })}` }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${app.url}/login`);
    await page.goto(`${app.url}/dashboard`);
    await page.waitForURL(`${app.url}/login`);

    // And back in with the password.
    await submitCredentials(page, email, PASSWORD, 'Log in');
    await page.waitForURL(`${app.url}/dashboard`);
    await page.getByRole('heading', { name: `Welcome, ${userGreetingName({ displayName: null, email })}` }).waitFor();
    // A user with no display name is greeted by the words of the address, not the raw address (decision 056).
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toContain('@');
  });

  it('refuses sign-in before verification and resends the email from the card', async () => {
    const page = await newPage();
    const email = uniqueEmail('early');
    await signUpInBrowser(page, email);
    await app.smtp.waitForMail(email);

    await submitCredentials(page, email, PASSWORD, 'Log in');
    await page.getByText(AUTH_MESSAGES.emailNotVerified).waitFor();
    expect(page.url()).toBe(`${app.url}/login`);
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await page.getByText(AUTH_MESSAGES.verificationResent).waitFor();
    const second = await app.smtp.waitForMail(email, 2);

    await page.goto(verificationLink(second));
    await page.getByRole('button', { name: VERIFY_MESSAGES.confirmButton }).click();
    await page.waitForURL(`${app.url}/dashboard`);
  });

  it("shows the service's message in a red box for a wrong password", async () => {
    const page = await newPage();
    const email = uniqueEmail('wrong');
    await signUpInBrowser(page, email);
    await page.goto(verificationLink(await app.smtp.waitForMail(email)));
    await page.getByRole('button', { name: VERIFY_MESSAGES.confirmButton }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${app.url}/login`);

    await submitCredentials(page, email, 'not the password', 'Log in');
    const alert = page.locator('.auth-face-login .alert-error');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid email or password');
    expect(await page.getByRole('button', { name: 'Resend Verification Email' }).count()).toBe(0);
  });

  it('shows required-field messages without calling the server', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/login`);
    await page.locator('.auth-face-login').getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText(AUTH_MESSAGES.emailRequired).waitFor();
    await page.getByText(AUTH_MESSAGES.passwordRequired).waitFor();
  });

  it('explains a used verification link on /verified with the way back to login', async () => {
    const page = await newPage();
    const email = uniqueEmail('used');
    await signUpInBrowser(page, email);
    const link = verificationLink(await app.smtp.waitForMail(email));
    await page.goto(link);
    await page.getByRole('button', { name: VERIFY_MESSAGES.confirmButton }).click();
    await page.waitForURL(`${app.url}/dashboard`);

    const other = await newPage();
    const consoleErrors: string[] = [];
    other.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await other.goto(link);
    await other.getByRole('button', { name: VERIFY_MESSAGES.confirmButton }).click();
    await other.getByText(VERIFY_MESSAGES.linkUsed).waitFor();
    // A refused link is the page's outcome, not a failed request.
    expect(consoleErrors).toEqual([]);
    await other.getByText(VERIFY_MESSAGES.loginHint).waitFor();
    await other.getByRole('link', { name: 'Go to login' }).click();
    await other.waitForURL(`${app.url}/login`);
  });

  it('explains an altered verification link on /verified, logging no error in the console', async () => {
    const page = await newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(`${app.url}/verified?token=not-a-token`);
    await page.getByText(VERIFY_MESSAGES.linkInvalid).waitFor();
    expect(await page.getByRole('link', { name: 'Go to login' }).count()).toBe(1);
    expect(consoleErrors).toEqual([]);
  });

  it('shows a long address whole on /verified, wrapped inside its panel on a phone and a desktop', async () => {
    // A 60-character local part made of hyphenated words, the longest kind a studio's address has.
    const local = `verify-${Date.now().toString(36)}-${'long-studio-address-'.repeat(3)}`
      .slice(0, 60)
      .replace(/-$/, 'x');
    const email = `${local}@studio.test`;
    expect(local).toHaveLength(60);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const signUp = await context.request.post(`${app.url}/api/auth/sign-up/email`, {
      data: { email, password: PASSWORD },
      headers: { origin: app.url },
    });
    expect(signUp.ok()).toBe(true);
    const page = await context.newPage();
    await page.goto(verificationLink(await app.smtp.waitForMail(email)));
    await page.getByText(VERIFY_MESSAGES.confirmQuestion(email)).waitFor();
    const address = page.getByText(email, { exact: true });
    expect(await address.textContent()).toBe(email);
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      expect(await sticksOut(page), `at ${viewport.width} px`).toEqual([]);
      // The address stays inside the panel: wrapped where its line is full, never cut off or running past it.
      const [box, panel] = await Promise.all([address.boundingBox(), page.locator('.panel').boundingBox()]);
      expect(box!.x).toBeGreaterThanOrEqual(panel!.x);
      expect(box!.x + box!.width).toBeLessThanOrEqual(panel!.x + panel!.width);
      // The question mark ends the address's last line, never alone on a line of its own.
      const [end, mark] = await address.evaluate((el) => {
        const lines = el.getClientRects();
        const range = document.createRange();
        range.selectNodeContents(el.parentElement!.lastChild!);
        return [lines[lines.length - 1]!.top, range.getBoundingClientRect().top];
      });
      expect(Math.abs(end - mark)).toBeLessThan(2);
      await page.getByRole('button', { name: VERIFY_MESSAGES.confirmButton }).waitFor();
      await mkdir(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/auth-verify-long-address-${viewport.width}.png` });
    }
    await context.close();
  });

  it('tells a visitor of /verified without a link to log in', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/verified`);
    await page.getByText(VERIFY_MESSAGES.mustBeLoggedIn).waitFor();
  });
});

describe('Google sign-in', () => {
  async function signInAtProvider(page: Page, login: string) {
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    // The provider's page imports a web font this closed network cannot load, so its load event may never come.
    await page.waitForURL((url) => url.href.startsWith(app.oidc!.issuer), { waitUntil: 'commit' });
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  it('lands a verified Google account on the dashboard', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/login`);
    await signInAtProvider(page, 'player-one@google.test');
    await page.waitForURL(`${app.url}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, Google player-one' }).waitFor();
  });

  it('refuses an unverified Google account with the spec message', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/login`);
    await signInAtProvider(page, 'unverified-player@google.test');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText(AUTH_MESSAGES.googleEmailNotVerified).waitFor();
    await page.goto(`${app.url}/dashboard`);
    await page.waitForURL(`${app.url}/login`);
  });
});
