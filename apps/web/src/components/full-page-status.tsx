import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';

/** A centred message for whole-page states: checking, loading, not found. */
export function FullPageStatus({ children, busy = true }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className="full-page-status" role="status" aria-live="polite">
      {busy ? <Loader2 className="spin" size={22} aria-hidden /> : null}
      <span>{children}</span>
    </div>
  );
}
