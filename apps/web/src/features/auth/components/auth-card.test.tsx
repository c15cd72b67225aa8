import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@liveops/domain/accounts';
import { renderWithProviders } from '../../../test/render';
import { AuthCard } from './auth-card';

function face(container: HTMLElement, side: 'login' | 'signup') {
  const element = container.querySelector<HTMLElement>(`.auth-face-${side}`);
  if (!element) throw new Error(`no ${side} face`);
  return within(element);
}

afterEach(() => vi.unstubAllGlobals());

/** Renders the card and submits the login side with an email and any password. */
async function logInAs(email: string) {
  const user = userEvent.setup();
  const { container } = renderWithProviders(<AuthCard />);
  const login = face(container, 'login');
  await user.type(login.getByLabelText('Email'), email);
  await user.type(login.getByLabelText('Password'), 'whatever');
  await user.click(login.getByRole('button', { name: 'Log in' }));
  return { user, login };
}

describe('AuthCard', () => {
  it('flips to sign-up with the mode link and back with the other', async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(<AuthCard />);
    const card = container.querySelector('.auth-card');
    expect(card).toHaveAttribute('data-mode', 'login');
    await user.click(face(container, 'login').getByRole('button', { name: 'Sign up' }));
    expect(card).toHaveAttribute('data-mode', 'signup');
    expect(container.querySelector('.auth-face-login')).toHaveAttribute('inert');
    await user.click(face(container, 'signup').getByRole('button', { name: 'Log in' }));
    expect(card).toHaveAttribute('data-mode', 'login');
  });

  it('links to the forgot-password page from the login side alone, carrying the typed email', async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(<AuthCard />);
    const login = face(container, 'login');
    expect(login.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    await user.type(login.getByLabelText('Email'), 'ada@studio.test');
    expect(login.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password?email=ada%40studio.test',
    );
    expect(face(container, 'signup').queryByRole('link', { name: 'Forgot password?', hidden: true })).toBeNull();
  });

  it('requires email and password before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { container } = renderWithProviders(<AuthCard />);
    await user.click(face(container, 'login').getByRole('button', { name: 'Log in' }));
    expect(await face(container, 'login').findByText(AUTH_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(face(container, 'login').getByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('applies the password length rule on sign-up only', async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(<AuthCard />);
    await user.click(face(container, 'login').getByRole('button', { name: 'Sign up' }));
    const signup = face(container, 'signup');
    await user.type(signup.getByLabelText('Email'), 'dev@studio.test');
    await user.type(signup.getByLabelText('Password'), 'short');
    await user.click(signup.getByRole('button', { name: 'Sign up' }));
    expect(await signup.findByText(AUTH_MESSAGES.passwordTooShort)).toBeInTheDocument();
  });

  it('shows the unverified message with a resend button, and resends to the typed email', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/sign-in/email')) {
        return new Response(JSON.stringify({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }), {
          status: 403,
        });
      }
      expect(url).toBe('/api/auth/send-verification-email');
      expect(JSON.parse(String(init?.body))).toEqual({ email: 'dev@studio.test' });
      return new Response(JSON.stringify({ status: true }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user, login } = await logInAs('dev@studio.test');
    expect(await login.findByText(AUTH_MESSAGES.emailNotVerified)).toBeInTheDocument();
    await user.click(login.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await login.findByText(AUTH_MESSAGES.verificationResent)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('falls back to "Authentication failed" when the answer is not the server\'s own error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    const { login } = await logInAs('dev@studio.test');
    expect(await login.findByRole('alert')).toHaveTextContent('Authentication failed');
  });

  it('disables Google sign-in with a visible note on a server without Google, before it is pressed', () => {
    const { container } = renderWithProviders(<AuthCard server={{ googleSignIn: false, emailDelivery: 'smtp' }} />);
    const login = face(container, 'login');
    const button = login.getByRole('button', { name: 'Sign in with Google' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(AUTH_MESSAGES.googleNotConfigured);
    expect(login.getByText(AUTH_MESSAGES.googleNotConfigured)).toBeVisible();
  });

  it('keeps Google sign-in pressable when the server has it, or said nothing', () => {
    for (const server of [{ googleSignIn: true, emailDelivery: 'smtp' } as const, undefined]) {
      const { container, unmount } = renderWithProviders(<AuthCard server={server} />);
      expect(face(container, 'login').getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
      expect(face(container, 'login').queryByText(AUTH_MESSAGES.googleNotConfigured)).toBeNull();
      unmount();
    }
  });

  it('says after sign-up that the link went to the server log on a server without email', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ token: null }), { status: 200 })),
    );
    const user = userEvent.setup();
    const { container } = renderWithProviders(<AuthCard server={{ googleSignIn: true, emailDelivery: 'log' }} />);
    await user.click(face(container, 'login').getByRole('button', { name: 'Sign up' }));
    const signup = face(container, 'signup');
    await user.type(signup.getByLabelText('Email'), 'dev@studio.test');
    await user.type(signup.getByLabelText('Password'), 'a long password 1');
    await user.click(signup.getByRole('button', { name: 'Sign up' }));
    const login = face(container, 'login');
    expect(await login.findByText(AUTH_MESSAGES.verificationLinkInLog)).toBeInTheDocument();
    expect(login.queryByText(AUTH_MESSAGES.verificationSent)).toBeNull();
    await user.click(login.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await login.findByText(AUTH_MESSAGES.verificationLinkInLogAgain)).toBeInTheDocument();
  });

  it('says the verification email was sent on a server with email', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ token: null }), { status: 200 })),
    );
    const user = userEvent.setup();
    const { container } = renderWithProviders(<AuthCard server={{ googleSignIn: true, emailDelivery: 'smtp' }} />);
    await user.click(face(container, 'login').getByRole('button', { name: 'Sign up' }));
    const signup = face(container, 'signup');
    await user.type(signup.getByLabelText('Email'), 'dev@studio.test');
    await user.type(signup.getByLabelText('Password'), 'a long password 1');
    await user.click(signup.getByRole('button', { name: 'Sign up' }));
    expect(await face(container, 'login').findByText(AUTH_MESSAGES.verificationSent)).toBeInTheDocument();
  });
});
