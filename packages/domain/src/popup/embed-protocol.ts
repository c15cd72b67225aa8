import type { EmbedPack } from './embed-config-check';

/**
 * The embed protocol without zod: its constants, messages and the config's URL codec, shared by the embed page,
 * the emulator and the published page (which ships no zod, decision 017). embed.ts adds the zod schemas.
 */

/** The message protocol version; the messages between windows. */
export const EMBED_PROTOCOL_VERSION = 1;
export const EMBED_HOST_SOURCE = 'CB_HOST';
export const EMBED_INIT_TYPE = 'CB_INIT';
export const EMBED_SOURCE = 'CB_EMBED';
export const EMBED_LOADED_TYPE = 'loaded';
export const EMBED_FEATURE_TYPE = 'daily_rewards';
export const EMBED_PATH = '/embed/daily_rewards';
/** The longest encoded config the embed page decodes (1.5 MB); longer ones decode to null. */
export const EMBED_CONFIG_MAX_ENCODED_CHARS = 1_500_000;
export const EMBED_PACKS_MAX = 500;
export const EMBED_ASSETS_MAX = 500;
/** The bounds of a config's fields (EmbedConfigSchema and checkEmbedConfig). */
export const EMBED_CONFIG_LIMITS = {
  /** id, gameId. */
  recordIdChars: 128,
  nameChars: 200,
  /** A pack's id, an asset's assetId, a pack content's itemId. */
  refIdChars: 64,
  packContentsMax: 50,
  /** An image's URL: a data: URL of an inline asset is long. */
  imageUrlChars: 1_100_000,
} as const;

export const EMBED_MESSAGES = {
  loading: 'Loading…',
  noConfig: 'No configuration provided.',
  configsLoadFailed: 'Failed to load configs',
  featureConfigNotFound: 'Feature config not found',
} as const;

/** Embed → parent, once loaded. */
export const EMBED_LOADED_MESSAGE = { source: EMBED_SOURCE, type: EMBED_LOADED_TYPE } as const;

export function isEmbedLoadedMessage(data: unknown): boolean {
  try {
    return (
      typeof data === 'object' &&
      data !== null &&
      (data as Record<string, unknown>).source === EMBED_SOURCE &&
      (data as Record<string, unknown>).type === EMBED_LOADED_TYPE
    );
  } catch {
    return false;
  }
}

/** What a pack's card says it gives: an amount ("×100"), or a count of the different items in it ("3 items"). */
export type PackFigure = { amount: number } | { items: number };

/**
 * What a pack's card shows (decision 023): the pack's own amount when the publisher set one; else, when its
 * contents are one item, the total quantity of it; else how many different items it holds (1 sword and 50 gems
 * are "2 items", never "×51"); null for a pack with neither.
 */
export function packFigure(pack: EmbedPack): PackFigure | null {
  if (pack.amount !== undefined) return { amount: pack.amount };
  if (!pack.contents?.length) return null;
  const items = new Set(pack.contents.map((entry) => entry.itemId)).size;
  if (items > 1) return { items };
  return { amount: pack.contents.reduce((sum, entry) => sum + entry.quantity, 0) };
}

const BASE64 = /^[A-Za-z0-9+/]*$/;

/**
 * The JSON an embed URL's config carries, in standard or URL-safe base64, padded or not; a "+" the query
 * string turned into a space counts as "+". Undefined (which JSON never decodes to) for anything that is not
 * such base64 of UTF-8 JSON, or is longer than EMBED_CONFIG_MAX_ENCODED_CHARS. Whether it is a config is for
 * the caller to check. Never throws.
 */
export function decodeEmbedConfigJson(text: unknown): unknown {
  if (typeof text !== 'string' || text.length === 0 || text.length > EMBED_CONFIG_MAX_ENCODED_CHARS) return undefined;
  const unpadded = text
    .trim()
    .replace(/ /g, '+')
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .replace(/={1,2}$/, '');
  if (!BASE64.test(unpadded) || unpadded.length % 4 === 1) return undefined;
  try {
    const binary = atob(unpadded + '='.repeat((4 - (unpadded.length % 4)) % 4));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}
