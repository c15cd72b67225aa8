import { GameWorkspace } from '../features/games/routes/game-workspace';
import { PublishPacks } from '../features/publish/components/publish-packs';

const publish = (gameId: string) => <PublishPacks gameId={gameId} />;

/** The game workspace with its sidebar's Publish Packs modal: two features composed here, in the app. */
export function GameWorkspaceRoute() {
  return <GameWorkspace publish={publish} />;
}
