import { type DailyRewardsParams } from '@liveops/domain/daily-rewards';
import {
  EMBED_FEATURE_TYPE,
  EMBED_HOST_SOURCE,
  EMBED_INIT_TYPE,
  EMBED_PROTOCOL_VERSION,
  type EmbedConfigInput,
} from '@liveops/domain/popup';

/** Host → embed: the message a game's WebView posts to the embed page to show this config with these params. */
export function initMessage(config: EmbedConfigInput, params: DailyRewardsParams) {
  return {
    source: EMBED_HOST_SOURCE,
    type: EMBED_INIT_TYPE,
    payload: { featureType: EMBED_FEATURE_TYPE, config, params, v: EMBED_PROTOCOL_VERSION },
  };
}
