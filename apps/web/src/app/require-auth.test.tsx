import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@liveops/domain/accounts';
import { LIVE_UPDATES_PATH } from '@liveops/domain/shared';
import { RequireAuth } from './require-auth';

afterEach(() => vi.unstubAllGlobals());

/** jsdom has no EventSource; this one records what the app opens. */
class FakeEventSource {
  static CLOSED = 2;
  static opened: string[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(url);
  }
  addEventListener() {}
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

function renderGuarded() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>login page</p> },
      { element: <RequireAuth />, children: [{ path: '/dashboard', element: <p>dashboard page</p> }] },
    ],
    { initialEntries: ['/dashboard'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status });

describe('RequireAuth', () => {
  it('shows "Checking authentication..." while the check runs', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderGuarded();
    expect(screen.getByText(AUTH_MESSAGES.checkingAuth)).toBeInTheDocument();
    expect(screen.queryByText('dashboard page')).not.toBeInTheDocument();
  });

  it('sends a visitor with no session to /login', async () => {
    const fetchMock = vi.fn(async (_url: string) => json({ user: null }, 200));
    vi.stubGlobal('fetch', fetchMock);
    const router = renderGuarded();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/session']);
    expect(FakeEventSource.opened).toEqual([]);
  });

  it('keeps "Checking authentication..." when the session answer is not the expected shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ uid: 'u1' }, 200)),
    );
    renderGuarded();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText(AUTH_MESSAGES.checkingAuth)).toBeInTheDocument();
    expect(screen.queryByText('login page')).not.toBeInTheDocument();
  });

  it('keeps "Checking authentication..." when the check fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502 })),
    );
    renderGuarded();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText(AUTH_MESSAGES.checkingAuth)).toBeInTheDocument();
    expect(screen.queryByText('login page')).not.toBeInTheDocument();
  });

  it('shows the page inside the signed-in frame for a verified user', async () => {
    const user = {
      uid: 'u1',
      email: 'ada@studio.test',
      displayName: null,
      emailVerified: true,
      photoURL: null,
      lastLogin: null,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ user }, 200)),
    );
    renderGuarded();
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(FakeEventSource.opened).toEqual([LIVE_UPDATES_PATH]);
  });
});
