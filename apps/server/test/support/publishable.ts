import type { DailyReward } from '@liveops/domain/daily-rewards';
import type { Item, Pack } from '@liveops/domain/inventory';
import type { TestClient } from './test-client';

/**
 * Daily reward configs a publish accepts (decision 029 refuses one with a day without a pack): one item and one
 * pack for the game, and `count` configs giving that pack on all 7 days.
 */
export async function publishableDailyRewards(
  client: TestClient,
  gameId: string,
  count: number,
): Promise<DailyReward[]> {
  const configs: DailyReward[] = [];
  if (count === 0) return configs;
  const item = (
    await client.post(`/api/games/${gameId}/items`, { name: 'Daily Gold', type: 'currency', value: 1, baseAmount: 1 })
  ).body as Item;
  const pack = (
    await client.post(`/api/games/${gameId}/packs`, {
      name: 'Daily Chest',
      contents: [{ itemId: item.id, quantity: 5 }],
      iconId: 'gift',
    })
  ).body as Pack;
  const rewards = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, packId: pack.id }));
  for (let i = 0; i < count; i++) {
    const created = (await client.post(`/api/games/${gameId}/daily-rewards`, {})).body as DailyReward;
    const patched = await client.request(`/api/games/${gameId}/daily-rewards/${created.id}`, {
      method: 'PATCH',
      json: { rewards, cycleDays: 7 },
    });
    if (patched.status !== 200) throw new Error(`could not give ${created.id} its days: ${patched.status}`);
    configs.push(patched.body as DailyReward);
  }
  return configs;
}
