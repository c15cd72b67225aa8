import { and, asc, eq, sql } from 'drizzle-orm';
import { type Asset } from '@liveops/domain/assets';
import { DAILY_REWARD_CYCLE_DAYS, type DailyReward } from '@liveops/domain/daily-rewards';
import { type GameTheme } from '@liveops/domain/games';
import { type ItemIconId, type Pack } from '@liveops/domain/inventory';
import { assetReferenceId, layoutNodes, type LayoutNode, type Orientation } from '@liveops/domain/layout';
import { type EmbedAsset, type EmbedConfigInput, type EmbedPack } from '@liveops/domain/popup';
import type { Db } from '../db/database';
import { dailyReward, game, item } from '../db/schema';
import { inScope, type GameScope } from '../games/game-scope';
import type { Storage } from '../storage/storage';
import { listAssets } from '../assets/assets';
import { listPacks } from '../inventory/packs';

export type DailyRewardRow = typeof dailyReward.$inferSelect;

/**
 * A daily reward config as the API shows it: the runtime's rules as `dayStart` and `missedDay` (decision 035), and
 * its `targeting`.
 */
export function presentDailyReward(row: DailyRewardRow): DailyReward {
  const { dayStartKind, dayStartMinute, segmentId, startsAt, endsAt, priority, ...shown } = row;
  return {
    ...shown,
    dayStart: dayStartKind === 'utc_time' ? { kind: 'utc_time', minuteOfDay: dayStartMinute } : { kind: dayStartKind },
    // Its targeting (decision 038), instants in UTC.
    targeting: {
      segmentId,
      startsAt: startsAt?.toISOString() ?? null,
      endsAt: endsAt?.toISOString() ?? null,
      priority,
    },
    cycleDays: DAILY_REWARD_CYCLE_DAYS,
    uiLayout: row.uiLayout ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns that store a config's day start (the API's `dayStart`). */
export function dayStartColumns(
  dayStart: DailyReward['dayStart'],
): Pick<DailyRewardRow, 'dayStartKind' | 'dayStartMinute'> {
  return dayStart.kind === 'utc_time'
    ? { dayStartKind: 'utc_time', dayStartMinute: dayStart.minuteOfDay }
    : { dayStartKind: 'player_midnight', dayStartMinute: 0 };
}

/** The daily reward configs of a game, oldest first (the first one is selected when the tab opens). */
export async function listDailyRewards(db: Db, scope: GameScope): Promise<DailyReward[]> {
  const rows = await db
    .select()
    .from(dailyReward)
    .where(inScope(dailyReward, scope))
    .orderBy(asc(dailyReward.createdAt), asc(dailyReward.id));
  return rows.map(presentDailyReward);
}

/** Configs of a game that give a pack on some day: a condition on daily_reward rows. */
export const givesPack = (packId: string) => sql`${dailyReward.rewards} @> ${JSON.stringify([{ packId }])}::jsonb`;

/** The props of a layout node that hold an image source. */
const IMAGE_PROPS = ['src', 'fillImage'] as const;

/**
 * The spec's "the config including packs and assets": what the emulator previews and encodes into its URL, what the
 * embed page loads by gameId and featureId, and what publish writes as config.json. The packs are those its days
 * give (with their value, artwork URL and contents), the assets those its layout refers to as `asset:<id>`, and
 * the game's theme rides along as uiTheme and its orientation as orientation (decision 023). Null when the config
 * is not this owner's in this game.
 */
export async function embedConfigOf(
  db: Db,
  storage: Storage,
  scope: GameScope,
  dailyRewardId: string,
): Promise<(EmbedConfigInput & { id: string }) | null> {
  const [row] = await db
    .select()
    .from(dailyReward)
    .where(and(eq(dailyReward.id, dailyRewardId), inScope(dailyReward, scope)));
  if (!row) return null;
  return embedConfigFrom(row, await embedSourcesOf(db, storage, scope));
}

/** What a game's embed configs draw on besides their own row: theme, orientation, packs and assets, read once. */
export type EmbedSources = {
  theme: GameTheme | null;
  orientation?: Orientation | undefined;
  packs: readonly Pack[];
  assets: readonly Asset[];
  /** The game's items' names and emoji icons, which a pack's contents carry for its card (decision 052). */
  items?: ReadonlyMap<string, { name: string; iconId: ItemIconId | null }>;
};

export async function embedSourcesOf(db: Db, storage: Storage, scope: GameScope): Promise<EmbedSources> {
  const [[owner], packs, assets, items] = await Promise.all([
    db.select({ theme: game.theme, orientation: game.orientation }).from(game).where(eq(game.id, scope.gameId)),
    listPacks(db, storage, scope),
    listAssets(db, storage, scope),
    db.select({ id: item.id, name: item.name, iconId: item.iconId }).from(item).where(inScope(item, scope)),
  ]);
  return {
    theme: owner?.theme ?? null,
    orientation: owner?.orientation,
    packs,
    assets,
    items: new Map(items.map((row) => [row.id, { name: row.name, iconId: row.iconId }])),
  };
}

/** embedConfigOf for a config already read, with the game's sources already read (publish reads them once). */
export function embedConfigFrom(
  row: Pick<DailyRewardRow, 'id' | 'gameId' | 'name' | 'rewards'> & { uiLayout: LayoutNode | null },
  sources: EmbedSources,
): EmbedConfigInput & { id: string } {
  const given = new Set(row.rewards.map((entry) => entry.packId));
  const packs: EmbedPack[] = sources.packs
    .filter((p) => given.has(p.id))
    .map((p) => ({
      id: p.id,
      name: p.name,
      value: p.value,
      contents: p.contents.map((entry) => {
        const known = sources.items?.get(entry.itemId);
        return known ? { ...entry, name: known.name, ...(known.iconId ? { iconId: known.iconId } : {}) } : { ...entry };
      }),
      assetUrl: p.assetUrl,
      iconId: p.iconId ?? null,
    }));
  const referenced = new Set<string>();
  if (row.uiLayout) {
    for (const node of layoutNodes(row.uiLayout)) {
      for (const prop of IMAGE_PROPS) {
        const value = node.props[prop];
        const id = typeof value === 'string' ? assetReferenceId(value) : null;
        if (id) referenced.add(id);
      }
    }
  }
  const assets: EmbedAsset[] = sources.assets
    .filter((a) => referenced.has(a.assetId))
    .map((a) => ({ assetId: a.assetId, name: a.name, url: a.url }));
  return {
    id: row.id,
    gameId: row.gameId,
    name: row.name,
    cycleDays: DAILY_REWARD_CYCLE_DAYS,
    rewards: row.rewards,
    ...(row.uiLayout ? { uiLayout: row.uiLayout } : {}),
    ...(sources.theme ? { uiTheme: sources.theme } : {}),
    ...(sources.orientation ? { orientation: sources.orientation } : {}),
    packs,
    assets,
  };
}
