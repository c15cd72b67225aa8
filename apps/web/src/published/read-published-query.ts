import {
  checkEmbedConfig,
  type DailyRewardsParams,
  decodeEmbedConfigJson,
  PUBLISHED_BRIDGE_NAME,
  PUBLISHED_BRIDGE_PATTERN,
  PUBLISHED_ERROR_CODES,
  PUBLISHED_RESERVED_SCHEMES,
  PUBLISHED_SCHEME_PATTERN,
  readDailyRewardsParams,
} from '@liveops/domain/published';
import type { ConfigOutcome } from './load-config';

export interface PublishedQuery {
  /** The config from ?config= (or why it is none); null when the page reads its config.json. */
  config: ConfigOutcome | null;
  params: DailyRewardsParams;
  /** ?bridge=: the iOS message handler's and Android interface's name, when a valid identifier. */
  bridge: string;
  /** ?scheme=: the URL scheme messages navigate to (UniWebView), when one no browser already means. */
  scheme: string | null;
}

/**
 * The published page's address: ?config= (base64 or base64url of the config's JSON, as the embed page and the
 * emulator's URL), ?streak= and ?todayIndex= (read as the embed page reads them), ?bridge= and ?scheme=.
 */
export function readPublishedQuery(search: string): PublishedQuery {
  const query = new URLSearchParams(search);
  const raw = query.get('config');
  let config: ConfigOutcome | null = null;
  if (raw !== null) {
    const json = decodeEmbedConfigJson(raw);
    const checked = json === undefined ? null : checkEmbedConfig(json);
    config = checked
      ? { ok: true, config: checked }
      : { ok: false, code: json === undefined ? PUBLISHED_ERROR_CODES.notJson : PUBLISHED_ERROR_CODES.invalid };
  }
  const bridge = query.get('bridge') ?? '';
  const scheme = (query.get('scheme') ?? '').toLowerCase();
  return {
    config,
    params: readDailyRewardsParams(query.get('streak'), query.get('todayIndex')),
    bridge: PUBLISHED_BRIDGE_PATTERN.test(bridge) ? bridge : PUBLISHED_BRIDGE_NAME,
    scheme: PUBLISHED_SCHEME_PATTERN.test(scheme) && !PUBLISHED_RESERVED_SCHEMES.includes(scheme) ? scheme : null,
  };
}
