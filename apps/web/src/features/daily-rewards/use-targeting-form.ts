import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { DailyReward } from '@liveops/domain/daily-rewards';
import type { DailyRewardTargeting } from '@liveops/domain/targeting';
import { formValuesOf, targetingFormSchema, type TargetingFormValues } from './targeting-form';

/**
 * The editor's form of a config's targeting, held by the editor so that its leave guard knows when it is dirty.
 * It follows the stored targeting while untouched (another tab's save included); a field being edited is kept.
 */
export function useTargetingForm(config: Pick<DailyReward, 'targeting'>) {
  const { segmentId, startsAt, endsAt, priority } = config.targeting;
  const stored = useMemo<DailyRewardTargeting>(
    () => ({ segmentId, startsAt, endsAt, priority }),
    [segmentId, startsAt, endsAt, priority],
  );
  const values = useMemo(() => formValuesOf(stored), [stored]);
  const schema = useMemo(() => targetingFormSchema(stored), [stored]);
  const form = useForm<TargetingFormValues, unknown, DailyRewardTargeting>({
    resolver: zodResolver(schema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  return { form, stored };
}

export type TargetingFormState = ReturnType<typeof useTargetingForm>;
