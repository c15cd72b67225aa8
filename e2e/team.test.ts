import { mkdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { AUTH_MESSAGES, VERIFY_MESSAGES } from '@liveops/domain/accounts';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { cannotReason, MEMBERSHIP_MESSAGES, ROLE_DESCRIPTIONS, TEAM_MESSAGES } from '@liveops/domain/teams';
import { invitationLink, verificationLink } from '@liveops/testing/smtp';
import { createGameViaApi, signedInContext } from './support/accounts';
import { seriousViolations } from './support/axe';
import { useBrowserAndApp } from './support/lifecycle';
import { sticksOut } from './support/overflow';
import { PASSWORD, submitCredentials, uniqueEmail } from './support/pages';

/**
 * Teams from the browser (decisions 064 and 065): an owner invites a designer and a support person from the Team page; each opens the
 * emailed link in their own browser, signs up with the invited address, verifies and accepts. What each role may do
 * shows before any click; a role changed and a member removed reach the other person's open pages live.
 */
const setup = useBrowserAndApp({ env: { AUTH_RATE_LIMIT_MAX: '50' } });
const SHOTS = '/tmp/shots';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const STUDIO = 'Nebula Games';
const GAME = 'Nebula Drift';

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

/** Nothing off the screen sideways and no serious accessibility fault, then the screenshot, whole. */
async function shoot(page: Page, name: string, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.evaluate(() => document.fonts.ready);
  expect(await sticksOut(page), `${name} at ${viewport.width}`).toEqual([]);
  expect(await seriousViolations(page), `${name} at ${viewport.width}`).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/team-${name}-${viewport.width}.png`, fullPage: true });
}

/** The invitation form filled and sent; `games` limits the new member to those games. */
async function invite(page: Page, email: string, role: string, games?: string[]) {
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption({ label: role });
  if (games) {
    await form.getByLabel('Only some games').check();
    for (const game of games) await form.getByRole('group').getByLabel(game).check();
  }
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await form.getByText(`Invitation sent to ${email}.`).waitFor();
  await page.getByRole('listitem', { name: email }).waitFor();
}

/** The invitation mail's link, once the mail has arrived. */
async function linkFor(email: string) {
  return invitationLink(await setup.app.smtp.waitForMail(email));
}

/** From the invitation's page signed out: to the login card, sign up with the address, verify from the mail. */
async function signUpFromInvitation(page: Page, email: string) {
  await page.getByRole('link', { name: 'Sign in or sign up' }).click();
  await page.waitForURL(`${setup.app.url}/login`);
  await page.locator('.auth-face-login').getByRole('button', { name: 'Sign up' }).click();
  await expect.poll(() => page.locator('.auth-card').getAttribute('data-mode')).toBe('signup');
  await submitCredentials(page, email, PASSWORD, 'Sign up');
  await page.getByText(AUTH_MESSAGES.verificationSent).waitFor();
  const mail = await setup.app.smtp.waitForMail(email, 2);
  await page.goto(verificationLink(mail));
  await page.getByRole('button', { name: VERIFY_MESSAGES.confirmButton }).click();
  await page.waitForURL(`${setup.app.url}/dashboard`);
}

/** The top bar's studio (a name, or a choice when the person has several): its title names the studio shown. */
function shownStudio(page: Page, studio: string) {
  return page.getByRole('banner').locator(`[title^="${studio} · "]`);
}

function memberRow(page: Page, email: string) {
  return page.getByRole('list').getByRole('listitem', { name: email });
}

describe('teams (decision 065)', () => {
  it('invites, accepts, shows each role what it may do, and changes and removes members live', async () => {
    const { app, browser } = setup;
    const owner = await signedInContext(browser, app, 'team-owner');
    await createGameViaApi(owner.context, app, GAME);
    const ownerPage = await owner.context.newPage();
    await ownerPage.setViewportSize(DESKTOP);
    await ownerPage.goto(`${app.url}/dashboard`);

    // The top bar's Team link, beside the studio.
    await ownerPage.getByRole('banner').getByRole('link', { name: 'Team', exact: true }).click();
    await ownerPage.waitForURL(`${app.url}/team`);
    await memberRow(ownerPage, owner.email).getByText('You', { exact: true }).waitFor();

    // The Owner renames the studio in place; the top bar follows.
    await ownerPage.getByRole('button', { name: 'Rename studio' }).click();
    await ownerPage.getByLabel('Studio name').fill(STUDIO);
    await ownerPage.getByRole('button', { name: 'Save' }).click();
    await ownerPage.getByRole('heading', { name: STUDIO, level: 1 }).waitFor();
    await shownStudio(ownerPage, STUDIO).waitFor();
    // Their own role: the last Owner can neither step down nor leave, and says why.
    const self = memberRow(ownerPage, owner.email);
    expect(await self.getByRole('combobox').isDisabled()).toBe(true);
    expect(await self.getByRole('button', { name: 'Leave studio' }).isDisabled()).toBe(true);
    await self.getByText(MEMBERSHIP_MESSAGES.lastOwnerStepsDown).waitFor();
    await self.getByText(MEMBERSHIP_MESSAGES.lastOwnerLeaves).waitFor();

    const designerEmail = uniqueEmail('team-designer');
    const supportEmail = uniqueEmail('team-support');
    // Inviting a member is refused by the field it is about.
    const form = ownerPage.getByRole('form', { name: 'Invite someone' });
    await form.getByLabel('Email').fill(owner.email);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await form.getByText(TEAM_MESSAGES.alreadyMember(owner.email)).waitFor();
    await invite(ownerPage, designerEmail, 'Designer');
    expect(await form.getByText(TEAM_MESSAGES.alreadyMember(owner.email)).count()).toBe(0);
    await invite(ownerPage, supportEmail, 'Support', [GAME]);
    const pending = ownerPage.getByRole('listitem', { name: supportEmail });
    await pending.getByText(GAME, { exact: true }).waitFor();
    await ownerPage.getByRole('listitem', { name: designerEmail }).getByText('All games').waitFor();
    await shoot(ownerPage, 'owner', DESKTOP);
    await shoot(ownerPage, 'owner', PHONE);
    await ownerPage.setViewportSize(DESKTOP);

    // The designer opens the link signed out, signs up from it and accepts on the dashboard.
    const designerLink = await linkFor(designerEmail);
    expect(designerLink.startsWith(`${app.url}/invitations/`)).toBe(true);
    const designer = await browser.newContext({ viewport: DESKTOP });
    const designerPage = await designer.newPage();
    await designerPage.goto(designerLink);
    await designerPage
      .getByRole('heading', { name: `${owner.email} invited you to join ${STUDIO} as Designer` })
      .waitFor();
    await designerPage.getByText(ROLE_DESCRIPTIONS.designer).waitFor();
    await designerPage.getByText(`Sign in or create an account with ${designerEmail} to accept.`).waitFor();
    await shoot(designerPage, 'invitation-signed-out', DESKTOP);
    await shoot(designerPage, 'invitation-signed-out', PHONE);
    await designerPage.setViewportSize(DESKTOP);

    // Someone signed in with another address is told which one to use.
    await ownerPage.goto(designerLink);
    await ownerPage.getByText(TEAM_MESSAGES.invitationOtherAddress(designerEmail)).waitFor();
    expect(await ownerPage.getByRole('button', { name: /^Accept/ }).count()).toBe(0);
    await ownerPage.goto(`${app.url}/team`);
    await memberRow(ownerPage, owner.email).waitFor();

    await signUpFromInvitation(designerPage, designerEmail);
    const offer = designerPage.getByRole('region', { name: `Invitation to ${STUDIO}` });
    await offer.getByText(`${owner.email} invited you to join ${STUDIO} as Designer`).waitFor();
    await designerPage.getByText(GAME_MESSAGES.empty).waitFor();
    await shoot(designerPage, 'dashboard-offer', PHONE);
    await designerPage.setViewportSize(DESKTOP);
    await offer.getByRole('button', { name: 'Accept' }).click();
    await offer.waitFor({ state: 'detached' });
    await designerPage.locator('.game-card', { hasText: GAME }).waitFor();
    await shownStudio(designerPage, STUDIO).waitFor();

    // The designer sees the team, and that they cannot invite or change anyone, before trying.
    await designerPage.getByRole('banner').getByRole('link', { name: 'Team', exact: true }).click();
    await designerPage.getByRole('heading', { name: STUDIO, level: 1 }).waitFor();
    const designerForm = designerPage.getByRole('form', { name: 'Invite someone' });
    expect(await designerForm.getByLabel('Email').isDisabled()).toBe(true);
    expect(await designerForm.getByRole('button', { name: 'Send invitation' }).isDisabled()).toBe(true);
    await designerPage
      .getByRole('region', { name: 'Invite someone' })
      .getByText(cannotReason('designer', 'members.invite') ?? '')
      .waitFor();
    expect(await designerPage.getByRole('combobox', { name: /^Role of / }).count()).toBe(0);
    expect(await designerPage.getByRole('button', { name: 'Rename studio' }).isDisabled()).toBe(true);
    expect(await memberRow(designerPage, owner.email).getByRole('button', { name: 'Remove' }).isDisabled()).toBe(true);
    expect(await memberRow(designerPage, designerEmail).getByRole('button', { name: 'Leave studio' }).isEnabled()).toBe(
      true,
    );
    await shoot(designerPage, 'designer', DESKTOP);
    await shoot(designerPage, 'designer', PHONE);

    // The support person signs up from the link too, and accepts on the invitation's page.
    const supportLink = await linkFor(supportEmail);
    const support = await browser.newContext({ viewport: PHONE });
    const supportPage = await support.newPage();
    await supportPage.goto(supportLink);
    await signUpFromInvitation(supportPage, supportEmail);
    await supportPage.goto(supportLink);
    const accept = supportPage.getByRole('button', { name: `Accept and open ${STUDIO}` });
    await accept.waitFor();
    await shoot(supportPage, 'invitation', PHONE);
    await shoot(supportPage, 'invitation', DESKTOP);
    await accept.click();
    await supportPage.waitForURL(`${app.url}/dashboard`);
    const card = supportPage.locator('.game-card', { hasText: GAME });
    await card.waitFor();
    // The link is spent.
    await supportPage.goto(supportLink);
    await supportPage.getByText(TEAM_MESSAGES.invitationUsed).waitFor();

    // The owner's open Team page lists both newcomers without a reload, and no invitation left.
    await memberRow(ownerPage, supportEmail).waitFor();
    await memberRow(ownerPage, designerEmail).waitFor();
    await ownerPage.getByText('No invitations waiting for an answer.').waitFor();

    // The support person watches the Team page while the owner makes them a viewer.
    await supportPage.goto(`${app.url}/team`);
    const supportSelf = memberRow(supportPage, supportEmail);
    await supportSelf.getByText('Support', { exact: true }).waitFor();
    await memberRow(ownerPage, supportEmail).getByRole('combobox').selectOption('viewer');
    await supportSelf.getByText('Viewer', { exact: true }).waitFor();
    await shoot(supportPage, 'viewer', PHONE);

    // The viewer has the game open when the owner removes them: it is gone at once, and so is the studio.
    await supportPage.goto(`${app.url}/dashboard`);
    await supportPage.locator('.game-card', { hasText: GAME }).click();
    await supportPage.waitForURL(/\/dashboard\/game\/[\w-]+$/);
    await supportPage.getByRole('heading', { name: GAME, level: 1 }).waitFor();
    await removeMember(ownerPage, supportEmail);
    await supportPage.getByText(GAME_MESSAGES.notFound).waitFor({ timeout: 15_000 });
    await supportPage.getByRole('link', { name: '← Back to Dashboard' }).click();
    await shownStudio(supportPage, STUDIO).waitFor({ state: 'detached' });
    expect(await supportPage.locator('.game-card', { hasText: GAME }).count()).toBe(0);

    await shoot(ownerPage, 'owner-after', DESKTOP);
    for (const context of [owner.context, designer, support] as BrowserContext[]) await context.close();
  });
});

async function removeMember(page: Page, email: string) {
  await memberRow(page, email).getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await memberRow(page, email).waitFor({ state: 'detached' });
}
