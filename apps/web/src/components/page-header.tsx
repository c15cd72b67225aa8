import type { ReactNode } from 'react';
import styles from './page-header.module.css';

/** A page's or tab's heading: its title, a line saying what it holds, and its actions (buttons). */
export function PageHeader({ title, intro, actions }: { title: ReactNode; intro?: ReactNode; actions?: ReactNode }) {
  return (
    <div className={styles.header}>
      <div className={styles.text}>
        <h1 className="page-title">{title}</h1>
        {intro ? <p className="muted">{intro}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
