/** Keys of published packs (decision 019), all under packs/{gameId}/ (gameStoragePrefixes). */
const gameFolder = (gameId: string) => `packs/${gameId}`;

/** What a stable-switch intent names: the game's folder, whose stable paths and manifest are being switched. */
export const gameStablePrefix = (gameId: string) => `${gameFolder(gameId)}/`;

/** What a game engine reads first: every published config with its versioned URLs. */
export const manifestKey = (gameId: string) => `${gameFolder(gameId)}/manifest.json`;

/** The stable folder of a game's published daily rewards (one subfolder per config). */
export const stableDailyRewardsPrefix = (gameId: string) => `${gameFolder(gameId)}/daily_rewards/`;

/** Everything one release wrote: its pages, configs and copies of the images they show. */
export const releasePrefix = (gameId: string, version: number) => `${gameFolder(gameId)}/releases/${version}/`;

export const versionedPageKey = (gameId: string, version: number, configId: string) =>
  `${releasePrefix(gameId, version)}daily_rewards/${configId}/daily_rewards.html`;

export const versionedConfigKey = (gameId: string, version: number, configId: string) =>
  `${releasePrefix(gameId, version)}daily_rewards/${configId}/config.json`;

/** A variant's page of a config's experiment (decision 046), beside the config's own in the release. */
export const versionedVariantPageKey = (gameId: string, version: number, configId: string, variantId: string) =>
  `${releasePrefix(gameId, version)}daily_rewards/${configId}/variants/${variantId}/daily_rewards.html`;

export const versionedVariantConfigKey = (gameId: string, version: number, configId: string, variantId: string) =>
  `${releasePrefix(gameId, version)}daily_rewards/${configId}/variants/${variantId}/config.json`;

/** A release's own copy of an asset's bytes, named after the asset's storage file (itself never reused). */
export const releaseAssetKey = (gameId: string, version: number, assetStorageKey: string) =>
  `${releasePrefix(gameId, version)}assets/${assetStorageKey.slice(assetStorageKey.lastIndexOf('/') + 1)}`;
