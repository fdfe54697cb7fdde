import { type FormEvent, useRef, useState } from 'react';
import { gqlRequest } from '../graphql.ts';
import { cx, focusRing } from '../ui/cx.ts';
import { toast } from '../ui/toast-store.ts';

const ADD = 'mutation AddFavorite($companyId: ID!) { addFavorite(companyId: $companyId) { id isFavorite } }';
const REMOVE =
  'mutation RemoveFavorite($companyId: ID!) { removeFavorite(companyId: $companyId) { id isFavorite } }';

/** The star's `intent`: posted to its page without JavaScript (pages/layout/favorite-post.ts). */
export const FAVORITE_INTENT = 'favorite';

interface FavoriteButtonProps {
  companyId: string;
  companyName: string;
  starred: boolean;
  /** Told after the server agreed, e.g. to drop the company from a favourites list. */
  onChange?: (starred: boolean) => void;
}

/**
 * The favourite star of a company (card, company page, map): a toggle button that turns at once and
 * turns back, saying so, if the server refuses. Its toasts need one `<Toaster />` on the page. Before its
 * script runs, a plain form posted to the page, which stars or unstars (`starred`, what it becomes) and
 * comes back.
 */
export function FavoriteButton({ companyId, companyName, starred: initial, onChange }: FavoriteButtonProps) {
  const [starred, setStarred] = useState(initial);
  const [pending, setPending] = useState(false);
  // A second press while the first is on its way is ignored: the answers could cross.
  const busy = useRef(false);
  async function toggle(event: FormEvent) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    const next = !starred;
    setStarred(next);
    try {
      await gqlRequest(next ? ADD : REMOVE, { companyId }, next ? 'AddFavorite' : 'RemoveFavorite');
      toast.success(
        next ? `${companyName} est dans vos favoris.` : `${companyName} n’est plus dans vos favoris.`,
      );
      onChange?.(next);
    } catch {
      setStarred(!next);
      toast.danger('Le favori n’a pas pu être enregistré. Veuillez réessayer.');
    } finally {
      busy.current = false;
      setPending(false);
    }
  }
  return (
    <form method="post" onSubmit={toggle} className="contents">
      <input type="hidden" name="intent" value={FAVORITE_INTENT} />
      <input type="hidden" name="companyId" value={companyId} />
      <input type="hidden" name="starred" value={String(!starred)} />
      {/* Not `disabled` while pending: a disabled button loses the keyboard focus. */}
      <button
        type="submit"
        aria-pressed={starred}
        aria-busy={pending || undefined}
        aria-label={`${companyName} dans mes favoris`}
        title={starred ? 'Retirer de mes favoris' : 'Ajouter à mes favoris'}
        className={cx(
          'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full border-2 border-purple bg-white text-purple',
          'hover:bg-purple-light',
          pending && 'cursor-progress',
          focusRing,
        )}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path
            d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
            fill={starred ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </form>
  );
}
