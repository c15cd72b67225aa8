import { PublishPreviewSchema } from '@liveops/domain/releases';
import { apiFetch } from '../../api-client';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/**
 * What Publish Now would do (decision 029): the problems that would refuse it and each config against the live
 * release. Asked each time the modal asks first, so it is never stale.
 */
export function getPublishPreview(gameId: string, signal?: AbortSignal) {
  return apiFetch(apiPath(apiRoutes.games[':gameId'].releases.preview, { gameId }), { signal }).then((body) =>
    PublishPreviewSchema.parse(body),
  );
}
