import {
  checkEmbedInitMessage,
  type EmbedInitMessage,
  PUBLISHED_INIT_FUNCTION,
  type PublishedPageMessage,
} from '@liveops/domain/published';
import { takeEarlyInits } from './early-init';

/**
 * The hosts a published page can find itself in, each spoken to through its own object (decision 017):
 * - `scheme`: a plugin that watches navigations (UniWebView), chosen by ?scheme=: each message is a navigation
 *   to `<scheme>://event?payload=<JSON, percent-encoded>`, a valid URL as iOS 15.4+ requires;
 * - `vuplex`: Vuplex 3D WebView's `window.vuplex.postMessage`;
 * - `react-native`: React Native WebView's `window.ReactNativeWebView.postMessage`;
 * - `webkit`: an iOS WKWebView's script message handler, `window.webkit.messageHandlers.<bridge>.postMessage`;
 * - `android`: an Android WebView's JavaScript interface, `window.<bridge>.postMessage(String)`;
 * - `parent`: the window that frames the page (the embed protocol: plain objects by postMessage);
 * - `none`: a plain browser tab. Messages wait there (a few) in case Vuplex turns up late ('vuplexready').
 * Native hosts get each message as a JSON string; a parent window gets the object.
 */
export type HostKind = 'scheme' | 'vuplex' | 'react-native' | 'webkit' | 'android' | 'parent' | 'none';

type PostMessage = { postMessage: (message: string) => void };
type BridgeWindow = Window & {
  vuplex?: PostMessage & {
    addEventListener?: (type: 'message', listener: (event: { data: unknown }) => void) => void;
    removeEventListener?: (type: 'message', listener: (event: { data: unknown }) => void) => void;
  };
  ReactNativeWebView?: PostMessage;
  webkit?: { messageHandlers?: Record<string, PostMessage | undefined> };
} & Record<string, unknown>;

export interface HostBridgeOptions {
  /** The iOS message handler's and Android interface's name. */
  bridge: string;
  /** The URL scheme to navigate to with each message, or null for none. */
  scheme: string | null;
}

export interface HostBridge {
  /** Where the next message goes. */
  host(): HostKind;
  send(message: PublishedPageMessage): void;
  /**
   * Calls onInit with each valid CB_INIT, however the host sends it: posted by the parent window (or the opener),
   * posted by Vuplex or React Native, or passed to the global `cbInit` (an object or its JSON). Returns a stop.
   */
  listen(onInit: (message: EmbedInitMessage) => void): () => void;
}

const PENDING_MAX = 16;
const canPost = (value: unknown): value is PostMessage =>
  typeof value === 'object' && value !== null && typeof (value as PostMessage).postMessage === 'function';

/** A host's message, an object or its JSON, as CB_INIT; null for anything else. */
function readInit(data: unknown): EmbedInitMessage | null {
  if (typeof data !== 'string') return checkEmbedInitMessage(data);
  try {
    return checkEmbedInitMessage(JSON.parse(data));
  } catch {
    return null;
  }
}

export function createHostBridge(view: Window, { bridge, scheme }: HostBridgeOptions): HostBridge {
  const win = view as BridgeWindow;
  const pending: PublishedPageMessage[] = [];
  const navigations: string[] = [];

  const nativeBridge = (): { kind: HostKind; target: PostMessage } | null => {
    if (canPost(win.vuplex)) return { kind: 'vuplex', target: win.vuplex };
    if (canPost(win.ReactNativeWebView)) return { kind: 'react-native', target: win.ReactNativeWebView };
    const handler = win.webkit?.messageHandlers?.[bridge];
    if (canPost(handler)) return { kind: 'webkit', target: handler };
    const android = win[bridge];
    if (canPost(android)) return { kind: 'android', target: android };
    return null;
  };

  const host = (): HostKind => {
    if (scheme) return 'scheme';
    const native = nativeBridge();
    if (native) return native.kind;
    return win.parent !== win ? 'parent' : 'none';
  };

  // One navigation per task: a second one in the same task can cancel the first before the plugin sees it.
  const navigateNext = () => {
    const url = navigations.shift();
    if (url === undefined) return;
    win.location.href = url;
    if (navigations.length) win.setTimeout(navigateNext, 0);
  };

  const send = (message: PublishedPageMessage) => {
    if (scheme) {
      navigations.push(`${scheme}://event?payload=${encodeURIComponent(JSON.stringify(message))}`);
      if (navigations.length === 1) win.setTimeout(navigateNext, 0);
      return;
    }
    const native = nativeBridge();
    try {
      if (native) native.target.postMessage(JSON.stringify(message));
      else if (win.parent !== win) win.parent.postMessage(message, '*');
      else if (pending.length < PENDING_MAX) pending.push(message);
    } catch {
      // A host object that throws must not take the page down with it.
    }
  };

  const listen = (onInit: (message: EmbedInitMessage) => void) => {
    const accept = (data: unknown): boolean => {
      const message = readInit(data);
      if (message) onInit(message);
      return message !== null;
    };
    const onWindowMessage = (event: MessageEvent) => {
      const fromParent = win.parent !== win && event.source === win.parent;
      const fromOpener = win.opener !== null && event.source === win.opener;
      // React Native WebView dispatches the app's postMessage on window (iOS) or document (Android), sourceless.
      const fromReactNative = event.source === null && canPost(win.ReactNativeWebView);
      if (fromParent || fromOpener || fromReactNative) accept(event.data);
    };
    const onVuplexMessage = (event: { data: unknown }) => accept(event.data);
    const listenToVuplex = () => {
      win.vuplex?.addEventListener?.('message', onVuplexMessage);
      // Anything sent before Vuplex was there.
      for (const message of pending.splice(0)) send(message);
    };
    win.addEventListener('message', onWindowMessage);
    win.document.addEventListener('message', onWindowMessage as EventListener);
    if (win.vuplex) listenToVuplex();
    else win.addEventListener('vuplexready', listenToVuplex, { once: true });
    win[PUBLISHED_INIT_FUNCTION] = accept;
    return () => {
      win.removeEventListener('message', onWindowMessage);
      win.document.removeEventListener('message', onWindowMessage as EventListener);
      win.removeEventListener('vuplexready', listenToVuplex);
      win.vuplex?.removeEventListener?.('message', onVuplexMessage);
      delete win[PUBLISHED_INIT_FUNCTION];
    };
  };

  return { host, send, listen };
}

/**
 * The latest valid CB_INIT the game gave the early `cbInit` before the page's script ran (early-init.ts), or
 * null; what it kept is emptied. The page shows it as its first outcome, instead of the config it carries.
 */
export function takeEarlyInit(view: Window): EmbedInitMessage | null {
  return takeEarlyInits(view).reduce<EmbedInitMessage | null>((latest, message) => readInit(message) ?? latest, null);
}
