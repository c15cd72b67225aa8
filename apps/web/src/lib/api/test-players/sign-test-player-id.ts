import { TestPlayerSignatureSchema } from '@liveops/domain/players';
import { apiFetch } from '../../api-client';

/**
 * POST …/test-players/:testPlayerId/signature: the tester's player id signed with the game's server secret, as the
 * game's backend signs its players' ids, for a sign-in to a game that requires signed ids. The secret stays on the
 * server; the signature names this tester's id only and expires in minutes.
 */
export function signTestPlayerId(gameId: string, testPlayerId: string) {
  return apiFetch(
    `/api/games/${encodeURIComponent(gameId)}/test-players/${encodeURIComponent(testPlayerId)}/signature`,
    { method: 'POST' },
  ).then((body) => TestPlayerSignatureSchema.parse(body));
}
