import { mkdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, RESET_MESSAGES, userGreetingName } from '@liveops/domain/accounts';
import { passwordResetLink } from '@liveops/testing/smtp';
import { createGameViaApi, signedInContext } from './support/accounts';
import { seriousViolations } from './support/axe';
import { useBrowserAndApp } from './support/lifecycle';
import { PASSWORD, submitCredentials } from './support/pages';

const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const NEW_PASSWORD = 'a brand new passphrase';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

/** A page in a fresh browser (no session) at the given size, collecting console errors. */
async function freshPage(browser: Browser, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return { context, page, consoleErrors };
}

/** The count-th password reset mail to an address, waited for. */
async function resetLinkFor(email: string, count = 1): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = setup.app.smtp.mailsTo(email).filter((mail) => mail.text.includes('/reset-password?token='));
    const mail = mails[count - 1];
    if (mail) return passwordResetLink(mail);
    if (Date.now() > deadline) throw new Error(`no reset mail #${count} to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function expectSignInRefused(page: Page, email: string, password: string) {
  await page.goto(`${setup.app.url}/login`);
  await submitCredentials(page, email, password, 'Log in');
  const alert = page.locator('.auth-face-login .alert-error');
  await alert.waitFor();
  expect(await alert.textContent()).toBe('Invalid email or password');
  expect(page.url()).toBe(`${setup.app.url}/login`);
}

describe('forgot password', () => {
  it('goes from the login card through the emailed link to a new password; the old one is refused and every session ends', async () => {
    const { context: signedIn, email } = await signedInContext(setup.browser, setup.app, 'forgot');
    const before = await signedIn.newPage();
    await before.goto(`${setup.app.url}/dashboard`);
    await before.getByRole('heading', { name: `Welcome, ${userGreetingName({ displayName: null, email })}` }).waitFor();

    const { page } = await freshPage(setup.browser);
    await page.goto(`${setup.app.url}/login`);
    const login = page.locator('.auth-face-login');
    await login.getByLabel('Email').fill(email);
    await login.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${setup.app.url}/forgot-password?email=${encodeURIComponent(email)}`);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/account-forgot-password-desktop.png`, fullPage: true });

    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await page.getByText(RESET_MESSAGES.requestSent).waitFor();
    await page.screenshot({ path: `${SHOTS}/account-forgot-password-sent-desktop.png`, fullPage: true });

    const link = await resetLinkFor(email);
    expect(link.startsWith(`${setup.app.url}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByText(email).waitFor();

    // Bad input first: a confirmation typed differently, then the email address as the password.
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(AUTH_MESSAGES.passwordsDiffer).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(email.toUpperCase());
    await page.getByLabel('Confirm new password').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(AUTH_MESSAGES.passwordIsEmail).waitFor();
    await page.screenshot({ path: `${SHOTS}/account-reset-password-errors-desktop.png`, fullPage: true });

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await page.getByText(RESET_MESSAGES.passwordChanged).waitFor();
    await page.screenshot({ path: `${SHOTS}/account-reset-password-done-desktop.png`, fullPage: true });

    // The browser that was signed in before the reset is signed out.
    await before.goto(`${setup.app.url}/dashboard`);
    await before.waitForURL(`${setup.app.url}/login`);

    await page.getByRole('link', { name: 'Log in with the new password' }).click();
    await page.waitForURL(`${setup.app.url}/login`);
    await expectSignInRefused(page, email, PASSWORD);
    await submitCredentials(page, email, NEW_PASSWORD, 'Log in');
    await page.waitForURL(`${setup.app.url}/dashboard`);
    await page.getByRole('heading', { name: `Welcome, ${userGreetingName({ displayName: null, email })}` }).waitFor();

    // The link worked once.
    const reused = await freshPage(setup.browser, PHONE);
    await reused.page.goto(link);
    await reused.page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await reused.page.getByText(RESET_MESSAGES.linkInvalid).waitFor();
    expect(await seriousViolations(reused.page)).toEqual([]);
    await reused.page.screenshot({ path: `${SHOTS}/account-reset-link-used-phone.png`, fullPage: true });
    await reused.page.getByRole('link', { name: 'Request a new link' }).click();
    await reused.page.waitForURL(`${setup.app.url}/forgot-password`);
    // A used link is the page's outcome, not a failed request.
    expect(reused.consoleErrors).toEqual([]);
  });

  it('answers an address without an account as one with, and shows the new-password page on a phone', async () => {
    const { page } = await freshPage(setup.browser, PHONE);
    await page.goto(`${setup.app.url}/forgot-password`);
    await page.getByLabel('Email').fill('nobody-here@studio.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(RESET_MESSAGES.requestSent).waitFor();
    await page.screenshot({ path: `${SHOTS}/account-forgot-password-sent-phone.png`, fullPage: true });

    const { context, email } = await signedInContext(setup.browser, setup.app, 'phone-reset');
    await context.close();
    await page.goto(`${setup.app.url}/forgot-password`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(RESET_MESSAGES.requestSent).waitFor();
    await page.goto(await resetLinkFor(email));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SHOTS}/account-reset-password-phone.png`, fullPage: true });

    await page.goto(`${setup.app.url}/reset-password?token=altered-${Date.now()}`);
    await page.getByText(RESET_MESSAGES.linkInvalid).waitFor();
  });
});

describe('account settings', () => {
  it('renames the account from the top bar: the greeting follows, in another open tab too', async () => {
    const { context, email } = await signedInContext(setup.browser, setup.app, 'rename');
    const page = await context.newPage();
    await page.setViewportSize(DESKTOP);
    const other = await context.newPage();
    await other.goto(`${setup.app.url}/dashboard`);
    await other.getByRole('heading', { name: `Welcome, ${userGreetingName({ displayName: null, email })}` }).waitFor();

    await page.goto(`${setup.app.url}/dashboard`);
    await page.getByRole('heading', { name: `Welcome, ${userGreetingName({ displayName: null, email })}` }).waitFor();
    await page.getByRole('link', { name: /Account settings/ }).click();
    await page.waitForURL(`${setup.app.url}/account`);
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();
    await page.getByText('This is the only device signed in to your account.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/account-settings-desktop.png`, fullPage: true });

    const name = page.getByLabel('Display name');
    await name.fill('   ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Display name must show at least one character.').waitFor();
    await name.fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Save name' }).click();
    // Said on the save bar's line beside its button (decision 055), not in a toast.
    await page.getByRole('group', { name: 'Saving the name' }).getByText(ACCOUNT_MESSAGES.displayNameSaved).waitFor();
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/account-name-saved-desktop.png` });
    await page.locator('.topbar').getByText('Ada Lovelace').waitFor();

    // The other tab hears of it through the live update, without a reload.
    await other.getByRole('heading', { name: 'Welcome, Ada Lovelace' }).waitFor();
    await page.locator('.topbar-brand').click();
    await page.waitForURL(`${setup.app.url}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, Ada Lovelace' }).waitFor();
  });

  it('changes the password with the current one and signs out the other devices', async () => {
    const { context, email } = await signedInContext(setup.browser, setup.app, 'change');
    const elsewhere = await freshPage(setup.browser);
    await elsewhere.page.goto(`${setup.app.url}/login`);
    await submitCredentials(elsewhere.page, email, PASSWORD, 'Log in');
    await elsewhere.page.waitForURL(`${setup.app.url}/dashboard`);

    const page = await context.newPage();
    await page.goto(`${setup.app.url}/account`);
    await page.getByLabel('Current password').fill('not the password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(ACCOUNT_MESSAGES.currentPasswordWrong).waitFor();
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(ACCOUNT_MESSAGES.passwordChanged, { exact: false }).first().waitFor();
    expect(await page.getByLabel('Current password').inputValue()).toBe('');

    // The other browser's open dashboard goes to the login page by itself.
    await elsewhere.page.waitForURL(`${setup.app.url}/login`);
    await page.getByText('This is the only device signed in to your account.').waitFor();
    await expectSignInRefused(elsewhere.page, email, PASSWORD);
    await submitCredentials(elsewhere.page, email, NEW_PASSWORD, 'Log in');
    await elsewhere.page.waitForURL(`${setup.app.url}/dashboard`);
  });

  it('shows the settings on a phone', async () => {
    const { context } = await signedInContext(setup.browser, setup.app, 'phone-settings');
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${setup.app.url}/account`);
    await page.getByRole('button', { name: 'Change password' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SHOTS}/account-settings-phone.png`, fullPage: true });
    // The name's save bar on a phone: its button under the field, its line above the button once saved.
    await page.getByLabel('Display name').fill('Ada');
    await page.getByRole('button', { name: 'Save name' }).click();
    const saved = page.getByRole('group', { name: 'Saving the name' }).getByText(ACCOUNT_MESSAGES.displayNameSaved);
    await saved.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SHOTS}/account-name-saved-phone.png` });
  });

  it('deletes the account after the password; its sign-in is refused afterwards', async () => {
    const { context, email } = await signedInContext(setup.browser, setup.app, 'delete');
    const game = await createGameViaApi(context, setup.app, 'Doomed Game');
    const page = await context.newPage();
    await page.setViewportSize(DESKTOP);
    await page.goto(`${setup.app.url}/account`);
    await page.getByText(/removes your 1 game and everything in them/).waitFor();
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText(ACCOUNT_MESSAGES.deletePasswordRequired).waitFor();
    await dialog.getByLabel('Your password').fill('not the password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText(ACCOUNT_MESSAGES.deletePasswordWrong).waitFor();
    // Axe reads colours as painted: let the button fade back from its busy state first.
    const submit = dialog.getByRole('button', { name: 'Delete my account' });
    await expect.poll(() => submit.evaluate((button) => getComputedStyle(button).opacity)).toBe('1');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/account-delete-dialog-desktop.png` });
    const stillThere = await context.request.get(`${setup.app.url}/api/games/${game.id}`);
    expect(stillThere.status()).toBe(200);

    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${setup.app.url}/login?notice=account-deleted`);
    await page.getByText(ACCOUNT_MESSAGES.deleted).waitFor();
    await page.screenshot({ path: `${SHOTS}/account-deleted-login-desktop.png`, fullPage: true });
    expect((await context.request.get(`${setup.app.url}/api/games/${game.id}`)).status()).toBe(401);

    await submitCredentials(page, email, PASSWORD, 'Log in');
    const alert = page.locator('.auth-face-login .alert-error');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid email or password');
    expect(page.url()).toContain('/login');
  });
});
