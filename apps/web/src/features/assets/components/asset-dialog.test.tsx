import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Asset, AssetUsage } from '@liveops/domain/assets';
import { renderWithProviders } from '../../../test/render';
import { AssetCard } from './asset-card';
import { usageSummary } from './asset-dialog';

const asset: Asset = {
  id: 'g1_coin01',
  assetId: 'coin01',
  gameId: 'g1',
  ownerId: 'u1',
  name: 'Gold coin',
  size: 2048,
  type: 'image/png',
  createdAt: 1,
  url: '/files/assets/g1/coin01.png',
};
const usage: AssetUsage = {
  items: [{ id: 'i1', name: 'Gold' }],
  packs: [{ id: 'p1', name: 'Chest' }],
  layouts: [
    { configId: 'c1', configName: 'Daily Reward 1', variant: { experimentId: 'e1', variantId: 'b', name: 'Green' } },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('AssetDialog', () => {
  it('opens from the card with Enter and shows the preview, details and every use, each a link', async () => {
    const fetchMock = vi.fn(async (url: string) => (String(url).endsWith('/used-by') ? json(usage) : json({})));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AssetCard asset={asset} />);
    screen.getByRole('button', { name: /^Open Gold coin / }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Gold coin' });
    expect(dialog).toHaveTextContent('coin01');
    expect(dialog).toHaveTextContent('2.0 KB');
    expect(await screen.findByRole('link', { name: 'Gold' })).toHaveAttribute('href', '/dashboard/game/g1/inventory');
    expect(screen.getByRole('link', { name: 'Chest' })).toHaveAttribute('href', '/dashboard/game/g1/inventory');
    expect(screen.getByRole('link', { name: 'Daily Reward 1 (variant Green)' })).toHaveAttribute(
      'href',
      '/ui-editor/daily_rewards/c1?variant=b',
    );
  });

  it('renames through the server and shows its refusal next to the name, changing nothing else', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url: String(url), init });
        if (String(url).endsWith('/used-by')) return json({ items: [], packs: [], layouts: [] });
        if (init?.method === 'PATCH') return json({ code: 'VALIDATION_ERROR', message: 'Nope from server.' }, 400);
        return json({});
      }),
    );
    renderWithProviders(<AssetCard asset={asset} />);
    await userEvent.click(screen.getByRole('button', { name: /^Open Gold coin / }));
    expect(await screen.findByText('Nothing uses this asset yet.')).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Asset name is required.')).toBeInTheDocument();
    expect(calls.some((c) => c.init?.method === 'PATCH')).toBe(false);
    await userEvent.type(name, 'Shiny coin');
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Nope from server.')).toBeInTheDocument();
    const patch = calls.find((c) => c.init?.method === 'PATCH');
    expect(patch?.url).toContain('/api/games/g1/assets/coin01');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ name: 'Shiny coin' });
  });

  it('sends a replacement file to the replace route', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url: String(url), init });
        if (String(url).endsWith('/used-by')) return json({ items: [], packs: [], layouts: [] });
        if (init?.method === 'PUT') return json({ ...asset, type: 'image/gif', url: '/files/assets/g1/new.gif' });
        return json([asset]);
      }),
    );
    renderWithProviders(<AssetCard asset={asset} />);
    await userEvent.click(screen.getByRole('button', { name: /^Open Gold coin / }));
    await screen.findByRole('dialog');
    const file = new File([new Uint8Array([71, 73, 70])], 'new.gif', { type: 'image/gif' });
    await userEvent.upload(screen.getByLabelText('Replacement image'), file);
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.init?.method === 'PUT');
    expect(put?.url).toContain('/api/games/g1/assets/coin01/file');
    expect((put?.init?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('says what uses the asset before deleting it', () => {
    expect(usageSummary(usage)).toBe(
      'Used by 1 item, 1 pack and 1 daily-reward layout. They will no longer show this image.',
    );
    expect(usageSummary({ items: [], packs: [], layouts: [] })).toBeNull();
  });
});
