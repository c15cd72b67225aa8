import { Paintbrush } from 'lucide-react';
import { Link } from 'react-router';
import { DAILY_REWARD_CYCLE_DAYS, missingDays, type DailyReward } from '@liveops/domain';
import { paths } from '../../../config/paths';

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
    <ul className="daily-reward-list">
      {configs.map((config) => {
        const selected = config.id === selectedId;
        const assigned = DAILY_REWARD_CYCLE_DAYS - missingDays(config.rewards).length;
        return (
          <li key={config.id} className={`daily-reward-item${selected ? ' daily-reward-item-selected' : ''}`}>
            <button
              type="button"
              className="daily-reward-select"
              aria-pressed={selected}
              onClick={() => onSelect(config.id)}
            >
              <span className="daily-reward-item-name">{config.name}</span>
              <span className="muted daily-reward-item-meta">
                {assigned === DAILY_REWARD_CYCLE_DAYS
                  ? `All ${DAILY_REWARD_CYCLE_DAYS} days set`
                  : `${assigned} of ${DAILY_REWARD_CYCLE_DAYS} days set`}
              </span>
            </button>
            <Link
              to={paths.uiEditor('daily_rewards', config.id)}
              className="btn btn-secondary btn-sm daily-reward-customize"
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
