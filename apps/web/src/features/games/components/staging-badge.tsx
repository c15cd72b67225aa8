import { FlaskConical } from 'lucide-react';
import { GAME_MESSAGES, type Game } from '@liveops/domain/games';
import styles from './staging-badge.module.css';

/** "Staging copy", on a game duplicated from another (whatever it is called now); nothing on any other game. */
export function StagingBadge({ game, sourceName }: { game: Game; sourceName?: string | undefined }) {
  if (game.stagingCopyOf === null) return null;
  return (
    <span className={styles.badge} title={sourceName ? GAME_MESSAGES.stagingCopyOf(sourceName) : undefined}>
      <FlaskConical size={12} aria-hidden />
      {GAME_MESSAGES.stagingCopy}
    </span>
  );
}
