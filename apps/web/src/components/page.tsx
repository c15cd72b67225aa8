import type { ReactNode } from 'react';
import styles from './page.module.css';

/**
 * A signed-in page or workspace tab: its PageHeader and sections in a column. The plain `page` class is the
 * browser tests' hook (what follows the header), without rules of its own.
 */
export function Page({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={`page ${styles.page}${className ? ` ${className}` : ''}`}>{children}</div>;
}
