import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeaveDialog } from '../components/leave-dialog';
import { useLeaveGuard } from '../lib/use-leave-guard';
import { useSignOut } from '../lib/sign-out';
import { SignOutPage } from './sign-out-page';

afterEach(() => vi.unstubAllGlobals());

/** A page with unsaved edits, as Daily Rewards is with unsaved day assignments, and the top bar's button. */
function EditingPage() {
  const blocker = useLeaveGuard(true);
  const signOut = useSignOut();
  return (
    <>
      <p>editing page</p>
      <button type="button" onClick={signOut}>
        Sign out
      </button>
      <LeaveDialog blocker={blocker} title="Leave with unsaved day assignments?" text="They will be lost." />
    </>
  );
}

function renderAt(path: string) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>login page</p> },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/dashboard/game/g1/daily-rewards', element: <EditingPage /> },
      { path: '/sign-out', element: <SignOutPage /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const signOutCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/sign-out'));
  return { router, signOutCalls };
}

describe('signing out', () => {
  it('asks first when the page has unsaved changes, and signs nobody out if the user stays', async () => {
    const { router, signOutCalls } = renderAt('/dashboard/game/g1/daily-rewards');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('alertdialog', { name: 'Leave with unsaved day assignments?' });
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.getByText('editing page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/game/g1/daily-rewards');
    expect(signOutCalls()).toHaveLength(0);
  });

  it('signs out once the user chooses to leave, and ends on the login page, not the workspace', async () => {
    const { router, signOutCalls } = renderAt('/dashboard/game/g1/daily-rewards');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await screen.findByText('login page');
    expect(signOutCalls()).toHaveLength(1);
    expect(signOutCalls()[0]?.[1]?.method).toBe('POST');
    expect(router.state.location.pathname).toBe('/login');
    // The sign-out page replaced itself: Back does not return to it.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('signs nobody out when the sign-out address is opened by a link', async () => {
    const { signOutCalls } = renderAt('/sign-out');
    await screen.findByText('dashboard page');
    expect(signOutCalls()).toHaveLength(0);
  });
});
