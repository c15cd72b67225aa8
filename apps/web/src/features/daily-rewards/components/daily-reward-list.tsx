import { Paintbrush } from 'lucide-react';
import { Link } from 'react-router';
import { DAILY_REWARD_CYCLE_DAYS, missingDays, type DailyReward } from '@liveops/domain/daily-rewards';
import rows from '../../../components/row-list.module.css';
import { paths } from '../../../config/paths';
import styles from './daily-reward-list.module.css';

/** The game's configs: one is selected for the editor; each links to its UI editor. */
export function DailyRewardList({
  configs,
  selectedId,
  onSelect,
}: {
  configs: readonly DailyReward[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}) {
  return (
    <ul className={rows.list}>
      {configs.map((config) => {
        const selected = config.id === selectedId;
        const assigned = DAILY_REWARD_CYCLE_DAYS - missingDays(config.rewards).length;
        return (
          <li key={config.id} className={`${styles.item}${selected ? ` ${styles.selected}` : ''}`}>
            <button type="button" className={styles.select} aria-pressed={selected} onClick={() => onSelect(config.id)}>
              <span className={styles.itemName}>{config.name}</span>
              <span className={`muted ${styles.itemMeta}`}>
                {assigned === DAILY_REWARD_CYCLE_DAYS
                  ? `All ${DAILY_REWARD_CYCLE_DAYS} days set`
                  : `${assigned} of ${DAILY_REWARD_CYCLE_DAYS} days set`}
              </span>
            </button>
            <Link
              to={paths.uiEditor('daily_rewards', config.id)}
              className={`btn btn-secondary btn-sm ${styles.customize}`}
              aria-label={`Customize UI of ${config.name}`}
            >
              <Paintbrush size={14} aria-hidden />
              Customize UI
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
