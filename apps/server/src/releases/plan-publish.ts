import { createHash } from 'node:crypto';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import { publishProblems, PUBLISH_MESSAGES, type CheckedPack, type PublishProblem } from '@liveops/domain/releases';
import { asset } from '../db/schema';
import { inScope, type GameScope } from '../games/game-scope';
import { embedConfigFrom, embedSourcesOf, listDailyRewards, type EmbedSources } from '../daily-rewards/daily-rewards';
import { withExperiments } from '../experiments/experiments';
import type { ReleaseDeps } from './release-deps';

/** A config as a publish would write it, before its images are copied into the release. */
export type PlannedConfig = {
  config: DailyReward;
  /** The config.json content, with the game's own asset URLs (the release's copies replace them when written). */
  published: ReturnType<typeof embedConfigFrom>;
  contentHash: string;
  problems: PublishProblem[];
  /** Its running experiment (decision 046): each variant but the control with its own config.json content. */
  experiment: {
    id: string;
    variants: { id: string; name: string; weight: number; published: ReturnType<typeof embedConfigFrom> | null }[];
  } | null;
};
export type PublishPlan = { configs: PlannedConfig[]; sources: EmbedSources };

/** The problems of a variant's own (its layout); the days' problems are the config's. */
const LAYOUT_PROBLEMS = new Set<PublishProblem['code']>(['LAYOUT_REFUSED', 'ASSET_MISSING', 'CONFIG_REFUSED']);

/**
 * What a publish of the game would write and what is wrong with it (decision 029), read without the lock and
 * without touching storage: each config's config.json content, its hash and its problems.
 */
export async function planPublish(deps: Pick<ReleaseDeps, 'db' | 'storage'>, scope: GameScope): Promise<PublishPlan> {
  const [configs, sources] = await Promise.all([
    listDailyRewards(deps.db, scope).then((listed) => withExperiments(deps.db, listed)),
    embedSourcesOf(deps.db, deps.storage, scope),
  ]);
  const packs = new Map<string, CheckedPack>(
    sources.packs.map((pack) => [
      pack.id,
      { id: pack.id, name: pack.name, contents: pack.contents, imageMissing: !!pack.assetRefId && !pack.assetUrl },
    ]),
  );
  const assetIds = new Set(sources.assets.map((entry) => entry.assetId));
  return {
    sources,
    configs: configs.map((config) => {
      // The owner's account ID stays private (whether or not the embed config still carries one).
      const publish = (uiLayout: DailyReward['uiLayout']) => {
        const { ownerId: _ownerId, ...published } = embedConfigFrom({ ...config, uiLayout }, sources) as ReturnType<
          typeof embedConfigFrom
        > & { ownerId?: unknown };
        return published;
      };
      const published = publish(config.uiLayout);
      const problems = publishProblems(config, packs, assetIds, published);
      const experiment = config.experiment
        ? {
            id: config.experiment.id,
            variants: config.experiment.variants.map((variant) => ({
              id: variant.id,
              name: variant.name,
              weight: variant.weight,
              published: variant.control ? null : publish(variant.uiLayout),
            })),
          }
        : null;
      // A variant's layout is checked as the config's is; its days are the config's (already checked).
      for (const variant of config.experiment?.variants ?? []) {
        if (variant.control) continue;
        const named = { ...config, name: `${config.name} (variant ${variant.name})`, uiLayout: variant.uiLayout };
        const own = experiment?.variants.find((v) => v.id === variant.id)?.published;
        problems.push(
          ...publishProblems(named, packs, assetIds, own).filter((problem) => LAYOUT_PROBLEMS.has(problem.code)),
        );
      }
      // Without an experiment the hash is the config.json's alone, as before (decision 029): releases compare.
      const json = JSON.stringify(experiment ? { config: published, experiment } : published);
      return {
        config,
        published,
        contentHash: createHash('sha256').update(json).digest('hex'),
        problems,
        experiment,
      };
    }),
  };
}

/**
 * The configs a publish writes (decision 029): the plan less those the studio chose to leave out. A remaining
 * config with a problem refuses the publish: a 422 answer listing every problem.
 */
export function checkedPlan(plan: PublishPlan, leaveOut: readonly string[] | undefined) {
  const left = new Set(leaveOut ?? []);
  const configs = plan.configs.filter(({ config }) => !left.has(config.id));
  const problems = configs.flatMap((planned) => planned.problems);
  if (problems.length) {
    const count = new Set(problems.map((problem) => problem.configId)).size;
    return { refused: { code: 'CONFIG_PROBLEMS', message: PUBLISH_MESSAGES.problems(count), problems } } as const;
  }
  if (configs.length === 0) {
    return { refused: { code: 'NOTHING_TO_PUBLISH', message: PUBLISH_MESSAGES.nothingLeft, problems } } as const;
  }
  return { plan: { ...plan, configs } } as const;
}

/** What a published page adds to its config beyond the config itself: the built page and the drawn popup. */
const PAGE_BYTES_ESTIMATE = 96 * 1024;

/**
 * About how many bytes a release of this plan writes (decision 032): each image it shows once (images
 * are copied into the release once), and per config its page, which carries its config inline, and config.json.
 */
export async function releaseBytesOf(
  deps: Pick<ReleaseDeps, 'db' | 'storage'>,
  scope: GameScope,
  plan: PublishPlan,
): Promise<number> {
  const rows = await deps.db
    .select({ storageKey: asset.storageKey, size: asset.size })
    .from(asset)
    .where(inScope(asset, scope));
  const sizeByUrl = new Map(rows.map((row) => [deps.storage.publicUrl(row.storageKey), row.size]));
  const shown = new Set<string>();
  let bytes = 0;
  for (const { published } of plan.configs) {
    for (const entry of published.assets ?? []) shown.add(entry.url);
    for (const pack of published.packs ?? []) if (pack.assetUrl) shown.add(pack.assetUrl);
    bytes += PAGE_BYTES_ESTIMATE + 2 * new TextEncoder().encode(JSON.stringify(published)).length;
  }
  for (const url of shown) bytes += sizeByUrl.get(url) ?? 0;
  return bytes;
}
