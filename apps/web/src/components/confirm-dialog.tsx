import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

/** A confirmation (a delete unless told otherwise): the trigger opens it; only the confirm button goes on. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel = 'Delete',
  danger = true,
  warning,
  onConfirm,
}: {
  trigger: ReactNode;
  title: string;
  description?: string;
  confirmLabel?: string;
  /** A delete is red; a confirmation of something that destroys nothing is not. */
  danger?: boolean;
  /** What the person must know before going on (the figures do not back the choice): shown above the buttons. */
  warning?: string | null;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog dialog-small">
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="muted dialog-text">
            {description ?? 'This cannot be undone.'}
          </AlertDialog.Description>
          {warning ? <Alert tone="error">{warning}</Alert> : null}
          <div className="dialog-actions">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button className={danger ? 'btn-danger' : undefined} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
