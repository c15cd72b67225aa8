import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAYER_MESSAGES, type PlayerLedgerPage, type PlayerProfile } from '@liveops/domain/players';
import { formatLocalInstant, localZoneLabel } from '../../../lib/format-instant';
import { renderWithProviders } from '../../../test/render';
import { PlayersTab } from './players-tab';

afterEach(() => vi.unstubAllGlobals());

const hero: PlayerProfile = {
  at: '2026-03-03T12:00:00.000Z',
  player: {
    playerId: 'hero',
    firstSeenAt: '2026-03-01T09:00:00.000Z',
    lastSeenAt: '2026-03-03T11:00:00.000Z',
    timeZone: 'Europe/Berlin',
    sessionCount: 4,
    attributes: { level: 12 },
  },
  tester: { testPlayerId: 't1', clockOffsetMs: 86_400_000, note: 'Pixel 8' },
  segments: [{ id: 's1', name: 'Whales' }],
  dailyReward: {
    selected: {
      configId: 'c1',
      name: 'Whale week',
      audience: { kind: 'segment', segmentId: 's1', segmentName: 'Whales' },
      startsAt: null,
      endsAt: null,
      priority: 5,
      decidedByAge: false,
    },
    configs: [
      { configId: 'c1', name: 'Whale week', priority: 5, verdict: 'selected' },
      { configId: 'c2', name: 'Everyone week', priority: 0, verdict: 'outranked' },
    ],
  },
  states: [
    {
      configId: 'c1',
      name: 'Whale week',
      enabled: true,
      day: 3,
      streak: 2,
      claimable: true,
      missed: false,
      nextClaimAt: null,
      lastClaim: { kind: 'claim', cycleDay: 2, streak: 2, at: '2026-03-02T10:00:00.000Z' },
      claims: 2,
      experiment: {
        experimentId: 'x1',
        running: true,
        variantId: 'B',
        variantName: 'Big chest',
        assignedAt: '2026-03-01T09:00:00.000Z',
      },
    },
  ],
  balances: [{ itemId: 'i1', name: 'Gold', amount: 170 }],
  ledger: { entries: [], nextBefore: null },
  supportActions: [
    {
      id: 'a1',
      kind: 'grant_pack',
      reason: 'Lost their chest',
      details: { packId: 'pk7', packName: 'Day 7 chest' },
      actor: { userId: 'u1', email: 'owner@studio.test' },
      createdAt: '2026-03-03T11:30:00.000Z',
    },
  ],
};

const ledger: PlayerLedgerPage = {
  entries: [
    {
      id: '3',
      itemId: 'i1',
      itemName: 'Gold',
      amount: 70,
      reason: 'support_grant',
      configId: null,
      day: null,
      createdAt: '2026-03-03T11:30:00.000Z',
    },
    {
      id: '2',
      itemId: 'i1',
      itemName: 'Gold',
      amount: 20,
      reason: 'daily_reward',
      configId: 'c1',
      day: 2,
      createdAt: '2026-03-02T10:00:00.000Z',
    },
  ],
  nextBefore: null,
};

function server() {
  const fetchMock = vi.fn(async (url: string) => {
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (url.startsWith('/api/games/g1/players/hero/ledger')) return json(ledger);
    if (url === '/api/games/g1/players/hero') return json(hero);
    if (url.startsWith('/api/games/g1/players/')) {
      return json({ code: 'PLAYER_NOT_FOUND', message: PLAYER_MESSAGES.notFound }, 404);
    }
    if (url === '/api/games/g1/packs') return json([]);
    return json({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderTab = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/game/:gameId/players" element={<PlayersTab />} />
    </Routes>,
    { route },
  );

describe('PlayersTab', () => {
  it('asks for a player id, refuses a blank one, and looks the player up', async () => {
    const fetchMock = server();
    renderTab('/dashboard/game/g1/players');
    expect(screen.getByText(/Type a player id to see their profile/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText(PLAYER_MESSAGES.playerIdRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Player id'), ' hero ');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByRole('heading', { name: 'hero' })).toBeInTheDocument();
  });

  it('shows each section of the player: profile, why they get their daily reward, state, wallet, history', async () => {
    server();
    renderTab('/dashboard/game/g1/players?player=hero');
    expect(await screen.findByRole('heading', { name: 'hero' })).toBeInTheDocument();
    expect(screen.getByText(/Test player · \+1 day/)).toBeInTheDocument();
    expect(screen.getByText('Europe/Berlin')).toBeInTheDocument();
    // The player's zone is theirs; the page's times are the studio's, and the page says in which zone.
    expect(screen.getByText(`Times on this page are in your time zone, ${localZoneLabel()}.`)).toBeInTheDocument();
    const targeting = screen.getByRole('region', { name: 'Segments & daily reward' });
    expect(within(targeting).getByText('Whales')).toBeInTheDocument();
    expect(within(targeting).getByText(/they are in its segment “Whales”, priority 5/)).toBeInTheDocument();
    const states = screen.getByRole('region', { name: 'Daily rewards' });
    expect(within(states).getByText('Now')).toBeInTheDocument();
    expect(within(states).getByRole('button', { name: 'Reset progress' })).toBeInTheDocument();
    // Support sees which popup the player gets in the config's A/B test.
    expect(within(states).getByText(/A\/B test: sees variant/)).toHaveTextContent(
      /A\/B test: sees variant Big chest, since/,
    );
    const balances = screen.getByRole('region', { name: 'Balances' });
    expect(within(balances).getByText('170')).toBeInTheDocument();
    const ledgerSection = screen.getByRole('region', { name: 'Ledger' });
    expect(await within(ledgerSection).findByText('Support grant')).toBeInTheDocument();
    expect(within(ledgerSection).getByText('+70')).toBeInTheDocument();
    expect(within(ledgerSection).getByText('Daily reward, day 2')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Support history' });
    expect(within(history).getByText('“Lost their chest”')).toBeInTheDocument();
    expect(within(history).getByText(/owner@studio\.test/)).toBeInTheDocument();
  });

  it('says when a support action last set the progress: "Streak set to 3 on …", "Progress reset on …"', async () => {
    const at = '2026-03-03T11:45:00.000Z';
    const state = hero.states[0]!;
    for (const [lastClaim, text] of [
      [{ kind: 'set_streak', cycleDay: 3, streak: 3, at }, 'Streak set to 3 on'],
      [{ kind: 'reset', cycleDay: 0, streak: 0, at }, 'Progress reset on'],
    ] as const) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          const json = (body: unknown) => new Response(JSON.stringify(body));
          if (url.startsWith('/api/games/g1/players/hero/ledger')) return json(ledger);
          if (url === '/api/games/g1/players/hero') return json({ ...hero, states: [{ ...state, lastClaim }] });
          return json([]);
        }),
      );
      const { unmount } = renderTab('/dashboard/game/g1/players?player=hero');
      const states = await screen.findByRole('region', { name: 'Daily rewards' });
      const hint = within(states).getByText(text, { exact: false });
      expect(hint.textContent).toBe(`${text} ${formatLocalInstant(Date.parse(at))}.`);
      unmount();
    }
  });

  it('says so when the game has no player of that id', async () => {
    server();
    renderTab('/dashboard/game/g1/players?player=ghost');
    expect(await screen.findByText(PLAYER_MESSAGES.notFound, { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Balances' })).not.toBeInTheDocument();
  });
});
