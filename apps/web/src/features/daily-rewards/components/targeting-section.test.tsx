import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TARGETING, TARGETING_MESSAGES, type DailyReward, type Segment } from '@liveops/domain';
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
  return <TargetingSection gameId="g1" config={stored} targeting={targeting} />;
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
    expect(screen.getByRole('button', { name: 'Targeting saved' })).toBeDisabled();
  });

  it('saves the segment, the schedule in UTC and the priority together', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderWithProviders(<Section stored={config} />);
    await within(screen.getByLabelText('Players')).findByRole('option', { name: 'Segment: Whales' });
    await user.selectOptions(screen.getByLabelText('Players'), 'seg-whales');
    await user.type(screen.getByLabelText('Starts'), '2030-12-20T00:00');
    await user.type(screen.getByLabelText('Ends'), '2031-01-01T00:00');
    await user.clear(screen.getByLabelText('Priority'));
    await user.type(screen.getByLabelText('Priority'), '10');
    await user.click(screen.getByRole('button', { name: 'Save Targeting' }));
    expect(await screen.findByText(TARGETING_MESSAGES.saved)).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([url]) => url.endsWith('/targeting'));
    expect(put?.[0]).toBe('/api/games/g1/daily-rewards/c1/targeting');
    expect(put?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      segmentId: 'seg-whales',
      startsAt: new Date(2030, 11, 20).toISOString(),
      endsAt: new Date(2031, 0, 1).toISOString(),
      priority: 10,
    });
    expect(await screen.findByRole('button', { name: 'Targeting saved' })).toBeDisabled();
  });

  it('refuses an inverted schedule on the end’s field, sending nothing', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderWithProviders(<Section stored={config} />);
    await user.type(screen.getByLabelText('Starts'), '2031-01-02T00:00');
    await user.type(screen.getByLabelText('Ends'), '2031-01-01T00:00');
    await user.click(screen.getByRole('button', { name: 'Save Targeting' }));
    expect(await screen.findByText(TARGETING_MESSAGES.inverted)).toBeInTheDocument();
    expect(screen.getByLabelText('Ends')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/targeting'))).toBe(false);
  });

  it('shows the server’s refusal on its field and keeps the change', async () => {
    server({ refusal: { status: 400, message: TARGETING_MESSAGES.segmentUnknown } });
    const user = userEvent.setup();
    renderWithProviders(<Section stored={config} />);
    await within(screen.getByLabelText('Players')).findByRole('option', { name: 'Segment: Whales' });
    await user.selectOptions(screen.getByLabelText('Players'), 'seg-whales');
    await user.click(screen.getByRole('button', { name: 'Save Targeting' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TARGETING_MESSAGES.segmentUnknown);
    expect(screen.getByLabelText('Players')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Players')).toHaveValue('seg-whales');
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
