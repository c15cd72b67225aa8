import {
  type DailyRewardsParams,
  EMBED_LOADED_MESSAGE,
  EMBED_SOURCE,
  type EmbedConfig,
  PUBLISHED_LOADING_DELAY_MS,
  PUBLISHED_MESSAGE_TYPES,
  type PopupSession,
  PUBLISHED_CLAIM_MESSAGES,
  type PublishedErrorCode,
  publishedClaim,
  publishedErrorText,
} from '@liveops/domain/published';
import type { ClaimOutcome } from './claim-with-session';
import type { ClaimedToday } from './remember-claim';
import type { HostBridge } from './host-bridge';
import type { ConfigOutcome } from './load-config';
import { nextRewardText } from './next-reward-text';
import type { PopupEvents } from './report-popup-events';

export type PublishedState =
  | { status: 'loading' }
  | {
      status: 'ready';
      config: EmbedConfig;
      params: DailyRewardsParams;
      /** The player tapped claim and no answer has come yet: a CB_INIT (decision 023), or the runtime's. */
      claiming?: boolean;
      /** Today is claimed, as the runtime says (decision 036): the claim button reads `label`, disabled. */
      claimed?: { nextClaimAt: string | null; label: string };
      /** The runtime granted nothing, for this reason; the claim button is armed again. */
      claimError?: string;
    }
  | { status: 'error'; code: PublishedErrorCode; message: string };

export interface PublishedActions {
  claim: () => void;
  close: () => void;
}

export interface PublishedPageOptions {
  /** The config from the address, or null to load config.json. */
  config: ConfigOutcome | null;
  params: DailyRewardsParams;
  bridge: HostBridge;
  loadConfig: () => Promise<ConfigOutcome>;
  /** Shows the state, synchronously: what it draws is on the page when this returns. */
  render: (state: PublishedState, actions: PublishedActions) => void;
  /** Resolves when the images of what was just rendered have loaded or failed. */
  imagesLoaded: () => Promise<{ images: number; failed: number }>;
  /** How long config.json may take before "Loading…" shows (PUBLISHED_LOADING_DELAY_MS). */
  loadingDelayMs?: number;
  /**
   * The page was opened from the runtime's popupUrl (decision 036): its session, and how to claim through the
   * runtime with an Idempotency-Key. Its config's claim button then claims by itself.
   */
  runtime?: {
    session: PopupSession;
    claim: (idempotencyKey: string) => Promise<ClaimOutcome>;
    newKey: () => string;
    now?: () => number;
    /** Reports the session's popup `shown` (once painted and visible) and `closed` to the runtime (decision 042). */
    events?: PopupEvents;
    /** Keeps today claimed for a reload of the page (rememberClaim), once the runtime says it is. */
    remember?: (claimed: ClaimedToday) => void;
  } | null;
}

/** What the player reads when the runtime granted nothing: no answer, a token refused, a reward gone, or else. */
const claimErrorText = (status: number): string =>
  status === 0
    ? PUBLISHED_CLAIM_MESSAGES.network
    : status === 401 || status === 403
      ? PUBLISHED_CLAIM_MESSAGES.expired
      : status === 404
        ? PUBLISHED_CLAIM_MESSAGES.gone
        : PUBLISHED_CLAIM_MESSAGES.failed;

/**
 * The published page's life (decision 017): its config from the address, else config.json ("Loading…" while that
 * takes longer than loadingDelayMs), else a host's CB_INIT (which replaces whatever is shown, at any time). The host hears `loaded` once the first outcome is on the page,
 * `ready` once a popup's images have loaded, `error` with a code and the message shown, `claim` with today's day
 * and pack (once per config shown, which shows the claim pending from the tap until a new CB_INIT, with the
 * player's new streak, arms it again) and `close`.
 *
 * Opened from the runtime's popupUrl (`runtime`, decision 036), the page shows the session's day and streak, today
 * claimed when the session says so, and its claim button claims through the runtime for the session's config:
 * pending from the tap until the answer (one request at a time, whatever is tapped or shown meanwhile), then today
 * claimed and `claim` with the runtime's answer as `result`; or, when it granted nothing, `claim_failed` and either
 * today claimed (`already_claimed`) or a message and the button armed again. A config of another id (a CB_INIT's)
 * is claimed by its host, as without a session. The session's popup is reported to the runtime (`events`,
 * decision 042): `shown` once it has been painted where the player can see it, `closed` when the player closes it.
 */
export function startPublishedPage({
  config,
  params,
  bridge,
  loadConfig,
  render,
  imagesLoaded,
  loadingDelayMs = PUBLISHED_LOADING_DELAY_MS,
  runtime = null,
}: PublishedPageOptions) {
  let state: PublishedState = { status: 'loading' };
  let toldLoaded = false;
  // Each outcome shown; a claim's pending state redraws the same one.
  let shown = 0;
  const session = runtime && runtime.session;
  const now = (runtime && runtime.now) || Date.now;
  // The runtime's claim under way, and the Idempotency-Key of a claim whose answer never came, which the next tap
  // sends again: that claim may have been granted, and the runtime then answers it as it did.
  let inFlight = false;
  let unansweredKey: string | null = null;

  const claimsItself = (shownConfig: EmbedConfig) => !!session && shownConfig.id === session.configId;
  // The button's label is written when today is found claimed: the popup is shown for moments, and opened again
  // from a new popupUrl.
  const claimedUntil = (nextClaimAt: string | null) => ({ nextClaimAt, label: nextRewardText(nextClaimAt, now()) });

  const claimThroughRuntime = (
    claimer: NonNullable<PublishedPageOptions['runtime']>,
    claiming: Extract<PublishedState, { status: 'ready' }>,
  ) => {
    const key = (unansweredKey ??= claimer.newKey());
    inFlight = true;
    void claimer.claim(key).then((outcome) => {
      inFlight = false;
      if (outcome.ok || !outcome.transient) unansweredKey = null;
      // Drawn on what is shown now, unless a CB_INIT replaced it with another config meanwhile.
      const current =
        state.status === 'ready' && claimsItself(state.config)
          ? (({ claiming: _c, claimed: _d, claimError: _e, ...rest }) => rest)(state)
          : null;
      if (outcome.ok) {
        const { result } = outcome;
        const after = { streak: result.dailyReward.streak, todayIndex: result.day };
        claimer.remember?.({ day: result.day, streak: after.streak, nextClaimAt: result.dailyReward.nextClaimAt });
        if (current) state = { ...current, params: after, claimed: claimedUntil(result.dailyReward.nextClaimAt) };
        render(state, actions);
        bridge.send({
          source: EMBED_SOURCE,
          type: PUBLISHED_MESSAGE_TYPES.claim,
          payload: { ...publishedClaim(claiming.config, after), result },
        });
        return;
      }
      const { ok: _ok, transient: _transient, ...failure } = outcome;
      if (failure.code === 'already_claimed' && session) {
        // Claimed before (elsewhere, or by this address before a reload): today's day and streak are the session's.
        claimer.remember?.({ day: session.day, streak: session.streak, nextClaimAt: failure.nextClaimAt ?? null });
      }
      if (current) {
        state =
          failure.code === 'already_claimed'
            ? { ...current, claimed: claimedUntil(failure.nextClaimAt ?? null) }
            : { ...current, claimError: claimErrorText(failure.status) };
      }
      render(state, actions);
      bridge.send({
        source: EMBED_SOURCE,
        type: PUBLISHED_MESSAGE_TYPES.claimFailed,
        payload: {
          configId: claiming.config.id ?? null,
          day: publishedClaim(claiming.config, claiming.params).day,
          ...failure,
        },
      });
    });
  };

  const actions: PublishedActions = {
    claim() {
      if (state.status !== 'ready' || state.claiming || state.claimed || inFlight) return;
      const { claimError: _error, ...armed } = state;
      // The tap shows at once (the button reads "Claiming…", busy and disabled) until the answer comes.
      state = { ...armed, claiming: true };
      render(state, actions);
      if (runtime && claimsItself(state.config)) {
        claimThroughRuntime(runtime, state);
        return;
      }
      bridge.send({
        source: EMBED_SOURCE,
        type: PUBLISHED_MESSAGE_TYPES.claim,
        payload: publishedClaim(state.config, state.params),
      });
    },
    close() {
      const configId = state.status === 'ready' ? (state.config.id ?? null) : null;
      if (state.status === 'ready' && claimsItself(state.config)) runtime?.events?.closed();
      bridge.send({ source: EMBED_SOURCE, type: PUBLISHED_MESSAGE_TYPES.close, payload: { configId } });
    },
  };

  let loadingTimer: ReturnType<typeof setTimeout> | undefined;
  const show = (next: PublishedState) => {
    clearTimeout(loadingTimer);
    state = next;
    const showing = ++shown;
    render(state, actions);
    if (state.status === 'loading') return;
    if (!toldLoaded) {
      toldLoaded = true;
      bridge.send(EMBED_LOADED_MESSAGE);
    }
    if (state.status === 'error') {
      const { code, message } = state;
      bridge.send({ source: EMBED_SOURCE, type: PUBLISHED_MESSAGE_TYPES.error, payload: { code, message } });
      return;
    }
    if (claimsItself(state.config)) runtime?.events?.shown();
    const configId = state.config.id ?? null;
    void imagesLoaded().then(({ images, failed }) => {
      if (shown !== showing) return;
      bridge.send({
        source: EMBED_SOURCE,
        type: PUBLISHED_MESSAGE_TYPES.ready,
        payload: { configId, images, imagesFailed: failed },
      });
    });
  };

  // The session's day and streak, and today claimed when it says so: what the runtime said when it made the URL.
  const opening = (shownConfig: EmbedConfig): PublishedState =>
    session && claimsItself(shownConfig)
      ? {
          status: 'ready',
          config: shownConfig,
          params: { streak: session.streak, todayIndex: session.day },
          ...(session.claimable ? {} : { claimed: claimedUntil(session.nextClaimAt) }),
        }
      : { status: 'ready', config: shownConfig, params };

  const showOutcome = (outcome: ConfigOutcome) =>
    show(
      outcome.ok
        ? opening(outcome.config)
        : { status: 'error', code: outcome.code, message: publishedErrorText(outcome.code, outcome.status) },
    );

  // Asked for before anything is drawn: the request is the page's critical path.
  const loading = config ? null : loadConfig();
  // A host's CB_INIT replaces what is shown and arms the claim button, but never starts a second runtime claim
  // while one is under way: that one stays pending.
  const stop = bridge.listen(({ payload }) => {
    show({ status: 'ready', config: payload.config, params: payload.params, ...(inFlight ? { claiming: true } : {}) });
  });
  // Nothing is drawn for the first moments of a load: a popup that comes quickly is the first paint.
  if (config) showOutcome(config);
  else loadingTimer = setTimeout(() => show({ status: 'loading' }), loadingDelayMs);
  void loading?.then((outcome) => {
    // A host's CB_INIT that came first wins over config.json.
    if (state.status === 'loading') showOutcome(outcome);
  });
  return { stop, state: () => state };
}
