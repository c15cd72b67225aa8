import type { ReactNode } from 'react';
import styles from './page-header.module.css';

/**
 * A page's or tab's heading: its title, a line saying what it holds, and its actions (buttons). A page whose title
 * has a look of its own (the dashboard's welcome) gives its class in place of the page title's.
 */
export function PageHeader({
  title,
  titleClassName = 'page-title',
  intro,
  actions,
}: {
  title: ReactNode;
  titleClassName?: string | undefined;
  /** Shown whenever given, even empty (a game's description), as the line under the title. */
  intro?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={styles.header}>
      <div className={styles.text}>
        <h1 className={titleClassName}>{title}</h1>
        {intro === undefined ? null : <p className="muted">{intro}</p>}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
