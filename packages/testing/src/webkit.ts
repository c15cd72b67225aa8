import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Debian's Python, which has PyGObject (python3-gi); a pyenv python3 on PATH would not. */
export const WEBKIT_PYTHON = '/usr/bin/python3';
/** The Debian packages the WebKit host needs: PyGObject, WebKitGTK's introspection data (4.1) and Xvfb. */
export const WEBKIT_PACKAGES = ['python3-gi', 'gir1.2-webkit2-4.1', 'xvfb'] as const;
const HOST_SCRIPT = fileURLToPath(new URL('../webkit/host.py', import.meta.url));

/** Imports WebKit2 4.1 as the host does: exits 0 only when everything it needs is there. */
const PROBE =
  "import gi; gi.require_version('Gtk', '3.0'); gi.require_version('WebKit2', '4.1'); from gi.repository import WebKit2";

/** Why the WebKit host cannot run here, or null when it can. */
export function webKitHostMissing(): string | null {
  if (!existsSync(WEBKIT_PYTHON)) return `${WEBKIT_PYTHON} is missing`;
  const probe = spawnSync(WEBKIT_PYTHON, ['-c', PROBE], { encoding: 'utf8' });
  if (probe.status !== 0) return `WebKit2 4.1 cannot be imported by ${WEBKIT_PYTHON}: ${probe.stderr.trim()}`;
  if (!process.env.DISPLAY && !existsSync('/usr/bin/Xvfb')) return 'there is no DISPLAY and no /usr/bin/Xvfb';
  return null;
}

/** The handler user scripts report to (`window.webkit.messageHandlers.webkitHostReport.postMessage`). */
export const WEBKIT_REPORT_HANDLER = 'webkitHostReport';

export const WEBKIT_INSTALL_HINT = `sudo apt-get install -y ${WEBKIT_PACKAGES.join(' ')}`;

/** Something WebKit wrote about the page: console calls, uncaught errors ("JS ERROR"), violations ("SECURITY"). */
export type WebKitConsoleEntry = { where: string | null; source: string | null; level: string; text: string };

/** A message the page sent: to a script message handler (`handler:<name>`) or as a custom-scheme navigation. */
export type WebKitHostMessage = {
  via: `handler:${string}` | `scheme:${string}`;
  /** As received: a handler's string (or a non-string value as JSON data), a navigation's `payload` argument. */
  body: unknown;
  /** The body parsed as JSON, when it was a JSON string. */
  data: unknown;
  atMs: number;
};

export type WebKitScriptResult = {
  on: string;
  script: string;
  atMs: number;
  result: unknown;
  /** The exception the script threw, as WebKit words it ("ReferenceError: Can't find variable: cbInit"). */
  error: string | null;
};

export type WebKitRun = {
  run: number;
  messages: WebKitHostMessage[];
  /** Every navigation the page asked for, and whether the host let it through (`use`) or took it (`ignore`). */
  navigations: { url: string; newWindow: boolean; decision: 'use' | 'ignore'; atMs: number }[];
  scripts: WebKitScriptResult[];
  /** What user scripts posted to `window.webkit.messageHandlers.webkitHostReport` (JSON strings parsed). */
  reports: unknown[];
  query: unknown;
  queryError: string | null;
  console: WebKitConsoleEntry[];
  loadFailed: unknown;
  /** When WebKit reported load-finished, in ms from the start of the run. */
  loadFinishedMs: number | null;
  timedOut: boolean;
};

export type WebKitHostOptions = {
  /** http:, https: or file: */
  url: string;
  /** The web view's size in CSS pixels; 390×844 unless given. */
  width?: number;
  height?: number;
  /** Script message handler names: `window.webkit.messageHandlers.<name>.postMessage` is recorded for each. */
  handlers?: string[];
  /** The URL schemes the host takes (records and refuses); unset: every scheme a browser does not know. */
  schemes?: string[];
  /**
   * JavaScript the host evaluates, as a game's evaluateJavaScript: at `load-finished` (WebKitLoadEvent FINISHED,
   * the default) or when a message of a type arrives (`message:ready`).
   */
  actions?: { on?: 'load-finished' | `message:${string}`; script: string }[];
  /** Scripts WebKit injects into every frame (or only the top one) at document start or end. */
  userScripts?: { source: string; allFrames?: boolean; at?: 'start' | 'end' }[];
  /**
   * The run ends once this many messages of each type have arrived and each `untilSeen` pattern is held by a
   * message's data or a report (objects matched key by key), then settleMs more; with neither, at load-finished.
   */
  until?: Record<string, number>;
  untilSeen?: unknown[];
  settleMs?: number;
  /** The run ends here at the latest (timedOut: true); 20 s unless given. */
  timeoutMs?: number;
  /** An async function body evaluated in the page when the run ends; its JSON-able result is `query`. */
  query?: string;
  /** Each run opens a fresh web view with empty website data (a cold start). */
  runs?: number;
  /** WebKit's allow-file-access-from-file-urls (a WKWebView's loadFileURL default: false). */
  allowFileAccessFromFileUrls?: boolean;
};

export type WebKitHostResult = { runs: WebKitRun[]; webkit: string };

/**
 * Opens a page in a real WebKit web view (WebKitGTK under Xvfb, packages/testing/webkit/host.py) as a native
 * game's host does, and returns what happened: messages, navigations, script results, the console.
 */
export async function runWebKitHost(options: WebKitHostOptions): Promise<WebKitHostResult> {
  const missing = webKitHostMissing();
  if (missing) throw new Error(`The WebKit host cannot run: ${missing}. Install: ${WEBKIT_INSTALL_HINT}`);
  const child = spawn(WEBKIT_PYTHON, [HOST_SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  child.stdin.end(JSON.stringify(options));
  const code = await exited;
  if (code !== 0) throw new Error(`The WebKit host exited with ${code}:\n${stderr}`);
  return JSON.parse(stdout) as WebKitHostResult;
}

/** One element's box in CSS pixels and its computed font size, as `elementGeometryQuery` returns them. */
export type WebKitElementGeometry = {
  selector: string;
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The computed font size, as CSS declares it (a transform does not change it). */
  fontSize: number;
  /** How much ancestors' transforms scale the element on screen (its box over its layout width), 1 without. */
  scale: number;
  /** fontSize × scale: the size the text is drawn at. */
  renderedFontSize: number;
};

/**
 * A `query` that waits (at most `waitMs`) for `selectors[0]` to exist, then gives every element each selector
 * matches: its text, its box on screen (transforms applied: a scaled-down popup shows its real size), its
 * computed font size and the size it is drawn at.
 */
export function elementGeometryQuery(selectors: string[], waitMs = 5000): string {
  return `const selectors = ${JSON.stringify(selectors)};
  for (let waited = 0; waited < ${waitMs} && !document.querySelector(selectors[0]); waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return selectors.flatMap((selector) => [...document.querySelectorAll(selector)].map((element) => {
    const box = element.getBoundingClientRect();
    const fontSize = parseFloat(getComputedStyle(element).fontSize);
    const scale = element instanceof HTMLElement && element.offsetWidth > 0 ? box.width / element.offsetWidth : 1;
    return { selector, text: (element.textContent || '').trim().slice(0, 80), x: box.x, y: box.y,
      width: box.width, height: box.height, fontSize, scale, renderedFontSize: fontSize * scale };
  }));`;
}

/** The messages' parsed bodies of a run (what the page sent, in order). */
export const messagesOf = (run: WebKitRun) => run.messages.map((message) => message.data);
