import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

import { AUTH_MESSAGES, VERIFY_MESSAGES } from '@liveops/domain/accounts';
import { useBrowserAndApp } from './support/lifecycle';
import { PASSWORD, submitCredentials, uniqueEmail } from './support/pages';

// Neither Google nor SMTP_URL: the server a developer gets from `npm start` on a laptop.
const setup = useBrowserAndApp({ env: { SMTP_URL: '' } });
const SHOTS = '/tmp/shots';

describe('a server without Google credentials', () => {
  it('says Google sign-in is not set up before the button is pressed, and the button does nothing', async () => {
    await mkdir(SHOTS, { recursive: true });
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const page = await setup.browser.newPage({ viewport });
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await page.goto(`${setup.app.url}/login`);
      const login = page.locator('.auth-face-login');
      const button = login.getByRole('button', { name: 'Sign in with Google' });
      await login.getByText(AUTH_MESSAGES.googleNotConfigured).waitFor();
      expect(await button.isDisabled()).toBe(true);
      const noteId = await login.getByText(AUTH_MESSAGES.googleNotConfigured).getAttribute('id');
      expect(await button.getAttribute('aria-describedby')).toBe(noteId);
      await page.screenshot({ path: `${SHOTS}/login-no-google-${viewport.width}.png` });
      await button.click({ force: true });
      expect(requests.filter((url) => url.includes('/sign-in/social'))).toEqual([]);
      expect(page.url()).toBe(`${setup.app.url}/login`);
      await page.close();
    }
  });

  it('still answers a direct Google sign-in request with a clear message', async () => {
    const response = await fetch(`${setup.app.url}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: setup.app.url },
      body: JSON.stringify({ provider: 'google', callbackURL: '/dashboard' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(AUTH_MESSAGES.googleNotConfigured);
  });

  it('says after sign-up that the link was printed to the server log, where it is, and it verifies', async () => {
    const page = await setup.browser.newPage({ viewport: { width: 390, height: 844 } });
    const email = uniqueEmail('no-smtp');
    await page.goto(`${setup.app.url}/login`);
    await page.locator('.auth-face-login').getByRole('button', { name: 'Sign up' }).click();
    await submitCredentials(page, email, PASSWORD, 'Sign up');
    await page.getByText(AUTH_MESSAGES.verificationLinkInLog).waitFor();
    expect(await page.getByText(AUTH_MESSAGES.verificationSent).count()).toBe(0);
    await page.waitForTimeout(600); // the card's flip back to the login side
    await page.screenshot({ path: `${SHOTS}/signup-no-smtp-390.png` });

    // The link is where the card says: in the server's log, marked, for this address.
    await expect.poll(() => setup.app.logs().includes(`To:      ${email}`)).toBe(true);
    const log = setup.app.logs();
    const mail = log.slice(log.indexOf(`To:      ${email}`));
    const link = /https?:\/\/[^\s"<>]+\/verified\?token=[\w.%-]+/.exec(mail)?.[0];
    expect(log).toContain('EMAIL (not sent: SMTP_URL is not set, so it is printed here instead)');
    expect(link).toBeDefined();
    await page.goto(link!);
    // The link asks before it signs in (decision 032).
    await page.getByRole('button', { name: VERIFY_MESSAGES.confirmButton }).click();
    await page.waitForURL(`${setup.app.url}/dashboard`);
    await page.close();
  });

  it('serves client routes through the history fallback and unknown paths as a not-found page', async () => {
    const response = await fetch(`${setup.app.url}/verified?token=abc`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await setup.browser.newPage();
    await page.goto(`${setup.app.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });
});
