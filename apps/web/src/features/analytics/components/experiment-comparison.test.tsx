import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareExperimentVariants, experimentVariantFigures, type ExperimentComparison } from '@liveops/domain';
import { renderWithProviders } from '../../../test/render';
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
    ).toEqual(['1', '400', '240', '60 %', '160', '48', '30 %']);
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
});
