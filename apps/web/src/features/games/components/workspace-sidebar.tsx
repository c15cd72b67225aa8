import { Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { GAME_MESSAGES, type Game } from '@liveops/domain';
import { paths } from '../../../config/paths';
import { StagingBadge } from './staging-badge';
import { DAILY_REWARDS_TAB, MAIN_TABS, tabFromPath, tabPath, type WorkspaceTabInfo } from '../workspace-tabs';

function NavItem({ gameId, info }: { gameId: string; info: WorkspaceTabInfo }) {
  const Icon = info.icon;
  if (info.disabled) {
    return (
      <button type="button" className="nav-item" disabled aria-disabled="true">
        <Icon size={18} aria-hidden />
        <span>{info.label}</span>
        <span className="soon">Coming Soon</span>
      </button>
    );
  }
  return (
    <NavLink to={tabPath(gameId, info)} end={!info.path} className="nav-item">
      <Icon size={18} aria-hidden />
      <span>{info.label}</span>
    </NavLink>
  );
}

/** A native option holds text only: a staging copy says so in it, unless its name already does. */
function optionLabel(game: Game): string {
  if (game.stagingCopyOf === null || game.name.toLowerCase().includes(GAME_MESSAGES.stagingCopy.toLowerCase())) {
    return game.name;
  }
  return `${game.name} · ${GAME_MESSAGES.stagingCopy}`;
}

/** §2 workspace sidebar: game selector, tabs, divider, Daily Rewards, back link, Publish Packs. */
export function WorkspaceSidebar({ game, games, publish }: { game: Game; games: Game[]; publish?: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const currentTab = tabFromPath(location.pathname);
  const switchGame = (id: string) => {
    const info = [...MAIN_TABS, DAILY_REWARDS_TAB].find((t) => t.tab === currentTab) ?? MAIN_TABS[0]!;
    void navigate(tabPath(id, info));
  };
  return (
    <aside className="sidebar" aria-label="Game workspace">
      <label className="field-label" htmlFor="game-selector">
        Game
      </label>
      <select id="game-selector" className="input" value={game.id} onChange={(event) => switchGame(event.target.value)}>
        {games.map((g) => (
          <option key={g.id} value={g.id}>
            {optionLabel(g)}
          </option>
        ))}
      </select>
      <StagingBadge game={game} sourceName={games.find((g) => g.id === game.stagingCopyOf)?.name} />
      <nav className="nav" aria-label="Workspace sections">
        {MAIN_TABS.map((info) => (
          <NavItem key={info.tab} gameId={game.id} info={info} />
        ))}
        <hr className="nav-divider" />
        <NavItem gameId={game.id} info={DAILY_REWARDS_TAB} />
      </nav>
      <div className="sidebar-footer">
        <Link to={paths.dashboard()} className="nav-item">
          <span>← Back to Dashboard</span>
        </Link>
        {publish ?? (
          <button type="button" className="btn btn-secondary btn-block" disabled>
            <Upload size={16} aria-hidden />
            Publish Packs
          </button>
        )}
      </div>
    </aside>
  );
}
