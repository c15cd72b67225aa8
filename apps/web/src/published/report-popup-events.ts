import type { PopupSession } from '@liveops/domain/published';
import { type ClaimTransport, postToRuntime, randomKey } from './claim-with-session';

export interface PopupEvents {
  /** Reports `shown` once, after the popup has been painted while the page is visible. */
  shown(): void;
  /** Reports `closed` once, at once. */
  closed(): void;
}

export interface PopupEventsOptions {
  session: PopupSession;
  transport: ClaimTransport;
  /** The page's window: its frames and its visibility decide when the popup was seen. */
  view?: Window;
  /** randomKey by default: 128 random bits, as unique for the player as a UUID. */
  newId?: () => string;
  now?: () => number;
}

/** The wait before the one retry of a report, unless Retry-After asks for another (at most 8 s). */
export const POPUP_EVENT_RETRY_DELAY_MS = 1000;

/**
 * Runs `task` once the page is visible and has drawn a frame since: a web view kept hidden (or a tab in the
 * background) draws no frames, so a popup counts as seen only when the player could see it.
 */
export function whenPaintedAndVisible(task: () => void, view: Window): void {
  const { document } = view;
  const visible = () => document.visibilityState === 'visible';
  const onChange = () => {
    if (!visible()) return;
    document.removeEventListener('visibilitychange', onChange);
    view.requestAnimationFrame(() =>
      view.setTimeout(() => (visible() ? task() : document.addEventListener('visibilitychange', onChange)), 0),
    );
  };
  document.addEventListener('visibilitychange', onChange);
  onChange();
}

/**
 * Reports the popup's `shown` and `closed` to the runtime's `POST {api}/events` with the session's token
 * (decision 042), each event once per page. Best effort: a report never throws nor holds the popup back; a
 * network failure, 429 or 5xx is tried once more with the same body (the same event id, so the runtime drops a
 * replay), any other answer is final. `closed` goes by `fetch` with `keepalive`, so that it outlives a page the
 * game tears down at once, and not by sendBeacon: the runtime takes its token only in the Authorization header,
 * which a beacon cannot carry (nor a JSON Content-Type across origins without a preflight).
 */
export function reportPopupEvents({
  session,
  transport,
  view = window,
  newId = randomKey,
  now = Date.now,
}: PopupEventsOptions): PopupEvents {
  const asked = new Set<string>();
  const report = (type: 'shown' | 'closed') =>
    void postToRuntime(session, '/events', transport, {
      headers: { 'Content-Type': 'application/json' },
      // Written once: a retry sends these very bytes, so an id never carries other contents.
      body: JSON.stringify({ events: [{ id: newId(), type, configId: session.configId, clientTime: now() }] }),
      keepalive: type === 'closed',
      delays: [POPUP_EVENT_RETRY_DELAY_MS],
      retried: (status) => status === 429 || status >= 500,
    });
  const once = (type: 'shown' | 'closed', start: () => void) => () => {
    if (asked.has(type)) return;
    asked.add(type);
    start();
  };
  return {
    shown: once('shown', () => whenPaintedAndVisible(() => report('shown'), view)),
    closed: once('closed', () => report('closed')),
  };
}
