import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAME_MESSAGES, type UpdateGameInput } from '@liveops/domain/games';
import { GameProfileTab } from './game-profile-tab';
import { aGame } from '../../../test/game';

afterEach(() => vi.unstubAllGlobals());

const game = aGame({ platforms: ['iOS'] });

/** The game, and a PATCH that answers it with what was sent (colours upper-cased), or `refusal`. */
function server(refusal?: { status: number; code: string; message: string }) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method !== 'PATCH') return new Response(JSON.stringify(url === '/api/games' ? [game] : game));
    if (refusal) return new Response(JSON.stringify(refusal), { status: refusal.status });
    const sent = JSON.parse(String(init.body)) as UpdateGameInput;
    const theme = sent.theme && {
      primaryColor: sent.theme.primaryColor.toUpperCase(),
      secondaryColor: sent.theme.secondaryColor.toUpperCase(),
    };
    return new Response(JSON.stringify({ ...game, ...sent, ...(theme ? { theme } : {}) }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const patches = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) as unknown }));

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/game/:gameId',
        element: (
          <>
            <Link to="/dashboard">Elsewhere</Link>
            <GameProfileTab />
          </>
        ),
      },
      { path: '/dashboard', element: <p>Dashboard</p> },
    ],
    { initialEntries: ['/dashboard/game/g1'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const saveButton = () => screen.getByRole('button', { name: /^(Update|Update Theme|Saved|Saving…)$/ });
const primary = () => screen.getByLabelText('Primary Color', { exact: true });

describe('Game Profile’s one save', () => {
  it('has one save for the details, the orientation and the theme, disabled while nothing changed', async () => {
    server();
    renderTab();
    await screen.findByRole('heading', { name: 'Game Profile' });
    expect(saveButton()).toHaveTextContent(GAME_MESSAGES.saveButtonClean);
    expect(saveButton()).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Update Details/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
  });

  it('reads "Update Theme" while the theme alone changed, "Update" once anything else did too', async () => {
    server();
    const user = userEvent.setup();
    renderTab();
    await user.clear(await screen.findByLabelText('Primary Color', { exact: true }));
    await user.type(primary(), '#1a2b3c');
    expect(saveButton()).toHaveTextContent(GAME_MESSAGES.saveButtonTheme);
    await user.selectOptions(screen.getByLabelText('Orientation'), 'landscape');
    expect(saveButton()).toHaveTextContent(/^Update$/);
    await user.selectOptions(screen.getByLabelText('Orientation'), 'portrait');
    expect(saveButton()).toHaveTextContent(GAME_MESSAGES.saveButtonTheme);
    // Typed back to the stored colour (in another spelling): nothing left to save.
    await user.clear(primary());
    await user.type(primary(), 'ffe16d');
    expect(saveButton()).toBeDisabled();
  });

  it('sends the changed details, orientation and theme in one request, then says "✓ Updated"', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderTab();
    await user.type(await screen.findByLabelText('Name'), ' Deluxe');
    await user.selectOptions(screen.getByLabelText('Orientation'), 'landscape');
    await user.clear(primary());
    await user.type(primary(), '1a2b3c');
    await user.click(saveButton());
    expect(await screen.findByText(GAME_MESSAGES.updated)).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([
      {
        url: '/api/games/g1',
        body: {
          name: 'Star Miner Deluxe',
          description: 'Dig for stars',
          platforms: ['iOS'],
          orientation: 'landscape',
          theme: { primaryColor: '#1A2B3C', secondaryColor: '#021031' },
        },
      },
    ]);
    expect(saveButton()).toHaveTextContent(GAME_MESSAGES.saveButtonClean);
    expect(primary()).toHaveValue('#1A2B3C');
  });

  it('sends only the orientation when only it changed', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderTab();
    await user.selectOptions(await screen.findByLabelText('Orientation'), 'landscape');
    await user.click(saveButton());
    await screen.findByText(GAME_MESSAGES.updated);
    expect(patches(fetchMock).map((p) => p.body)).toEqual([{ orientation: 'landscape' }]);
  });

  it('shows what the server refused on the line and keeps every edit, Discard puts all of them back', async () => {
    server({ status: 400, code: 'VALIDATION_ERROR', message: GAME_MESSAGES.nameTooLong });
    const user = userEvent.setup();
    renderTab();
    await user.type(await screen.findByLabelText('Name'), ' Deluxe');
    await user.selectOptions(screen.getByLabelText('Orientation'), 'landscape');
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(GAME_MESSAGES.nameTooLong);
    expect(screen.queryByText(GAME_MESSAGES.updated)).toBeNull();
    expect(screen.getByLabelText('Name')).toHaveValue('Star Miner Deluxe');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Star Miner');
    expect(screen.getByLabelText('Orientation')).toHaveValue('portrait');
    expect(saveButton()).toBeDisabled();
  });

  it('checks the details before sending anything, saying so under the field and on the line', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderTab();
    await user.clear(await screen.findByLabelText('Name'));
    await user.click(saveButton());
    expect(await screen.findByText(GAME_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(GAME_MESSAGES.profileCheckFields)).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([]);
  });

  it('asks before leaving with unsaved changes; Stay keeps them', async () => {
    server();
    const user = userEvent.setup();
    const router = renderTab();
    await user.selectOptions(await screen.findByLabelText('Orientation'), 'landscape');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('alertdialog', { name: GAME_MESSAGES.profileLeaveTitle })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/dashboard/game/g1');
    expect(screen.getByLabelText('Orientation')).toHaveValue('landscape');
  });
});
