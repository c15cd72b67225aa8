import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState } from 'react';
import type { Blocker } from 'react-router';
import { openerFocus } from './ui/dialog-focus';
import { Button } from './ui/button';

/** The question a held navigation asks (lib/use-leave-guard): Stay, the safe answer, or Leave and lose the changes. */
export function LeaveDialog({ blocker, title, text }: { blocker: Blocker; title: string; text: string }) {
  const [opener] = useState(openerFocus);
  return (
    <AlertDialog.Root open={blocker.state === 'blocked'} onOpenChange={(open) => !open && blocker.reset?.()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content
          className="dialog dialog-small"
          onOpenAutoFocus={opener.remember}
          onCloseAutoFocus={opener.restore}
        >
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="muted dialog-text">{text}</AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Stay</Button>
            </AlertDialog.Cancel>
            <Button className="btn-danger" onClick={() => blocker.proceed?.()}>
              Leave
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
