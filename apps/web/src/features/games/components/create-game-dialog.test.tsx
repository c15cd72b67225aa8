import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { renderWithProviders } from '../../../test/render';
import { CreateGameDialog } from './create-game-dialog';

afterEach(() => vi.unstubAllGlobals());

async function openDialog() {
  const user = userEvent.setup();
  renderWithProviders(<CreateGameDialog />);
  await user.click(screen.getByRole('button', { name: '+ Create New Game' }));
  // The form loads with the dialog's first opening: a lazy chunk, slow on a busy CI machine.
  await screen.findByRole('button', { name: 'Create Game' }, { timeout: 15_000 });
  return user;
}

describe('CreateGameDialog', () => {
  it('requires a name, a description and a platform before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Create Game' }));
    expect(await screen.findByText(GAME_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(GAME_MESSAGES.descriptionRequired)).toBeInTheDocument();
    expect(screen.getByText('Please select at least one platform.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the chosen platforms with orientation portrait by default, then closes', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return new Response(
        JSON.stringify({
          id: 'g1',
          ownerId: 'u1',
          ...body,
          sdkKey: 'CSDK-ABCDEFGHIJKLMNOP',
          status: 'active',
          tier: 'free',
          owner: null,
          theme: { primaryColor: '#FFE16D', secondaryColor: '#021031' },
          enabled: true,
          stagingCopyOf: null,
          requireSignedPlayerIds: false,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        }),
        { status: 201 },
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = await openDialog();
    await user.type(screen.getByLabelText('Name'), 'Star Miner');
    await user.type(screen.getByLabelText('Description'), 'Dig for stars');
    await user.click(screen.getByRole('button', { name: 'Web' }));
    await user.click(screen.getByRole('button', { name: 'iOS' }));
    await user.click(screen.getByRole('button', { name: 'Create Game' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      name: 'Star Miner',
      description: 'Dig for stars',
      platforms: ['iOS', 'Web'],
      orientation: 'portrait',
    });
  });

  it('shows a failed creation instead of ignoring it, and keeps what was typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'INTERNAL', message: 'Database unavailable.' }), { status: 503 }),
      ),
    );
    const user = await openDialog();
    await user.type(screen.getByLabelText('Name'), 'Star Miner');
    await user.type(screen.getByLabelText('Description'), 'Dig for stars');
    await user.click(screen.getByRole('button', { name: 'Android' }));
    await user.click(screen.getByRole('button', { name: 'Create Game' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable.');
    expect(screen.getByLabelText('Name')).toHaveValue('Star Miner');
  });
});
