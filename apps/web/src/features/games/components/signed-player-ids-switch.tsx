import { useId } from 'react';
import { toast } from 'sonner';
import { GAME_MESSAGES, type Game } from '@liveops/domain/games';
import { PLAYER_TOKEN_TTL_SECONDS } from '@liveops/domain/runtime-api';
import { useUpdateGame } from '../../../lib/api/games/update-game';
import styles from './signed-player-ids-switch.module.css';

/**
 * Game Profile's "Require signed player ids" (decision 035): saved as soon as it is flipped, through the game's
 * update, and shown as saving until the server has it.
 */
export function SignedPlayerIdsSwitch({ game }: { game: Game }) {
  const id = useId();
  const update = useUpdateGame(game.id);
  const checked = update.isPending ? (update.variables.requireSignedPlayerIds ?? false) : game.requireSignedPlayerIds;
  const flip = (next: boolean) =>
    update.mutate(
      { requireSignedPlayerIds: next },
      {
        onSuccess: () => toast.success(next ? GAME_MESSAGES.signedPlayerIdsOn : GAME_MESSAGES.signedPlayerIdsOff),
        onError: (error) => toast.error(error.message || GAME_MESSAGES.signedPlayerIdsFailed),
      },
    );
  return (
    <div className={styles.setting}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={checked}
        disabled={update.isPending}
        aria-busy={update.isPending || undefined}
        aria-describedby={`${id}-about`}
        onChange={(event) => flip(event.target.checked)}
      />
      <div className={styles.text}>
        <label htmlFor={id} className={styles.label}>
          Require signed player ids
        </label>
        <p id={`${id}-about`} className={`muted ${styles.about}`}>
          When on, a player session starts only with a player id your game’s own backend signed with the server secret,
          so nobody can sign in as another player with the public SDK key. Sessions already open keep working until they
          expire (within {PLAYER_TOKEN_TTL_SECONDS / 60} minutes). How to sign a player id: “Player runtime” in{' '}
          <code>docs/game-integration.md</code>.
        </p>
      </div>
    </div>
  );
}
