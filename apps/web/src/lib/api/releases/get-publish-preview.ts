import { PublishPreviewSchema } from '@liveops/domain/releases';
import { apiFetch } from '../../api-client';

/**
 * What Publish Now would do (decision 029): the problems that would refuse it and each config against the live
 * release. Asked each time the modal asks first, so it is never stale.
 */
export function getPublishPreview(gameId: string, signal?: AbortSignal) {
  return apiFetch(`/api/games/${encodeURIComponent(gameId)}/releases/preview`, { signal }).then((body) =>
    PublishPreviewSchema.parse(body),
  );
}
