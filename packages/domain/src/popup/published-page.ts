import { DAILY_REWARD_CYCLE_DAYS } from '../daily-rewards/daily-reward-limits';
import { todayOfCycle, type DailyRewardsParams } from '../daily-rewards/day-state';
import type { EmbedConfig, EmbedPack } from './embed-config-check';
import { EMBED_LOADED_MESSAGE, EMBED_SOURCE } from './embed-protocol';
import type { ClaimResponse } from '../runtime-api/runtime-api';

/**
 * The published daily-rewards page (decision 017): one self-contained HTML file a game's web view
 * opens, beside its config.json, from the product, storage or a CDN. It speaks the embed protocol and adds the
 * messages a game acts on.
 */
export const PUBLISHED_PAGE_PATH = '/packs/daily_rewards/daily_rewards.html';
/** Read relative to the page: the config.json published beside it. */
export const PUBLISHED_CONFIG_FILE = 'config.json';
/** The page's HTML, scripts and styles together, gzip: the budget. */
export const PUBLISHED_PAGE_MAX_GZIP_BYTES = 30 * 1024;

/**
 * How a game talks to the page besides window messages: the global function it may call to init, and the name
 * it gives its native bridge (an iOS WKScriptMessageHandler, an Android JavaScript interface) unless the page's
 * address names another with ?bridge=. ?scheme= sends each message as a navigation to <scheme>://event?payload=…
 * (UniWebView).
 */
export const PUBLISHED_INIT_FUNCTION = 'cbInit';
export const PUBLISHED_BRIDGE_NAME = 'cbEmbed';
/** A bridge or scheme name from the address: a JavaScript identifier, a URL scheme. */
export const PUBLISHED_BRIDGE_PATTERN = /^[A-Za-z_$][\w$]{0,63}$/;
export const PUBLISHED_SCHEME_PATTERN = /^[a-z][a-z0-9+.-]{0,31}$/;
/** Schemes that already mean something to a browser: never used to send a message. */
export const PUBLISHED_RESERVED_SCHEMES: readonly string[] = [
  'http',
  'https',
  'file',
  'data',
  'blob',
  'javascript',
  'about',
  'ws',
  'wss',
];
/** `ready` waits at most this long for the popup's images; images still loading then count as failed. */
export const PUBLISHED_READY_TIMEOUT_MS = 10_000;
/** "Loading…" shows only while config.json takes longer than this: a quick answer paints the popup first. */
export const PUBLISHED_LOADING_DELAY_MS = 200;
/** config.json not read by then is an error the game hears of, rather than "Loading…" for ever. */
export const PUBLISHED_CONFIG_TIMEOUT_MS = 15_000;

export const PUBLISHED_MESSAGE_TYPES = {
  loaded: EMBED_LOADED_MESSAGE.type,
  ready: 'ready',
  claim: 'claim',
  close: 'close',
  error: 'error',
  /** A claim the page made itself through the runtime (decision 036) that granted nothing. */
  claimFailed: 'claim_failed',
} as const;

export const PUBLISHED_ERROR_CODES = {
  /** config.json answered 404. */
  notFound: 'config_not_found',
  /** config.json could not be read: another status, a network error, a web view that cannot read files. */
  unreadable: 'config_unreadable',
  /** config.json or ?config= is not JSON. */
  notJson: 'config_not_json',
  /** It is JSON but not a daily reward config. */
  invalid: 'config_invalid',
} as const;
export type PublishedErrorCode = (typeof PUBLISHED_ERROR_CODES)[keyof typeof PUBLISHED_ERROR_CODES];

export const PUBLISHED_MESSAGES = {
  title: 'This daily reward could not be shown.',
  [PUBLISHED_ERROR_CODES.notFound]: 'Its config.json was not found (404).',
  [PUBLISHED_ERROR_CODES.unreadable]: 'Its config.json could not be read.',
  [PUBLISHED_ERROR_CODES.notJson]: 'Its config is not valid JSON.',
  [PUBLISHED_ERROR_CODES.invalid]: 'Its config is not a daily reward configuration.',
  unreadableStatus: (status: number) => `Its config.json could not be read (HTTP ${status}).`,
  close: 'Close',
} as const;

/** The details of an error: its message, with the status when config.json answered one other than 404. */
export function publishedErrorText(code: PublishedErrorCode, status?: number): string {
  return code === PUBLISHED_ERROR_CODES.unreadable && status
    ? PUBLISHED_MESSAGES.unreadableStatus(status)
    : PUBLISHED_MESSAGES[code];
}

/**
 * What the player claims: today's day (decision 012), the pack it gives and that pack as the config has it. A page
 * opened from the runtime's popupUrl claims by itself (decision 036) and adds `result`, the runtime's answer (what
 * was granted, every balance after it, the daily reward's new state): the game then grants nothing itself.
 */
export type PublishedClaim = {
  configId: string | null;
  day: number;
  packId: string | null;
  pack: EmbedPack | null;
  result?: ClaimResponse;
};

/**
 * A claim the page made itself that granted nothing (decision 036): the runtime's error code (`already_claimed`,
 * `invalid_token`, `rate_limited`, …) or the page's own (`network_error`, `invalid_response`), its message, the
 * HTTP status (0 when there was none), and with `already_claimed` when the next claim becomes possible.
 */
export type PublishedClaimFailure = {
  configId: string | null;
  day: number;
  code: string;
  message: string;
  status: number;
  nextClaimAt?: string;
};

/** The error codes the page itself gives a claim that had no usable answer. */
export const PUBLISHED_CLAIM_ERROR_CODES = {
  network: 'network_error',
  invalidResponse: 'invalid_response',
} as const;

/** A no-break space: a wait reads as one value ("23 h 59 min"), which a narrow button never wraps inside. */
const NBSP = '\u00a0';

/**
 * How long until an instant, as the popup and the dashboard both say it (decision 052): "42 min" below an hour, else
 * hours and minutes ("23 h 59 min", "5 h" on the hour), minutes rounded up and at least 1, its parts joined by
 * no-break spaces. Plain arithmetic: the published page must not load Intl (decision 017).
 */
export function waitText(instant: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((instant - now) / 60_000));
  if (minutes < 60) return `${minutes}${NBSP}min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours}${NBSP}h${NBSP}${rest}${NBSP}min` : `${hours}${NBSP}h`;
}

/** What a popup that claims by itself tells the player (decision 036). */
export const PUBLISHED_CLAIM_MESSAGES = {
  /** The claim button once today is claimed: when the next reward comes (waitText: "5 h", "42 min"). */
  nextRewardIn: (wait: string) => `Next reward in ${wait}`,
  /** The claim button once today is claimed, when the server did not say when the next one comes. */
  claimed: 'Reward claimed',
  network: 'Could not reach the server. Try again.',
  expired: 'This popup has expired. Close it and open it again.',
  gone: 'This daily reward is no longer available.',
  failed: 'Your reward could not be claimed. Try again.',
} as const;

export type PublishedPageMessage =
  | { source: typeof EMBED_SOURCE; type: typeof PUBLISHED_MESSAGE_TYPES.loaded }
  | {
      source: typeof EMBED_SOURCE;
      type: typeof PUBLISHED_MESSAGE_TYPES.ready;
      payload: { configId: string | null; images: number; imagesFailed: number };
    }
  | { source: typeof EMBED_SOURCE; type: typeof PUBLISHED_MESSAGE_TYPES.claim; payload: PublishedClaim }
  | { source: typeof EMBED_SOURCE; type: typeof PUBLISHED_MESSAGE_TYPES.close; payload: { configId: string | null } }
  | { source: typeof EMBED_SOURCE; type: typeof PUBLISHED_MESSAGE_TYPES.claimFailed; payload: PublishedClaimFailure }
  | {
      source: typeof EMBED_SOURCE;
      type: typeof PUBLISHED_MESSAGE_TYPES.error;
      payload: { code: PublishedErrorCode; message: string };
    };

/** The claim message for a config shown with these params: today's day and its pack (null when it has none). */
export function publishedClaim(config: EmbedConfig, params: DailyRewardsParams): PublishedClaim {
  const day = todayOfCycle(params, config.cycleDays);
  const packId = config.rewards.find((entry) => entry.day === day)?.packId ?? null;
  return {
    configId: config.id ?? null,
    day,
    packId,
    pack: packId === null ? null : (config.packs.find((pack) => pack.id === packId) ?? null),
  };
}

/**
 * A published page as publishing writes it (decision 021) carries its config inline, in a
 * `<script type="application/json" id="cb-config">`, and its popup already drawn in #root for these params, with
 * #root's data-cycle-days giving the config's cycle: the popup paints as the HTML arrives, and the script, which
 * needs no config.json, takes it over after that first paint.
 */
export const PUBLISHED_INLINE_CONFIG_ID = 'cb-config';
export const PUBLISHED_PRERENDER_PARAMS: DailyRewardsParams = { streak: 0 };
export const PUBLISHED_PRERENDER_CYCLE_ATTRIBUTE = 'data-cycle-days';
/** The data block that holds the page's script until the page's first script runs it (decision 021). */
export const PUBLISHED_MAIN_SCRIPT_ID = 'cb-main';
/**
 * How long a published page's first script waits for a first frame before it runs the page's script anyway (a
 * web view that draws no frames). Long enough for a slow phone to lay the page out and paint it first.
 */
export const PUBLISHED_FIRST_PAINT_FALLBACK_MS = 500;

/** What marks the product's own copy of the page when it shows the template (decision 029). */
export const PUBLISHED_TEMPLATE_BANNER = 'Template preview — publish to see your popup';

/**
 * The sample popup the product's own copy of the page (PUBLISHED_PAGE_PATH, which has no config.json beside it)
 * shows under PUBLISHED_TEMPLATE_BANNER, instead of "not found": a week of emoji packs, the default layout.
 */
export function publishedTemplateConfig(): EmbedConfig {
  const packs = [
    { id: 'template-coins', name: 'Coins', value: 1, amount: 100, assetUrl: null, iconId: 'coin' },
    { id: 'template-gems', name: 'Gems', value: 2, amount: 5, assetUrl: null, iconId: 'gem' },
    { id: 'template-chest', name: 'Mystery Chest', value: 5, amount: 1, assetUrl: null, iconId: 'gift' },
  ] satisfies EmbedConfig['packs'];
  const week = ['template-coins', 'template-coins', 'template-gems', 'template-coins', 'template-gems'];
  return {
    name: 'Template preview',
    cycleDays: DAILY_REWARD_CYCLE_DAYS,
    rewards: [...week, 'template-gems', 'template-chest'].map((packId, index) => ({ day: index + 1, packId })),
    packs,
    assets: [],
  };
}
