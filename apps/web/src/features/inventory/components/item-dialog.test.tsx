import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVENTORY_KEY_MESSAGES, type Item } from '@liveops/domain/inventory';
import { renderWithProviders } from '../../../test/render';
import { ItemDialog } from './item-dialog';

afterEach(() => vi.unstubAllGlobals());

const item = (over: Partial<Item>): Item => ({
  id: 'i1',
  gameId: 'g1',
  ownerId: 'u1',
  name: 'Gold',
  key: 'gold',
  keyFixed: false,
  type: 'currency',
  value: 1,
  baseAmount: 1,
  iconId: 'coin',
  assetRefId: null,
  assetName: null,
  assetUrl: null,
  enabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

/**
 * A server that stores what it is sent, or refuses with `refusal`. Reads (the icon picker's game assets) answer an
 * empty list and are not writes: the returned mock records only the item writes.
 */
function server(refusal?: { status: number; code: string; message: string }) {
  const writes = vi.fn(async (_url: string, init?: RequestInit) => {
    if (refusal) return new Response(JSON.stringify(refusal), { status: refusal.status });
    const body = JSON.parse(String(init?.body)) as Partial<Item>;
    return new Response(JSON.stringify(item({ ...body, id: 'new' })), { status: 201 });
  });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) =>
    (init?.method ?? 'GET') === 'GET' ? new Response('[]', { status: 200 }) : writes(url, init),
  );
  return writes;
}

const sentBody = (writes: ReturnType<typeof server>) =>
  JSON.parse(String(writes.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;

describe('ItemDialog', () => {
  it('suggests a key from the name, unique in the game, and defaults a second currency to a base amount of 0', async () => {
    const fetchMock = server();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ItemDialog gameId="g1" item={null} items={[item({})]} onClose={onClose} />);
    expect(screen.getByLabelText('Base amount')).toHaveValue(0);
    await user.type(screen.getByLabelText('Name'), 'Gold');
    expect(screen.getByLabelText('Key')).toHaveValue('gold_2');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Premium Gem');
    expect(screen.getByLabelText('Key')).toHaveValue('premium_gem');
    await user.click(screen.getByRole('button', { name: 'Create Item' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toMatchObject({ name: 'Premium Gem', key: 'premium_gem', baseAmount: 0 });
  });

  it('starts a game’s first currency at 1, and keeps a key the studio typed when the name changes', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderWithProviders(<ItemDialog gameId="g1" item={null} items={[]} onClose={() => undefined} />);
    expect(screen.getByLabelText('Base amount')).toHaveValue(1);
    await user.selectOptions(screen.getByLabelText('Type'), 'game_item');
    expect(screen.getByLabelText('Base amount')).toHaveValue(0);
    await user.type(screen.getByLabelText('Key'), 'coins');
    await user.type(screen.getByLabelText('Name'), 'Gold');
    expect(screen.getByLabelText('Key')).toHaveValue('coins');
    await user.clear(screen.getByLabelText('Base amount'));
    await user.click(screen.getByRole('button', { name: 'Create Item' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // An empty base amount is none.
    expect(sentBody(fetchMock)).toMatchObject({ key: 'coins', baseAmount: 0, type: 'game_item' });
  });

  it('refuses a key that is not one before calling the server', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderWithProviders(<ItemDialog gameId="g1" item={null} items={[]} onClose={() => undefined} />);
    await user.type(screen.getByLabelText('Name'), 'Gold');
    await user.clear(screen.getByLabelText('Key'));
    await user.type(screen.getByLabelText('Key'), 'Gold Coins');
    await user.click(screen.getByRole('button', { name: 'Create Item' }));
    expect(await screen.findByText(INVENTORY_KEY_MESSAGES.keyInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a published item’s key read-only with Copy, and a taken key’s refusal under the key', async () => {
    server({ status: 409, code: 'KEY_TAKEN', message: INVENTORY_KEY_MESSAGES.keyTaken('item', 'gems') });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(
      <ItemDialog gameId="g1" item={item({ keyFixed: true })} items={[]} onClose={() => undefined} />,
    );
    expect(screen.getByLabelText('Key')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Copy the key of Gold' })).toBeEnabled();
    expect(screen.getByText(/Fixed since this entry was first published/)).toBeInTheDocument();
    unmount();

    renderWithProviders(<ItemDialog gameId="g1" item={item({})} items={[]} onClose={() => undefined} />);
    await user.clear(screen.getByLabelText('Key'));
    await user.type(screen.getByLabelText('Key'), 'gems');
    await user.click(screen.getByRole('button', { name: 'Save Item' }));
    expect(await screen.findByText(INVENTORY_KEY_MESSAGES.keyTaken('item', 'gems'))).toBeInTheDocument();
  });
});
