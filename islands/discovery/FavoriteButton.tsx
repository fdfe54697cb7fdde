import { useState } from 'react';
import { gqlRequest } from '../graphql.ts';
import { cx, focusRing } from '../ui/cx.ts';
import { toast } from '../ui/toast-store.ts';

const ADD = 'mutation AddFavorite($companyId: ID!) { addFavorite(companyId: $companyId) { id isFavorite } }';
const REMOVE =
  'mutation RemoveFavorite($companyId: ID!) { removeFavorite(companyId: $companyId) { id isFavorite } }';

export interface FavoriteButtonProps {
  companyId: string;
  companyName: string;
  starred: boolean;
  /** Told after the server agreed, e.g. to drop the company from a favourites list. */
  onChange?: (starred: boolean) => void;
}

/**
 * The favourite star of a company (card, company page, map): a toggle button whose pressed state is the
 * server's; a failure leaves it as it was and says so.
 */
export function FavoriteButton({ companyId, companyName, starred: initial, onChange }: FavoriteButtonProps) {
  const [starred, setStarred] = useState(initial);
  const [pending, setPending] = useState(false);
  async function toggle() {
    setPending(true);
    const next = !starred;
    try {
      await gqlRequest(next ? ADD : REMOVE, { companyId });
      setStarred(next);
      onChange?.(next);
      toast.success(
        next ? `${companyName} est dans vos favoris.` : `${companyName} n’est plus dans vos favoris.`,
      );
    } catch {
      toast.danger('Le favori n’a pas pu être enregistré. Veuillez réessayer.');
    } finally {
      setPending(false);
    }
  }
  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={`${companyName} dans mes favoris`}
      title={starred ? 'Retirer de mes favoris' : 'Ajouter à mes favoris'}
      disabled={pending}
      onClick={toggle}
      className={cx(
        'inline-flex h-11 w-11 items-center justify-center rounded-full border-2 border-purple bg-white text-purple',
        'hover:bg-purple-light disabled:opacity-60',
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
  );
}
