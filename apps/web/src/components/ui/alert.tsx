import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

export function Alert({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon size={18} aria-hidden className="alert-icon" />
      <div>{children}</div>
    </div>
  );
}
