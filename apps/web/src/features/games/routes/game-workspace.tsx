import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, useParams } from 'react-router';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { FullPageStatus } from '../../../components/full-page-status';
import { LoadError } from '../../../components/load-error';
import { SKIP_TARGET } from '../../../components/skip-link';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useGame } from '../../../lib/api/games/get-game';
import { useGames } from '../../../lib/api/games/get-games';
import { WorkspaceSidebar } from '../components/workspace-sidebar';
import styles from './game-workspace.module.css';

/**
 * /dashboard/game/:gameId and its tab paths: the sidebar, and the tab's page beside it. `publish` is the
 * sidebar's Publish Packs control for the game, given by the app (features do not import each other).
 */
export function GameWorkspace({ publish }: { publish?: (gameId: string) => ReactNode }) {
  const gameId = useParams().gameId ?? '';
  const game = useGame(gameId);
  const games = useGames();

  if (game.isPending) return <FullPageStatus>{GAME_MESSAGES.loading}</FullPageStatus>;
  if (game.isError) {
    return <LoadError message={`Could not load the game. ${game.error.message}`} onRetry={() => void game.refetch()} />;
  }
  if (!game.data) {
    return (
      <div className="panel empty-state" role="alert">
        <SearchX size={32} aria-hidden className="placeholder-icon" />
        <p>{GAME_MESSAGES.notFound}</p>
        <Button asChild variant="secondary">
          <Link to={paths.dashboard()}>← Back to Dashboard</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.workspace}>
      <WorkspaceSidebar game={game.data} games={games.data ?? [game.data]} publish={publish?.(game.data.id)} />
      {/* workspace-main: the skip link's landing place, as tests find it. */}
      <div {...SKIP_TARGET} className={`workspace-main ${styles.main} ${SKIP_TARGET.className}`}>
        <Outlet />
      </div>
    </div>
  );
}

/** /dashboard/game with no id: the first game is selected automatically; with none, the dashboard. */
export function FirstGameRedirect() {
  const games = useGames();
  if (games.isPending) return <FullPageStatus>{GAME_MESSAGES.loading}</FullPageStatus>;
  const first = games.data?.[0];
  return <Navigate to={first ? paths.game(first.id) : paths.dashboard()} replace />;
}
