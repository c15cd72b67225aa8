import { encodePopupSession } from '@liveops/domain/popup';
import { POPUP_TOKEN_TTL_SECONDS, type DailyRewardState } from '@liveops/domain/runtime-api';
import { type DailyRewardStatus } from '@liveops/domain/daily-rewards';
import { BoundedCache } from '../cache/bounded-cache';
import { iso } from '../db/rows';
import { itemNaming, type RuntimeConfig, type RuntimeGame } from './runtime-games';
import { targetingState } from './targeting';
import type { PlayerTokenClaims, TokenSigner } from './tokens';

/** The pack a config gives on a cycle day, as the runtime answers it (with keys and names), or null. */
export function packOf(found: RuntimeGame, config: RuntimeConfig, day: number): DailyRewardState['pack'] {
  const packId = config.published.rewards.find((reward) => reward.day === day)?.packId;
  const pack = packId ? config.published.packs.find((p) => p.id === packId) : undefined;
  if (!pack) return null;
  return {
    id: pack.id,
    key: found.packKeys.get(pack.id) ?? null,
    name: pack.name,
    contents: (pack.contents ?? []).map((entry) => ({
      itemId: entry.itemId,
      ...itemNaming(found, entry.itemId),
      quantity: entry.quantity,
    })),
    iconId: pack.iconId,
    assetUrl: pack.assetUrl,
  };
}

/** A config's state for the player as a list or a claim answers it, its instants on the server's clock. */
export function stateOf(
  found: RuntimeGame,
  config: RuntimeConfig,
  status: DailyRewardStatus,
  popup: string | null,
  variantId: string | null,
): DailyRewardState {
  return {
    configId: config.id,
    name: config.name,
    day: status.day,
    streak: status.streak,
    claimable: status.claimable,
    nextClaimAt: status.nextClaimAt === null ? null : iso(status.nextClaimAt),
    resetsAt: iso(status.resetsAt),
    dayStart: config.settings.dayStart,
    missedDay: config.settings.missedDay,
    pack: packOf(found, config, status.day),
    targeting: targetingState(config),
    popupUrl: popup,
    variantId,
  };
}

/** The popup's address for a player: the config's (or variant's) page with today's state and a popup token. */
export type PopupUrls = (
  config: RuntimeConfig,
  claims: PlayerTokenClaims,
  state: DailyRewardStatus,
  variantId: string | null,
) => string;

export function createPopupUrls(deps: { tokens: TokenSigner; now: () => number; apiBase: string }): PopupUrls {
  /** A page's address as its URL writes it, for pages without a query or fragment of their own; else null. */
  const plainPages = new BoundedCache<string, string | null>({ capacity: 10_000 });
  /** The page with today's index and streak in its query (a list makes one per config: parsed once a page). */
  const pageAddress = (page: string, day: number, streak: number): string => {
    let plain = plainPages.get(page);
    if (plain === undefined) {
      const url = new URL(page);
      // An empty '?' or '#' has no search or hash, but stays in the address: such pages take the long way too.
      plain = /[?#]/.test(url.href) ? null : url.href;
      plainPages.set(page, plain);
    }
    if (plain !== null) return `${plain}?todayIndex=${day}&streak=${streak}`;
    const url = new URL(page);
    url.searchParams.set('todayIndex', String(day));
    url.searchParams.set('streak', String(streak));
    return url.toString();
  };

  return (config, claims, state, variantId) => {
    const token = deps.tokens.sign({
      t: 'popup',
      g: claims.g,
      p: claims.p,
      k: claims.k,
      c: config.id,
      e: Math.floor(deps.now() / 1000) + POPUP_TOKEN_TTL_SECONDS,
      ...(claims.z ? { z: claims.z } : {}),
      ...(claims.i ? { i: claims.i } : {}),
    });
    const session = encodePopupSession({
      v: 1,
      api: deps.apiBase,
      token,
      configId: config.id,
      day: state.day,
      streak: state.streak,
      claimable: state.claimable,
      nextClaimAt: state.nextClaimAt === null ? null : iso(state.nextClaimAt),
    });
    // A variant's own page in the release; the control's (and a variant a rolled-back release lacks) is the config's.
    const page = config.experiment?.variants.find((variant) => variant.id === variantId)?.htmlUrl ?? config.htmlUrl;
    return `${pageAddress(page, state.day, state.streak)}#${session}`;
  };
}
