import { z } from 'zod';
import type { TestPlayer } from '@liveops/domain/players';
import { signTestPlayerId } from '../../../lib/api/test-players/sign-test-player-id';
import { runtimeFetch } from './runtime-fetch';

/** What the Emulator reads of the session's answer (CreateSessionResponseSchema has more). */
const SessionSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  player: z.object({ timeZone: z.string() }),
});

export type TestPlayerSession = {
  testPlayerId: string;
  playerId: string;
  token: string;
  expiresAt: string;
  /** The zone the runtime counts the tester's days in. */
  timeZone: string;
};

/**
 * Signs a test player in through the real runtime, as their game would: POST /v1/sessions with the game's SDK key,
 * the tester's player id and this browser's time zone (the tester's days follow it), and, when the game requires
 * signed player ids, a signature the dashboard makes for this tester only.
 */
export async function signInAsTestPlayer(game: {
  id: string;
  sdkKey: string;
  requireSignedPlayerIds: boolean;
  tester: TestPlayer;
  timeZone: string;
}): Promise<TestPlayerSession> {
  const signature = game.requireSignedPlayerIds ? await signTestPlayerId(game.id, game.tester.id) : null;
  const body = await runtimeFetch('/sessions', {
    body: {
      sdkKey: game.sdkKey,
      playerId: game.tester.playerId,
      timeZone: game.timeZone,
      ...(signature ? { playerSignature: signature.playerSignature } : {}),
    },
  });
  const session = SessionSchema.parse(body);
  return {
    testPlayerId: game.tester.id,
    playerId: game.tester.playerId,
    token: session.token,
    expiresAt: session.expiresAt,
    timeZone: session.player.timeZone,
  };
}
