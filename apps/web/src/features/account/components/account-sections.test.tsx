import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, type User } from '@liveops/domain/accounts';
import { renderWithProviders } from '../../../test/render';
import { DisplayNameSection } from './display-name-section';
import { PasswordSection } from './password-section';

afterEach(() => vi.unstubAllGlobals());

const user: User = {
  uid: 'u1',
  email: 'ada@studio.test',
  displayName: 'Ada',
  emailVerified: true,
  photoURL: null,
  lastLogin: null,
};

/** Better Auth's routes as the sections call them: each answers ok, or `refusal`. */
function server(refusal?: { status: number; code: string; message: string }) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined });
      if (refusal) return new Response(JSON.stringify(refusal), { status: refusal.status });
      return new Response(JSON.stringify({ status: true }));
    }),
  );
  return calls;
}

describe('the display name’s save bar', () => {
  it('saves the name with one button that says "Saved" after, and says so on its line instead of a toast', async () => {
    const calls = server();
    const person = userEvent.setup();
    renderWithProviders(<DisplayNameSection user={user} />);
    const bar = screen.getByRole('group', { name: 'Saving the name' });
    expect(within(bar).getByRole('button', { name: ACCOUNT_MESSAGES.saveButtonClean })).toBeDisabled();
    await person.type(screen.getByLabelText('Display name'), ' Lovelace');
    await person.click(within(bar).getByRole('button', { name: ACCOUNT_MESSAGES.displayNameSaveDirty }));
    expect(await within(bar).findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.displayNameSaved);
    expect(calls).toEqual([{ url: '/api/auth/update-user', body: { name: 'Ada Lovelace' } }]);
    expect(within(bar).getByRole('button', { name: ACCOUNT_MESSAGES.saveButtonClean })).toBeDisabled();
  });

  it('says on the line why a save failed, and Discard puts the stored name back', async () => {
    server({ status: 500, code: 'INTERNAL', message: '' });
    const person = userEvent.setup();
    renderWithProviders(<DisplayNameSection user={user} />);
    const bar = screen.getByRole('group', { name: 'Saving the name' });
    await person.type(screen.getByLabelText('Display name'), 'x');
    await person.click(within(bar).getByRole('button', { name: ACCOUNT_MESSAGES.displayNameSaveDirty }));
    await vi.waitFor(() =>
      expect(within(bar).getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.displayNameSaveFailed),
    );
    await person.click(within(bar).getByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText('Display name')).toHaveValue('Ada');
    expect(within(bar).getByRole('alert')).toBeEmptyDOMElement();
  });
});

describe('the password’s save bar', () => {
  const fill = async (person: ReturnType<typeof userEvent.setup>, current: string) => {
    await person.type(screen.getByLabelText('Current password'), current);
    await person.type(screen.getByLabelText('New password', { exact: true }), 'a new long password');
    await person.type(screen.getByLabelText('Confirm new password'), 'a new long password');
  };

  it('waits for something typed, then says on its line that the password changed and empties the fields', async () => {
    const calls = server();
    const person = userEvent.setup();
    renderWithProviders(<PasswordSection user={user} hasPassword />);
    const bar = screen.getByRole('group', { name: 'Change the password' });
    const button = within(bar).getByRole('button', { name: ACCOUNT_MESSAGES.passwordSaveButton });
    expect(button).toBeDisabled();
    await fill(person, 'the old password');
    await person.click(button);
    expect(await within(bar).findByRole('status')).toHaveTextContent(
      `${ACCOUNT_MESSAGES.passwordChanged} ${ACCOUNT_MESSAGES.otherSessionsSignedOut}`,
    );
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/change-password', '/api/auth/revoke-other-sessions']);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(button).toBeDisabled();
  });

  it('says a wrong current password under its field, not on the line', async () => {
    server({ status: 400, code: 'INVALID_PASSWORD', message: ACCOUNT_MESSAGES.currentPasswordWrong });
    const person = userEvent.setup();
    renderWithProviders(<PasswordSection user={user} hasPassword />);
    await fill(person, 'not the password');
    const bar = screen.getByRole('group', { name: 'Change the password' });
    await person.click(within(bar).getByRole('button', { name: ACCOUNT_MESSAGES.passwordSaveButton }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(within(bar).getByRole('alert')).toBeEmptyDOMElement();
    expect(within(bar).getByRole('status')).toBeEmptyDOMElement();
  });
});
