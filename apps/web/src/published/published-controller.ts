import {
  type DailyRewardsParams,
  EMBED_LOADED_MESSAGE,
  EMBED_SOURCE,
  type EmbedConfig,
  PUBLISHED_LOADING_DELAY_MS,
  PUBLISHED_MESSAGE_TYPES,
  type PublishedErrorCode,
  publishedClaim,
  publishedErrorText,
} from '@liveops/domain/published';
import type { HostBridge } from './host-bridge';
import type { ConfigOutcome } from './load-config';

export type PublishedState =
  | { status: 'loading' }
  /** claiming: the player tapped claim and no CB_INIT has answered yet (decision 023). */
  | { status: 'ready'; config: EmbedConfig; params: DailyRewardsParams; claiming?: boolean }
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
}

/**
 * The published page's life (issue 11): its config from the address, else config.json ("Loading…" while that
 * takes longer than loadingDelayMs), else a host's CB_INIT (which replaces whatever is shown, at any time). The host hears `loaded` once the first outcome is on the page,
 * `ready` once a popup's images have loaded, `error` with a code and the message shown, `claim` with today's day
 * and pack (once per config shown, which shows the claim pending from the tap until a new CB_INIT, with the
 * player's new streak, arms it again) and `close`.
 */
export function startPublishedPage({
  config,
  params,
  bridge,
  loadConfig,
  render,
  imagesLoaded,
  loadingDelayMs = PUBLISHED_LOADING_DELAY_MS,
}: PublishedPageOptions) {
  let state: PublishedState = { status: 'loading' };
  let toldLoaded = false;
  // Each outcome shown; a claim's pending state redraws the same one.
  let shown = 0;

  const actions: PublishedActions = {
    claim() {
      if (state.status !== 'ready' || state.claiming) return;
      // The tap shows at once (the button reads "Claiming…", busy and disabled) until the game's CB_INIT.
      state = { ...state, claiming: true };
      render(state, actions);
      bridge.send({
        source: EMBED_SOURCE,
        type: PUBLISHED_MESSAGE_TYPES.claim,
        payload: publishedClaim(state.config, state.params),
      });
    },
    close() {
      const configId = state.status === 'ready' ? (state.config.id ?? null) : null;
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

  const showOutcome = (outcome: ConfigOutcome) =>
    show(
      outcome.ok
        ? { status: 'ready', config: outcome.config, params }
        : { status: 'error', code: outcome.code, message: publishedErrorText(outcome.code, outcome.status) },
    );

  // Asked for before anything is drawn: the request is the page's critical path.
  const loading = config ? null : loadConfig();
  const stop = bridge.listen(({ payload }) =>
    show({ status: 'ready', config: payload.config, params: payload.params }),
  );
  // Nothing is drawn for the first moments of a load: a popup that comes quickly is the first paint.
  if (config) showOutcome(config);
  else loadingTimer = setTimeout(() => show({ status: 'loading' }), loadingDelayMs);
  void loading?.then((outcome) => {
    // A host's CB_INIT that came first wins over config.json.
    if (state.status === 'loading') showOutcome(outcome);
  });
  return { stop, state: () => state };
}
