import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Item, Pack } from '@liveops/domain/inventory';
import { DaySlot } from './day-slot';

const item = (id: string, name: string, value: number) => ({ id, name, value }) as Item;
const starter = {
  id: 'p1',
  name: 'Starter Pack',
  value: 105,
  contents: [
    { itemId: 'gold', quantity: 100 },
    { itemId: 'gem', quantity: 1 },
  ],
  iconId: 'gift',
  assetRefId: null,
} as unknown as Pack;

describe('DaySlot', () => {
  it('shows the chosen pack’s name, what it holds and its value in dollars', () => {
    render(
      <ol>
        <DaySlot
          configId="c1"
          day={1}
          packId="p1"
          packs={[starter]}
          items={[item('gold', 'Gold', 1), item('gem', 'Gem', 5)]}
          missing={false}
          onChange={() => undefined}
        />
      </ol>,
    );
    expect(screen.getByText('Starter Pack', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('100× Gold, 1× Gem')).toBeInTheDocument();
    expect(screen.getByText('Worth $105')).toBeInTheDocument();
  });

  it('says a day has no pack yet', () => {
    render(
      <ol>
        <DaySlot configId="c1" day={2} packId="" packs={[starter]} items={[]} missing onChange={() => undefined} />
      </ol>,
    );
    expect(screen.getByText('No pack yet')).toBeInTheDocument();
  });
});
