import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIENCE_MESSAGES, type Segment } from '@liveops/domain/segments';
import { renderWithProviders } from '../../../test/render';
import { SegmentsTab } from './segments-tab';

afterEach(() => vi.unstubAllGlobals());

const whales: Segment = {
  id: 'seg-whales',
  gameId: 'g1',
  ownerId: 'u1',
  name: 'Whales',
  description: '',
  expression: 'player.totalSpend > 100.0',
  logicType: 'CEL',
  enabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const IN_USE =
  'This segment is targeted by daily reward "Whale Week". Target it at another segment or at every player first.';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('SegmentsTab', () => {
  it('says why a delete was refused: the server names the daily reward that targets the segment', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') return json({ code: 'SEGMENT_IN_USE', message: IN_USE }, 409);
      if (url === '/api/games/g1/segments') return json([whales]);
      if (url === '/api/games/g1/custom-attributes') return json({ customAttributes: [] });
      return json({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <>
        <Routes>
          <Route path="/dashboard/game/:gameId/segments" element={<SegmentsTab />} />
        </Routes>
        <Toaster />
      </>,
      { route: '/dashboard/game/g1/segments' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Whales' }));
    expect(await screen.findByText(IN_USE)).toBeInTheDocument();
    expect(screen.queryByText('Delete failed. Please try again.')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && url.endsWith('/seg-whales'))).toBe(
      true,
    );
  });

  it('shows each segment’s audience on the list and on its page', async () => {
    const iosOnly: Segment = { ...whales, id: 'seg-ios', name: 'iOS', expression: 'player.platform == "iOS"' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/games/g1/segments') return json([whales, iosOnly]);
        if (url === '/api/games/g1/custom-attributes') return json({ customAttributes: [] });
        if (url === '/api/games/g1/segments/audience') {
          return json({
            windowDays: 30,
            seen: 4800,
            segments: { 'seg-whales': 1200 },
            countedAt: '2026-06-15T12:00:00.000Z',
          });
        }
        return json({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/game/:gameId/segments/:segmentId" element={<SegmentsTab />} />
      </Routes>,
      { route: '/dashboard/game/g1/segments/seg-whales' },
    );
    // The list's row and the segment's page.
    expect(await screen.findAllByText('1,200 of 4,800 players (25 %)', {}, { timeout: 5000 })).toHaveLength(2);
    expect(screen.getByText('0 of 4,800 players (0 %)')).toBeInTheDocument();
    expect(
      screen.getByText(/Players who matched at their last session, of all players seen in the last 30 days/),
    ).toBeInTheDocument();
  });

  it('says when nobody has played yet, and when the audience could not be counted', async () => {
    let audience = () => json({ windowDays: 30, seen: 0, segments: {}, countedAt: '2026-06-15T12:00:00.000Z' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/games/g1/segments') return json([whales]);
        if (url === '/api/games/g1/segments/audience') return audience();
        return json({ customAttributes: [] });
      }),
    );
    const first = renderWithProviders(
      <Routes>
        <Route path="/dashboard/game/:gameId/segments" element={<SegmentsTab />} />
      </Routes>,
      { route: '/dashboard/game/g1/segments' },
    );
    expect(await screen.findByText(AUDIENCE_MESSAGES.noPlayers)).toBeInTheDocument();
    first.unmount();
    audience = () => json({ code: 'INTERNAL', message: 'Down.' }, 503);
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/game/:gameId/segments" element={<SegmentsTab />} />
      </Routes>,
      { route: '/dashboard/game/g1/segments' },
    );
    expect(await screen.findByText(AUDIENCE_MESSAGES.loadFailed, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
