import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

/**
 * Asks before an action that cannot be undone (a deletion, a removal): « Annuler » and the action, named in
 * full (« Supprimer l’article »). While the action runs, the dialog stays open and « Annuler » waits.
 */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  pending = false,
  onCancel,
  onConfirm,
  children,
}: {
  open: boolean;
  title: ReactNode;
  confirmLabel: ReactNode;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={() => !pending && onCancel()}
      title={title}
      actions={
        <>
          <Button variant="outline" color="black" onClick={onCancel} disabled={pending}>
            Annuler
          </Button>
          <Button color="error" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
