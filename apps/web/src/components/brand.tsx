import styles from './brand.module.css';

/** The logo and name; `compact` drops the name on a phone, where the top bar needs the room for the studio. */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <span className={`${styles.brand} ${compact ? styles.compact : ''}`}>
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden>
        <rect width="32" height="32" rx="8" fill="var(--accent)" />
        <path
          d="M9 20.5 14 11l4 7 2.5-4L24 20.5"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={styles.name}>LiveOps</span>
    </span>
  );
}
