import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PublishPreview } from '@liveops/domain/releases';
import { renderWithProviders } from '../../../test/render';
import { experimentLine, PUBLISH_REVIEW_LABELS, PublishReview } from './publish-review';

const preview: PublishPreview = {
  liveVersion: 3,
  configs: [
    {
      id: 'c1',
      name: 'Launch Week',
      contentHash: 'h1',
      experiment: {
        variants: [
          { name: 'A', weight: 1 },
          { name: 'Big chest', weight: 1 },
        ],
      },
    },
    { id: 'c2', name: 'Spring Event', contentHash: 'h2', experiment: null },
    {
      id: 'c3',
      name: 'Broken',
      contentHash: 'h3',
      experiment: {
        variants: [
          { name: 'A', weight: 3 },
          { name: 'B', weight: 1 },
        ],
      },
    },
  ],
  problems: [
    {
      configId: 'c3',
      configName: 'Broken',
      code: 'DAYS_WITHOUT_PACK',
      days: [2],
      message: 'Broken: day 2 has no pack.',
    },
  ],
  changes: [
    { id: 'c1', name: 'Launch Week', change: 'changed' },
    { id: 'c2', name: 'Spring Event', change: 'unchanged' },
    { id: 'c3', name: 'Broken', change: 'new' },
  ],
};

describe('PublishReview', () => {
  it('names each variant of a running A/B test with its share of the players', () => {
    expect(experimentLine(preview.configs[0]!.experiment!.variants)).toBe('A/B test: A 50 %, Big chest 50 %');
    expect(
      experimentLine([
        { name: 'A', weight: 1 },
        { name: 'B', weight: 1 },
        { name: 'C', weight: 1 },
      ]),
    ).toBe('A/B test: A 33.3 %, B 33.3 %, C 33.3 %');
    expect(experimentLine([{ name: 'A', weight: 0 }])).toBe('A/B test: A 0 %');
  });

  it('lists, under each config that runs an A/B test, the variants this publish writes', async () => {
    renderWithProviders(
      <PublishReview preview={preview} live={null} busy={false} onCancel={vi.fn()} onPublish={vi.fn()} />,
    );
    const list = screen.getByRole('list', { name: 'Configs in this publish' });
    const launch = within(list).getByText('Launch Week').closest('li')!;
    expect(launch).toHaveTextContent('A/B test: A 50 %, Big chest 50 % — each player gets their variant’s popup');
    expect(within(list).getByText('Spring Event').closest('li')).not.toHaveTextContent('A/B test');
    expect(within(list).getByText('Broken').closest('li')).toHaveTextContent('A/B test: A 75 %, B 25 %');

    // A config left out of the publish publishes no variants either.
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /Publish the others and leave out/ }));
    const after = screen.getByRole('list', { name: 'Configs in this publish' });
    expect(within(after).getByText('Broken').closest('li')).toHaveTextContent('Left out');
    expect(within(after).getByText('Broken').closest('li')).not.toHaveTextContent('A/B test');
    expect(within(after).getByText('Launch Week').closest('li')).toHaveTextContent('A/B test: A 50 %, Big chest 50 %');
  });

  it('says nothing of tests when no config runs one', () => {
    renderWithProviders(
      <PublishReview
        preview={{ ...preview, configs: preview.configs.map((config) => ({ ...config, experiment: null })) }}
        live={null}
        busy={false}
        onCancel={vi.fn()}
        onPublish={vi.fn()}
      />,
    );
    expect(screen.getByRole('list', { name: 'Configs in this publish' })).not.toHaveTextContent('A/B test');
  });

  it('puts focus on Publish when nothing blocks it, and on the way to unblock it otherwise', () => {
    const clean = { ...preview, problems: [] };
    const { unmount } = renderWithProviders(
      <PublishReview preview={clean} live={null} busy={false} onCancel={vi.fn()} onPublish={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: PUBLISH_REVIEW_LABELS.publish })).toHaveFocus();
    unmount();

    renderWithProviders(
      <PublishReview preview={preview} live={null} busy={false} onCancel={vi.fn()} onPublish={vi.fn()} />,
    );
    expect(screen.getByRole('checkbox', { name: /Publish the others and leave out/ })).toHaveFocus();
  });
});
