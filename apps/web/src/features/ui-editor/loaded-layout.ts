import { type DailyReward } from '@liveops/domain/daily-rewards';
import {
  DEFAULT_LAYOUT_LABELS,
  findNodeByLabel,
  NORMALISE_MESSAGES,
  type LayoutNode,
  normaliseDailyRewardsLayout,
  type Orientation,
  storedDailyRewardsLayout,
  UI_EDITOR_MESSAGES,
} from '@liveops/domain/layout';
import { layoutForSave } from './state/editor-state';

export interface LoadedLayout {
  layout: LayoutNode;
  /** The spec's notices: a layout without its Popup Frame or Rewards Grid is kept, and says so. */
  warnings: string[];
  /**
   * Whether loading repaired the stored layout (a shape normalisation changed, an empty root replaced by the
   * default): the editor then opens dirty, with UI_EDITOR_MESSAGES.repaired among the warnings (decision 028).
   */
  changed: boolean;
  /** Whether the config has a layout of its own; without one the generated default opens clean. */
  stored: boolean;
}

/** JSON with every object's keys in order, so two layouts compare by content. */
const sortedKeys = (_key: string, value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : value;

function sameContent(layout: LayoutNode, stored: unknown): boolean {
  try {
    return JSON.stringify(layoutForSave(layout), sortedKeys) === JSON.stringify(stored, sortedKeys);
  } catch {
    // A stored value too deep to serialise was certainly not kept as it is.
    return false;
  }
}

/**
 * The spec's "Layout normalisation on load" for a daily reward config, as the editor opens it; a config with no layout
 * yet gets the default layout for its game's orientation (decision 023), which is what the emulator and a
 * publish show for it, so it is not a change (decision 028).
 */
export function loadedLayout(
  config: Pick<DailyReward, 'uiLayout' | 'cycleDays'>,
  orientation?: Orientation,
): LoadedLayout {
  const stored = storedDailyRewardsLayout(config);
  const { layout, warnings } = normaliseDailyRewardsLayout(stored, config.cycleDays, orientation);
  if (stored === undefined) return { layout, warnings, changed: false, stored: false };
  const changed = !sameContent(layout, stored);
  // Shown as text already says why; any other repair says so here.
  const repaired = changed && !warnings.some((w) => !isMissingLabel(w));
  return { layout, warnings: repaired ? [UI_EDITOR_MESSAGES.repaired, ...warnings] : warnings, changed, stored: true };
}

const NEEDED_LABELS = [DEFAULT_LAYOUT_LABELS.popupFrame, DEFAULT_LAYOUT_LABELS.rewardsGrid];
const MISSING_LABEL_WARNINGS = new Set(NEEDED_LABELS.map((label) => NORMALISE_MESSAGES.missingLabel(label)));

/** The spec's warning for each of the Popup Frame and Rewards Grid a layout lacks, as normalisation words it. */
export function missingLabelWarnings(layout: LayoutNode): string[] {
  return NEEDED_LABELS.filter((label) => !findNodeByLabel(layout, label)).map((label) =>
    NORMALISE_MESSAGES.missingLabel(label),
  );
}

export const isMissingLabel = (warning: string) => MISSING_LABEL_WARNINGS.has(warning);
