import { assetReferenceId, isSafeImageSource } from '@liveops/domain/layout';

/** Asset ID → the asset's URL. */
export type AssetUrls = ReadonlyMap<string, string>;

/**
 * The URL an image may load, or null: `asset:<id>` becomes that asset's URL when the game has it; anything else
 * must pass the domain's isSafeImageSource (http(s), a root-relative path, an image data URL). The layout was
 * checked already; checking again here keeps a value that bypassed the schema (a host's own props, a pack's
 * artwork, an asset's URL) from ever becoming a request.
 */
export function resolveImageSource(source: unknown, assets: AssetUrls): string | null {
  if (typeof source !== 'string' || source === '') return null;
  const assetId = assetReferenceId(source);
  const url = assetId === null ? source : assets.get(assetId);
  if (!url || assetReferenceId(url) !== null || !isSafeImageSource(url)) return null;
  return url;
}

/** A safe URL as a CSS url() value: the characters that could end the token are percent-encoded. */
export function cssUrl(url: string): string {
  return `url("${url.replace(/["'()\\\s<>]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}")`;
}
