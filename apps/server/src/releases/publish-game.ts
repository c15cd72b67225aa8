import { PUBLISH_MESSAGES, type PublishEvent } from '@liveops/domain/releases';
import type { GameScope } from '../games/game-scope';
import type { PublishPlan } from './plan-publish';
import { PublishError, storageDetail } from './publish-error';
import { pruneReleases } from './prune-releases';
import { abandonInterrupted, failRelease } from './recover';
import type { ReleaseDeps } from './release-deps';
import type { ReleaseRow } from './release-rows';
import { switchLive } from './switch-live';
import { timedStorage } from './timed-storage';
import { markReleaseReady, openRelease, writeRelease } from './write-release';

/**
 * Publishes every daily reward config of a game (decision 019): the release is written to its versioned
 * paths (writeRelease), recorded ready, and only then switched live (switchLive); older releases are pruned. The
 * caller holds the game's lock. `emit` hears the progress. Throws PublishError; the previous release stays live.
 */
export async function publishGame(
  deps: ReleaseDeps,
  scope: GameScope,
  emit: (event: PublishEvent) => void,
  /** planPublish's answer less the configs left out, each free of problems (checkedPlan). */
  plan: PublishPlan,
  by: { publishedBy: string; note: string | null },
): Promise<ReleaseRow> {
  const { configs } = plan;
  if (configs.length === 0) throw new PublishError(409, 'NO_CONFIGS', PUBLISH_MESSAGES.noConfigs);
  let template: string;
  try {
    template = new TextDecoder().decode(await deps.readPageHtml());
  } catch (error) {
    deps.logger.error(`the published page could not be read: ${storageDetail(error)}`);
    throw new PublishError(503, 'PACK_HTML_UNAVAILABLE', PUBLISH_MESSAGES.packHtmlFailed(404));
  }
  await abandonInterrupted(deps, scope);

  const opened = await openRelease(deps, scope, by);
  emit({ type: 'started', version: opened.version, total: configs.length });
  try {
    const store = timedStorage(deps.storage, deps.storageDeadline);
    const written = await writeRelease(deps, scope, opened.version, configs, template, store, emit);
    await markReleaseReady(deps, scope, opened, written, configs);
    const live = await switchLive(deps, scope, opened.version, written.files);
    await pruneReleases(deps, scope);
    return live;
  } catch (error) {
    throw await failRelease(deps, scope, opened, error);
  }
}
