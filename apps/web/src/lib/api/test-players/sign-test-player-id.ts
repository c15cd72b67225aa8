import { TestPlayerSignatureSchema } from '@liveops/domain/players';
import { apiFetch } from '../../api-client';
import { apiPath } from '../api-path';
import { apiRoutes } from '../api-routes';

/**
 * POST …/test-players/:testPlayerId/signature: the tester's player id signed with the game's server secret, as the
 * game's backend signs its players' ids, for a sign-in to a game that requires signed ids. The secret stays on the
 * server; the signature names this tester's id only and expires in minutes.
 */
export function signTestPlayerId(gameId: string, testPlayerId: string) {
  return apiFetch(
    apiPath(apiRoutes.games[':gameId']['test-players'][':testPlayerId'].signature, { gameId, testPlayerId }),
    { method: 'POST' },
  ).then((body) => TestPlayerSignatureSchema.parse(body));
}
