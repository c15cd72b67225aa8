import { z } from 'zod';
import { missingDays } from '../daily-rewards/daily-reward';
import { checkEmbedConfig } from '../popup/embed-config-check';
import { assetReferenceId, layoutNodes, type LayoutNode } from '../layout/layout';
import { normaliseLayout } from '../layout/normalise-layout';
import { hasForbiddenCharacters, hasVisibleCharacter } from '../shared/text';

/** What can keep a config from showing a proper popup (decision 029): each blocks its config's publish. */
export const PUBLISH_PROBLEM_CODES = [
  'DAYS_WITHOUT_PACK',
  'PACK_MISSING',
  'PACK_EMPTY',
  'PACK_IMAGE_MISSING',
  'ASSET_MISSING',
  'LAYOUT_REFUSED',
  'CONFIG_REFUSED',
] as const;
export type PublishProblemCode = (typeof PUBLISH_PROBLEM_CODES)[number];

/** One thing wrong with one config, named for people: the config, the days it concerns, what is wrong. */
export const PublishProblemSchema = z.object({
  configId: z.string(),
  configName: z.string(),
  code: z.enum(PUBLISH_PROBLEM_CODES),
  /** The days of the cycle it concerns; empty when it is the whole config (its layout). */
  days: z.array(z.number().int()),
  message: z.string(),
});
export type PublishProblem = z.infer<typeof PublishProblemSchema>;

/** A config against the live release: what a player's page of it will be after the publish or rollback. */
export const CONFIG_CHANGES = ['new', 'changed', 'unchanged', 'removed'] as const;
export type ConfigChangeKind = (typeof CONFIG_CHANGES)[number];
export const ConfigChangeSchema = z.object({ id: z.string(), name: z.string(), change: z.enum(CONFIG_CHANGES) });
export type ConfigChange = z.infer<typeof ConfigChangeSchema>;

/** A running A/B test's variants as a publish writes them (decision 046): each variant's name and weight. */
export const PlannedExperimentSchema = z.object({
  variants: z.array(z.object({ name: z.string(), weight: z.number() })),
});
/**
 * A config as a publish would write it: its config.json's content hash (version-independent, see decision 029), and
 * the variants of its running A/B test, whose popups the publish writes too (null without one).
 */
export const PlannedConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentHash: z.string(),
  experiment: PlannedExperimentSchema.nullable(),
});
export type PlannedConfig = z.infer<typeof PlannedConfigSchema>;

/** GET …/releases/preview: what Publish Now would do, without doing it. */
export const PublishPreviewSchema = z.object({
  liveVersion: z.number().int().nullable(),
  configs: z.array(PlannedConfigSchema),
  problems: z.array(PublishProblemSchema),
  /** Every config against the live release, as if every config were published. */
  changes: z.array(ConfigChangeSchema),
});
export type PublishPreview = z.infer<typeof PublishPreviewSchema>;

/** A release's note: one line of context for the history ("Spring event art"). */
export const PUBLISH_NOTE_MAX = 280;
/** Config ids in one request: far above any game's configs, low enough to bound the work. */
const LEAVE_OUT_MAX = 500;

export const PUBLISH_INPUT_MESSAGES = {
  noteTooLong: `Keep the note under ${PUBLISH_NOTE_MAX + 1} characters.`,
  noteInvalid: 'The note cannot contain control characters.',
  leaveOutInvalid: 'leaveOut lists the ids of configs to leave out of this release.',
} as const;

/**
 * POST …/releases. `leaveOut`: configs with problems the studio chose to leave out of this release (confirmed in
 * the modal); any other config with a problem refuses the publish. A note with nothing visible is no note.
 */
export const PublishInputSchema = z.strictObject({
  note: z
    .string({ error: PUBLISH_INPUT_MESSAGES.noteInvalid })
    .trim()
    .max(PUBLISH_NOTE_MAX, PUBLISH_INPUT_MESSAGES.noteTooLong)
    .refine((note) => !hasForbiddenCharacters(note), PUBLISH_INPUT_MESSAGES.noteInvalid)
    .transform((note) => (hasVisibleCharacter(note) ? note : null))
    .optional(),
  leaveOut: z
    .array(z.string().min(1).max(64), { error: PUBLISH_INPUT_MESSAGES.leaveOutInvalid })
    .max(LEAVE_OUT_MAX, PUBLISH_INPUT_MESSAGES.leaveOutInvalid)
    .optional(),
});
export type PublishInput = z.input<typeof PublishInputSchema>;

export const PUBLISH_PROBLEM_MESSAGES = {
  daysWithoutPack: (config: string, days: readonly number[]) =>
    `"${config}": day${days.length === 1 ? '' : 's'} ${days.join(', ')} ${days.length === 1 ? 'has' : 'have'} no pack, so the popup would show ${days.length === 1 ? 'an empty day card' : 'empty day cards'}. Assign a pack in Daily Rewards.`,
  packMissing: (config: string, days: readonly number[], packId: string) =>
    `"${config}": day${days.length === 1 ? '' : 's'} ${days.join(', ')} ${days.length === 1 ? 'gives' : 'give'} pack ${packId}, which no longer exists. Assign another pack in Daily Rewards.`,
  packEmpty: (config: string, days: readonly number[], pack: string) =>
    `"${config}": day${days.length === 1 ? '' : 's'} ${days.join(', ')} ${days.length === 1 ? 'gives' : 'give'} pack "${pack}", which contains no items. Add items to it in Inventory.`,
  packImageMissing: (config: string, days: readonly number[], pack: string) =>
    `"${config}": day${days.length === 1 ? '' : 's'} ${days.join(', ')} ${days.length === 1 ? 'gives' : 'give'} pack "${pack}", whose image was deleted. Pick another image or icon for it in Inventory.`,
  assetMissing: (config: string, assetId: string) =>
    `"${config}": its layout shows image asset:${assetId}, which is no longer among the game's assets. Pick another image in the UI editor.`,
  layoutRefused: (config: string, reason: string) =>
    `"${config}": its layout cannot be shown (${reason}). Open it in the UI editor and save it again.`,
  configRefused: (config: string) =>
    `"${config}": the published page would refuse this config. Check its packs and layout.`,
} as const;

/** What the check needs of a pack: whether it exists, its name, whether it grants anything and has its image. */
export type CheckedPack = { id: string; name: string; contents: readonly unknown[]; imageMissing: boolean };

type CheckedConfig = {
  id: string;
  name: string;
  rewards: readonly { day: number; packId: string }[];
  uiLayout: LayoutNode | null;
};

/** The days of each pack `keep` picks, by pack id, in day order. */
function daysBy(rewards: CheckedConfig['rewards'], keep: (packId: string) => boolean): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const { day, packId } of [...rewards].sort((a, b) => a.day - b.day)) {
    if (!keep(packId)) continue;
    groups.set(packId, [...(groups.get(packId) ?? []), day]);
  }
  return groups;
}

/**
 * Decision 029: why a config could not show a proper popup, if it could not. Its 7 days each need a pack that
 * exists, grants something and still has its image; its layout's images must exist and the layout must pass
 * the schema; and the config.json it would write (`published`, when given) must pass the published page's own
 * check. Pure: the server's preview and publish run it over the game's configs.
 */
export function publishProblems(
  config: CheckedConfig,
  packs: ReadonlyMap<string, CheckedPack>,
  assetIds: ReadonlySet<string>,
  published?: unknown,
): PublishProblem[] {
  const problems: PublishProblem[] = [];
  const add = (code: PublishProblemCode, days: number[], message: string) =>
    problems.push({ configId: config.id, configName: config.name, code, days, message });
  const name = config.name;

  const empty = missingDays(config.rewards);
  if (empty.length) add('DAYS_WITHOUT_PACK', empty, PUBLISH_PROBLEM_MESSAGES.daysWithoutPack(name, empty));
  for (const [packId, days] of daysBy(config.rewards, (id) => !packs.has(id))) {
    add('PACK_MISSING', days, PUBLISH_PROBLEM_MESSAGES.packMissing(name, days, packId));
  }
  for (const [packId, days] of daysBy(config.rewards, (id) => packs.get(id)?.contents.length === 0)) {
    add('PACK_EMPTY', days, PUBLISH_PROBLEM_MESSAGES.packEmpty(name, days, packs.get(packId)!.name));
  }
  for (const [packId, days] of daysBy(config.rewards, (id) => packs.get(id)?.imageMissing === true)) {
    add('PACK_IMAGE_MISSING', days, PUBLISH_PROBLEM_MESSAGES.packImageMissing(name, days, packs.get(packId)!.name));
  }

  if (config.uiLayout) {
    const checked = normaliseLayout(config.uiLayout);
    if (checked.warnings.length) {
      add('LAYOUT_REFUSED', [], PUBLISH_PROBLEM_MESSAGES.layoutRefused(name, checked.warnings.join(' ')));
    } else {
      const missing = new Set<string>();
      for (const node of layoutNodes(config.uiLayout)) {
        for (const value of [node.props.src, node.props.fillImage]) {
          const id = typeof value === 'string' ? assetReferenceId(value) : null;
          if (id && !assetIds.has(id)) missing.add(id);
        }
      }
      for (const id of missing) add('ASSET_MISSING', [], PUBLISH_PROBLEM_MESSAGES.assetMissing(name, id));
    }
  }
  // Anything else the page would refuse (it would show an error instead of the popup).
  if (published !== undefined && problems.length === 0 && checkEmbedConfig(published) === null) {
    add('CONFIG_REFUSED', [], PUBLISH_PROBLEM_MESSAGES.configRefused(name));
  }
  return problems;
}

/**
 * Each config against the live release (decision 029), by the content hash of the config.json each writes:
 * `next`'s configs in their order (new, changed or unchanged), then the live ones `next` lacks (removed). A live
 * artifact without a hash (published before hashes were kept) counts as changed.
 */
export function releaseChanges(
  live: readonly { id: string; name: string; contentHash?: string | undefined }[],
  next: readonly { id: string; name: string; contentHash?: string | undefined }[],
): ConfigChange[] {
  const before = new Map(live.map((config) => [config.id, config]));
  const ids = new Set(next.map((config) => config.id));
  const changes: ConfigChange[] = next.map(({ id, name, contentHash }) => {
    const old = before.get(id);
    const change: ConfigChangeKind = !old
      ? 'new'
      : old.contentHash !== undefined && old.contentHash === contentHash
        ? 'unchanged'
        : 'changed';
    return { id, name, change };
  });
  for (const { id, name } of live) if (!ids.has(id)) changes.push({ id, name, change: 'removed' });
  return changes;
}
