import {
  DAILY_REWARD_CYCLE_DAYS,
  type DailyRewardEntry,
  type UpdateDailyRewardInput,
} from '@liveops/domain/daily-rewards';
import { EXPERIMENT_API_MESSAGES, type ExperimentVariant } from '@liveops/domain/experiments';
import { TARGETING_MESSAGES, type DailyRewardTargeting } from '@liveops/domain/targeting';
import { ApiError } from '../../lib/api-client';
import type { TargetingFormValues } from './targeting-form';

/**
 * The Daily Rewards panel's one save (decision 055): what changed of the days, the day rules, the targeting and
 * the running experiment's variants, as one PATCH the server stores in one transaction. Each part is null when it
 * did not change; null when nothing did.
 */
export function panelSaveInput({
  days,
  rules,
  targeting,
  variants,
}: {
  /** The days, and the rewardsVersion they were edited from (none: overwrite whatever is stored). */
  days: { rewards: DailyRewardEntry[]; baseRewardsVersion?: number } | null;
  rules: Pick<UpdateDailyRewardInput, 'dayStart' | 'missedDay'> | null;
  targeting: DailyRewardTargeting | null;
  variants: ExperimentVariant[] | null;
}): UpdateDailyRewardInput | null {
  const input: UpdateDailyRewardInput = {
    ...(days
      ? {
          rewards: days.rewards,
          cycleDays: DAILY_REWARD_CYCLE_DAYS,
          ...(days.baseRewardsVersion === undefined ? {} : { baseRewardsVersion: days.baseRewardsVersion }),
        }
      : {}),
    ...(rules ?? {}),
    ...(targeting ? { targeting } : {}),
    ...(variants ? { variants } : {}),
  };
  return Object.keys(input).length ? input : null;
}

/** The targeting field a refusal of the server is about, to show it there too (the form checks the same first). */
const TARGETING_FIELD_OF_MESSAGE = new Map<string, keyof TargetingFormValues>([
  [TARGETING_MESSAGES.segmentUnknown, 'segmentId'],
  [TARGETING_MESSAGES.segmentIdInvalid, 'segmentId'],
  [TARGETING_MESSAGES.endInPast, 'endsAt'],
  [TARGETING_MESSAGES.inverted, 'endsAt'],
  [TARGETING_MESSAGES.priorityInvalid, 'priority'],
]);

export type PanelSaveFailure =
  { kind: 'conflict' } | { kind: 'refused'; message: string; targetingField: keyof TargetingFormValues | null };

/**
 * What a failed save means to the panel: the days changed elsewhere (reload or overwrite), or one line saying
 * what was refused (the server's own words for bad input or a live variant), with the targeting field it names.
 */
export function panelSaveFailure(error: unknown, fallback: string): PanelSaveFailure {
  if (error instanceof ApiError && error.status === 409 && error.code === 'DAILY_REWARD_CONFLICT') {
    return { kind: 'conflict' };
  }
  const readable =
    error instanceof ApiError &&
    error.message &&
    (error.status === 400 || error.code === 'VARIANT_LIVE' || error.message === EXPERIMENT_API_MESSAGES.notRunning);
  const message = readable ? error.message : fallback;
  return {
    kind: 'refused',
    message,
    targetingField: readable ? (TARGETING_FIELD_OF_MESSAGE.get(message) ?? null) : null,
  };
}
