import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { DailyReward } from '@liveops/domain/daily-rewards';
import { configExperiment } from '../../lib/api/daily-rewards/config-experiment';
import { ExperimentFormSchema, type ExperimentFormValues } from './experiment-draft';

/**
 * The editor's form of the running experiment's variants (names and weights), held by the editor so that the
 * panel's one save sends them with the rest and its leave guard knows when they changed (decision 055). It follows
 * the stored variants while untouched; with no experiment running it holds none and is never dirty.
 */
export function useVariantsForm(config: DailyReward) {
  const experiment = configExperiment(config);
  const storedKey = JSON.stringify(experiment?.variants.map(({ id, name, weight }) => [id, name, weight]) ?? []);
  const values = useMemo<ExperimentFormValues>(
    () => ({
      variants: (JSON.parse(storedKey) as [string, string, number][]).map(([id, name, weight]) => ({
        id,
        name,
        weight,
      })),
    }),
    [storedKey],
  );
  const form = useForm<ExperimentFormValues>({
    resolver: zodResolver(ExperimentFormSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  return { form, values, running: experiment !== null, dirty: experiment !== null && form.formState.isDirty };
}

export type VariantsFormState = ReturnType<typeof useVariantsForm>;
