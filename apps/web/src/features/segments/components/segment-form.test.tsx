import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEGMENT_MESSAGES } from '@liveops/domain';
import { renderWithProviders } from '../../../test/render';
import { SegmentForm } from './segment-form';

afterEach(() => vi.unstubAllGlobals());

function typeExpression(text: string) {
  fireEvent.change(screen.getByLabelText('Expression'), { target: { value: text } });
}

describe('SegmentForm', () => {
  it('never says "Looks good!" beside an error the check found, and says it once the expression checks out', async () => {
    renderWithProviders(<SegmentForm gameId="g1" onDone={() => undefined} />);
    typeExpression('player.totalSpnd > 5.0');
    expect(await screen.findByText(/No such key: totalSpnd/)).toBeInTheDocument();
    expect(screen.queryByText(SEGMENT_MESSAGES.hintGood)).not.toBeInTheDocument();

    typeExpression('player.totalSpend > 5.0');
    expect(await screen.findByText(SEGMENT_MESSAGES.hintGood)).toBeInTheDocument();
    expect(screen.queryByText(/No such key/)).not.toBeInTheDocument();
  });

  it('keeps the spec’s operator hint for an expression that checks out without ==, > or <', async () => {
    renderWithProviders(<SegmentForm gameId="g1" onDone={() => undefined} />);
    typeExpression('player.platform in ["iOS", "Android"]');
    expect(await screen.findByText(SEGMENT_MESSAGES.hintOperator)).toBeInTheDocument();
    typeExpression('player.platform in [');
    await vi.waitFor(() => expect(screen.queryByText(SEGMENT_MESSAGES.hintOperator)).not.toBeInTheDocument());
    expect(screen.getByLabelText('Expression')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks expressions over the game’s custom attributes with their declared types', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        expect(url).toBe('/api/games/g1/custom-attributes');
        return new Response(JSON.stringify({ customAttributes: [{ name: 'vip', type: 'bool' }] }), { status: 200 });
      }),
    );
    renderWithProviders(<SegmentForm gameId="g1" onDone={() => undefined} />);
    fireEvent.click(screen.getByText('Player fields you can use'));
    expect(await screen.findByText('player.vip')).toBeInTheDocument();
    typeExpression('player.vip == true');
    expect(await screen.findByText(SEGMENT_MESSAGES.hintGood)).toBeInTheDocument();
    typeExpression('player.vip > 3');
    expect(await screen.findByText(/no such overload/i)).toBeInTheDocument();
    typeExpression('player.vipp == true');
    expect(await screen.findByText(/No such key: vipp/)).toBeInTheDocument();
  });
});
