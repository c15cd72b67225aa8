import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAME_MESSAGES, type Game } from '@liveops/domain/games';
import { renderWithProviders } from '../../../test/render';
import { PlayerRuntimePanel } from './player-runtime-panel';
import { aGame } from '../../../test/game';

afterEach(() => vi.unstubAllGlobals());

const game = aGame();

/** The game routes the panel calls: a new key, or the switch's update; each answers the changed game. */
function server(answer: (url: string, body: unknown) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    answer(url, init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPanel(shown: Game = game) {
  return renderWithProviders(
    <>
      <PlayerRuntimePanel game={shown} />
      <Toaster />
    </>,
  );
}

describe('PlayerRuntimePanel', () => {
  it('shows the runtime URL at this origin beside the SDK key, each with a Copy button', () => {
    server(() => new Response(null, { status: 500 }));
    renderPanel();
    expect(screen.getByText(`${window.location.origin}/v1`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy runtime URL' })).toBeInTheDocument();
    expect(screen.getByText(game.sdkKey)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Copy SDK key ${game.sdkKey}` })).toBeInTheDocument();
  });

  it('regenerates the SDK key only after a confirmation that says what stops working', async () => {
    const fetchMock = server(() => new Response(JSON.stringify({ ...game, sdkKey: 'CSDK-BBBBBBBBBBBBBBBB' })));
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('alertdialog', { name: GAME_MESSAGES.sdkKeyRegenerateTitle });
    expect(dialog).toHaveTextContent(GAME_MESSAGES.sdkKeyRegenerateText);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await user.click(await screen.findByRole('button', { name: GAME_MESSAGES.sdkKeyRegenerateConfirm }));
    expect(await screen.findByText(GAME_MESSAGES.sdkKeyRegenerated)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/games/g1/sdk-key');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('says when the key could not be regenerated', async () => {
    server(() => new Response(JSON.stringify({ code: 'INTERNAL', message: '' }), { status: 500 }));
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await user.click(await screen.findByRole('button', { name: GAME_MESSAGES.sdkKeyRegenerateConfirm }));
    expect(await screen.findByText(GAME_MESSAGES.sdkKeyRegenerateFailed)).toBeInTheDocument();
  });

  it('saves "Require signed player ids" as soon as it is flipped, through the game update', async () => {
    const fetchMock = server((_url, body) => new Response(JSON.stringify({ ...game, ...(body as object) })));
    const user = userEvent.setup();
    renderPanel();
    const flip = screen.getByRole('switch', { name: 'Require signed player ids' });
    expect(flip).not.toBeChecked();
    expect(flip).toHaveAccessibleDescription(/signed with the server secret/);
    await user.click(flip);
    expect(await screen.findByText(GAME_MESSAGES.signedPlayerIdsOn)).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/games/g1');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PATCH');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ requireSignedPlayerIds: true });
  });

  it('shows the switch as stored, and puts it back with a message when the save fails', async () => {
    server(() => new Response(JSON.stringify({ code: 'INTERNAL', message: '' }), { status: 500 }));
    const user = userEvent.setup();
    renderPanel({ ...game, requireSignedPlayerIds: true });
    const flip = screen.getByRole('switch', { name: 'Require signed player ids' });
    expect(flip).toBeChecked();
    await user.click(flip);
    expect(await screen.findByText(GAME_MESSAGES.signedPlayerIdsFailed)).toBeInTheDocument();
    expect(flip).toBeChecked();
    expect(flip).toBeEnabled();
  });
});
