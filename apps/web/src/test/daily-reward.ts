import { DEFAULT_TARGETING, type DailyReward } from '@liveops/domain';

/**
 * A daily reward config as the server sends it: 'Launch Week' (id c1, game g1, owner u1), seven days without rewards
 * or a layout yet, default targeting, enabled; without an experiment unless the overrides give one.
 */
export function dailyRewardConfig(overrides: Partial<DailyReward> = {}): DailyReward {
  return {
    id: 'c1',
    gameId: 'g1',
    ownerId: 'u1',
    name: 'Launch Week',
    cycleDays: 7,
    rewards: [],
    uiLayout: null,
    layoutVersion: 0,
    rewardsVersion: 0,
    dayStart: { kind: 'player_midnight' },
    missedDay: 'keep_progress',
    targeting: DEFAULT_TARGETING,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    enabled: true,
    ...overrides,
  };
}
