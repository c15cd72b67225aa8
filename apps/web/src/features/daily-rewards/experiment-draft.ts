import { z } from 'zod';
import { EXPERIMENT_VARIANTS_MAX, ExperimentVariantsSchema, type ExperimentVariant } from '@liveops/domain/experiments';

/**
 * The Experiment panel's form (decision 046): the variants of a config's experiment, checked by the domain's
 * ExperimentVariantsSchema as the server checks them. Variants get the ids A, B, C, D in order (any free one when
 * one was renamed), and as names the same letters until the studio names them.
 */

export const ExperimentFormSchema = z.object({ variants: ExperimentVariantsSchema });
export type ExperimentFormValues = { variants: ExperimentVariant[] };

const LETTERS = ['A', 'B', 'C', 'D'] as const;

/** A new experiment: the current popup (A) against one copy of it (B), half the players each. */
export function newExperimentVariants(): ExperimentVariant[] {
  return [
    { id: 'A', name: 'A', weight: 50 },
    { id: 'B', name: 'B', weight: 50 },
  ];
}

/**
 * The variant "Add variant" appends: the first free letter as id and name, weighted like the average of the
 * others (so it gets about an equal share); null at the maximum.
 */
export function nextVariant(variants: readonly ExperimentVariant[]): ExperimentVariant | null {
  if (variants.length >= EXPERIMENT_VARIANTS_MAX) return null;
  const ids = new Set(variants.map((variant) => variant.id));
  const names = new Set(variants.map((variant) => variant.name.trim().toLocaleLowerCase('en-US')));
  const candidates = [...LETTERS, ...Array.from({ length: 8 }, (_, at) => `V${at + 1}`)];
  const id = candidates.find((candidate) => !ids.has(candidate)) ?? `V${variants.length + 1}`;
  let name = id;
  for (let n = 2; names.has(name.toLocaleLowerCase('en-US')); n++) name = `${id} ${n}`;
  const weights = variants.map((variant) => (Number.isFinite(variant.weight) ? variant.weight : 0));
  const average = weights.length ? Math.round(weights.reduce((sum, weight) => sum + weight, 0) / weights.length) : 50;
  return { id, name, weight: Math.max(1, average) };
}

// The shares are shown by the Publish review too, so they live in src/lib.
export { variantShares } from '../../lib/variant-shares';

/** Whether a variant of the form is already stored in the running experiment (so it cannot be removed). */
export function isStoredVariant(stored: readonly { id: string }[], id: string): boolean {
  return stored.some((variant) => variant.id === id);
}
