import { z } from 'zod';
import { DAILY_REWARD_CYCLE_DAYS, DailyRewardEntrySchema } from './daily-reward';
import { type DailyRewardsParams, parseStreak, parseTodayIndex } from './day-state';
import { HexColorSchema } from './game';
import { ITEM_ICON_IDS, type ItemIconId } from './inventory';
import { isSafeImageSource } from './layout';
import { storedDailyRewardsLayout } from './normalise-layout';

/** §9 message protocol version; §7 messages between windows. */
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

export const EMBED_MESSAGES = {
  loading: 'Loading…',
  noConfig: 'No configuration provided.',
  configsLoadFailed: 'Failed to load configs',
  featureConfigNotFound: 'Feature config not found',
} as const;

const ImageUrlSchema = z.string().max(1_100_000).refine(isSafeImageSource);
const ThemeSchema = z.object({
  primaryColor: HexColorSchema.optional(),
  secondaryColor: HexColorSchema.optional(),
});

/** What the renderer needs of a pack: its name, artwork (asset URL or emoji icon id) and what it grants. */
export const EmbedPackSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().max(200),
  value: z.number(),
  /** The amount a card shows; when absent, the sum of the contents' quantities. */
  amount: z.number().optional(),
  contents: z
    .array(z.object({ itemId: z.string().max(64), quantity: z.number().int().min(1) }))
    .max(50)
    .optional(),
  assetUrl: ImageUrlSchema.nullable().default(null),
  /** An unknown icon id shows no icon rather than refusing the whole config. */
  iconId: z
    .enum(ITEM_ICON_IDS as [ItemIconId, ...ItemIconId[]])
    .nullable()
    .default(null)
    .catch(null),
});
export type EmbedPack = z.infer<typeof EmbedPackSchema>;

export const EmbedAssetSchema = z.object({
  assetId: z.string().min(1).max(64),
  name: z.string().max(200),
  url: ImageUrlSchema,
});
export type EmbedAsset = z.infer<typeof EmbedAssetSchema>;

/**
 * §7 "the JSON config including packs and assets": a daily reward config with the packs and assets it shows, in
 * one flat object (as config.json is published). The layout stays unchecked here (normaliseDailyRewardsLayout
 * makes any value safe to render) and is taken from uiLayout, else layout or ui.layout; the theme from uiTheme,
 * else theme. The host puts the game's theme in uiTheme when the config has none. A config still missing days
 * is accepted: the emulator previews drafts.
 */
export const EmbedConfigSchema = z
  .object({
    id: z.string().max(128).optional(),
    gameId: z.string().max(128).optional(),
    ownerId: z.string().max(128).optional(),
    name: z.string().max(200),
    cycleDays: z.number().int().min(1).max(DAILY_REWARD_CYCLE_DAYS).default(DAILY_REWARD_CYCLE_DAYS),
    rewards: z.array(DailyRewardEntrySchema).max(DAILY_REWARD_CYCLE_DAYS).default([]),
    uiLayout: z.unknown().optional(),
    layout: z.unknown().optional(),
    ui: z.unknown().optional(),
    uiTheme: ThemeSchema.optional().catch(undefined),
    theme: ThemeSchema.optional().catch(undefined),
    packs: z.array(EmbedPackSchema).max(EMBED_PACKS_MAX).default([]),
    assets: z.array(EmbedAssetSchema).max(EMBED_ASSETS_MAX).default([]),
  })
  .transform(({ layout, ui, theme, uiLayout, uiTheme, ...config }) => {
    const stored = storedDailyRewardsLayout({ uiLayout, layout, ui });
    const chosenTheme = uiTheme ?? theme;
    return {
      ...config,
      ...(stored === undefined ? {} : { uiLayout: stored }),
      ...(chosenTheme === undefined ? {} : { uiTheme: chosenTheme }),
    };
  });
export type EmbedConfig = z.output<typeof EmbedConfigSchema>;
export type EmbedConfigInput = z.input<typeof EmbedConfigSchema>;

/** The amount a pack's card shows: its amount, else the total quantity of its contents, else null. */
export function packAmount(pack: EmbedPack): number | null {
  if (pack.amount !== undefined) return pack.amount;
  if (!pack.contents?.length) return null;
  return pack.contents.reduce((sum, entry) => sum + entry.quantity, 0);
}

const ParamsSchema = z
  .object({ streak: z.number().nullish(), todayIndex: z.number().nullish() })
  .default({})
  .transform((params): DailyRewardsParams => {
    const todayIndex = parseTodayIndex(params.todayIndex);
    return todayIndex === undefined
      ? { streak: parseStreak(params.streak) }
      : { streak: parseStreak(params.streak), todayIndex };
  });

/** §7 host → embed: replaces the embed's config and params. */
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
export type EmbedInitMessage = z.output<typeof EmbedInitMessageSchema>;

/** §7 embed → parent, once loaded. */
export const EMBED_LOADED_MESSAGE = { source: EMBED_SOURCE, type: EMBED_LOADED_TYPE } as const;

/** A window message as the embed's CB_INIT, or null for anything else. Never throws. */
export function parseEmbedInitMessage(data: unknown): EmbedInitMessage | null {
  try {
    const parsed = EmbedInitMessageSchema.safeParse(data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

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

/**
 * The config as URL-safe base64 (RFC 4648 §5, unpadded) of its UTF-8 JSON: it goes into a query string as is.
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

const BASE64 = /^[A-Za-z0-9+/]*$/;

/**
 * §4/§8: the config from the embed URL, in standard or URL-safe base64, padded or not; a "+" the query string
 * turned into a space counts as "+". Null for anything that is not such base64 of UTF-8 JSON of a config, or is
 * longer than EMBED_CONFIG_MAX_ENCODED_CHARS. Never throws.
 */
export function decodeEmbedConfig(text: unknown): EmbedConfig | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > EMBED_CONFIG_MAX_ENCODED_CHARS) return null;
  const unpadded = text
    .trim()
    .replace(/ /g, '+')
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .replace(/={1,2}$/, '');
  if (!BASE64.test(unpadded) || unpadded.length % 4 === 1) return null;
  try {
    const binary = atob(unpadded + '='.repeat((4 - (unpadded.length % 4)) % 4));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const json = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const parsed = EmbedConfigSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** §7 Emulator URL: the origin, the embed path, the encoded config, and streak and todayIndex when numbers. */
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

/** What the embed page reads from its query (§2): the config, params, gameId and featureId. */
export function readEmbedQuery(query: { get(name: string): string | null }): {
  config: EmbedConfig | null;
  params: DailyRewardsParams;
  gameId: string | null;
  featureId: string | null;
} {
  const todayIndex = parseTodayIndex(query.get('todayIndex'));
  const streak = parseStreak(query.get('streak'));
  const raw = query.get('config');
  return {
    config: raw === null ? null : decodeEmbedConfig(raw),
    params: todayIndex === undefined ? { streak } : { streak, todayIndex },
    gameId: query.get('gameId') || null,
    featureId: query.get('featureId') || null,
  };
}
