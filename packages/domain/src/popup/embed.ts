import { z } from 'zod';
import { DailyRewardEntrySchema } from '../daily-rewards/daily-reward';
import type { EmbedConfig, EmbedInitMessage } from './embed-config-check';
import { DAILY_REWARD_CYCLE_DAYS } from '../daily-rewards/daily-reward-limits';
import { type DailyRewardsParams, readDailyRewardsParams } from '../daily-rewards/day-state';
import { HexColorSchema } from '../games/game';
import { ITEM_ICON_IDS, type ItemIconId } from '../inventory/inventory';
import { isSafeImageSource } from '../layout/layout';
import { ORIENTATIONS } from '../layout/popup-size';
import { storedDailyRewardsLayout } from '../layout/normalise-layout';
import {
  decodeEmbedConfigJson,
  EMBED_ASSETS_MAX,
  EMBED_CONFIG_LIMITS,
  EMBED_FEATURE_TYPE,
  EMBED_HOST_SOURCE,
  EMBED_INIT_TYPE,
  EMBED_PACKS_MAX,
  EMBED_PATH,
  EMBED_PROTOCOL_VERSION,
} from './embed-protocol';

export {
  decodeEmbedConfigJson,
  EMBED_ASSETS_MAX,
  EMBED_CONFIG_LIMITS,
  EMBED_CONFIG_MAX_ENCODED_CHARS,
  EMBED_FEATURE_TYPE,
  EMBED_HOST_SOURCE,
  EMBED_INIT_TYPE,
  EMBED_LOADED_MESSAGE,
  EMBED_LOADED_TYPE,
  EMBED_MESSAGES,
  EMBED_PACKS_MAX,
  EMBED_PATH,
  EMBED_PROTOCOL_VERSION,
  EMBED_SOURCE,
  isEmbedLoadedMessage,
  packFigure,
  type PackFigure,
} from './embed-protocol';
// One declaration of the checked shapes, the zod-free check's; embed-config-check.test.ts holds these schemas'
// outputs to them.
export type { EmbedAsset, EmbedConfig, EmbedInitMessage, EmbedPack, EmbedTheme } from './embed-config-check';

const ImageUrlSchema = z.string().max(EMBED_CONFIG_LIMITS.imageUrlChars).refine(isSafeImageSource);
const ThemeSchema = z.object({
  primaryColor: HexColorSchema.optional(),
  secondaryColor: HexColorSchema.optional(),
});

/** What the renderer needs of a pack: its name, artwork (asset URL or emoji icon id) and what it grants. */
export const EmbedPackSchema = z.object({
  id: z.string().min(1).max(EMBED_CONFIG_LIMITS.refIdChars),
  name: z.string().max(EMBED_CONFIG_LIMITS.nameChars),
  value: z.number(),
  /** The amount a card shows; when absent, the sum of the contents' quantities. */
  amount: z.number().optional(),
  contents: z
    .array(
      z.object({
        itemId: z.string().max(EMBED_CONFIG_LIMITS.refIdChars),
        quantity: z.number().int().min(1),
        /** The item's name and emoji icon, for the card (decision 052). */
        name: z.string().max(EMBED_CONFIG_LIMITS.nameChars).optional(),
        iconId: z
          .enum(ITEM_ICON_IDS as [ItemIconId, ...ItemIconId[]])
          .optional()
          .catch(undefined),
      }),
    )
    .max(EMBED_CONFIG_LIMITS.packContentsMax)
    .optional(),
  assetUrl: ImageUrlSchema.nullable().default(null),
  /** An unknown icon id shows no icon rather than refusing the whole config. */
  iconId: z
    .enum(ITEM_ICON_IDS as [ItemIconId, ...ItemIconId[]])
    .nullable()
    .default(null)
    .catch(null),
});

export const EmbedAssetSchema = z.object({
  assetId: z.string().min(1).max(EMBED_CONFIG_LIMITS.refIdChars),
  name: z.string().max(EMBED_CONFIG_LIMITS.nameChars),
  url: ImageUrlSchema,
});

/**
 * The spec's "the JSON config including packs and assets": a daily reward config with the packs and assets it shows, in
 * one flat object (as config.json is published). The layout stays unchecked here (normaliseDailyRewardsLayout
 * makes any value safe to render) and is taken from uiLayout, else layout or ui.layout; the theme from uiTheme,
 * else theme; the game's orientation rides along (decision 023). The host puts the game's theme in uiTheme when the
 * config has none. A config still missing days
 * is accepted: the emulator previews drafts. No owner id: the account stays private (an old config's is dropped).
 */
export const EmbedConfigSchema = z
  .object({
    id: z.string().max(EMBED_CONFIG_LIMITS.recordIdChars).optional(),
    gameId: z.string().max(EMBED_CONFIG_LIMITS.recordIdChars).optional(),
    name: z.string().max(EMBED_CONFIG_LIMITS.nameChars),
    cycleDays: z.number().int().min(1).max(DAILY_REWARD_CYCLE_DAYS).default(DAILY_REWARD_CYCLE_DAYS),
    rewards: z.array(DailyRewardEntrySchema).max(DAILY_REWARD_CYCLE_DAYS).default([]),
    uiLayout: z.unknown().optional(),
    layout: z.unknown().optional(),
    ui: z.unknown().optional(),
    uiTheme: ThemeSchema.optional().catch(undefined),
    theme: ThemeSchema.optional().catch(undefined),
    orientation: z.enum(ORIENTATIONS).optional().catch(undefined),
    packs: z.array(EmbedPackSchema).max(EMBED_PACKS_MAX).default([]),
    assets: z.array(EmbedAssetSchema).max(EMBED_ASSETS_MAX).default([]),
  })
  .transform(({ layout, ui, theme, uiLayout, uiTheme, orientation, ...config }) => {
    const stored = storedDailyRewardsLayout({ uiLayout, layout, ui });
    const chosenTheme = uiTheme ?? theme;
    return {
      ...config,
      ...(stored === undefined ? {} : { uiLayout: stored }),
      ...(chosenTheme === undefined ? {} : { uiTheme: chosenTheme }),
      ...(orientation === undefined ? {} : { orientation }),
    };
  });
export type EmbedConfigInput = z.input<typeof EmbedConfigSchema>;

const ParamsSchema = z
  .object({ streak: z.number().nullish(), todayIndex: z.number().nullish() })
  .default({})
  .transform((params): DailyRewardsParams => readDailyRewardsParams(params.streak, params.todayIndex));

/** Host → embed: replaces the embed's config and params. */
export const EmbedInitMessageSchema = z.object({
  source: z.literal(EMBED_HOST_SOURCE),
  type: z.literal(EMBED_INIT_TYPE),
  payload: z.object({
    featureType: z.literal(EMBED_FEATURE_TYPE),
    config: EmbedConfigSchema,
    params: ParamsSchema,
    v: z.literal(EMBED_PROTOCOL_VERSION),
  }),
});

/** A window message as the embed's CB_INIT, or null for anything else. Never throws. */
export function parseEmbedInitMessage(data: unknown): EmbedInitMessage | null {
  try {
    const parsed = EmbedInitMessageSchema.safeParse(data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The config as URL-safe base64 (RFC 4648, section 5, unpadded) of its UTF-8 JSON: it goes into a query string as is.
 * Uses only TextEncoder and btoa, so browsers and Node alike can run it.
 */
export function encodeEmbedConfig(config: EmbedConfigInput): string {
  const bytes = new TextEncoder().encode(JSON.stringify(config));
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The config from the embed URL, in standard or URL-safe base64, padded or not (decodeEmbedConfigJson).
 * Null for anything that is not such base64 of UTF-8 JSON of a config, or is longer than
 * EMBED_CONFIG_MAX_ENCODED_CHARS. Never throws.
 */
export function decodeEmbedConfig(text: unknown): EmbedConfig | null {
  try {
    const json = decodeEmbedConfigJson(text);
    if (json === undefined) return null;
    const parsed = EmbedConfigSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The Emulator URL: the origin, the embed path, the encoded config, and streak and todayIndex when numbers. */
export function emulatorUrl(
  origin: string,
  config: EmbedConfigInput,
  params: { streak?: number | null; todayIndex?: number | null } = {},
): string {
  const isNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
  let query = `config=${encodeEmbedConfig(config)}`;
  if (isNumber(params.streak)) query += `&streak=${encodeURIComponent(params.streak)}`;
  if (isNumber(params.todayIndex)) query += `&todayIndex=${encodeURIComponent(params.todayIndex)}`;
  return `${origin.replace(/\/+$/, '')}${EMBED_PATH}?${query}`;
}

/** What the embed page reads from its query: the config, params, gameId and featureId. */
export function readEmbedQuery(query: { get(name: string): string | null }): {
  config: EmbedConfig | null;
  params: DailyRewardsParams;
  gameId: string | null;
  featureId: string | null;
} {
  const raw = query.get('config');
  return {
    config: raw === null ? null : decodeEmbedConfig(raw),
    params: readDailyRewardsParams(query.get('streak'), query.get('todayIndex')),
    gameId: query.get('gameId') || null,
    featureId: query.get('featureId') || null,
  };
}
