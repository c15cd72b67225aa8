import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  compareExperimentVariants,
  experimentVariantFigures,
  type ExperimentComparison,
} from '@liveops/domain/experiments';
import { renderWithProviders } from '../../../test/render';
import { experimentBars } from '../analytics-figures';
import { ExperimentComparisonSection } from './experiment-comparison';

afterEach(() => vi.unstubAllGlobals());

const variants = [
  experimentVariantFigures(
    { id: 'A', name: 'A', weight: 1, control: true },
    { players: 400, shown: 400, claimed: 200, startedCycle: 150, reachedDay7: 30 },
  ),
  experimentVariantFigures(
    { id: 'B', name: 'Big chest', weight: 1, control: false },
    { players: 400, shown: 390, claimed: 240, startedCycle: 160, reachedDay7: 48 },
  ),
];
const experiment: ExperimentComparison = {
  id: 'exp_1',
  status: 'running',
  startedAt: '2026-06-01T08:00:00.000Z',
  endedAt: null,
  winnerVariantId: null,
  from: '2026-06-01',
  to: '2026-06-10',
  variants,
  comparisons: compareExperimentVariants(variants),
};

describe('ExperimentComparisonSection', () => {
  it('states each comparison with the control in a sentence, and the figures in a table', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ExperimentComparisonSection gameId="g1" configId="c1" experiment={experiment} fileStem="launch-week" />,
    );
    const comparisons = screen.getByRole('list', { name: 'Comparisons with the control' });
    expect(within(comparisons).getByText('Big chest claims 20.0 % more, over 99 % confidence.')).toBeInTheDocument();
    expect(
      within(comparisons).getByText(/^Big chest reaches day 7 50\.0 % more often, \d+ % confidence\.$/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show table' }));
    const row = screen.getByRole('row', { name: /^Big chest/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '400', '240', '60 % (n = 400)', '160', '48', '30 % (n = 160)']);
    expect(screen.getByRole('columnheader', { name: 'Saw it (n)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Claim rate and day-7 reach by variant/ })).toBeInTheDocument();
  });

  it('promotes a variant only after its confirmation', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({}), { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(
      <ExperimentComparisonSection gameId="g1" configId="c1" experiment={experiment} fileStem="launch-week" />,
    );
    await user.click(screen.getByRole('button', { name: 'Promote Big chest' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Promote Big chest?' });
    // The comparison backs it (20 % more claims, over 99 % confidence): no warning.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Promote Big chest' }));
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/games/g1/daily-rewards/c1/experiment/promote',
        expect.objectContaining({ method: 'POST', body: JSON.stringify({ variantId: 'B' }) }),
      ),
    );
  });

  it('says which variant won once it ended, and offers no promotion', () => {
    renderWithProviders(
      <ExperimentComparisonSection
        gameId="g1"
        configId="c1"
        experiment={{ ...experiment, status: 'ended', endedAt: '2026-06-10T08:00:00.000Z', winnerVariantId: 'B' }}
        fileStem="launch-week"
      />,
    );
    expect(screen.getByText(/Big chest was promoted\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Promote/ })).toBeNull();
  });

  it('writes on every bar the number of players its rate is out of', () => {
    expect(experimentBars(variants).map(({ label, claimN, day7N }) => ({ label, claimN, day7N }))).toEqual([
      { label: 'A', claimN: 'n = 400', day7N: 'n = 150' },
      { label: 'Big chest', claimN: 'n = 400', day7N: 'n = 160' },
    ]);
  });

  const withFigures = (control: [number, number], variant: [number, number]): ExperimentComparison => {
    const figures = [
      experimentVariantFigures(
        { id: 'A', name: 'A', weight: 1, control: true },
        { players: control[0], shown: control[0], claimed: control[1], startedCycle: 0, reachedDay7: 0 },
      ),
      experimentVariantFigures(
        { id: 'B', name: 'Big chest', weight: 1, control: false },
        { players: variant[0], shown: variant[0], claimed: variant[1], startedCycle: 0, reachedDay7: 0 },
      ),
    ];
    return { ...experiment, variants: figures, comparisons: compareExperimentVariants(figures) };
  };

  it('says in the promote confirmation that there is too little data, before the click that cannot be undone', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({}), { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(
      <ExperimentComparisonSection gameId="g1" configId="c1" experiment={withFigures([3, 2], [3, 3])} fileStem="x" />,
    );
    await user.click(screen.getByRole('button', { name: 'Promote Big chest' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Promote Big chest?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Too little data: the comparison cannot tell yet whether Big chest claims more often than A (Big chest: 3 players, A: 3.) Promoting it now is a guess.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says in the promote confirmation that the difference is not significant', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ExperimentComparisonSection
        gameId="g1"
        configId="c1"
        experiment={withFigures([100, 50], [100, 55])}
        fileStem="x"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Promote Big chest' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Promote Big chest?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /^Not significant: Big chest claims 10\.0 % more, \d+ % confidence, below the usual 95 %, so the difference may be chance/,
    );
  });
});
