import {
  checkEmbedConfig,
  type EmbedConfig,
  PUBLISHED_CONFIG_TIMEOUT_MS,
  PUBLISHED_ERROR_CODES,
  type PublishedErrorCode,
} from '@liveops/domain/published';

export type ConfigOutcome =
  { ok: true; config: EmbedConfig } | { ok: false; code: PublishedErrorCode; status?: number | undefined };

/** A config's JSON text as the page's outcome: the config, or why it is none. */
export function readConfigText(text: string): ConfigOutcome {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, code: PUBLISHED_ERROR_CODES.notJson };
  }
  const config = checkEmbedConfig(json);
  return config ? { ok: true, config } : { ok: false, code: PUBLISHED_ERROR_CODES.invalid };
}

type Answer = { status: number; text: string } | null;

/** fetch, revalidating a cached copy (a republished config shows at once); null when it cannot even ask. */
async function fetchText(url: string, signal: AbortSignal): Promise<Answer> {
  try {
    const response = await fetch(url, { cache: 'no-cache', credentials: 'omit', signal });
    return { status: response.status, text: response.ok ? await response.text() : '' };
  } catch {
    return null;
  }
}

/**
 * XMLHttpRequest, for a page opened from a file: fetch refuses file: URLs, while a web view that lets pages read
 * files beside them (Android's allowFileAccessFromFileURLs, a Unity plugin's local-file setting) lets XHR do it.
 * A file read answers status 0.
 */
function requestText(url: string, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve) => {
    try {
      const request = new XMLHttpRequest();
      request.open('GET', url);
      request.onload = () => resolve({ status: request.status || 200, text: request.responseText });
      request.onerror = request.onabort = () => resolve(null);
      signal.addEventListener('abort', () => request.abort());
      request.send();
    } catch {
      resolve(null);
    }
  });
}

/**
 * The config.json at `url`: 404 is "not found", another failure (a status, the network, a file the web view may
 * not read, no answer within PUBLISHED_CONFIG_TIMEOUT_MS) "unreadable", then "not JSON" or "not a config".
 * Never throws.
 */
export async function loadConfig(url: string): Promise<ConfigOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PUBLISHED_CONFIG_TIMEOUT_MS);
  try {
    const fromFile = new URL(url, document.baseURI).protocol === 'file:';
    let answer = fromFile ? null : await fetchText(url, controller.signal);
    if (!answer && !controller.signal.aborted) answer = await requestText(url, controller.signal);
    if (!answer) return { ok: false, code: PUBLISHED_ERROR_CODES.unreadable };
    if (answer.status === 404) return { ok: false, code: PUBLISHED_ERROR_CODES.notFound };
    if (answer.status < 200 || answer.status > 299) {
      return { ok: false, code: PUBLISHED_ERROR_CODES.unreadable, status: answer.status };
    }
    return readConfigText(answer.text);
  } finally {
    clearTimeout(timer);
  }
}
