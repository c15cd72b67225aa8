import { ArrowRight } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Game } from '@liveops/domain/games';
import { paths } from '../../../config/paths';
import styles from './game-card.module.css';
import { SdkKey } from './sdk-key';
import { StagingBadge } from './staging-badge';

/** Each status's colours on its badge. */
const STATUS_TONE: Record<Game['status'], string | undefined> = { active: styles.active };

/** A "Your Games" card: the whole card and its arrow open the game's workspace. */
export function GameCard({ game }: { game: Game }) {
  const navigate = useNavigate();
  const open = () => void navigate(paths.game(game.id));
  return (
    <article
      className={`game-card ${styles.card}`}
      onClick={open}
      onKeyDown={(event) => {
        if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
          event.preventDefault();
          open();
        }
      }}
      tabIndex={0}
      aria-label={`Open ${game.name}`}
    >
      <header className={styles.header}>
        <h3 className={styles.name}>{game.name}</h3>
        <span className={styles.badges}>
          <StagingBadge game={game} />
          <span className={`badge ${styles.status} ${STATUS_TONE[game.status] ?? ''}`}>{game.status}</span>
        </span>
      </header>
      <p className={styles.description}>{game.description}</p>
      <ul className={styles.platforms} aria-label="Platforms">
        {game.platforms.map((platform) => (
          <li key={platform} className={`chip ${styles.chip}`}>
            {platform}
          </li>
        ))}
      </ul>
      <footer className={styles.footer}>
        <SdkKey value={game.sdkKey} />
        <button
          type="button"
          className={`icon-button ${styles.open}`}
          aria-label={`Open ${game.name} workspace`}
          onClick={(event) => {
            event.stopPropagation();
            open();
          }}
        >
          <ArrowRight size={18} aria-hidden />
        </button>
      </footer>
    </article>
  );
}
