import type { DailyReward } from '@liveops/domain/daily-rewards';
import type { DailyRewardTargeting } from '@liveops/domain/targeting';
import type { RuntimeGameSetup } from './runtime';

/**
 * Sets a config's targeting through the dashboard's route (decision 038), which also tells every instance's runtime
 * cache: `partial` over "every player, always, priority 0".
 */
export async function setTargeting(
  setup: Pick<RuntimeGameSetup, 'client' | 'game'>,
  configId: string,
  partial: Partial<DailyRewardTargeting>,
): Promise<DailyReward> {
  const answer = await setup.client.request(`/api/games/${setup.game.id}/daily-rewards/${configId}/targeting`, {
    method: 'PUT',
    json: { segmentId: null, startsAt: null, endsAt: null, priority: 0, ...partial },
  });
  if (answer.status !== 200) throw new Error(`targeting: ${answer.status} ${answer.text}`);
  return answer.body as DailyReward;
}
