import {
  createEventQueue,
  type EventOptions,
  type EventType,
  type FlushResult,
  type TrackOptions,
} from './event-queue.js';
import { newIdempotencyKey } from './idempotency-key.js';
import { LiveOpsError, SDK_ERROR_CODES } from './live-ops-error.js';
import { retryPolicy, type RetryOptions } from './retry-delay.js';
import {
  showDailyRewardsPopup,
  type DailyRewardsOutcome,
  type ShowDailyRewardsOptions,
} from './show-daily-rewards-popup.js';
import { createTransport, type FetchLike, type Send } from './transport.js';
import type {
  ClaimResult,
  DailyRewardList,
  DailyRewardState,
  Inventory,
  Ledger,
  PlayerAttributes,
  Session,
} from './types.js';

export interface ClientOptions {
  /** The runtime's root, e.g. `https://dash.example/v1` (a trailing slash is fine). */
  baseUrl: string;
  /** The game's SDK key, from its profile in the dashboard. It is public: it ships inside the game. */
  sdkKey: string;
  /** The fetch to use; the platform's by default. */
  fetch?: FetchLike;
  /** How failed calls are retried; `false` never retries. */
  retry?: RetryOptions | false;
  /** How long one try may take before it counts as a network failure (default 15 s). */
  timeoutMs?: number;
  /** How tracked events are batched, and who hears of the ones dropped. */
  events?: EventOptions;
}

export interface SignInOptions {
  /** The player's IANA time zone; by default the device's (`Intl`), else the server takes UTC. */
  timeZone?: string;
  /** What the game knows of the player, for segments. */
  attributes?: PlayerAttributes;
  /**
   * For games that require signed player ids: the signature the game's own backend made. A function is called
   * on every sign-in, the automatic ones that renew the token included, so it can fetch a fresh one.
   */
  playerSignature?: string | (() => string | Promise<string>);
}

/** Every call takes a signal to abandon it (a screen that closes): it then fails with `aborted`. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface ClaimOptions extends CallOptions {
  /** The claim's Idempotency-Key; by default a new random one. Reused on every retry of this claim. */
  idempotencyKey?: string;
}

export interface LedgerOptions extends CallOptions {
  /** Entries per page, 1 to 200 (the server's default when absent). */
  limit?: number;
  /** A page's `nextBefore`, for the page of older entries. */
  before?: string;
}

export interface LiveOpsClient {
  /**
   * Signs the player in (creating them on first sight) and keeps their token for every other call. When the
   * token has expired or was revoked, the client signs in again by itself with these same arguments.
   */
  signIn(playerId: string, options?: SignInOptions): Promise<Session>;
  /** The latest session, or null before the first sign-in succeeds. */
  readonly session: Session | null;
  dailyRewards: {
    /** The published daily reward that applies to the player now (none or one), with the player's state of it. */
    list(options?: CallOptions): Promise<DailyRewardState[]>;
    /**
     * The whole answer of `GET /v1/daily-rewards`: the list and, when it is empty, why (`reason`: nothing
     * published, nothing scheduled now with `nextStartsAt`, or not for this player); `noDailyRewardMessage` says it.
     */
    read(options?: CallOptions): Promise<DailyRewardList>;
    /**
     * Claims today's reward. Throws `already_claimed` (with `nextClaimAt`) when today's was claimed already. One
     * Idempotency-Key per call, sent again on each retry, so a retried claim never grants twice.
     */
    claim(configId: string, options?: ClaimOptions): Promise<ClaimResult>;
  };
  inventory: {
    /** The player's wallet: every item's balance. */
    get(options?: CallOptions): Promise<Inventory>;
    /** The wallet's changes, newest first, a page at a time. */
    ledger(options?: LedgerOptions): Promise<Ledger>;
  };
  /**
   * Web games: shows a daily reward's published popup over the page. The popup claims by itself; `onClaim` gets
   * the server's answer. Resolves when the popup is gone (closed by the player, Escape, an error or `signal`);
   * rejects when it cannot be shown at all (not signed in, no such daily reward, no popup published, no DOM).
   */
  showDailyRewards(configId: string, options?: ShowDailyRewardsOptions): Promise<DailyRewardsOutcome>;
  /**
   * Records that the player saw (`shown`) or closed (`closed`) a daily reward's popup, for the Analytics tab: a
   * game that draws its own popup tells it this way (the published popup reports itself). Queued and sent in
   * batches with the player's token (see `events` in the options); returns the event's id. Throws a TypeError,
   * sending nothing, for an event the server would refuse.
   */
  track(type: EventType, options: TrackOptions): string;
  /**
   * Sends every tracked event now, after any flush under way; resolves with what the batches it sent itself were
   * answered. Rejects when a batch could not go: events the server refused are dropped (and `events.onError`
   * hears of them), the others stay queued for the next flush, with the same ids.
   */
  flush(): Promise<FlushResult>;
}

type SignInArgs = { playerId: string; options: SignInOptions; timeZone: string | undefined };

const DEFAULT_TIMEOUT_MS = 15_000;

/** A client of the player runtime (`/v1`) for one game. */
export function createClient(options: ClientOptions): LiveOpsClient {
  const baseUrl = runtimeBaseUrl(options.baseUrl);
  if (typeof options.sdkKey !== 'string' || options.sdkKey.length === 0) {
    throw new TypeError('createClient needs the game’s sdkKey (Game Profile in the dashboard shows it).');
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new TypeError(`timeoutMs must be a positive number of milliseconds (got ${String(options.timeoutMs)}).`);
  }
  const fetchImpl = options.fetch ?? platformFetch();
  const send: Send = createTransport({ baseUrl, fetch: fetchImpl, retry: retryPolicy(options.retry), timeoutMs });

  /** The sign-in in effect (or under way) and its arguments, for renewing the token. */
  let current: { session: Promise<Session>; args: SignInArgs } | null = null;
  let latest: Session | null = null;
  let popupOpen = false;

  const startSignIn = (args: SignInArgs): Promise<Session> => {
    const session = (async () => {
      const signature =
        typeof args.options.playerSignature === 'function'
          ? await args.options.playerSignature()
          : args.options.playerSignature;
      const body = {
        sdkKey: options.sdkKey,
        playerId: args.playerId,
        ...(args.timeZone !== undefined ? { timeZone: args.timeZone } : {}),
        ...(args.options.attributes !== undefined ? { attributes: args.options.attributes } : {}),
        ...(signature !== undefined ? { playerSignature: signature } : {}),
      };
      return send<Session>({ method: 'POST', path: '/sessions', body });
    })();
    current = { session, args };
    session.then(
      (value) => {
        if (current?.session === session) latest = value;
      },
      () => undefined, // the caller of signIn (or of the call that renewed) hears of it
    );
    return session;
  };

  /** The session a call uses: the current one, waiting for a sign-in under way. */
  const sessionForCall = (): Promise<Session> => {
    if (!current) {
      return Promise.reject(
        new LiveOpsError({
          status: 0,
          code: SDK_ERROR_CODES.notSignedIn,
          message: 'Sign the player in first: await client.signIn(playerId).',
        }),
      );
    }
    return current.session;
  };

  /** A new session after `stale` was refused; one sign-in however many calls were refused at once. */
  const renew = async (stale: Session): Promise<Session> => {
    const before = current;
    if (!before) return sessionForCall();
    const now = await before.session.catch(() => null);
    if (current !== before || (now !== null && now !== stale)) return current!.session;
    return startSignIn(before.args);
  };

  /** A call as the signed-in player; a token the server no longer accepts is renewed once. */
  const asPlayer = async <T>(call: Parameters<Send>[0]): Promise<T> => {
    const session = await sessionForCall();
    try {
      return await send<T>({ ...call, token: session.token });
    } catch (error) {
      if (!(error instanceof LiveOpsError && error.status === 401 && error.code === 'invalid_token')) throw error;
      const renewed = await renew(session);
      return send<T>({ ...call, token: renewed.token });
    }
  };

  const events = createEventQueue({
    options: options.events,
    newId: newIdempotencyKey,
    sendBatch: async (batch) => {
      // Events tracked before a sign-in, or while one fails, wait for a player: they are not the server's to refuse.
      await sessionForCall().catch(() => {
        throw new LiveOpsError({
          status: 0,
          code: SDK_ERROR_CODES.notSignedIn,
          message: 'Tracked events wait for a signed-in player: await client.signIn(playerId).',
        });
      });
      const answer = await asPlayer<Partial<FlushResult>>({ method: 'POST', path: '/events', body: { events: batch } });
      return {
        accepted: typeof answer.accepted === 'number' ? answer.accepted : 0,
        duplicates: typeof answer.duplicates === 'number' ? answer.duplicates : 0,
      };
    },
  });

  const read = async (callOptions: CallOptions = {}): Promise<DailyRewardList> => {
    const answer = await asPlayer<Partial<DailyRewardList>>({
      method: 'GET',
      path: '/daily-rewards',
      signal: callOptions.signal,
    });
    // An older server answers the list alone.
    return {
      dailyRewards: answer.dailyRewards ?? [],
      reason: answer.reason ?? null,
      nextStartsAt: answer.nextStartsAt ?? null,
    };
  };
  const dailyRewards: LiveOpsClient['dailyRewards'] = {
    async list(callOptions = {}) {
      return (await read(callOptions)).dailyRewards;
    },
    read,
    claim(configId, claimOptions = {}) {
      const idempotencyKey = claimOptions.idempotencyKey ?? newIdempotencyKey();
      return asPlayer<ClaimResult>({
        method: 'POST',
        path: `/daily-rewards/${encodeURIComponent(configId)}/claim`,
        headers: { 'Idempotency-Key': idempotencyKey },
        signal: claimOptions.signal,
      });
    },
  };

  return {
    signIn(playerId, signInOptions = {}) {
      const timeZone = signInOptions.timeZone ?? deviceTimeZone();
      return startSignIn({ playerId, options: signInOptions, timeZone });
    },
    get session() {
      return latest;
    },
    dailyRewards,
    inventory: {
      get(callOptions = {}) {
        return asPlayer<Inventory>({ method: 'GET', path: '/inventory', signal: callOptions.signal });
      },
      ledger(ledgerOptions = {}) {
        const query = [
          ledgerOptions.limit !== undefined ? `limit=${encodeURIComponent(ledgerOptions.limit)}` : '',
          ledgerOptions.before !== undefined ? `before=${encodeURIComponent(ledgerOptions.before)}` : '',
        ]
          .filter(Boolean)
          .join('&');
        return asPlayer<Ledger>({
          method: 'GET',
          path: `/inventory/ledger${query ? `?${query}` : ''}`,
          signal: ledgerOptions.signal,
        });
      },
    },
    async showDailyRewards(configId, showOptions = {}) {
      if (popupOpen) {
        throw new LiveOpsError({
          status: 0,
          code: SDK_ERROR_CODES.popupOpen,
          message: 'A daily-rewards popup of this client is already open.',
        });
      }
      popupOpen = true;
      try {
        const list = await read({ signal: showOptions.signal });
        return await showDailyRewardsPopup(configId, list, showOptions);
      } finally {
        popupOpen = false;
      }
    },
    track: events.track,
    flush: events.flush,
  };
}

/** The base URL without trailing slashes, so paths can be appended; `URL` is not used (React Native's is partial). */
function runtimeBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string' || !/^https?:\/\/[^/\s]+/i.test(baseUrl) || /[\s?#]/.test(baseUrl)) {
    throw new TypeError(
      `baseUrl must be the runtime's http(s) address, such as "https://dash.example/v1" (got ${JSON.stringify(baseUrl)}).`,
    );
  }
  return baseUrl.replace(/\/+$/, '');
}

function platformFetch(): FetchLike {
  return (url, init) => {
    if (typeof fetch !== 'function') {
      return Promise.reject(new TypeError('This platform has no fetch: pass one to createClient({ fetch }).'));
    }
    // Called through the global, never as a method of another object: browsers refuse that ("Illegal invocation").
    return fetch(url, init);
  };
}

function deviceTimeZone(): string | undefined {
  try {
    const zone = typeof Intl === 'object' ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined;
    return typeof zone === 'string' && zone.length > 0 ? zone : undefined;
  } catch {
    return undefined;
  }
}
