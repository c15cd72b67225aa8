import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import { type Segment } from '@liveops/domain/segments';
import { DEFAULT_TARGETING, TARGETING_MESSAGES } from '@liveops/domain/targeting';
import { renderWithProviders } from '../../../test/render';
import { dailyRewardConfig } from '../../../test/daily-reward';
import { useTargetingForm } from '../use-targeting-form';
import { TargetingSection } from './targeting-section';
import { TargetingOverlaps } from './targeting-overlaps';

afterEach(() => vi.unstubAllGlobals());

const config = dailyRewardConfig();
const whales: Segment = {
  id: 'seg-whales',
  gameId: 'g1',
  ownerId: 'u1',
  name: 'Whales',
  description: '',
  expression: 'player.totalSpend > 100.0',
  logicType: 'CEL',
  enabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function Section({ stored }: { stored: DailyReward }) {
  const targeting = useTargetingForm(stored);
  return <TargetingSection gameId="g1" config={stored} targeting={targeting} onSubmit={() => undefined} />;
}

/** The game's segments, and a targeting PUT that answers the config with what it sent, or `refusal`. */
function server({
  segments = [whales],
  refusal,
}: { segments?: Segment[]; refusal?: { status: number; message: string } } = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/segments')) return new Response(JSON.stringify(segments), { status: 200 });
    if (refusal)
      return new Response(JSON.stringify({ code: 'VALIDATION_ERROR', ...refusal }), { status: refusal.status });
    const targeting = JSON.parse(String(init?.body)) as DailyReward['targeting'];
    return new Response(JSON.stringify({ ...config, targeting }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('TargetingSection', () => {
  it('offers every player or one of the game’s segments, and says which time zone the times are in', async () => {
    server();
    renderWithProviders(<Section stored={config} />);
    const players = screen.getByLabelText('Players');
    expect(await within(players).findByRole('option', { name: 'Segment: Whales' })).toBeInTheDocument();
    expect(players).toHaveValue('');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByText(new RegExp(`^Times are in your time zone, ${zone}\\b.*stored in UTC`))).toBeInTheDocument();
    // The panel's one save sends it (decision 055): the section has no save of its own.
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull();
  });

  it('shows a stored segment as chosen once the game’s segments arrive (a page opened on the config)', async () => {
    server();
    renderWithProviders(
      <Section stored={{ ...config, targeting: { ...DEFAULT_TARGETING, segmentId: 'seg-whales', priority: 10 } }} />,
    );
    const players = screen.getByLabelText('Players');
    await within(players).findByRole('option', { name: 'Segment: Whales' });
    expect(players).toHaveValue('seg-whales');
    expect(within(players).getByRole('option', { name: 'Segment: Whales' })).toHaveProperty('selected', true);
  });

  it('says when the game has no segments, with a way to make one', async () => {
    server({ segments: [] });
    renderWithProviders(<Section stored={config} />);
    expect(await screen.findByRole('link', { name: 'Create a segment in Player Segments' })).toHaveAttribute(
      'href',
      '/dashboard/game/g1/segments',
    );
  });
});

describe('TargetingOverlaps', () => {
  it('names two configs that can apply to the same player, and the one such a player gets', () => {
    const second: DailyReward = {
      ...config,
      id: 'c2',
      name: 'Payers Week',
      createdAt: '2026-02-01T00:00:00.000Z',
      targeting: { ...DEFAULT_TARGETING, segmentId: 'seg-whales', priority: 5 },
    };
    renderWithProviders(<TargetingOverlaps configs={[config, second]} now={Date.parse('2026-11-27T00:00:00Z')} />);
    const warning = screen.getByRole('region', { name: TARGETING_MESSAGES.overlapsTitle });
    expect(warning).toHaveTextContent(
      '“Payers Week” and “Launch Week” can both apply to a player (one of them is for every player), at any time: such a player gets “Payers Week” (priority 5 over 0).',
    );
  });

  it('says nothing when no two configs can meet', () => {
    const later: DailyReward = {
      ...config,
      id: 'c2',
      targeting: { ...DEFAULT_TARGETING, startsAt: '2027-01-01T00:00:00.000Z' },
    };
    const first: DailyReward = { ...config, targeting: { ...DEFAULT_TARGETING, endsAt: '2027-01-01T00:00:00.000Z' } };
    renderWithProviders(<TargetingOverlaps configs={[first, later]} now={Date.parse('2026-11-27T00:00:00Z')} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
