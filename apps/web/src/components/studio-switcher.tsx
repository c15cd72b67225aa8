import { Building2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ROLE_LABELS } from '@liveops/domain/teams';
import { paths } from '../config/paths';
import { useChooseStudio, useStudios } from '../lib/api/studios/studios';
import styles from './studio-switcher.module.css';

/**
 * The studio the dashboard shows (decision 065), beside the brand: its name and the person's role there, and a
 * choice of their other studios when they have more than one. Choosing one opens its games.
 */
export function StudioSwitcher() {
  const studios = useStudios();
  const choose = useChooseStudio();
  const navigate = useNavigate();
  const answer = studios.data;
  if (!answer?.active) {
    // Loading (a placeholder of a name's width), or someone in no studio (their next game makes them one).
    return (
      <span className={styles.studio} aria-busy={studios.isPending}>
        {studios.isPending && <span className={`skeleton ${styles.placeholder}`} />}
      </span>
    );
  }
  const { active } = answer;
  const role = ROLE_LABELS[active.role];
  if (answer.studios.length < 2) {
    return (
      <span className={styles.studio} title={`${active.name} · ${role}`}>
        <Building2 size={16} aria-hidden className={styles.icon} />
        <span className={styles.name}>{active.name}</span>
        <span className={styles.role}>{role}</span>
      </span>
    );
  }
  return (
    <label className={`${styles.studio} ${styles.choice}`} title={`${active.name} · ${role}`}>
      <Building2 size={16} aria-hidden className={styles.icon} />
      <span className="sr-only">Studio</span>
      <select
        className={styles.select}
        value={active.id}
        disabled={choose.isPending}
        onChange={(event) => {
          choose.mutate(event.target.value, { onSuccess: () => void navigate(paths.dashboard()) });
        }}
      >
        {answer.studios.map((studio) => (
          <option key={studio.id} value={studio.id}>
            {studio.name} · {ROLE_LABELS[studio.role]}
          </option>
        ))}
      </select>
    </label>
  );
}
