import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOR_PLAYER_MESSAGES, type DailyRewardForPlayer as Answer } from '@liveops/domain/targeting';
import { renderWithProviders } from '../../../test/render';
import { DailyRewardForPlayer } from './daily-reward-for-player';

afterEach(() => vi.unstubAllGlobals());

const answer: Answer = {
  at: '2030-03-04T12:00:00.000Z',
  segments: [{ id: 'seg-whales', name: 'Whales', matches: true, error: null }],
  selected: {
    configId: 'payers',
    name: 'Payers Week',
    audience: { kind: 'segment', segmentId: 'seg-whales', segmentName: 'Whales' },
    startsAt: null,
    endsAt: null,
    priority: 10,
    decidedByAge: false,
  },
  configs: [
    { configId: 'payers', name: 'Payers Week', priority: 10, verdict: 'selected' },
    { configId: 'base', name: 'Launch Week', priority: 0, verdict: 'outranked' },
    { configId: 'draft', name: 'Draft Week', priority: 0, verdict: 'unpublished' },
  ],
};

/** The segments list and the for-player question, answered `reply` (or refused with `status`). */
function server(reply: Answer, status = 200) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url.endsWith('/segments')) return new Response('[]', { status: 200 });
    if (status !== 200) return new Response(JSON.stringify({ code: 'X', message: 'Server down.' }), { status });
    return new Response(JSON.stringify(reply), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('DailyRewardForPlayer', () => {
  it('asks the server with the sample player and says which config they get, and why', async () => {
    const fetchMock = server(answer);
    renderWithProviders(<DailyRewardForPlayer gameId="g1" player='{ "level": 12, "totalSpend": 500 }' />);
    expect(await screen.findByText('Segment matched: “Whales”.')).toBeInTheDocument();
    expect(screen.getByText('Schedule: always on.')).toBeInTheDocument();
    expect(screen.getByText('Priority 10: outranks “Launch Week” (0).')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Draft Week 0 Not published yet/ })).toBeInTheDocument();
    const ask = fetchMock.mock.calls.find(([url]) => url.endsWith('/for-player'));
    expect(ask?.[0]).toBe('/api/games/g1/daily-rewards/for-player');
    expect(JSON.parse(String(ask?.[1]?.body))).toEqual({
      player: { level: 12, totalSpend: 500 },
    });
  });

  it('says when no config applies, and asks nothing while the player is not a JSON object', async () => {
    const fetchMock = server({
      ...answer,
      selected: null,
      configs: [{ ...answer.configs[1]!, verdict: 'not_in_segment' }],
    });
    const first = renderWithProviders(<DailyRewardForPlayer gameId="g1" player="[1, 2]" />);
    expect(screen.getByText(/Write the player as a JSON object/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/for-player'))).toBe(false);
    first.unmount();
    renderWithProviders(<DailyRewardForPlayer gameId="g1" player="{}" />);
    expect(await screen.findByText(FOR_PLAYER_MESSAGES.none)).toBeInTheDocument();
  });

  it('shows a failure with a way to try again', async () => {
    server(answer, 503);
    renderWithProviders(<DailyRewardForPlayer gameId="g1" player="{}" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
