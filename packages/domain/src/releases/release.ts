import { z } from 'zod';

/** The feature types publish writes a page and config.json for (the spec's published artifact record). */
export const PUBLISHED_FEATURE_TYPES = ['daily_rewards'] as const;
export type PublishedFeatureType = (typeof PUBLISHED_FEATURE_TYPES)[number];

/**
 * A release's daily-reward artifacts. Every published feature is a daily reward today; offers and events will be
 * published beside them, so readers of daily rewards pick theirs here, in one place.
 */
export function dailyRewardArtifacts<T extends { featureType: PublishedFeatureType }>(artifacts: readonly T[]): T[] {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- true of every artifact until offers ship
  return artifacts.filter((artifact) => artifact.featureType === 'daily_rewards');
}

/** Releases kept per game: the newest, and the live one even when older; the rest are removed with their files. */
export const RELEASES_KEPT = 10;

/** Cache lifetimes of published files: versioned paths never change; stable paths and the manifest switch. */
export const PUBLISHED_CACHE = {
  immutable: 'public, max-age=31536000, immutable',
  stable: 'public, max-age=60, must-revalidate',
} as const;

/** The published artifact record: what the modal lists, with the stable URLs a game can also fetch. */
export const PublishedArtifactSchema = z.object({
  featureType: z.enum(PUBLISHED_FEATURE_TYPES),
  id: z.string(),
  name: z.string(),
  htmlUrl: z.string(),
  configUrl: z.string(),
  /** The same files at the release's own, never-changing paths. */
  versionedHtmlUrl: z.string(),
  versionedConfigUrl: z.string(),
  /**
   * SHA-256 of the config.json as it would be without the release's own addresses (decision 029): equal for two
   * releases exactly when a player's page shows the same config. Absent on releases published before it was kept.
   */
  contentHash: z.string().optional(),
  /**
   * The config's running A/B test as this release carries it (decision 046): the runtime assigns
   * players from it. Each variant has its own page and config.json in the release; the first, the control, is the
   * config's own. Absent when the config ran no experiment at publish.
   */
  experiment: z
    .object({
      id: z.string(),
      variants: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          weight: z.number().int().min(0),
          htmlUrl: z.string(),
          versionedHtmlUrl: z.string(),
          configUrl: z.string(),
          versionedConfigUrl: z.string(),
        }),
      ),
    })
    .optional(),
});
export type PublishedArtifact = z.infer<typeof PublishedArtifactSchema>;
export type PublishedExperiment = NonNullable<PublishedArtifact['experiment']>;

export const RELEASE_STATUSES = ['writing', 'ready', 'failed'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

/** One publish of a game: its files are written under its version, then made live (or it failed). */
export const ReleaseSchema = z.object({
  version: z.number().int(),
  status: z.enum(RELEASE_STATUSES),
  live: z.boolean(),
  artifacts: z.array(PublishedArtifactSchema),
  /** What the release could not include (an image a layout names that no longer exists). */
  warnings: z.array(z.string()),
  error: z.string().nullable(),
  /** When the publish started. */
  createdAt: z.string(),
  /** When it went live for the first time (or failed): its publish time, which a rollback never changes. */
  finishedAt: z.string().nullable(),
  /** When it last went live (a rollback sets it); null for a release never live. */
  liveSince: z.string().nullable(),
  /** Who published it: the studio member's name and email at the time; null on releases from before. */
  publishedBy: z.string().nullable(),
  /** The note given at publish, if any (at most PUBLISH_NOTE_MAX characters). */
  note: z.string().nullable(),
});
export type Release = z.infer<typeof ReleaseSchema>;

export const ReleasesSchema = z.object({
  /** The stable page address the product serves (the spec's "the static pack HTML address"). */
  pageUrl: z.string(),
  manifestUrl: z.string(),
  releases: z.array(ReleaseSchema),
});
export type Releases = z.infer<typeof ReleasesSchema>;

/**
 * packs/{gameId}/manifest.json: what a game engine reads first. Its URLs are the release's versioned ones, so
 * one write of the manifest switches every config at once, and a CDN may cache them for ever.
 */
export const PublishedManifestSchema = z.object({
  gameId: z.string(),
  version: z.number().int(),
  publishedAt: z.string(),
  configs: z.array(
    z.object({
      featureType: z.enum(PUBLISHED_FEATURE_TYPES),
      id: z.string(),
      name: z.string(),
      htmlUrl: z.string(),
      configUrl: z.string(),
    }),
  ),
});
export type PublishedManifest = z.infer<typeof PublishedManifestSchema>;

/** The lines of a publish's answer (application/x-ndjson): progress per config, then the outcome. */
export const PublishEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('started'), version: z.number().int(), total: z.number().int() }),
  z.object({
    type: z.literal('progress'),
    done: z.number().int(),
    total: z.number().int(),
    id: z.string(),
    name: z.string(),
  }),
  z.object({ type: z.literal('done'), release: ReleaseSchema }),
  z.object({ type: z.literal('failed'), code: z.string(), message: z.string() }),
]);
export type PublishEvent = z.infer<typeof PublishEventSchema>;

export const PUBLISH_MESSAGES = {
  /** The spec's error text, as quoted. */
  notAuthenticated: 'Not authenticated',
  noGameSelected: 'No game selected',
  packHtmlFailed: (status: number | string) => `Failed to fetch pack HTML: ${status}`,
  /** "Publish Now" while running. */
  publishing: 'Publishing…',
  publishNow: 'Publish Now',
  /** Publish Now asks the server what would change first (decision 029). */
  checking: 'Checking…',
  explanation:
    'Publishing generates a page and a config.json for every daily reward of this game and uploads them to storage, for your game engine to download and show in a web view.',
  /** The publish modal's addresses before anything is live (decision 056): no link to a file not written yet. */
  noPageYet: 'Each daily reward gets its page here at the first publish.',
  noManifestYet: 'Written at the first publish.',
  noConfigs: 'This game has no daily rewards to publish yet. Create one in the Daily Rewards tab first.',
  inProgress: 'A publish of this game is already running. Wait for it to finish, then try again.',
  releaseNotFound: 'Release not found.',
  releaseNotReady: 'Only a release that finished publishing can be made live.',
  releaseFilesMissing: 'The files of this release are no longer in storage, so it cannot be made live.',
  storageFailed: (detail: string) =>
    `Publishing stopped: storage answered "${detail}". The previous release is still live.`,
  missingAsset: (configName: string, assetId: string) =>
    `"${configName}" shows image asset:${assetId}, which is no longer among the game's assets; it shows as an empty box.`,
  interrupted: 'This publish was interrupted before it finished (the server stopped).',
  /** Decision 029: the publish's 422, with the problems listed. */
  problems: (count: number) =>
    `${count === 1 ? 'A config' : `${count} configs`} could not show a proper popup, so nothing was published. Fix ${count === 1 ? 'it' : 'them'}, or leave ${count === 1 ? 'it' : 'them'} out of this release.`,
  nothingLeft: 'Every config is left out, so there is nothing to publish.',
} as const;
