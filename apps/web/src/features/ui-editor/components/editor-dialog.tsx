import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';

/** A question the editor must have answered before it goes on (leave? reload or overwrite?). */
export function EditorDialog({
  open,
  title,
  description,
  onDismiss,
  children,
}: {
  open: boolean;
  title: string;
  description: string;
  /** Escape (or closing otherwise) means the safe answer: stay, keep editing. */
  onDismiss: () => void;
  /** The answers, as buttons. */
  children: ReactNode;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onDismiss()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog dialog-small">
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="muted dialog-text">{description}</AlertDialog.Description>
          <div className="dialog-actions">{children}</div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
