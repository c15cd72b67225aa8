import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAILY_REWARD_MESSAGES, type DailyReward, type UpdateDailyRewardInput } from '@liveops/domain/daily-rewards';
import { type Pack } from '@liveops/domain/inventory';
import { TARGETING_MESSAGES } from '@liveops/domain/targeting';
import { dailyRewardConfig, runningExperiment } from '../../../test/daily-reward';
import { DailyRewardEditor } from './daily-reward-editor';

afterEach(() => vi.unstubAllGlobals());

const pack = (id: string, name: string): Pack => ({
  id,
  gameId: 'g1',
  ownerId: 'u1',
  name,
  key: id,
  keyFixed: false,
  iconId: null,
  assetRefId: null,
  assetName: null,
  assetUrl: null,
  enabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  contents: [],
  value: 10,
});
const packs = [pack('p1', 'Small Chest'), pack('p2', 'Big Chest')];
const config = dailyRewardConfig({
  rewards: Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: 'p1' })),
  rewardsVersion: 4,
  experiment: runningExperiment(),
});

/** The game's packs, items and segments, and a PATCH that answers the config with what it sent, or `refusal`. */
function server(refusal?: { status: number; code: string; message: string }) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/packs')) return new Response(JSON.stringify(packs), { status: 200 });
    if (url.endsWith('/items') || url.endsWith('/segments')) return new Response('[]', { status: 200 });
    if (init?.method !== 'PATCH') return new Response(JSON.stringify([config]), { status: 200 });
    if (refusal) return new Response(JSON.stringify(refusal), { status: refusal.status });
    const sent = JSON.parse(String(init.body)) as UpdateDailyRewardInput;
    const experiment = runningExperiment();
    const answer: DailyReward = {
      ...config,
      ...(sent.rewards ? { rewards: sent.rewards, rewardsVersion: config.rewardsVersion + 1 } : {}),
      ...(sent.missedDay ? { missedDay: sent.missedDay } : {}),
      ...(sent.targeting ? { targeting: sent.targeting } : {}),
      experiment: sent.variants
        ? {
            ...experiment,
            variants: sent.variants.map((v, at) => ({ ...v, control: at === 0, uiLayout: null, layoutVersion: 0 })),
          }
        : experiment,
    };
    return new Response(JSON.stringify(answer), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const patches = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) as unknown }));

function renderEditor() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <DailyRewardEditor gameId="g1" config={config} leaves={() => true} />,
      },
    ],
    { initialEntries: ['/dashboard/game/g1/daily-rewards'] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const saveButton = () => screen.getByRole('button', { name: /Save Daily Reward|Saved|Saving/ });

describe('the Daily Rewards panel’s one save', () => {
  it('has one save, "Saved" and disabled while nothing changed, and no save per section', async () => {
    server();
    renderEditor();
    expect(await screen.findAllByRole('option', { name: 'Big Chest' })).toHaveLength(7);
    expect(saveButton()).toHaveTextContent(DAILY_REWARD_MESSAGES.saveButtonClean);
    expect(saveButton()).toBeDisabled();
    expect(screen.getAllByRole('button', { name: /save/i })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
  });

  it('sends the days, the day rules, the targeting and the variants in one request, then says it saved', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderEditor();
    await user.selectOptions(await screen.findByLabelText('Day 3', { exact: false }), 'p2');
    await user.click(screen.getByRole('radio', { name: /Start over/ }));
    await user.clear(screen.getByLabelText('Priority'));
    await user.type(screen.getByLabelText('Priority'), '7');
    const [, weightB] = screen.getAllByLabelText(/^Weight of variant/);
    await user.clear(weightB!);
    await user.type(weightB!, '3');
    expect(saveButton()).toHaveTextContent(DAILY_REWARD_MESSAGES.saveButtonDirty);
    await user.click(saveButton());
    expect(await screen.findByText(DAILY_REWARD_MESSAGES.saved)).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([
      {
        url: '/api/games/g1/daily-rewards/c1',
        body: {
          rewards: Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: i === 2 ? 'p2' : 'p1' })),
          cycleDays: 7,
          baseRewardsVersion: 4,
          dayStart: { kind: 'player_midnight' },
          missedDay: 'start_over',
          targeting: { segmentId: null, startsAt: null, endsAt: null, priority: 7 },
          variants: [
            { id: 'A', name: 'A', weight: 1 },
            { id: 'B', name: 'Big chest', weight: 3 },
          ],
        },
      },
    ]);
    expect(saveButton()).toHaveTextContent(DAILY_REWARD_MESSAGES.saveButtonClean);
    expect(saveButton()).toBeDisabled();
  });

  it('sends only what changed', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('radio', { name: /Start over/ }));
    await user.click(saveButton());
    await screen.findByText(DAILY_REWARD_MESSAGES.saved);
    expect(patches(fetchMock).map((p) => p.body)).toEqual([
      { dayStart: { kind: 'player_midnight' }, missedDay: 'start_over' },
    ]);
  });

  it('refuses an inverted schedule on the end’s field, sending nothing', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderEditor();
    await user.type(await screen.findByLabelText('Starts'), '2031-02-01T10:00');
    await user.type(screen.getByLabelText('Ends'), '2031-01-01T10:00');
    await user.click(saveButton());
    expect(await screen.findByText(TARGETING_MESSAGES.inverted)).toBeInTheDocument();
    expect(await screen.findByText(DAILY_REWARD_MESSAGES.panelCheckFields)).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([]);
  });

  it('shows the server’s refusal in one place, on the targeting field it names, and keeps every change', async () => {
    server({ status: 400, code: 'VALIDATION_ERROR', message: TARGETING_MESSAGES.segmentUnknown });
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('radio', { name: /Start over/ }));
    await user.clear(screen.getByLabelText('Priority'));
    await user.type(screen.getByLabelText('Priority'), '2');
    await user.click(saveButton());
    expect(await screen.findAllByText(TARGETING_MESSAGES.segmentUnknown)).toHaveLength(2);
    expect(screen.getByRole('radio', { name: /Start over/ })).toBeChecked();
    expect(saveButton()).toHaveTextContent(DAILY_REWARD_MESSAGES.saveButtonDirty);
  });

  it('discards every change with one Discard', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('radio', { name: /Start over/ }));
    await user.clear(screen.getByLabelText('Priority'));
    await user.type(screen.getByLabelText('Priority'), '9');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByRole('radio', { name: /Keep progress/ })).toBeChecked();
    expect(screen.getByLabelText('Priority')).toHaveValue(0);
    expect(saveButton()).toBeDisabled();
    expect(patches(fetchMock)).toEqual([]);
  });
});
