import { LiveOpsError, SDK_ERROR_CODES } from './live-ops-error.js';
import { noDailyRewardMessage } from './no-daily-reward-message.js';
import type { ClaimResult, DailyRewardList, DailyRewardState } from './types.js';

export interface ShowDailyRewardsOptions {
  /** The popup has drawn (its images loaded) and is shown. */
  onReady?: () => void;
  /** The player claimed in the popup, which claimed through the server: this is the server's answer. Once. */
  onClaim?: (result: ClaimResult) => void;
  /** The popup is gone, for whatever reason (also after `onError`). */
  onClose?: (outcome: DailyRewardsOutcome) => void;
  /**
   * The popup could not be shown, reported an error, or its claim was refused (`already_claimed` with
   * `nextClaimAt`, `rate_limited`, a network failure…: the popup shows it and stays open).
   */
  onError?: (error: LiveOpsError) => void;
  /** Aborting it removes the popup (the outcome's reason is then `aborted`). */
  signal?: AbortSignal;
  /** How long the popup may take to be ready before it is given up with `popup_timeout` (default 20 s). */
  readyTimeoutMs?: number;
}

export interface DailyRewardsOutcome {
  /** `closed`: by the player (its close button, or Escape); `error`: see `error`; `aborted`: by `signal`. */
  reason: 'closed' | 'error' | 'aborted';
  /** The server's answer to the claim made in the popup; null when the player did not claim. */
  claim: ClaimResult | null;
  /** The daily reward's state as last known: after a claim, the state the claim answered. */
  state: DailyRewardState;
  error: LiveOpsError | null;
}

/** The embed protocol's messages from the page (docs/game-integration.md, section 3). */
const EMBED_SOURCE = 'CB_EMBED';
const DEFAULT_READY_TIMEOUT_MS = 20_000;
const OVERLAY_Z_INDEX = '2147483647';

/**
 * Shows `configId`'s popup (its `popupUrl`, from `states`) in a full-viewport frame over the page: hidden until
 * the page says `ready`, a modal dialog while shown (focus kept inside, Escape closes, focus given back after),
 * removed on `close`, `error`, Escape or abort. The page claims by itself (its address carries a token for this
 * one claim); its `claim` message brings the server's answer (`result`), handed to `onClaim`, and `claim_failed`
 * the server's refusal, handed to `onError`: nothing is claimed here.
 */
export function showDailyRewardsPopup(
  configId: string,
  list: readonly DailyRewardState[] | DailyRewardList,
  options: ShowDailyRewardsOptions,
): Promise<DailyRewardsOutcome> {
  const states = 'dailyRewards' in list ? list.dailyRewards : list;
  const why = 'dailyRewards' in list && states.length === 0 ? list : null;
  const doc = typeof document === 'object' ? document : undefined;
  const win = doc?.defaultView;
  if (!doc?.body || !win) {
    return Promise.reject(
      new LiveOpsError({
        status: 0,
        code: SDK_ERROR_CODES.noDocument,
        message: 'showDailyRewards needs a web page: elsewhere, open the daily reward’s popupUrl in a web view.',
      }),
    );
  }
  const initial = states.find((state) => state.configId === configId);
  if (!initial) {
    // No daily reward at all: the server said why (nothing published, nothing scheduled, not this player's).
    return Promise.reject(
      new LiveOpsError({
        status: 0,
        code: SDK_ERROR_CODES.configNotFound,
        message:
          why?.reason != null
            ? noDailyRewardMessage(why)
            : `This game has no published daily reward "${configId}" (publish it in the dashboard).`,
        ...(why?.reason != null ? { reason: why.reason, nextStartsAt: why.nextStartsAt } : {}),
      }),
    );
  }
  if (!initial.popupUrl) {
    return Promise.reject(
      new LiveOpsError({
        status: 0,
        code: SDK_ERROR_CODES.popupUnavailable,
        message: `The daily reward "${initial.name}" has no published popup to show.`,
      }),
    );
  }
  const popupUrl = initial.popupUrl;
  const popupOrigin = new URL(popupUrl, doc.baseURI).origin;
  const signal = options.signal;

  return new Promise((resolve) => {
    let state = initial;
    let claim: ClaimResult | null = null;
    let claimReported = false;
    let visible = false;
    let finished = false;
    let focusBefore: Element | null = null;

    const overlay = doc.createElement('div');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', initial.name);
    overlay.setAttribute('aria-hidden', 'true');
    overlay.setAttribute('data-liveops-daily-rewards', initial.configId);
    overlay.tabIndex = -1;
    Object.assign(overlay.style, {
      position: 'fixed',
      inset: '0',
      zIndex: OVERLAY_Z_INDEX,
      background: 'rgba(0, 0, 0, 0.6)',
      // Loaded unseen: shown once the page has drawn, so the player never sees it build.
      visibility: 'hidden',
      outline: 'none',
    });
    const frame = doc.createElement('iframe');
    frame.title = initial.name;
    frame.src = popupUrl;
    Object.assign(frame.style, {
      display: 'block',
      width: '100%',
      height: '100%',
      border: '0',
      background: 'transparent',
      // A frame whose colour scheme differs from its page's is painted opaque (Chromium): "normal" is what a
      // page without one has, so a transparent popup stays transparent over a dark-mode game.
      colorScheme: 'normal',
    });
    overlay.appendChild(frame);

    const show = () => {
      if (visible) return;
      visible = true;
      focusBefore = doc.activeElement;
      overlay.style.visibility = 'visible';
      overlay.removeAttribute('aria-hidden');
      // The dialog itself takes focus, so that Escape reaches this page; Tab moves into the popup (a frame of
      // another origin, whose keys this page never hears).
      overlay.focus();
    };

    const finish = (reason: DailyRewardsOutcome['reason'], error: LiveOpsError | null = null) => {
      if (finished) return;
      finished = true;
      clearTimeout(readyTimer);
      win.removeEventListener('message', onMessage);
      doc.removeEventListener('keydown', onKeyDown, true);
      doc.removeEventListener('focusin', onFocusIn, true);
      signal?.removeEventListener('abort', onAbort);
      overlay.remove();
      if (focusBefore instanceof win.HTMLElement && focusBefore.isConnected) focusBefore.focus();
      const outcome: DailyRewardsOutcome = { reason, claim, state, error };
      notify(options.onClose, outcome);
      resolve(outcome);
    };

    const fail = (error: LiveOpsError) => {
      notify(options.onError, error);
      finish('error', error);
    };

    function onMessage(event: MessageEvent) {
      if (event.source !== frame.contentWindow || event.origin !== popupOrigin) return;
      const data: unknown = event.data;
      if (!isRecord(data) || data.source !== EMBED_SOURCE) return;
      switch (data.type) {
        case 'ready':
          clearTimeout(readyTimer);
          if (!visible) {
            show();
            notify(options.onReady, undefined);
          }
          break;
        case 'claim': {
          if (claimReported) break;
          claimReported = true;
          const result = claimResultOf(data.payload);
          if (result) {
            claim = result;
            state = result.dailyReward;
            notify(options.onClaim, result);
          } else {
            notify(
              options.onError,
              new LiveOpsError({
                status: 0,
                code: SDK_ERROR_CODES.claimNotConfirmed,
                message: 'The popup reported a claim without the server’s answer: nothing is known to be granted.',
              }),
            );
          }
          break;
        }
        case 'claim_failed':
          // The popup shows it (today claimed, or a message and the button armed again) and stays open.
          notify(options.onError, claimFailure(data.payload));
          break;
        case 'close':
          finish('closed');
          break;
        case 'error':
          fail(popupError(data.payload));
          break;
      }
    }

    function onKeyDown(event: KeyboardEvent) {
      if (!visible || event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      finish('closed');
    }

    function onFocusIn(event: FocusEvent) {
      if (visible && event.target instanceof Node && !overlay.contains(event.target)) overlay.focus();
    }

    function onAbort() {
      finish('aborted');
    }

    const readyTimer = setTimeout(() => {
      fail(
        new LiveOpsError({
          status: 0,
          code: SDK_ERROR_CODES.popupTimeout,
          message: `The daily-rewards popup was not ready within ${options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS} ms.`,
        }),
      );
    }, options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS);

    if (signal?.aborted) {
      finish('aborted');
      return;
    }
    win.addEventListener('message', onMessage);
    doc.addEventListener('keydown', onKeyDown, true);
    doc.addEventListener('focusin', onFocusIn, true);
    signal?.addEventListener('abort', onAbort);
    doc.body.appendChild(overlay);
  });
}

/** The server's claim answer in a `claim` message: its payload's `result` (`{ configId, day, packId, pack, result }`). */
function claimResultOf(payload: unknown): ClaimResult | null {
  const result = isRecord(payload) ? payload.result : undefined;
  if (
    isRecord(result) &&
    typeof result.day === 'number' &&
    typeof result.packId === 'string' &&
    Array.isArray(result.granted) &&
    Array.isArray(result.balances) &&
    isRecord(result.dailyReward)
  ) {
    return result as ClaimResult;
  }
  return null;
}

/** A `claim_failed` message: the server's refusal of the page's claim (`{ configId, day, code, message, status, nextClaimAt? }`). */
function claimFailure(payload: unknown): LiveOpsError {
  const fields = isRecord(payload) ? payload : {};
  return new LiveOpsError({
    status: typeof fields.status === 'number' ? fields.status : 0,
    code: typeof fields.code === 'string' && fields.code ? fields.code : 'claim_failed',
    message:
      typeof fields.message === 'string' && fields.message ? fields.message : 'The daily reward could not be claimed.',
    ...(typeof fields.nextClaimAt === 'string' ? { nextClaimAt: fields.nextClaimAt } : {}),
  });
}

function popupError(payload: unknown): LiveOpsError {
  const fields = isRecord(payload) ? payload : {};
  return new LiveOpsError({
    status: 0,
    code: typeof fields.code === 'string' && fields.code ? fields.code : 'popup_error',
    message: typeof fields.message === 'string' && fields.message ? fields.message : 'The daily-rewards popup failed.',
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Calls a game's callback; one that throws is reported as uncaught, never breaking the popup's own flow. */
function notify<A>(callback: ((arg: A) => void) | undefined, arg: A): void {
  if (!callback) return;
  try {
    callback(arg);
  } catch (error) {
    setTimeout(() => {
      throw error;
    }, 0);
  }
}
