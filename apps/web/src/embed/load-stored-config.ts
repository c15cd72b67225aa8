import { type EmbedConfig, EmbedConfigSchema } from '@liveops/domain/popup';
import { apiPath } from '../lib/api/api-path';
import { apiRoutes } from '../lib/api/api-routes';

/**
 * A daily reward's stored config with its packs, assets and the game's theme, as its owner's session may read it
 * (GET …/embed-config, same-origin with cookies). Null for anything but a 200 with a config: signed out (401),
 * another owner's or a missing config (404), a network error or an answer of the wrong shape. Never throws.
 */
export async function loadStoredConfig(
  gameId: string,
  featureId: string,
  signal?: AbortSignal,
): Promise<EmbedConfig | null> {
  const url = apiPath(apiRoutes.games[':gameId']['daily-rewards'][':dailyRewardId']['embed-config'], {
    gameId,
    dailyRewardId: featureId,
  });
  try {
    const response = await fetch(url, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) return null;
    const parsed = EmbedConfigSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
