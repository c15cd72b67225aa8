import { releaseChanges, type PublishPreview } from '@liveops/domain/releases';
import type { GameScope } from '../games/game-scope';
import { planPublish } from './plan-publish';
import type { ReleaseDeps } from './release-deps';
import { liveRelease } from './release-rows';

/** GET …/releases/preview: the problems that would refuse a publish, and each config against the live release. */
export async function previewPublish(deps: ReleaseDeps, scope: GameScope): Promise<PublishPreview> {
  const [plan, live] = await Promise.all([planPublish(deps, scope), liveRelease(deps.db, scope)]);
  const configs = plan.configs.map(({ config, contentHash, experiment }) => ({
    id: config.id,
    name: config.name,
    contentHash,
    experiment: experiment
      ? { variants: experiment.variants.map((variant) => ({ name: variant.name, weight: variant.weight })) }
      : null,
  }));
  return {
    liveVersion: live?.version ?? null,
    configs,
    problems: plan.configs.flatMap((planned) => planned.problems),
    changes: releaseChanges(live?.artifacts ?? [], configs),
  };
}
