import type { DailyReward, Experiment } from '@liveops/domain';

/** The config's running experiment (issue 23 item 4, decision 046), or null: a config read before experiments has none. */
export function configExperiment(config: DailyReward): Experiment | null {
  return config.experiment ?? null;
}
