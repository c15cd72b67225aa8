import { DAILY_REWARD_CYCLE_DAYS } from '../daily-rewards/daily-reward-limits';
import { defaultDailyRewardsLayout, DEFAULT_LAYOUT_LABELS } from './default-layout';
import { findNodeByLabel, type LayoutNode } from './layout';
import { parseLayout } from './parse-layout';
import type { Orientation } from './popup-size';

/** The fallback text shows at most this many characters of the value's JSON. */
export const LAYOUT_FALLBACK_TEXT_MAX = 200;
export const LAYOUT_ROOT_ID = 'layout-root';

export const NORMALISE_MESSAGES = {
  unusable: (reason: string) => `The stored layout could not be used (${reason}) and is shown as text.`,
  missingLabel: (label: string) => `The layout has no node labelled "${label}"; it is shown unchanged.`,
} as const;

export type NormalisedLayout = { layout: LayoutNode; warnings: string[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Cuts a text to `max` UTF-16 units without leaving half of a surrogate pair at the end. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

type Frame =
  | { items: unknown[]; index: number }
  | { record: Record<string, unknown>; keys: string[]; index: number; written: number };

/**
 * The first `max` characters of JSON.stringify(value), built without recursion and stopping as soon as it has
 * them: a value nested 100,000 deep, a 5 MB string or a cycle costs no more than a small one. Values JSON
 * cannot hold are written as JSON.stringify writes them (undefined, functions and symbols left out of objects,
 * null in arrays); a bigint, which JSON.stringify refuses, as null.
 */
export function jsonPrefix(value: unknown, max: number = LAYOUT_FALLBACK_TEXT_MAX): string {
  let out = '';
  const stack: Frame[] = [];
  const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';
  const write = (v: unknown) => {
    if (isRecord(v) && typeof v.toJSON === 'function') v = (v.toJSON as () => unknown)();
    if (typeof v === 'string') out += JSON.stringify(v.slice(0, max + 1));
    else if (typeof v === 'number') out += Number.isFinite(v) ? String(v) : 'null';
    else if (typeof v === 'boolean') out += String(v);
    else if (Array.isArray(v)) {
      out += '[';
      stack.push({ items: v, index: 0 });
    } else if (isRecord(v)) {
      out += '{';
      stack.push({ record: v, keys: Object.keys(v), index: 0, written: 0 });
    } else out += 'null';
  };
  if (skipped(value)) return '';
  write(value);
  while (stack.length && out.length < max) {
    const frame = stack[stack.length - 1]!;
    if ('items' in frame) {
      if (frame.index >= frame.items.length) {
        out += ']';
        stack.pop();
        continue;
      }
      if (frame.index > 0) out += ',';
      const item = frame.items[frame.index++];
      write(skipped(item) ? null : item);
      continue;
    }
    while (frame.index < frame.keys.length && skipped(frame.record[frame.keys[frame.index]!])) frame.index++;
    if (frame.index >= frame.keys.length) {
      out += '}';
      stack.pop();
      continue;
    }
    const key = frame.keys[frame.index]!;
    out += `${frame.written > 0 ? ',' : ''}${JSON.stringify(key.slice(0, max + 1))}:`;
    frame.index++;
    frame.written++;
    write(frame.record[key]);
  }
  return cut(out, max);
}

/** As the spec says, "a root with a text node of the first 200 characters of its JSON". */
export function textFallbackLayout(value: unknown): LayoutNode {
  let text: string;
  try {
    text = jsonPrefix(value);
  } catch {
    text = '';
  }
  return {
    id: LAYOUT_ROOT_ID,
    type: 'Root',
    props: {},
    children: [{ id: `${LAYOUT_ROOT_ID}-text`, type: 'TextCB', props: { value: text } }],
  };
}

const backgroundRoot = (children: unknown[]) => ({
  id: LAYOUT_ROOT_ID,
  type: 'BackgroundCB',
  props: {},
  children,
});

/** Which shape the value has: the layout it stands for, before it is checked. */
function candidate(value: unknown): unknown {
  if (Array.isArray(value)) return backgroundRoot(value);
  if (!isRecord(value)) return undefined;
  if (value.type !== undefined && value.type !== null) return value;
  if (Array.isArray(value.children)) {
    return value.children.length === 1 ? value.children[0] : backgroundRoot(value.children);
  }
  return undefined;
}

/**
 * The spec's "Layout normalisation on load", total: whatever the value, a layout that passes parseLayout. An array
 * becomes the children of a background root; an object without a type but with children gives its single child
 * as root, or is wrapped in a background root; an object with a type is used as is. Anything else becomes a
 * root with a text node of the first 200 characters of its JSON. A layout of one of the first three shapes that
 * fails the schema (an unsafe image source, too many nodes, …) is shown the same way, as text with a warning
 * naming the reason, rather than partly: the developer sees what is stored, and nothing unchecked is rendered.
 */
export function normaliseLayout(value: unknown): NormalisedLayout {
  let shaped: unknown;
  try {
    shaped = candidate(value);
  } catch {
    shaped = undefined;
  }
  if (shaped === undefined) return { layout: textFallbackLayout(value), warnings: [] };
  const checked = parseLayout(shaped);
  if (checked.ok) return { layout: checked.layout, warnings: [] };
  return { layout: textFallbackLayout(value), warnings: [NORMALISE_MESSAGES.unusable(checked.message)] };
}

/**
 * A daily reward config's stored layout, wherever it sits: uiLayout, else the alternatives the spec names (layout,
 * ui.layout). Undefined when it has none.
 */
export function storedDailyRewardsLayout(config: unknown): unknown {
  try {
    if (!isRecord(config)) return undefined;
    if (config.uiLayout !== undefined && config.uiLayout !== null) return config.uiLayout;
    if (config.layout !== undefined && config.layout !== null) return config.layout;
    return isRecord(config.ui) && config.ui.layout !== null ? config.ui.layout : undefined;
  } catch {
    return undefined;
  }
}

/**
 * For daily rewards: a missing layout (undefined or null) or an empty background root gives the default
 * layout for the cycle and the game's orientation (decision 023); any other layout is normalised, and kept even
 * when it lacks the Popup Frame or the Rewards Grid, with a warning for each.
 */
export function normaliseDailyRewardsLayout(
  value: unknown,
  cycleDays: number = DAILY_REWARD_CYCLE_DAYS,
  orientation: Orientation = 'portrait',
): NormalisedLayout {
  if (value === undefined || value === null) {
    return { layout: defaultDailyRewardsLayout(cycleDays, orientation), warnings: [] };
  }
  const normalised = normaliseLayout(value);
  const { layout } = normalised;
  if (layout.type === 'BackgroundCB' && !layout.children?.length) {
    return { layout: defaultDailyRewardsLayout(cycleDays, orientation), warnings: normalised.warnings };
  }
  // A layout shown as text already says why; the missing labels would only repeat it.
  if (normalised.warnings.length) return normalised;
  const warnings: string[] = [];
  for (const label of [DEFAULT_LAYOUT_LABELS.popupFrame, DEFAULT_LAYOUT_LABELS.rewardsGrid]) {
    if (!findNodeByLabel(layout, label)) warnings.push(NORMALISE_MESSAGES.missingLabel(label));
  }
  return { layout, warnings };
}
