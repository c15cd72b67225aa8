import { z } from 'zod';
import { EXPERIMENT_MESSAGES, ExperimentVariantIdSchema, ExperimentVariantsSchema } from './experiment-assignment';
import { LayoutNodeSchema } from '../layout/layout-schema';

/**
 * A/B tests of the popup as the dashboard API shows and takes them (decision 046). The first
 * variant is the control: its layout is the config's own (`uiLayout` null here); every other variant has its own
 * layout and version, saved like the config's.
 */

export const EXPERIMENT_API_MESSAGES = {
  running: 'This daily reward already runs an experiment. End it or promote a variant before starting another.',
  notRunning: 'This daily reward runs no experiment.',
  variantLive:
    'A variant cannot be removed while the experiment runs: players are assigned to it. Set its weight to 0 to send it no new players, or end the experiment.',
  variantOrder:
    'Variants keep their order while the experiment runs (the first is the control): list the current ones first, in their order, and add new ones after them.',
  variantNotFound: 'This experiment has no such variant.',
} as const;

/** A variant of a running experiment. `uiLayout` is null for the control (its layout is the config's). */
export const ExperimentVariantStateSchema = z.object({
  id: z.string(),
  name: z.string(),
  weight: z.number().int().min(0),
  control: z.boolean(),
  uiLayout: LayoutNodeSchema.nullable(),
  layoutVersion: z.number().int().min(0),
});
export type ExperimentVariantState = z.infer<typeof ExperimentVariantStateSchema>;

/** A config's running experiment (DailyReward.experiment). */
export const ExperimentSchema = z.object({
  id: z.string(),
  status: z.literal('running'),
  startedAt: z.string(),
  variants: z.array(ExperimentVariantStateSchema),
});
export type Experiment = z.infer<typeof ExperimentSchema>;

/** One experiment of a config's history (GET …/experiments), newest first. */
export const ExperimentSummarySchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'ended']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** The promoted variant; null while running or when ended without promoting. */
  winnerVariantId: z.string().nullable(),
  variants: z.array(z.object({ id: z.string(), name: z.string(), weight: z.number(), control: z.boolean() })),
});
export type ExperimentSummary = z.infer<typeof ExperimentSummarySchema>;

export const ExperimentHistorySchema = z.object({ experiments: z.array(ExperimentSummarySchema) });

/** POST …/experiment (start) and PATCH …/experiment (rename, reweight, add). */
export const ExperimentVariantsInputSchema = z.strictObject(
  { variants: ExperimentVariantsSchema },
  { error: EXPERIMENT_MESSAGES.variantsInvalid },
);
export type ExperimentVariantsInput = z.infer<typeof ExperimentVariantsInputSchema>;

/** POST …/experiment/promote. */
export const PromoteExperimentInputSchema = z.strictObject(
  { variantId: ExperimentVariantIdSchema },
  { error: EXPERIMENT_MESSAGES.variantIdInvalid },
);
