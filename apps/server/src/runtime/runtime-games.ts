import { and, asc, eq } from 'drizzle-orm';
import type { StreakSettings } from '@liveops/domain/daily-rewards';
import { dailyRewardArtifacts, type PublishedArtifact } from '@liveops/domain/releases';
import type { CustomAttribute } from '@liveops/domain/segments';
import { checkEmbedConfig, type EmbedConfig } from '@liveops/domain/published';
import { BoundedCache } from '../cache/bounded-cache';
import type { Db } from '../db/database';
import { dailyReward, game, item, pack, release, segment } from '../db/schema';
import type { LiveEvents } from '../live/live-events';
import type { Logger } from '../logging/logger';
import type { Storage } from '../storage/storage';
import { versionedConfigKey } from '../storage/release-keys';
import { createSegmentCompiler, type RuntimeSegment } from '../segments/player-segments';
import { loadTesters, type RuntimeTesters } from './testers';
import { runtimeTargetingOf, TARGETING_COLUMNS, type RuntimeTargeting } from './targeting';
import { sdkKeyTag } from './tokens';

/** Longest a game is kept if a change notification were ever lost (decision 025's safety net). */
const GAME_TTL_MS = 60_000;
/** An unknown SDK key is remembered this long, so a flood of wrong keys does not reach the database. */
const UNKNOWN_KEY_TTL_MS = 10_000;
const MAX_GAMES = 10_000;
const MAX_RELEASE_CONFIGS = 5_000;

export type RuntimeItem = {
  id: string;
  key: string;
  name: string;
  type: string;
  baseAmount: number;
  enabled: boolean;
};

/** A config as the runtime serves it; its targeting is read live, like its day rules (decision 038). */
export type RuntimeConfig = RuntimeTargeting & {
  id: string;
  name: string;
  settings: StreakSettings;
  /** The live release's config of it (what the popup shows and the claim grants). */
  published: EmbedConfig;
  /** The live release's own address of its page. */
  htmlUrl: string;
  /**
   * The config's A/B test as the live release carries it (decision 046), or null: players are assigned from its id
   * and weights, and a variant's popup is its own page in the release (the control's is htmlUrl).
   */
  experiment: RuntimeExperiment | null;
};

export type RuntimeExperiment = {
  id: string;
  variants: { id: string; weight: number; htmlUrl: string }[];
};

/** What the runtime needs of a game, read once and kept until the dashboard changes anything of its owner. */
export type RuntimeGame = {
  id: string;
  ownerId: string;
  sdkKey: string;
  keyTag: string;
  serverSecret: string;
  requireSignedPlayerIds: boolean;
  enabled: boolean;
  /** The live release's configs that still exist, in the dashboard's order. */
  configs: RuntimeConfig[];
  items: Map<string, RuntimeItem>;
  /** The same items by their studio key (decision 051), for the server calls that name an item by key. */
  itemsByKey: Map<string, RuntimeItem>;
  /** `{ itemId: key }` of every item: what a claim's statement writes each balance's key from. */
  itemKeys: Readonly<Record<string, string>>;
  /** The game's packs' keys by id (a release's packs are read from it; their keys from the table). */
  packKeys: Map<string, string>;
  /** The player attributes the studio declared (decision 039). */
  customAttributes: CustomAttribute[];
  /** The game's segments, compiled, in the dashboard's order: evaluated for the player at each session. */
  segments: RuntimeSegment[];
  /** The game's test players' clock offsets (decision 040). */
  testers: RuntimeTesters;
};

/** An item of the game as the runtime names it in answers: key, name and type, each null when the item is unknown. */
export function itemNaming(found: RuntimeGame, itemId: string) {
  const known = found.items.get(itemId);
  return { key: known?.key ?? null, name: known?.name ?? null, type: known?.type ?? null };
}

export type RuntimeGames = {
  byId: (gameId: string) => Promise<RuntimeGame | null>;
  bySdkKey: (sdkKey: string) => Promise<RuntimeGame | null>;
};

type Entry = { game: Promise<RuntimeGame | null>; ownerId: string; until: number };

/** A release artifact's experiment as the runtime assigns from it; none when no variant could get a player. */
function runtimeExperimentOf(artifact: PublishedArtifact): RuntimeExperiment | null {
  const experiment = artifact.experiment;
  if (!experiment || !experiment.variants.some((variant) => variant.weight > 0)) return null;
  return {
    id: experiment.id,
    variants: experiment.variants.map((variant) => ({
      id: variant.id,
      weight: variant.weight,
      htmlUrl: variant.versionedHtmlUrl,
    })),
  };
}

/**
 * The runtime's games, kept in memory so that a request verifies its token and finds its game without a
 * database read. Dropped by the dashboard's live events (every change of an owner drops that owner's games: on
 * this instance at once, on the others through LISTEN/NOTIFY), and not kept at all while changes cannot be heard
 * (decision 025). A release's configs never change, so they are kept by release version across reloads.
 */
export function createRuntimeGames(deps: {
  db: Db;
  storage: Storage;
  liveEvents: LiveEvents;
  logger: Logger;
  now?: () => number;
}): RuntimeGames {
  const now = deps.now ?? Date.now;
  const gamesOfOwner = new Map<string, Set<string>>();
  const games = new BoundedCache<string, Entry>({
    capacity: MAX_GAMES,
    onEvict: (gameId, entry) => {
      const owned = gamesOfOwner.get(entry.ownerId);
      owned?.delete(gameId);
      if (owned?.size === 0) gamesOfOwner.delete(entry.ownerId);
    },
  });
  const gameIdByKey = new BoundedCache<string, { gameId: string | null; until: number }>({ capacity: MAX_GAMES });
  const releaseConfigs = new BoundedCache<string, Promise<EmbedConfig | null>>({ capacity: MAX_RELEASE_CONFIGS });
  const compileSegments = createSegmentCompiler(deps.logger);
  let epoch = 0;

  const dropAll = () => {
    epoch++;
    games.clear();
    gameIdByKey.clear();
    gamesOfOwner.clear();
  };
  deps.liveEvents.onDeaf(dropAll);
  deps.liveEvents.onResync(dropAll);
  deps.liveEvents.onChange((ownerId) => {
    epoch++;
    const ids = gamesOfOwner.get(ownerId);
    gamesOfOwner.delete(ownerId);
    for (const id of ids ?? []) games.delete(id);
    // A key may have been rotated or a game created: forget which key named what.
    gameIdByKey.clear();
  });

  const publishedConfig = (gameId: string, version: number, configId: string): Promise<EmbedConfig | null> => {
    const key = versionedConfigKey(gameId, version, configId);
    const cached = releaseConfigs.get(key);
    if (cached) return cached;
    const loading = deps.storage.get(key).then(
      (stored) => {
        if (!stored) return null;
        try {
          return checkEmbedConfig(JSON.parse(new TextDecoder().decode(stored.body)));
        } catch {
          return null;
        }
      },
      (error: unknown) => {
        releaseConfigs.delete(key);
        throw error;
      },
    );
    releaseConfigs.set(key, loading);
    return loading;
  };

  const load = async (where: { id: string } | { sdkKey: string }): Promise<RuntimeGame | null> => {
    const [row] = await deps.db
      .select()
      .from(game)
      .where('id' in where ? eq(game.id, where.id) : eq(game.sdkKey, where.sdkKey));
    if (!row) return null;
    const [live, configRows, itemRows, packRows, segmentRows, testers] = await Promise.all([
      deps.db
        .select({ version: release.version, artifacts: release.artifacts })
        .from(release)
        .where(and(eq(release.gameId, row.id), eq(release.live, true))),
      deps.db
        .select({
          id: dailyReward.id,
          name: dailyReward.name,
          dayStartKind: dailyReward.dayStartKind,
          dayStartMinute: dailyReward.dayStartMinute,
          missedDay: dailyReward.missedDay,
          ...TARGETING_COLUMNS,
        })
        .from(dailyReward)
        .leftJoin(segment, eq(segment.id, dailyReward.segmentId))
        .where(eq(dailyReward.gameId, row.id))
        .orderBy(asc(dailyReward.createdAt), asc(dailyReward.id)),
      deps.db
        .select({
          id: item.id,
          key: item.key,
          name: item.name,
          type: item.type,
          baseAmount: item.baseAmount,
          enabled: item.enabled,
        })
        .from(item)
        .where(eq(item.gameId, row.id)),
      deps.db.select({ id: pack.id, key: pack.key }).from(pack).where(eq(pack.gameId, row.id)),
      deps.db
        .select({ id: segment.id, name: segment.name, expression: segment.expression, updatedAt: segment.updatedAt })
        .from(segment)
        .where(and(eq(segment.gameId, row.id), eq(segment.enabled, true)))
        .orderBy(asc(segment.createdAt), asc(segment.id)),
      loadTesters(deps.db, row.id),
    ]);
    const configs: RuntimeConfig[] = [];
    const release0 = live[0];
    if (release0) {
      const artifacts = new Map(dailyRewardArtifacts(release0.artifacts).map((a) => [a.id, a] as const));
      for (const config of configRows) {
        const artifact = artifacts.get(config.id);
        if (!artifact) continue;
        const published = await publishedConfig(row.id, release0.version, config.id);
        if (!published) {
          deps.logger.warn(
            `runtime: release ${release0.version} of game ${row.id} has no readable config ${config.id}`,
          );
          continue;
        }
        configs.push({
          ...runtimeTargetingOf(config),
          id: config.id,
          name: config.name,
          settings: {
            dayStart:
              config.dayStartKind === 'utc_time'
                ? { kind: 'utc_time', minuteOfDay: config.dayStartMinute }
                : { kind: 'player_midnight' },
            missedDay: config.missedDay,
          },
          published,
          htmlUrl: artifact.versionedHtmlUrl,
          experiment: runtimeExperimentOf(artifact),
        });
      }
    }
    return {
      id: row.id,
      ownerId: row.ownerId,
      sdkKey: row.sdkKey,
      keyTag: sdkKeyTag(row.sdkKey),
      serverSecret: row.serverSecret,
      requireSignedPlayerIds: row.requireSignedPlayerIds,
      enabled: row.enabled,
      configs,
      items: new Map(itemRows.map((i) => [i.id, i])),
      itemsByKey: new Map(itemRows.map((i) => [i.key, i])),
      itemKeys: Object.fromEntries(itemRows.map((i) => [i.id, i.key])),
      packKeys: new Map(packRows.map((p) => [p.id, p.key])),
      customAttributes: row.customAttributes,
      segments: compileSegments(segmentRows, row.customAttributes),
      testers,
    };
  };

  const remember = (loading: Promise<RuntimeGame | null>, startedIn: number) => {
    void loading.then(
      (found) => {
        if (!found || startedIn !== epoch || !deps.liveEvents.hearing()) return;
        games.set(found.id, { game: Promise.resolve(found), ownerId: found.ownerId, until: now() + GAME_TTL_MS });
        let owned = gamesOfOwner.get(found.ownerId);
        if (!owned) gamesOfOwner.set(found.ownerId, (owned = new Set()));
        owned.add(found.id);
        gameIdByKey.set(found.sdkKey, { gameId: found.id, until: now() + GAME_TTL_MS });
      },
      () => undefined,
    );
  };

  const byId = (gameId: string): Promise<RuntimeGame | null> => {
    if (!deps.liveEvents.hearing()) return load({ id: gameId });
    const entry = games.get(gameId);
    if (entry && entry.until > now()) return entry.game;
    const loading = load({ id: gameId });
    remember(loading, epoch);
    return loading;
  };

  const bySdkKey = async (sdkKey: string): Promise<RuntimeGame | null> => {
    if (!deps.liveEvents.hearing()) return load({ sdkKey });
    const known = gameIdByKey.get(sdkKey);
    if (known && known.until > now()) {
      if (known.gameId === null) return null;
      const found = await byId(known.gameId);
      // The key was rotated since: ask again.
      if (found?.sdkKey === sdkKey) return found;
      gameIdByKey.delete(sdkKey);
    }
    const startedIn = epoch;
    const loading = load({ sdkKey });
    remember(loading, startedIn);
    const found = await loading;
    if (!found && startedIn === epoch && deps.liveEvents.hearing()) {
      gameIdByKey.set(sdkKey, { gameId: null, until: now() + UNKNOWN_KEY_TTL_MS });
    }
    return found;
  };

  return { byId, bySdkKey };
}
