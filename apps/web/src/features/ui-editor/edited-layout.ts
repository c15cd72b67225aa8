import type { DailyReward } from '@liveops/domain/daily-rewards';
import type { ExperimentVariantState } from '@liveops/domain/experiments';

/** The address parameter naming the experiment variant the UI editor edits (none: the config's own layout). */
export const VARIANT_PARAM = 'variant';

export type EditedLayout = {
  /** The variant edited; null for the config's own layout (also the control variant's). */
  variant: ExperimentVariantState | null;
  /** What the editor loads and saves: the config's layout and version, or the variant's. */
  config: DailyReward;
};

/**
 * The layout the UI editor edits (decision 046): a variant other than the control, when the config runs an
 * experiment that has it, else the config's own. The control's layout is the config's, so it is edited as such.
 */
export function editedLayout(config: DailyReward, variantId: string | null): EditedLayout {
  const variant = config.experiment?.variants.find((entry) => entry.id === variantId && !entry.control) ?? null;
  if (!variant) return { variant: null, config };
  return { variant, config: { ...config, uiLayout: variant.uiLayout, layoutVersion: variant.layoutVersion } };
}
