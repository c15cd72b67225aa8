import type { PopupSession } from '@liveops/domain/published';
import type { ClaimTransport } from './claim-with-session';

/** What the popup reports of itself (decision 042): the runtime records claims and sessions on its own. */
export type PopupEventType = 'shown' | 'closed';

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
  /** randomEventId by default. */
  newId?: () => string;
  now?: () => number;
}

/**
 * A version 4 UUID from getRandomValues (crypto.randomUUID exists only in secure contexts, and a game's web view
 * may show the page over plain http): an event's id, unique for the player.
 */
export function randomEventId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The wait before the one retry of a report, unless Retry-After asks for another (at most 8 s). */
export const POPUP_EVENT_RETRY_DELAY_MS = 1000;
const RETRY_AFTER_MAX_MS = 8000;

/**
 * Runs `task` once the page is visible and has drawn a frame since: a web view kept hidden (or a tab in the
 * background) draws no frames, so a popup counts as seen only when the player could see it.
 */
export function whenPaintedAndVisible(task: () => void, view: Window): void {
  const { document } = view;
  const afterFrame = () =>
    view.requestAnimationFrame(() =>
      view.setTimeout(() => {
        if (document.visibilityState === 'visible') task();
        else waitForVisible();
      }, 0),
    );
  const waitForVisible = () => {
    const onChange = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', onChange);
      afterFrame();
    };
    document.addEventListener('visibilitychange', onChange);
  };
  if (document.visibilityState === 'visible') afterFrame();
  else waitForVisible();
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
  newId = randomEventId,
  now = Date.now,
}: PopupEventsOptions): PopupEvents {
  const reported = new Set<PopupEventType>();
  let awaitingShown = false;
  const url = `${session.api}/events`;

  const post = async (body: string, outlivePage: boolean): Promise<void> => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), transport.timeoutMs);
      let response: Response | null = null;
      try {
        response = await transport.fetch(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
          body,
          credentials: 'omit',
          cache: 'no-store',
          // Some Chromium builds refuse keepalive on a request that needs a CORS preflight: the retry goes without.
          keepalive: outlivePage && attempt === 0,
          signal: controller.signal,
        });
      } catch {
        response = null;
      } finally {
        clearTimeout(timer);
      }
      const status = response ? response.status : 0;
      if (attempt > 0 || !(status === 0 || status === 429 || status >= 500)) return;
      const seconds = Number((response && response.headers.get('retry-after')) || Number.NaN);
      await transport.sleep(seconds >= 0 ? Math.min(seconds * 1000, RETRY_AFTER_MAX_MS) : POPUP_EVENT_RETRY_DELAY_MS);
    }
  };

  const report = (type: PopupEventType) => {
    if (reported.has(type)) return;
    reported.add(type);
    // Written once: a retry sends these very bytes, so an id never carries other contents.
    const body = JSON.stringify({ events: [{ id: newId(), type, configId: session.configId, clientTime: now() }] });
    post(body, type === 'closed').catch(() => undefined);
  };

  return {
    shown() {
      if (awaitingShown) return;
      awaitingShown = true;
      whenPaintedAndVisible(() => report('shown'), view);
    },
    closed() {
      report('closed');
    },
  };
}
