/** Where asset bytes live; the start-up cleanup examines only this prefix. */
export const ASSET_KEY_PREFIX = 'assets/';

/** An asset's bytes. The suffix is random, so a key is never reused and the bytes at a key never change. */
export function assetStorageKey(gameId: string, assetId: string, ext: string, suffix: string): string {
  return `${ASSET_KEY_PREFIX}${gameId}/${assetId}-${suffix}.${ext}`;
}

const dailyRewardsFolder = (gameId: string, configId: string) => `packs/${gameId}/daily_rewards/${configId}`;

/** The published daily rewards page of a config (publish writes it next). */
export function dailyRewardsPageKey(gameId: string, configId: string): string {
  return `${dailyRewardsFolder(gameId, configId)}/daily_rewards.html`;
}

/** The config.json beside a published daily rewards page (publish writes it next). */
export function dailyRewardsConfigKey(gameId: string, configId: string): string {
  return `${dailyRewardsFolder(gameId, configId)}/config.json`;
}

/** A variant's published page of a config's experiment (decision 046), in the config's folder. */
export function dailyRewardsVariantPageKey(gameId: string, configId: string, variantId: string): string {
  return `${dailyRewardsFolder(gameId, configId)}/variants/${variantId}/daily_rewards.html`;
}

export function dailyRewardsVariantConfigKey(gameId: string, configId: string, variantId: string): string {
  return `${dailyRewardsFolder(gameId, configId)}/variants/${variantId}/config.json`;
}

/** Where published packs live; a game's under packs/{gameId}/. */
export const PACK_KEY_PREFIX = 'packs/';

/** Every prefix a game's stored files live under (its asset bytes and its published packs): what removal clears. */
export function gameStoragePrefixes(gameId: string): string[] {
  return [`${ASSET_KEY_PREFIX}${gameId}/`, `${PACK_KEY_PREFIX}${gameId}/`];
}
