import { DAILY_REWARD_CYCLE_DAYS, PACK_ID_MAX_LENGTH } from '../daily-rewards/daily-reward-limits';
import { type DailyRewardsParams, readDailyRewardsParams } from '../daily-rewards/day-state';
import {
  EMBED_ASSETS_MAX,
  EMBED_CONFIG_LIMITS,
  EMBED_FEATURE_TYPE,
  EMBED_HOST_SOURCE,
  EMBED_INIT_TYPE,
  EMBED_PACKS_MAX,
  EMBED_PROTOCOL_VERSION,
} from './embed-protocol';
import { HEX_COLOR } from '../games/game-theme';
import { ITEM_ICON_IDS, type ItemIconId } from '../inventory/item-icons';
import { isSafeImageSource } from '../layout/layout';
import { isOrientation, type Orientation } from '../layout/popup-size';
import { storedDailyRewardsLayout } from '../layout/normalise-layout';
import { hasForbiddenCharacters } from '../shared/text';

/** What the renderer needs of a pack: its name, artwork (asset URL or emoji icon id) and what it grants. */
export interface EmbedPack {
  id: string;
  name: string;
  value: number;
  /** The amount a card shows; when absent, the sum of the contents' quantities. */
  amount?: number | undefined;
  /**
   * What it grants; each item's name and emoji icon ride along (decision 052) so a card can say "🪙 500 + 💎 10"
   * (packContentsText), where a config made before them says "2 items".
   */
  contents?:
    { itemId: string; quantity: number; name?: string | undefined; iconId?: ItemIconId | undefined }[] | undefined;
  assetUrl: string | null;
  /** An unknown icon id shows no icon rather than refusing the whole config. */
  iconId: ItemIconId | null;
}

export interface EmbedAsset {
  assetId: string;
  name: string;
  url: string;
}

export interface EmbedTheme {
  primaryColor?: string | undefined;
  secondaryColor?: string | undefined;
}

/** The spec's "the JSON config including packs and assets", checked: see EmbedConfigSchema (embed.ts). */
export interface EmbedConfig {
  id?: string | undefined;
  gameId?: string | undefined;
  name: string;
  cycleDays: number;
  rewards: { day: number; packId: string }[];
  packs: EmbedPack[];
  assets: EmbedAsset[];
  /** The stored layout (any value but undefined), unchecked: normaliseDailyRewardsLayout makes it safe to render. */
  uiLayout?: NonNullable<unknown> | null;
  uiTheme?: EmbedTheme;
  /** The game's orientation (decision 023): the default layout and the popup's widest size follow it. */
  orientation?: Orientation;
}

/** Host → embed: replaces the embed's config and params. */
export interface EmbedInitMessage {
  source: typeof EMBED_HOST_SOURCE;
  type: typeof EMBED_INIT_TYPE;
  payload: {
    featureType: typeof EMBED_FEATURE_TYPE;
    config: EmbedConfig;
    params: DailyRewardsParams;
    v: typeof EMBED_PROTOCOL_VERSION;
  };
}

// EmbedConfigSchema's rules as plain functions, for the published page, which ships without zod (decision 017).
// embed-config-check.test.ts holds the two to the same verdicts and output on generated inputs. Each reader
// returns the checked value or throws; the two entry points turn any throw into null.

const invalid = (): never => {
  throw new TypeError('not a config');
};
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : invalid();
const text = (value: unknown, max: number, min = 0): string =>
  typeof value === 'string' && value.length >= min && value.length <= max ? value : invalid();
const finite = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : invalid());
const whole = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max ? (value as number) : invalid();
const optional = <T>(value: unknown, read: (value: unknown) => T): T | undefined =>
  value === undefined ? undefined : read(value);
/** Every index is read, holes too (as undefined), as zod reads arrays. */
const list = <T>(value: unknown, max: number, read: (value: unknown) => T): T[] =>
  Array.isArray(value) && value.length <= max ? Array.from(value as unknown[], (item) => read(item)) : invalid();
const imageUrl = (value: unknown): string => {
  const url = text(value, EMBED_CONFIG_LIMITS.imageUrlChars);
  return isSafeImageSource(url) ? url : invalid();
};

function readReward(value: unknown): { day: number; packId: string } {
  const entry = record(value);
  const day = whole(entry.day, 1, DAILY_REWARD_CYCLE_DAYS);
  const packId = (typeof entry.packId === 'string' ? entry.packId : invalid()).trim();
  if (packId.length < 1 || packId.length > PACK_ID_MAX_LENGTH || hasForbiddenCharacters(packId)) invalid();
  return { day, packId };
}

function readPack(value: unknown): EmbedPack {
  const pack = record(value);
  const iconId = pack.iconId;
  return {
    id: text(pack.id, EMBED_CONFIG_LIMITS.refIdChars, 1),
    name: text(pack.name, EMBED_CONFIG_LIMITS.nameChars),
    value: finite(pack.value),
    amount: optional(pack.amount, finite),
    contents: optional(pack.contents, (contents) =>
      list(contents, EMBED_CONFIG_LIMITS.packContentsMax, (item) => {
        const content = record(item);
        return {
          itemId: text(content.itemId, EMBED_CONFIG_LIMITS.refIdChars),
          quantity: whole(content.quantity, 1),
          name: optional(content.name, (name) => text(name, EMBED_CONFIG_LIMITS.nameChars)),
          // An unknown icon id shows the item's name instead rather than refusing the whole config.
          iconId: (ITEM_ICON_IDS as unknown[]).includes(content.iconId) ? (content.iconId as ItemIconId) : undefined,
        };
      }),
    ),
    assetUrl: pack.assetUrl === undefined || pack.assetUrl === null ? null : imageUrl(pack.assetUrl),
    iconId: (ITEM_ICON_IDS as unknown[]).includes(iconId) ? (iconId as ItemIconId) : null,
  };
}

function readAsset(value: unknown): EmbedAsset {
  const asset = record(value);
  return {
    assetId: text(asset.assetId, EMBED_CONFIG_LIMITS.refIdChars, 1),
    name: text(asset.name, EMBED_CONFIG_LIMITS.nameChars),
    url: imageUrl(asset.url),
  };
}

/** A theme that is not one (a bad colour, not an object) counts as none, as the schema's .catch(undefined). */
function readTheme(value: unknown): EmbedTheme | undefined {
  if (value === undefined) return undefined;
  try {
    const theme = record(value);
    const hex = (color: unknown) =>
      typeof color === 'string' && HEX_COLOR.test(color) ? color.toUpperCase() : invalid();
    return { primaryColor: optional(theme.primaryColor, hex), secondaryColor: optional(theme.secondaryColor, hex) };
  } catch {
    return undefined;
  }
}

function readConfig(value: unknown): EmbedConfig {
  const config = record(value);
  const recordId = (id: unknown) => text(id, EMBED_CONFIG_LIMITS.recordIdChars);
  const checked: EmbedConfig = {
    id: optional(config.id, recordId),
    gameId: optional(config.gameId, recordId),
    name: text(config.name, EMBED_CONFIG_LIMITS.nameChars),
    cycleDays:
      config.cycleDays === undefined ? DAILY_REWARD_CYCLE_DAYS : whole(config.cycleDays, 1, DAILY_REWARD_CYCLE_DAYS),
    rewards: config.rewards === undefined ? [] : list(config.rewards, DAILY_REWARD_CYCLE_DAYS, readReward),
    packs: config.packs === undefined ? [] : list(config.packs, EMBED_PACKS_MAX, readPack),
    assets: config.assets === undefined ? [] : list(config.assets, EMBED_ASSETS_MAX, readAsset),
  };
  const layout = storedDailyRewardsLayout({ uiLayout: config.uiLayout, layout: config.layout, ui: config.ui });
  if (layout !== undefined) checked.uiLayout = layout;
  const theme = readTheme(config.uiTheme) ?? readTheme(config.theme);
  if (theme !== undefined) checked.uiTheme = theme;
  // Anything but the two orientations counts as none (portrait), as the schema's .catch(undefined).
  if (isOrientation(config.orientation)) checked.orientation = config.orientation;
  return checked;
}

function readParams(value: unknown): DailyRewardsParams {
  const params = value === undefined ? {} : record(value);
  const nullish = (n: unknown) => (n === undefined || n === null ? undefined : finite(n));
  return readDailyRewardsParams(nullish(params.streak), nullish(params.todayIndex));
}

/** A value (a parsed config.json, a decoded ?config=) as a config, as EmbedConfigSchema reads it; else null. */
export function checkEmbedConfig(value: unknown): EmbedConfig | null {
  try {
    return readConfig(value);
  } catch {
    return null;
  }
}

/** A host's message as CB_INIT, as EmbedInitMessageSchema reads it; null for anything else. Never throws. */
export function checkEmbedInitMessage(data: unknown): EmbedInitMessage | null {
  try {
    const message = record(data);
    const payload = record(message.payload);
    if (
      message.source !== EMBED_HOST_SOURCE ||
      message.type !== EMBED_INIT_TYPE ||
      payload.featureType !== EMBED_FEATURE_TYPE ||
      payload.v !== EMBED_PROTOCOL_VERSION
    ) {
      return null;
    }
    return {
      source: EMBED_HOST_SOURCE,
      type: EMBED_INIT_TYPE,
      payload: {
        featureType: EMBED_FEATURE_TYPE,
        config: readConfig(payload.config),
        params: readParams(payload.params),
        v: EMBED_PROTOCOL_VERSION,
      },
    };
  } catch {
    return null;
  }
}
