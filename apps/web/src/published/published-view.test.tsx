import type { EmbedConfig } from '@liveops/domain/published';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PublishedState } from './published-controller';
import { PublishedView } from './published-view';

const week: EmbedConfig = {
  id: 'week',
  name: 'Week',
  cycleDays: 7,
  rewards: [{ day: 3, packId: 'gold' }],
  packs: [{ id: 'gold', name: 'Gold', value: 1, amount: 100, assetUrl: null, iconId: 'coin' }],
  assets: [],
};
const ready = (fields: Partial<Extract<PublishedState, { status: 'ready' }>> = {}): PublishedState => ({
  status: 'ready',
  config: week,
  params: { streak: 2, todayIndex: 3 },
  ...fields,
});

function renderView(state: PublishedState) {
  const actions = { claim: vi.fn(), close: vi.fn() };
  const { container } = render(<PublishedView state={state} actions={actions} />);
  const claim = container.querySelector('[data-bind="claim"]') as HTMLButtonElement;
  const today = container.querySelector('[data-day="3"]') as HTMLElement;
  return { actions, claim, today };
}

describe('PublishedView', () => {
  it('shows today claimed with when the next reward comes on a disabled claim button', () => {
    const { actions, claim, today } = renderView(
      ready({ claimed: { nextClaimAt: '2030-01-02T00:00:00.000Z', label: 'Next reward in 5\u00a0h' } }),
    );
    expect(claim).toHaveTextContent('Next reward in 5 h');
    expect(claim).toBeDisabled();
    expect(today).toHaveAttribute('data-day-state', 'claimed');
    fireEvent.click(claim);
    expect(actions.claim).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a claim granted nothing above the popup, with the claim button armed again', () => {
    const { actions, claim, today } = renderView(ready({ claimError: 'Could not reach the server. Try again.' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not reach the server. Try again.');
    expect(today).toHaveAttribute('data-day-state', 'today');
    expect(claim).toHaveTextContent('Claim Reward');
    fireEvent.click(claim);
    expect(actions.claim).toHaveBeenCalledTimes(1);
  });
});
