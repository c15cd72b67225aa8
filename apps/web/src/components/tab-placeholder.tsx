import type { LucideIcon } from 'lucide-react';
import styles from './tab-placeholder.module.css';

/**
 * What a workspace tab shows before its feature exists, or for the spec's "Coming Soon." tabs. The plain
 * `placeholder` class is the browser tests' hook, without rules of its own.
 */
export function TabPlaceholder({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <section className="panel empty-state placeholder" aria-label={title}>
      <Icon size={32} aria-hidden className="placeholder-icon" />
      <h2 className={`panel-title ${styles.title}`}>{title}</h2>
      <p className="muted">{text}</p>
    </section>
  );
}
