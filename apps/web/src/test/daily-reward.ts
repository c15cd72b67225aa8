import { type DailyReward } from '@liveops/domain/daily-rewards';
import { type Experiment, type ExperimentVariantState } from '@liveops/domain/experiments';
import { DEFAULT_TARGETING } from '@liveops/domain/targeting';

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

/**
 * A running experiment (exp_1, since June 1, 2026, 08:00 UTC): A, the control, and 'Big chest', one share each and no
 * layouts of their own yet; `variantB` changes the second.
 */
export function runningExperiment(variantB: Partial<ExperimentVariantState> = {}): Experiment {
  return {
    id: 'exp_1',
    status: 'running',
    startedAt: '2026-06-01T08:00:00.000Z',
    variants: [
      { id: 'A', name: 'A', weight: 1, control: true, uiLayout: null, layoutVersion: 0 },
      { id: 'B', name: 'Big chest', weight: 1, control: false, uiLayout: null, layoutVersion: 0, ...variantB },
    ],
  };
}
