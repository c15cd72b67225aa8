import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { SEGMENT_MESSAGES, type Segment } from '@liveops/domain/segments';
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

  it('suggests the field a typo was meant to be', async () => {
    renderWithProviders(<SegmentForm gameId="g1" onDone={() => undefined} />);
    typeExpression('player.platfrom == "iOS"');
    expect(
      await screen.findByText('No such key: platfrom (line 1, column 8). Did you mean `platform`?'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Estimate audience' })).toBeDisabled();
  });

  it('estimates a draft’s audience over the recent players, with the sample’s size, for the expression asked', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/games/g1/custom-attributes') {
        return new Response(JSON.stringify({ customAttributes: [] }), { status: 200 });
      }
      expect(url).toBe('/api/games/g1/segments/audience-estimate');
      expect(JSON.parse(String(init?.body))).toEqual({ expression: 'player.level > 10' });
      const answer = {
        windowDays: 30,
        sampleMax: 1000,
        sampled: 250,
        evaluated: 250,
        matched: 60,
        failed: 3,
        complete: true,
        sampledAt: '2026-06-15T12:00:00.000Z',
      };
      return new Response(JSON.stringify(answer), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SegmentForm gameId="g1" onDone={() => undefined} />);
    typeExpression(' player.level > 10 ');
    const button = screen.getByRole('button', { name: 'Estimate audience' });
    await vi.waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    const answer = await screen.findByText('About 24 % of the last 250 players seen (60 matched)');
    const note = within(answer.parentElement!).getByText(/most recently seen players/);
    expect(note).toHaveTextContent(
      /A sample of the game's 250 most recently seen players \(at most 1,000, seen in the last 30 days\)/,
    );
    expect(note).toHaveTextContent('3 players lacked a field the expression reads and would not match.');
    // Another expression: the answer was not about it.
    typeExpression('player.level > 11');
    await vi.waitFor(() => expect(screen.queryByText(/About 24 %/)).not.toBeInTheDocument());
  });

  it('saves an edit with the save bar: "Saved" once stored, its line saying so, and a refusal on the same line', async () => {
    const segment: Segment = {
      id: 's1',
      gameId: 'g1',
      ownerId: 'u1',
      name: 'Whales',
      description: '',
      expression: 'player.level > 3',
      logicType: 'CEL',
      enabled: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    let refuse = false;
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/games/g1/custom-attributes') return new Response(JSON.stringify({ customAttributes: [] }));
        expect(url).toBe('/api/games/g1/segments/s1');
        sent.push(JSON.parse(String(init?.body)));
        if (refuse) return new Response(JSON.stringify({ code: 'X', message: 'Refused here.' }), { status: 400 });
        return new Response(JSON.stringify({ ...segment, ...(sent.at(-1) as object), updatedAt: 'later' }));
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SegmentForm gameId="g1" segment={segment} onDone={() => undefined} />);
    const button = () => screen.getByRole('button', { name: /^(Save Changes|Saved|Saving…)$/ });
    expect(button()).toHaveTextContent(SEGMENT_MESSAGES.saveButtonClean);
    expect(button()).toBeDisabled();
    await user.type(screen.getByLabelText('Name'), ' Big');
    expect(button()).toHaveTextContent(SEGMENT_MESSAGES.saveButtonDirty);
    await vi.waitFor(() => expect(button()).toBeEnabled());
    await user.click(button());
    expect(await screen.findByRole('status')).toHaveTextContent(SEGMENT_MESSAGES.updated('Whales Big'));
    expect(button()).toHaveTextContent(SEGMENT_MESSAGES.saveButtonClean);
    expect(sent).toEqual([{ name: 'Whales Big', description: '', expression: 'player.level > 3' }]);

    refuse = true;
    await user.type(screen.getByLabelText('Name'), '!');
    await user.click(button());
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Refused here.'));
    expect(screen.getByLabelText('Name')).toHaveValue('Whales Big!');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Whales Big');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });
});
