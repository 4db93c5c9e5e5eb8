import { Button, ModalDialog } from '@cbp/ui';
import type * as React from 'react';

/**
 * A question before an action that cannot be undone ('Enviar expediente', 'Desistir'): its
 * trigger, what it does, the failure of the last attempt, and the answers. While the action
 * runs it cannot be closed.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  failure,
  cancelLabel,
  confirmLabel,
  busy,
  busyLabel,
  destructive = false,
  onConfirm,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: React.ReactNode;
  title: string;
  description: string;
  failure: string | null;
  cancelLabel: string;
  confirmLabel: string;
  busy: boolean;
  busyLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
  /** Where focus goes on closing, when not back to the trigger. */
  onCloseAutoFocus?: React.ComponentProps<typeof ModalDialog>['onCloseAutoFocus'];
}) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      trigger={trigger}
      title={title}
      description={description}
      failure={failure}
      onCloseAutoFocus={onCloseAutoFocus}
      footer={
        <>
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => {
              onOpenChange(false);
            }}
          >
            {cancelLabel}
          </Button>
          <Button
            {...(destructive ? { variant: 'destructive' as const } : {})}
            busy={busy}
            busyLabel={busyLabel}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
