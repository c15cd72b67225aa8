import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_PLAYER_MESSAGES, type TestPlayer } from '@liveops/domain/players';
import { renderWithProviders } from '../../../test/render';
import { TestPlayerDialog } from './test-player-dialog';

afterEach(() => vi.unstubAllGlobals());

const DAY = 86_400_000;
const HOUR = 3_600_000;

const anna: TestPlayer = {
  id: 't1',
  gameId: 'g1',
  playerId: 'qa-anna',
  clockOffsetMs: 3 * DAY + 2 * HOUR,
  note: 'Anna’s phone',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** A server that answers the saved tester with what was sent, or answers `refusal`. */
function server(refusal?: { status: number; code: string; message: string }) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (refusal) return new Response(JSON.stringify(refusal), { status: refusal.status });
    const body = JSON.parse(String(init?.body)) as Partial<TestPlayer>;
    return new Response(JSON.stringify({ ...anna, ...body }), { status: init?.method === 'PATCH' ? 200 : 201 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls.map(([url, init]) => ({ url, method: init?.method, body: JSON.parse(String(init?.body)) }));

describe('TestPlayerDialog', () => {
  it('adds a tester with the offset typed as days, hours and minutes, said as it will read', async () => {
    const fetchMock = server();
    const onClose = vi.fn();
    renderWithProviders(<TestPlayerDialog gameId="g1" tester={null} onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Player id'), 'qa-ben');
    await user.clear(screen.getByLabelText('Days'));
    await user.type(screen.getByLabelText('Days'), '3');
    await user.clear(screen.getByLabelText('Hours'));
    await user.type(screen.getByLabelText('Hours'), '2');
    expect(screen.getByText(/Their clock: \+3 days 2 h from the server’s/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add test player' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(fetchMock)).toEqual([
      {
        url: '/api/games/g1/test-players',
        method: 'POST',
        body: { playerId: 'qa-ben', clockOffsetMs: 3 * DAY + 2 * HOUR, note: '' },
      },
    ]);
  });

  it('edits a tester from its stored offset, and a negative hour puts the clock behind', async () => {
    const fetchMock = server();
    renderWithProviders(<TestPlayerDialog gameId="g1" tester={anna} onClose={() => undefined} />);
    expect(screen.getByLabelText('Days')).toHaveValue(3);
    expect(screen.getByLabelText('Hours')).toHaveValue(2);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Days'));
    await user.type(screen.getByLabelText('Days'), '0');
    await user.clear(screen.getByLabelText('Hours'));
    await user.type(screen.getByLabelText('Hours'), '-5');
    expect(screen.getByText(/Their clock: −5 h from the server’s/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save test player' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sent(fetchMock)[0]).toMatchObject({
      url: '/api/games/g1/test-players/t1',
      method: 'PATCH',
      body: { playerId: 'qa-anna', clockOffsetMs: -5 * HOUR, note: 'Anna’s phone' },
    });
  });

  it('refuses an offset beyond a year before sending anything, and shows the server’s refusal', async () => {
    const fetchMock = server({ status: 409, code: 'DUPLICATE_TEST_PLAYER', message: TEST_PLAYER_MESSAGES.duplicate });
    renderWithProviders(<TestPlayerDialog gameId="g1" tester={null} onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Player id'), 'qa-anna');
    await user.clear(screen.getByLabelText('Days'));
    await user.type(screen.getByLabelText('Days'), '367');
    await user.click(screen.getByRole('button', { name: 'Add test player' }));
    expect(await screen.findByText(TEST_PLAYER_MESSAGES.offsetTooFar)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Days'));
    await user.type(screen.getByLabelText('Days'), '1');
    await user.click(screen.getByRole('button', { name: 'Add test player' }));
    expect(await screen.findByText(TEST_PLAYER_MESSAGES.duplicate)).toBeInTheDocument();
  });
});
