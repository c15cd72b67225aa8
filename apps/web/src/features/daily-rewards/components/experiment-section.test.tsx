import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPERIMENT_API_MESSAGES } from '@liveops/domain/experiments';
import { renderWithProviders } from '../../../test/render';
import { dailyRewardConfig, runningExperiment } from '../../../test/daily-reward';
import type { DailyReward } from '@liveops/domain/daily-rewards';
import { useVariantsForm } from '../use-variants-form';
import { ExperimentSection } from './experiment-section';

/** The editor's part: the running experiment's form lives in the editor, whose one save sends it. */
function Section({ stored }: { stored: DailyReward }) {
  const variants = useVariantsForm(stored);
  return <ExperimentSection gameId="g1" config={stored} variants={variants} onSubmit={() => undefined} />;
}

afterEach(() => vi.unstubAllGlobals());

const config = dailyRewardConfig({ experiment: null });
const running = runningExperiment({ weight: 3 });

/** The Analytics read's answer for exp_1: A and Big chest with `players` each and the claim rate's statement. */
function analytics(players: number, claimRate: { status: string; sentence: string; confidence: number | null }) {
  const variant = (id: string, name: string, claimed: number) => ({
    id,
    name,
    weight: 3,
    control: id === 'A',
    players,
    shown: players,
    claimed,
    startedCycle: players,
    reachedDay7: 0,
    claimRate: players === 0 ? null : claimed / players,
    day7Rate: players === 0 ? null : 0,
  });
  return {
    from: '2026-06-01',
    to: '2026-06-30',
    configId: 'c1',
    includesTestPlayers: false,
    days: [],
    experiment: {
      id: 'exp_1',
      status: 'running',
      startedAt: '2026-06-01T08:00:00.000Z',
      endedAt: null,
      winnerVariantId: null,
      from: '2026-06-01',
      to: '2026-06-30',
      variants: [variant('A', 'A', Math.floor(players / 2)), variant('B', 'Big chest', players)],
      comparisons: [
        { variantId: 'B', claimRate, day7: { status: 'no_data', sentence: 'No data yet.', confidence: null } },
      ],
    },
  };
}
const TOO_LITTLE = analytics(3, { status: 'too_little_data', sentence: 'Too little data.', confidence: null });
const SIGNIFICANT = analytics(900, {
  status: 'compared',
  sentence: 'Big chest claims more often than A with 99.9 % confidence',
  confidence: 0.999,
});

/** The experiment routes: each answers what it was sent, or `refusal`; the analytics read answers `figures`. */
function server(refusal?: { status: number; code: string; message: string }, figures: unknown = SIGNIFICANT) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/analytics')) return new Response(JSON.stringify(figures), { status: 200 });
    if (refusal) return new Response(JSON.stringify(refusal), { status: refusal.status });
    if (url.endsWith('/experiment') && (init?.method === 'POST' || init?.method === 'PATCH')) {
      const { variants } = JSON.parse(String(init.body)) as { variants: { id: string }[] };
      const experiment = {
        ...running,
        variants: variants.map((variant, at) => ({ ...variant, control: at === 0, uiLayout: null, layoutVersion: 0 })),
      };
      return new Response(JSON.stringify(experiment), { status: init.method === 'POST' ? 201 : 200 });
    }
    return new Response(JSON.stringify({ ...config, experiment: null }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url,
    method: init?.method,
    body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  }));

describe('ExperimentSection', () => {
  it('starts an experiment of A against a named B, half the players each', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderWithProviders(<Section stored={config} />);
    await user.click(screen.getByRole('button', { name: 'Set up an experiment' }));
    expect(screen.getAllByText('50 % of new players')).toHaveLength(2);
    await user.clear(screen.getByLabelText('Name of variant B'));
    await user.type(screen.getByLabelText('Name of variant B'), 'Big chest');
    await user.click(screen.getByRole('button', { name: 'Add variant' }));
    expect(screen.getAllByText(/% of new players/).map((hint) => hint.textContent)).toEqual([
      '33.3 % of new players',
      '33.3 % of new players',
      '33.3 % of new players',
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove C' }));
    await user.click(screen.getByRole('button', { name: 'Start experiment' }));
    await vi.waitFor(() =>
      expect(sent(fetchMock)).toContainEqual({
        url: '/api/games/g1/daily-rewards/c1/experiment',
        method: 'POST',
        body: {
          variants: [
            { id: 'A', name: 'A', weight: 50 },
            { id: 'B', name: 'Big chest', weight: 50 },
          ],
        },
      }),
    );
  });

  it('refuses weights that sum to 0 before sending, and shows the server’s refusal', async () => {
    const fetchMock = server({ status: 409, code: 'EXPERIMENT_RUNNING', message: EXPERIMENT_API_MESSAGES.running });
    const user = userEvent.setup();
    renderWithProviders(<Section stored={config} />);
    await user.click(screen.getByRole('button', { name: 'Set up an experiment' }));
    for (const weight of screen.getAllByLabelText(/^Weight of variant/)) {
      await user.clear(weight);
      await user.type(weight, '0');
    }
    await user.click(screen.getByRole('button', { name: 'Start experiment' }));
    expect(await screen.findByText(/The weights sum to 0/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(screen.getAllByLabelText(/^Weight of variant/)[0]!);
    await user.type(screen.getAllByLabelText(/^Weight of variant/)[0]!, '1');
    await user.click(screen.getByRole('button', { name: 'Start experiment' }));
    expect(await screen.findByText(EXPERIMENT_API_MESSAGES.running)).toBeInTheDocument();
  });

  it('shows a running experiment’s variants for the panel’s save, and promotes a winner after confirming', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderWithProviders(<Section stored={{ ...config, experiment: running }} />);
    expect(screen.getByText(/Running since/)).toBeInTheDocument();
    // The panel's one save sends the names and weights (decision 055): no save of its own.
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull();
    // Stored variants cannot be removed (players are assigned to them); their layouts open in the UI editor.
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit layout of Big chest' })).toHaveAttribute(
      'href',
      '/ui-editor/daily_rewards/c1?variant=B',
    );

    await user.click(screen.getByRole('button', { name: 'Promote a winner…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote a winner' });
    expect(within(dialog).getByRole('radio', { name: 'Big chest' })).toBeChecked();
    // The comparison backs Big chest: no warning once it is read.
    await vi.waitFor(() => expect(within(dialog).queryByText(/Reading the comparison/)).toBeNull());
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(sent(fetchMock).map(({ url }) => url)).toContain('/api/games/g1/analytics?configId=c1&experimentId=exp_1');
    await user.click(within(dialog).getByRole('button', { name: 'Promote Big chest' }));
    await vi.waitFor(() =>
      expect(sent(fetchMock)).toContainEqual({
        url: '/api/games/g1/daily-rewards/c1/experiment/promote',
        method: 'POST',
        body: { variantId: 'B' },
      }),
    );
  });

  it('says in the Promote confirmation, before the click, that the comparison has too little data', async () => {
    const fetchMock = server(undefined, TOO_LITTLE);
    const user = userEvent.setup();
    renderWithProviders(<Section stored={{ ...config, experiment: running }} />);
    await user.click(screen.getByRole('button', { name: 'Promote a winner…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote a winner' });
    expect(
      await within(dialog).findByText(
        'Too little data: the comparison cannot tell yet whether Big chest claims more often than A (Big chest: 3 players, A: 3.) Promoting it now is a guess.',
      ),
    ).toBeInTheDocument();
    // The control keeps the config's layout: nothing to warn about.
    await user.click(within(dialog).getByRole('radio', { name: /^A/ }));
    expect(within(dialog).queryByText(/Too little data/)).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Big chest' }));
    expect(within(dialog).getByText(/Too little data/)).toBeInTheDocument();
    expect(sent(fetchMock).some(({ url }) => url.endsWith('/promote'))).toBe(false);
  });

  it('says when the comparison could not be read', async () => {
    server(undefined, { not: 'figures' });
    const user = userEvent.setup();
    renderWithProviders(<Section stored={{ ...config, experiment: running }} />);
    await user.click(screen.getByRole('button', { name: 'Promote a winner…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote a winner' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The comparison could not be read, so nothing says whether Big chest does better: check Analytics before promoting.',
    );
  });
});
