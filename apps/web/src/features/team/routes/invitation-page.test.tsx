import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEAM_MESSAGES, type InvitationView } from '@liveops/domain/teams';
import { InvitationPage } from './invitation-page';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const VIEW: InvitationView = {
  studioName: 'Nebula Games',
  invitedBy: 'Ada',
  email: 'sam@studio.test',
  role: 'designer',
  status: 'pending',
  expiresAt: '2026-12-06T12:00:00.000Z',
};

const user = (email: string) => ({
  uid: 'u1',
  email,
  displayName: null,
  emailVerified: true,
  photoURL: null,
  lastLogin: null,
});

/** The page at /invitations/i1 with the server's answers to the session and the invitation. */
function renderPage(session: unknown, invitation: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url.endsWith('/session') ? json(session) : invitation.clone())),
  );
  const router = createMemoryRouter([{ path: '/invitations/:invitationId', element: <InvitationPage /> }], {
    initialEntries: ['/invitations/i1'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('InvitationPage', () => {
  it('tells someone signed out which address to sign in or sign up with', async () => {
    renderPage({ user: null }, json(VIEW));
    expect(
      await screen.findByRole('heading', { name: 'Ada invited you to join Nebula Games as Designer' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign in or sign up' })).toHaveAttribute('href', '/login');
    expect(screen.getByText(/to accept\.$/)).toHaveTextContent(
      'Sign in or create an account with sam@studio.test to accept.',
    );
  });

  it('offers Accept and Decline to the invited address only', async () => {
    renderPage({ user: user('Sam@Studio.test') }, json(VIEW));
    expect(await screen.findByRole('button', { name: 'Accept and open Nebula Games' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
  });

  it('tells another account which address the invitation is for', async () => {
    renderPage({ user: user('other@studio.test') }, json(VIEW));
    expect(await screen.findByText(TEAM_MESSAGES.invitationOtherAddress('sam@studio.test'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('says why an invitation can no longer be answered', async () => {
    renderPage({ user: null }, json({ ...VIEW, status: 'expired' }));
    expect(await screen.findByRole('heading', { name: TEAM_MESSAGES.invitationExpired })).toBeInTheDocument();
  });

  it('says so when the link names no invitation', async () => {
    renderPage({ user: null }, json({ code: 'NOT_FOUND', message: TEAM_MESSAGES.invitationNotFound }, 404));
    expect(await screen.findByRole('heading', { name: TEAM_MESSAGES.invitationNotFound })).toBeInTheDocument();
  });
});
