import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { renderWithProviders } from '../../../test/render';
import { ServerSecret } from './server-secret';

afterEach(() => vi.unstubAllGlobals());

const FIRST = `ss_${'a'.repeat(64)}`;
const ROTATED = `ss_${'b'.repeat(64)}`;

/** The two server-secret routes: GET answers the current secret (or fails), POST rotates it. */
function server({ failReveal = 0 } = {}) {
  let current = FIRST;
  let failures = failReveal;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    expect(url).toBe('/api/games/g1/server-secret');
    if (init?.method === 'POST') current = ROTATED;
    else if (failures-- > 0) {
      return new Response(JSON.stringify({ code: 'INTERNAL', message: '' }), { status: 500 });
    }
    return new Response(JSON.stringify({ serverSecret: current }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('ServerSecret', () => {
  it('is hidden until asked for, then fetched, shown with a Copy button, and hidden again', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderWithProviders(<ServerSecret gameId="g1" />);
    expect(screen.getByText('Hidden')).toBeInTheDocument();
    expect(screen.queryByText(FIRST)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText(FIRST)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy server secret' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');

    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByText(FIRST)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy server secret' })).not.toBeInTheDocument();
  });

  it('says when the secret could not be loaded, and tries again', async () => {
    server({ failReveal: 1 });
    const user = userEvent.setup();
    renderWithProviders(<ServerSecret gameId="g1" />);
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText(GAME_MESSAGES.serverSecretLoadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(FIRST)).toBeInTheDocument();
  });

  it('rotates only after a confirmation that says what stops working, then shows the new secret', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderWithProviders(<ServerSecret gameId="g1" />);
    await user.click(screen.getByRole('button', { name: 'Rotate' }));
    const dialog = await screen.findByRole('alertdialog', { name: GAME_MESSAGES.serverSecretRotateTitle });
    expect(dialog).toHaveTextContent(GAME_MESSAGES.serverSecretRotateText);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Rotate' }));
    await user.click(await screen.findByRole('button', { name: GAME_MESSAGES.serverSecretRotateConfirm }));
    expect(await screen.findByText(ROTATED)).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([, init]) => init?.method)).toContain('POST');
    expect(screen.queryByText(FIRST)).not.toBeInTheDocument();
  });
});
