import type { LucideIcon } from 'lucide-react';

/** What a workspace tab shows before its feature exists, or for the spec's "Coming Soon." tabs. */
export function TabPlaceholder({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <section className="panel placeholder" aria-label={title}>
      <Icon size={32} aria-hidden className="placeholder-icon" />
      <h2 className="panel-title">{title}</h2>
      <p className="muted">{text}</p>
    </section>
  );
}
