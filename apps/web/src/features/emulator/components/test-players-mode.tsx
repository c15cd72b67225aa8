import type { DailyReward } from '@liveops/domain/daily-rewards';
import { LoadError } from '../../../components/load-error';
import { useGame } from '../../../lib/api/games/get-game';
import { useTestPlayers } from '../../../lib/api/test-players/get-test-players';
import { PlayAsTestPlayer } from './play-as-test-player';
import { TestPlayersPanel } from './test-players-panel';
import styles from '../emulator.module.css';

/**
 * The Emulator's "Play as a test player" tab (decision 040): the game's test players, then playing one of them
 * through the real runtime. The chosen tester and daily reward live in the address, like the preview's config.
 */
export function TestPlayersMode({
  gameId,
  configs,
  testerId,
  configId,
  onChoose,
}: {
  gameId: string;
  configs: DailyReward[];
  testerId: string | null;
  configId: string | null;
  onChoose: (choice: { tester?: string; config?: string }) => void;
}) {
  const game = useGame(gameId);
  const testers = useTestPlayers(gameId);
  return (
    <div className={styles.results}>
      <TestPlayersPanel gameId={gameId} testers={testers} />
      {game.isPending ? (
        <p className={`muted ${styles.status}`}>Loading the game…</p>
      ) : game.isError || !game.data ? (
        <LoadError message="Could not load the game." onRetry={() => void game.refetch()} />
      ) : (
        <PlayAsTestPlayer
          game={game.data}
          testers={testers.data ?? []}
          configs={configs}
          testerId={testerId}
          configId={configId}
          onChoose={onChoose}
        />
      )}
    </div>
  );
}
