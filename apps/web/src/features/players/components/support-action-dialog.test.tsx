import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAYER_MESSAGES } from '@liveops/domain/players';
import { renderWithProviders } from '../../../test/render';
import { SupportActionDialog } from './support-action-dialog';

afterEach(() => vi.unstubAllGlobals());

const recorded = {
  action: {
    id: 'a1',
    kind: 'grant_pack',
    reason: 'Lost their chest',
    details: {},
    actor: { userId: 'u1', email: 'owner@studio.test' },
    createdAt: '2026-03-02T12:00:00.000Z',
  },
  replayed: false,
};

function server(refusal?: { status: number; code: string; message: string }) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (refusal) return new Response(JSON.stringify(refusal), { status: refusal.status });
    return new Response(JSON.stringify(recorded), { status: 201 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url,
    key: new Headers(init?.headers).get('idempotency-key'),
    body: JSON.parse(String(init?.body)) as unknown,
  }));

const packs = [
  { id: 'pk1', name: 'Day 1 chest' },
  { id: 'pk7', name: 'Day 7 chest' },
];

describe('SupportActionDialog', () => {
  it('requires a reason before sending anything', async () => {
    const fetchMock = server();
    renderWithProviders(
      <SupportActionDialog gameId="g1" playerId="hero" kind="grant_pack" choices={packs} onClose={() => undefined} />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Reason'), '   ');
    await user.click(screen.getByRole('button', { name: 'Grant a pack' }));
    expect(await screen.findByText(PLAYER_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('grants the chosen pack with the trimmed reason and one Idempotency-Key for every try', async () => {
    const fetchMock = server({ status: 503, code: 'UNAVAILABLE', message: 'The server is busy. Try again.' });
    const onClose = vi.fn();
    renderWithProviders(
      <SupportActionDialog gameId="g1" playerId="hero/42" kind="grant_pack" choices={packs} onClose={onClose} />,
    );
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Pack'), 'pk7');
    await user.type(screen.getByLabelText('Reason'), '  Lost their chest  ');
    await user.click(screen.getByRole('button', { name: 'Grant a pack' }));
    expect(await screen.findByText('The server is busy. Try again.')).toBeInTheDocument();
    server();
    const retried = vi.mocked(fetch);
    await user.click(screen.getByRole('button', { name: 'Grant a pack' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const first = sent(fetchMock)[0]!;
    const second = sent(retried as unknown as ReturnType<typeof server>)[0]!;
    expect(first).toMatchObject({
      url: '/api/games/g1/players/hero%2F42/support-actions',
      body: { kind: 'grant_pack', reason: 'Lost their chest', packId: 'pk7' },
    });
    expect(first.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.key).toBe(first.key);
  });

  it('sets a streak on the daily reward it was opened for, refusing one that is not a whole number of days', async () => {
    const fetchMock = server();
    renderWithProviders(
      <SupportActionDialog
        gameId="g1"
        playerId="hero"
        kind="set_streak"
        choices={[
          { id: 'c1', name: 'Week A' },
          { id: 'c2', name: 'Week B' },
        ]}
        initialTarget="c2"
        initialStreak={3}
        onClose={() => undefined}
      />,
    );
    const user = userEvent.setup();
    expect(screen.getByLabelText('Daily reward')).toHaveValue('c2');
    const streak = screen.getByLabelText('Streak (days in a row)');
    expect(streak).toHaveValue(3);
    await user.clear(streak);
    await user.type(streak, '-2');
    await user.type(screen.getByLabelText('Reason'), 'Outage on March 1');
    await user.click(screen.getByRole('button', { name: 'Set streak' }));
    expect(await screen.findByText(PLAYER_MESSAGES.streakInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(streak);
    await user.type(streak, '10');
    await user.click(screen.getByRole('button', { name: 'Set streak' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sent(fetchMock)[0]?.body).toEqual({
      kind: 'set_streak',
      reason: 'Outage on March 1',
      configId: 'c2',
      streak: 10,
    });
  });
});
