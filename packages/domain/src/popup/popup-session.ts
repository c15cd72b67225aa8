/**
 * What the runtime puts in a popup's address (decision 034): `popupUrl` is the live release's page with
 * `#liveops=<base64url JSON>` after it. The fragment never reaches a server, a log or a Referer. With it, the page's
 * Claim button claims through `api` with `token` (a popup token that may claim only `configId` for this player)
 * and shows the answer; without it the page behaves as before. Zod-free: the published page ships without zod.
 */
export const POPUP_SESSION_PARAM = 'liveops';
export const POPUP_SESSION_VERSION = 1;

export interface PopupSession {
  v: typeof POPUP_SESSION_VERSION;
  /** The runtime's base URL, e.g. https://dash.example/v1. */
  api: string;
  token: string;
  configId: string;
  /** Today's day (1–7), and whether it can still be claimed. */
  day: number;
  streak: number;
  claimable: boolean;
  /** ISO 8601, or null while a claim is possible. */
  nextClaimAt: string | null;
}

/** Node's Buffer, where there is one (the server makes a popup address at every list, per config). */
type TextBuffer = { from: (text: string, encoding: 'utf8') => { toString: (encoding: 'base64url') => string } };
const nodeBuffer = (globalThis as { Buffer?: TextBuffer }).Buffer;
const encoder = new TextEncoder();

const toBase64Url = (text: string): string => {
  if (nodeBuffer) return nodeBuffer.from(text, 'utf8').toString('base64url');
  const bytes = encoder.encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/[+/=]/g, (c) => (c === '+' ? '-' : c === '/' ? '_' : ''));
};

const fromBase64Url = (text: string): string => {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
};

export function encodePopupSession(session: PopupSession): string {
  return `${POPUP_SESSION_PARAM}=${toBase64Url(JSON.stringify(session))}`;
}

/** The session in a page address's fragment (`location.hash`), checked; null when absent or malformed. */
export function decodePopupSession(hash: string): PopupSession | null {
  try {
    const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
    const encoded = params.get(POPUP_SESSION_PARAM);
    if (!encoded || encoded.length > 8192 || !/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
    const parsed: unknown = JSON.parse(fromBase64Url(encoded));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { v, api, token, configId, day, streak, claimable, nextClaimAt } = parsed as Record<string, unknown>;
    if (v !== POPUP_SESSION_VERSION) return null;
    if (typeof api !== 'string' || !/^https?:\/\/[^\s]+$/.test(api) || api.length > 2048) return null;
    if (typeof token !== 'string' || token.length > 1024 || typeof configId !== 'string' || configId.length > 128) {
      return null;
    }
    if (typeof day !== 'number' || !Number.isInteger(day) || day < 1 || day > 7) return null;
    if (typeof streak !== 'number' || !Number.isInteger(streak) || streak < 0) return null;
    if (typeof claimable !== 'boolean') return null;
    if (nextClaimAt !== null && (typeof nextClaimAt !== 'string' || Number.isNaN(Date.parse(nextClaimAt)))) return null;
    return { v, api: api.replace(/\/+$/, ''), token, configId, day, streak, claimable, nextClaimAt };
  } catch {
    return null;
  }
}
