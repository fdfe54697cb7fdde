import type { ReactNode } from 'react';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { Button } from '../ui/Button.tsx';

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
  return (
    <form method="post" action={removal.action}>
      {removal.action && <input type="hidden" name="intent" value={removal.intent} />}
      <input type="hidden" name="id" value={removal.id} />
      <Button
        type="submit"
        size="m"
        variant="outline"
        color="error"
        onClick={(event) => {
          event.preventDefault();
          onAsk();
        }}
      >
        {children}
      </Button>
    </form>
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
  const headingId = `confirmer-${removal.intent}-${removal.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex w-full flex-col gap-3 rounded-lg border-2 border-error-text bg-white p-4"
    >
      <h3 id={headingId} className="text-lg font-bold">
        {title}
      </h3>
      <FormAlert message={alert} />
      {children}
      <form method="post" action={removal.action} className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value={removal.intent} />
        <input type="hidden" name="id" value={removal.id} />
        <input type="hidden" name="confirm" value="1" />
        <Button type="submit" color="error">
          {confirmLabel}
        </Button>
        {/* No fragment: from the page this step answers a post with, a link with one would only scroll. */}
        <Button href={pageUrl} variant="outline" color="black">
          Annuler
        </Button>
      </form>
    </section>
  );
}
