import type { DailyReward } from '@liveops/domain/daily-rewards';
import type { Experiment } from '@liveops/domain/experiments';

/** The config's running experiment (decision 046), or null: a config read before experiments has none. */
export function configExperiment(config: DailyReward): Experiment | null {
  return config.experiment ?? null;
}
