import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './full-page-status.module.css';

/** A centred message for whole-page states: checking, loading, not found. */
export function FullPageStatus({ children, busy = true }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className={styles.status} role="status" aria-live="polite">
      {busy ? <Loader2 className="spin" size={22} aria-hidden /> : null}
      <span>{children}</span>
    </div>
  );
}
