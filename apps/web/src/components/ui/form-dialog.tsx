import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { focusFirstField, openerFocus } from './dialog-focus';
import styles from './form-dialog.module.css';

/**
 * A modal with a title and a close button around a form; controlled, with an optional trigger. Opening focuses the
 * form's first field (Radix would focus the close button, the first tabbable element); closing returns focus to
 * whatever opened it, trigger or not (Radix returns it only to its own Trigger).
 */
export function FormDialog({
  title,
  open,
  onOpenChange,
  trigger,
  wide = false,
  children,
}: {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const [opener] = useState(openerFocus);
  const stopWaiting = useRef<() => void>(() => undefined);
  useEffect(() => () => stopWaiting.current(), []);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={`dialog${wide ? ` ${styles.wide}` : ''}`}
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            opener.remember();
            if (!(event.currentTarget instanceof HTMLElement)) return;
            event.preventDefault();
            stopWaiting.current = focusFirstField(event.currentTarget);
          }}
          onCloseAutoFocus={(event) => {
            stopWaiting.current();
            opener.restore(event);
          }}
        >
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="icon-button" aria-label="Close">
                <X size={18} aria-hidden />
              </button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
