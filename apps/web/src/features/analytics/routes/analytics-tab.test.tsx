import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  ANALYTICS_QUERY_MESSAGES,
  analyticsRangeDayList,
  emptyRollupRow,
  type AnalyticsDay,
  type AnalyticsResponse,
} from '@liveops/domain/analytics';
import {
  compareExperimentVariants,
  experimentVariantFigures,
  type ExperimentComparison,
  type ExperimentSummary,
} from '@liveops/domain/experiments';
import { renderWithProviders } from '../../../test/render';
import { dailyRewardConfig } from '../../../test/daily-reward';
import { presetRange } from '../analytics-figures';
import { ANALYTICS_EMPTY, AnalyticsTab } from './analytics-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const config = dailyRewardConfig({ rewardsVersion: 3 });

function zeros(day: string): AnalyticsDay {
  const {
    gameId: _g,
    configId: _c,
    variantId: _v,
    ...row
  } = emptyRollupRow({
    gameId: 'g1',
    configId: null,
    variantId: null,
    day,
  });
  return row;
}

/** An experiment of c1 as the history lists it, and its comparison as the analytics route answers it. */
function experimentOf(
  id: string,
  status: 'running' | 'ended',
  winnerVariantId: string | null,
  claimed: [number, number],
): { summary: ExperimentSummary; comparison: ExperimentComparison } {
  const variants = [
    { id: 'A', name: 'A', weight: 1, control: true },
    { id: 'B', name: 'Big chest', weight: 1, control: false },
  ];
  const startedAt = status === 'running' ? '2026-06-01T08:00:00.000Z' : '2026-05-01T08:00:00.000Z';
  const endedAt = status === 'running' ? null : '2026-05-20T08:00:00.000Z';
  const figures = variants.map((variant, at) =>
    experimentVariantFigures(variant, {
      players: 100,
      shown: 100,
      claimed: claimed[at]!,
      startedCycle: 50,
      reachedDay7: 10,
    }),
  );
  return {
    summary: { id, status, startedAt, endedAt, winnerVariantId, variants },
    comparison: {
      id,
      status,
      startedAt,
      endedAt,
      winnerVariantId,
      from: startedAt.slice(0, 10),
      to: (endedAt ?? '2026-06-10').slice(0, 10),
      variants: figures,
      comparisons: compareExperimentVariants(figures),
    },
  };
}

/** The route's answer for a query: every day of the range, zeros unless `figures` has the day. */
function answer(
  url: URL,
  figures: Record<string, Partial<AnalyticsDay>>,
  experiments: ReturnType<typeof experimentOf>[] = [],
): AnalyticsResponse {
  const from = url.searchParams.get('from')!;
  const to = url.searchParams.get('to')!;
  return {
    from,
    to,
    configId: url.searchParams.get('configId'),
    includesTestPlayers: url.searchParams.get('testers') === 'include',
    days: analyticsRangeDayList(from, to).map((day) => ({ ...zeros(day), ...figures[day] })),
    experiment: url.searchParams.has('configId')
      ? ((url.searchParams.has('experimentId')
          ? experiments.find((entry) => entry.summary.id === url.searchParams.get('experimentId'))
          : experiments[0]
        )?.comparison ?? null)
      : null,
  };
}

/** A server with one config; `figures` of the analytics route can change while the tab is open. */
function server(
  options: {
    figures?: Record<string, Partial<AnalyticsDay>>;
    /** The figures with the game's test players counted (testers=include); else the same as `figures`. */
    withTesters?: Record<string, Partial<AnalyticsDay>>;
    fail?: boolean;
    experiments?: ReturnType<typeof experimentOf>[];
  } = {},
) {
  const state = { figures: options.figures ?? {} };
  const fetchMock = vi.fn(async (path: string) => {
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    const url = new URL(path, 'http://dashboard.test');
    if (url.pathname === '/api/games/g1/daily-rewards') return json([config]);
    if (url.pathname === '/api/games/g1/daily-rewards/c1/experiments') {
      return json({ experiments: (options.experiments ?? []).map((entry) => entry.summary) });
    }
    if (url.pathname === '/api/games/g1/analytics') {
      if (options.fail) return json({ code: 'INTERNAL', message: 'The database is not answering.' }, 503);
      if (url.searchParams.has('configId') && url.searchParams.get('configId') !== 'c1') {
        return json({ code: 'NOT_FOUND', message: ANALYTICS_QUERY_MESSAGES.configNotFound }, 404);
      }
      const included = url.searchParams.get('testers') === 'include' && options.withTesters;
      return json(answer(url, included || state.figures, options.experiments));
    }
    return json({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const analyticsCalls = () =>
    fetchMock.mock.calls
      .map(([path]) => new URL(path, 'http://dashboard.test'))
      .filter((url) => url.pathname.endsWith('/analytics'));
  return { fetchMock, state, analyticsCalls };
}

const renderTab = (route = '/dashboard/game/g1/analytics') =>
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/game/:gameId/analytics" element={<AnalyticsTab />} />
    </Routes>,
    { route },
  );

const today = () => presetRange(1, Date.now()).to;

describe('AnalyticsTab', () => {
  it('asks for the last 30 days of every daily reward, and says how figures arrive when there are none', async () => {
    const { analyticsCalls } = server();
    renderTab();
    expect(screen.getByText('Loading the figures…')).toBeInTheDocument();
    expect(await screen.findByText(ANALYTICS_EMPTY)).toBeInTheDocument();
    const [first] = analyticsCalls();
    expect(Object.fromEntries(first!.searchParams)).toEqual(presetRange(30, Date.now()));
    expect(screen.getByLabelText('Daily reward')).toHaveValue('');
    expect(screen.getByRole('option', { name: 'All daily rewards' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Launch Week' })).toBeInTheDocument();
  });

  it('shows the totals, and each chart’s figures as a table on demand', async () => {
    server({
      figures: {
        [today()]: {
          shown: 4,
          claimed: 3,
          closed: 2,
          sessions: 5,
          claimedByCycleDay: [2, 1, 0, 0, 0, 0, 0],
          claimedByStreak: { ...zeros('x').claimedByStreak, '1': 2, '8-14': 1 },
        },
      },
    });
    renderTab();
    const totalsPanel = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totalsPanel).getByText('Claim rate').nextElementSibling).toHaveTextContent('75 %');
    expect(within(totalsPanel).getByText('Sessions').nextElementSibling).toHaveTextContent('5');

    const user = userEvent.setup();
    const byDayCard = screen.getByRole('region', { name: 'By day' });
    expect(within(byDayCard).queryByRole('table')).not.toBeInTheDocument();
    // Only today has figures: the chart draws today alone, and says so; the table keeps the range's 30 days.
    expect(within(byDayCard).getByRole('img').getAttribute('aria-label')).toContain(
      `The chart starts on ${today()}, the first day with figures.`,
    );
    expect(within(byDayCard).getByText(/the first day with figures; the table lists every day/)).toBeInTheDocument();
    await user.click(within(byDayCard).getByRole('button', { name: 'Show table' }));
    const table = within(byDayCard).getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    const todayRow = within(table).getByRole('row', { name: new RegExp(today()) });
    expect(
      within(todayRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '3', '75 %', '2', '5']);
    // A day nobody saw the popup has no rate.
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[2]).toHaveTextContent('—');
    expect(within(byDayCard).getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');

    const funnel = screen.getByRole('region', { name: 'Cycle funnel' });
    await user.click(within(funnel).getByRole('button', { name: 'Show table' }));
    const day2 = within(funnel).getByRole('row', { name: /Day 2/ });
    expect(
      within(day2)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '50 %']);

    const streaks = screen.getByRole('region', { name: 'Streaks' });
    await user.click(within(streaks).getByRole('button', { name: 'Show table' }));
    const weeks = within(streaks).getByRole('row', { name: /8–14 days/ });
    expect(
      within(weeks)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '33.3 %']);
  });

  it('downloads each chart’s figures as CSV', async () => {
    server({ figures: { [today()]: { shown: 2, claimed: 1, claimedByCycleDay: [1, 0, 0, 0, 0, 0, 0] } } });
    const blobs: Blob[] = [];
    // jsdom has no object URLs: the test gives URL the two functions for its own run.
    const url = URL as unknown as Record<string, unknown>;
    url.createObjectURL = (blob: Blob) => (blobs.push(blob), 'blob:csv');
    url.revokeObjectURL = () => undefined;
    onTestFinished(() => {
      delete url.createObjectURL;
      delete url.revokeObjectURL;
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderTab();
    const user = userEvent.setup();
    const byDayCard = await screen.findByRole('region', { name: 'By day' });
    await user.click(within(byDayCard).getByRole('button', { name: 'Download CSV' }));
    const range = presetRange(30, Date.now());
    expect(names).toEqual([`all-daily-rewards-by-day-${range.from}-${range.to}.csv`]);
    const lines = (await blobs[0]!.text()).trim().split('\r\n');
    expect(lines[0]).toBe('day,saw_popup,claimed,claim_rate,closed,sessions');
    expect(lines).toHaveLength(31);
    expect(lines.at(-1)).toBe(`${today()},2,1,0.5,0,0`);
    expect(lines[1]).toBe(`${range.from},0,0,,0,0`);

    await user.click(
      within(screen.getByRole('region', { name: 'Cycle funnel' })).getByRole('button', { name: 'Download CSV' }),
    );
    expect((await blobs[1]!.text()).split('\r\n').slice(0, 3)).toEqual([
      'cycle_day,player_days,of_day_1',
      '1,1,1',
      '2,0,0',
    ]);
  });

  it('leaves test players out by default and counts them, in the figures and the CSV, once switched on', async () => {
    const { analyticsCalls } = server({
      figures: { [today()]: { shown: 4, claimed: 2 } },
      withTesters: { [today()]: { shown: 6, claimed: 4 } },
    });
    const blobs: Blob[] = [];
    const url = URL as unknown as Record<string, unknown>;
    url.createObjectURL = (blob: Blob) => (blobs.push(blob), 'blob:csv');
    url.revokeObjectURL = () => undefined;
    onTestFinished(() => {
      delete url.createObjectURL;
      delete url.revokeObjectURL;
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderTab();
    const user = userEvent.setup();
    const totalsPanel = await screen.findByRole('region', { name: 'Totals' });
    const switchBox = screen.getByRole('checkbox', { name: 'Include test players' });
    expect(switchBox).not.toBeChecked();
    expect(analyticsCalls().every((call) => !call.searchParams.has('testers'))).toBe(true);
    expect(within(totalsPanel).getByText('Saw the popup').nextElementSibling).toHaveTextContent('4');
    expect(within(totalsPanel).getByText(/Test players left out\./)).toBeInTheDocument();

    await user.click(switchBox);
    await waitFor(() => expect(analyticsCalls().at(-1)!.searchParams.get('testers')).toBe('include'));
    await waitFor(() =>
      expect(within(totalsPanel).getByText('Saw the popup').nextElementSibling).toHaveTextContent('6'),
    );
    expect(within(totalsPanel).getByText(/Test players included\./)).toBeInTheDocument();
    const byDayCard = screen.getByRole('region', { name: 'By day' });
    await user.click(within(byDayCard).getByRole('button', { name: 'Download CSV' }));
    const range = presetRange(30, Date.now());
    expect(names.at(-1)).toBe(`all-daily-rewards-with-test-players-by-day-${range.from}-${range.to}.csv`);
    expect((await blobs.at(-1)!.text()).trim().split('\r\n').at(-1)).toBe(`${today()},6,4,0.6667,0,0`);

    await user.click(switchBox);
    await waitFor(() =>
      expect(within(totalsPanel).getByText('Saw the popup').nextElementSibling).toHaveTextContent('4'),
    );
    await user.click(within(byDayCard).getByRole('button', { name: 'Download CSV' }));
    expect(names.at(-1)).toBe(`all-daily-rewards-by-day-${range.from}-${range.to}.csv`);
    expect((await blobs.at(-1)!.text()).trim().split('\r\n').at(-1)).toBe(`${today()},4,2,0.5,0,0`);
  });

  it('reads "no popup views recorded" instead of a rate when claims came without any view', async () => {
    server({ figures: { [today()]: { shown: 0, claimed: 16 } } });
    renderTab();
    const totalsPanel = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totalsPanel).getByText('Claim rate').nextElementSibling).toHaveTextContent('no popup views recorded');
    expect(within(totalsPanel).getByText(/Claims were recorded but not one popup view/)).toBeInTheDocument();
  });

  it('asks for one daily reward and for the last 7 days when chosen, and keeps both in the address', async () => {
    const { analyticsCalls } = server();
    renderTab();
    await screen.findByText(ANALYTICS_EMPTY);
    const user = userEvent.setup();
    await user.selectOptions(
      screen.getByLabelText('Daily reward'),
      await screen.findByRole('option', { name: 'Launch Week' }),
    );
    await waitFor(() => expect(analyticsCalls().at(-1)!.searchParams.get('configId')).toBe('c1'));
    await user.selectOptions(screen.getByLabelText('Range'), 'Last 7 days');
    await waitFor(() =>
      expect(Object.fromEntries(analyticsCalls().at(-1)!.searchParams)).toEqual({
        ...presetRange(7, Date.now()),
        configId: 'c1',
      }),
    );
    expect(await screen.findByText(new RegExp(`Launch Week, ${presetRange(7, Date.now()).from}`))).toBeInTheDocument();
  });

  it('takes a custom range only when it is valid, with the reason when it is not', async () => {
    const { analyticsCalls } = server();
    renderTab('/dashboard/game/g1/analytics?range=custom&from=2026-03-01&to=2026-03-10');
    await screen.findByText(ANALYTICS_EMPTY);
    expect(Object.fromEntries(analyticsCalls().at(-1)!.searchParams)).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Custom range' });
    const from = within(form).getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-03-20');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByText(ANALYTICS_QUERY_MESSAGES.rangeReversed)).toBeInTheDocument();
    await user.clear(from);
    await user.type(from, '2024-01-01');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByText(ANALYTICS_QUERY_MESSAGES.rangeTooLong)).toBeInTheDocument();
    expect(analyticsCalls().every((url) => url.searchParams.get('from') === '2026-03-01')).toBe(true);
    await user.clear(from);
    await user.type(from, '2026-03-05');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(Object.fromEntries(analyticsCalls().at(-1)!.searchParams)).toEqual({
        from: '2026-03-05',
        to: '2026-03-10',
      }),
    );
  });

  it('says what failed, and tries again', async () => {
    const { fetchMock } = server({ fail: true });
    renderTab();
    expect(await screen.findByText('The database is not answering.')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.length;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(calls));
  });

  it('offers every daily reward again when the address names one the game does not have', async () => {
    server();
    renderTab('/dashboard/game/g1/analytics?config=gone');
    expect(await screen.findByText(ANALYTICS_QUERY_MESSAGES.configNotFound)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show all daily rewards' }));
    expect(await screen.findByText(ANALYTICS_EMPTY)).toBeInTheDocument();
  });

  it('follows live: figures that arrive while the tab is open appear without a reload', async () => {
    const { state } = server();
    renderTab();
    await screen.findByText(ANALYTICS_EMPTY);
    state.figures = { [today()]: { shown: 1 } };
    const totalsPanel = await screen.findByRole('region', { name: 'Totals' }, { timeout: 8_000 });
    expect(within(totalsPanel).getByText('Saw the popup').nextElementSibling).toHaveTextContent('1');
  }, 12_000);

  it('compares the experiment chosen among the config’s, running or ended, and keeps it in the address', async () => {
    const running = experimentOf('exp_new', 'running', null, [50, 60]);
    const ended = experimentOf('exp_old', 'ended', 'B', [40, 70]);
    const { analyticsCalls } = server({ experiments: [running, ended] });
    renderTab('/dashboard/game/g1/analytics?config=c1');
    const section = await screen.findByRole('region', { name: 'Experiment' });
    const picker = within(section).getByRole('combobox', { name: 'Experiment' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      expect.stringMatching(/^Running since .*2026 · A, Big chest$/),
      expect.stringMatching(/^May 1\s–\s20, 2026: Big chest promoted · A, Big chest$/),
    ]);
    // The server's default (the running one) until another is chosen.
    expect(picker).toHaveValue('exp_new');
    expect(within(section).getByText(/^Running since .*Figures of/)).toBeInTheDocument();
    expect(analyticsCalls().at(-1)!.searchParams.has('experimentId')).toBe(false);

    const user = userEvent.setup();
    await user.selectOptions(picker, 'exp_old');
    await waitFor(() => expect(analyticsCalls().at(-1)!.searchParams.get('experimentId')).toBe('exp_old'));
    expect(await within(section).findByText(/Big chest was promoted\./)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /^Promote/ })).not.toBeInTheDocument();
    expect(picker).toHaveValue('exp_old');
  });

  it('opens the experiment a link names, without asking for the default one first', async () => {
    const running = experimentOf('exp_new', 'running', null, [50, 60]);
    const ended = experimentOf('exp_old', 'ended', null, [40, 70]);
    const { analyticsCalls } = server({ experiments: [running, ended] });
    renderTab('/dashboard/game/g1/analytics?config=c1&experiment=exp_old');
    const section = await screen.findByRole('region', { name: 'Experiment' });
    expect(within(section).getByRole('combobox', { name: 'Experiment' })).toHaveValue('exp_old');
    expect(within(section).getByText(/without a winner\./)).toBeInTheDocument();
    expect(analyticsCalls().every((url) => url.searchParams.get('experimentId') === 'exp_old')).toBe(true);
  });

  it('says when the config has run no experiment, and where to start one', async () => {
    server({ experiments: [] });
    renderTab('/dashboard/game/g1/analytics?config=c1');
    const empty = await screen.findByRole('region', { name: 'No experiments yet' });
    expect(within(empty).getByRole('link', { name: 'Daily Rewards' })).toHaveAttribute(
      'href',
      '/dashboard/game/g1/daily-rewards',
    );
    expect(screen.queryByRole('combobox', { name: 'Experiment' })).not.toBeInTheDocument();
  });
});
