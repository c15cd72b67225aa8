import { Menu, Upload, X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { GAME_MESSAGES, type Game } from '@liveops/domain/games';
import { paths } from '../../../config/paths';
import { StagingBadge } from './staging-badge';
import {
  COMING_SOON_TABS,
  LOWER_TABS,
  MAIN_TABS,
  tabFromPath,
  tabPath,
  type WorkspaceTabInfo,
} from '../workspace-tabs';
import styles from './workspace-sidebar.module.css';

const ALL_TABS = [...MAIN_TABS, ...LOWER_TABS, ...COMING_SOON_TABS];

function NavItem({ gameId, info }: { gameId: string; info: WorkspaceTabInfo }) {
  const Icon = info.icon;
  if (info.disabled) {
    return (
      <button type="button" className={`${styles.item} ${styles.later}`} disabled aria-disabled="true">
        <Icon size={18} aria-hidden />
        <span>{info.label}</span>
        <span className={styles.soon}>Coming Soon</span>
      </button>
    );
  }
  return (
    <NavLink to={tabPath(gameId, info)} end={!info.path} className={styles.item}>
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

/**
 * The workspace sidebar: game selector, tabs, divider, Daily Rewards, Analytics and Players, the Coming Soon tabs
 * (decision 056), back link, Publish Packs. On a narrow screen
 * (decision 031) it is a bar naming the game and the section, with a disclosure button that opens the rest
 * above the tab's page, so the tab's content starts on the first screen. Choosing a section or Escape closes it.
 */
export function WorkspaceSidebar({ game, games, publish }: { game: Game; games: Game[]; publish?: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const currentTab = tabFromPath(location.pathname);
  const current = ALL_TABS.find((t) => t.tab === currentTab) ?? MAIN_TABS[0]!;
  const [open, setOpen] = useState(false);
  const [seenPath, setSeenPath] = useState(location.pathname);
  if (seenPath !== location.pathname) {
    setSeenPath(location.pathname);
    setOpen(false);
  }
  const menuButton = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const sourceName = games.find((g) => g.id === game.stagingCopyOf)?.name;
  const switchGame = (id: string) => void navigate(tabPath(id, current));
  const closeOnEscape = (event: KeyboardEvent) => {
    if (!open || event.key !== 'Escape') return;
    event.preventDefault();
    setOpen(false);
    menuButton.current?.focus();
  };
  return (
    <aside className={styles.sidebar} aria-label="Game workspace" data-open={open || undefined}>
      <div className={styles.bar}>
        <div className={styles.where}>
          <span className={styles.gameName} title={game.name}>
            {game.name}
          </span>
          <span className={styles.section}>{current.label}</span>
        </div>
        <button
          ref={menuButton}
          type="button"
          className={`btn btn-secondary btn-sm ${styles.menuButton}`}
          aria-label="Workspace menu"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? <X size={16} aria-hidden /> : <Menu size={16} aria-hidden />}
          Menu
        </button>
      </div>
      {/* One badge for both widths: above the game selector, or under the narrow bar even while it is closed. */}
      <StagingBadge game={game} sourceName={sourceName} />
      <div id={panelId} className={styles.panel} onKeyDown={closeOnEscape}>
        <label className="field-label" htmlFor="game-selector">
          Game
        </label>
        <select
          id="game-selector"
          className="input"
          value={game.id}
          onChange={(event) => switchGame(event.target.value)}
        >
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {optionLabel(g)}
            </option>
          ))}
        </select>
        <nav className={styles.nav} aria-label="Workspace sections">
          {MAIN_TABS.map((info) => (
            <NavItem key={info.tab} gameId={game.id} info={info} />
          ))}
          <hr className={styles.divider} />
          {LOWER_TABS.map((info) => (
            <NavItem key={info.tab} gameId={game.id} info={info} />
          ))}
          <hr className={styles.divider} />
          {COMING_SOON_TABS.map((info) => (
            <NavItem key={info.tab} gameId={game.id} info={info} />
          ))}
        </nav>
        <div className={styles.footer}>
          <Link to={paths.dashboard()} className={styles.item}>
            <span>← Back to Dashboard</span>
          </Link>
          {publish ?? (
            <button type="button" className="btn btn-secondary btn-block" disabled>
              <Upload size={16} aria-hidden />
              Publish Packs
            </button>
          )}
        </div>
      </div>
    </aside>
  );
}
