import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Segment } from '@liveops/domain';
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
});
