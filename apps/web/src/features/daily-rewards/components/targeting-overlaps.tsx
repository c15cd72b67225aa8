import { TriangleAlert } from 'lucide-react';
import { type DailyReward } from '@liveops/domain/daily-rewards';
import { overlapMessage, targetableOf, targetingOverlaps, TARGETING_MESSAGES } from '@liveops/domain/targeting';
import { formatLocalInstant } from '../../../lib/format-instant';
import { useNow } from '../../../lib/use-now';
import styles from './targeting-overlaps.module.css';

/**
 * The tab's warning (decision 038): every pair of configs that can apply to the same player at some time from now
 * on, naming both and the one such a player gets. Nothing when no two can overlap.
 */
export function TargetingOverlaps({ configs, now }: { configs: readonly DailyReward[]; now?: number }) {
  const clock = useNow();
  const overlaps = targetingOverlaps(configs.map(targetableOf), now ?? clock);
  if (overlaps.length === 0) return null;
  const names = new Map(configs.map((config) => [config.id, config.name]));
  return (
    <section className={styles.overlaps} aria-labelledby="targeting-overlaps-title">
      <TriangleAlert size={18} aria-hidden className={styles.icon} />
      <div>
        <h2 className={styles.title} id="targeting-overlaps-title">
          {TARGETING_MESSAGES.overlapsTitle}
        </h2>
        <p className={styles.intro}>{TARGETING_MESSAGES.overlapsIntro}</p>
        <ul className={styles.list}>
          {overlaps.map((overlap) => (
            <li key={`${overlap.winner.id}:${overlap.loser.id}`}>
              {overlapMessage(overlap, (id) => names.get(id) ?? id, formatLocalInstant)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
