import type { ReactNode } from 'react';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { ConfirmStep } from '../ui/ConfirmStep.tsx';
import { PostButton } from '../ui/PostButton.tsx';

/** The item a removal is about, as its forms post it: the page's intent, and the item's id. */
interface Removal {
  intent: string;
  id: number | string;
  /** Where the forms post (the page, at the block). */
  action: string | undefined;
}

/**
 * « Supprimer » of one item of a list, which asks first (docs/decisions/0082, 0090): hydrated, its click
 * opens the island's dialog (`onAsk`); before, it posts the item to the page, which answers with
 * `ConfirmRemoval` under it.
 */
export function RemoveButton({
  removal,
  onAsk,
  children,
}: {
  removal: Removal;
  onAsk: () => void;
  children: ReactNode;
}) {
  const id = String(removal.id);
  return (
    <PostButton
      action={removal.action}
      fields={removal.action ? { intent: removal.intent, id } : { id }}
      size="m"
      variant="outline"
      color="error"
      onPress={onAsk}
    >
      {children}
    </PostButton>
  );
}

/** The removal the page asks without JavaScript: what the dialog says, and its button posting `confirm=1`. */
export function ConfirmRemoval({
  removal,
  title,
  confirmLabel,
  pageUrl,
  alert,
  children,
}: {
  removal: Removal;
  title: string;
  confirmLabel: string;
  /** « Annuler »: the page again. */
  pageUrl: string;
  alert: string | null;
  children: ReactNode;
}) {
  return (
    <ConfirmStep
      title={title}
      confirmLabel={confirmLabel}
      cancelHref={pageUrl}
      action={removal.action}
      fields={{ intent: removal.intent, id: String(removal.id) }}
    >
      <FormAlert message={alert} />
      {children}
    </ConfirmStep>
  );
}
