import { type RefObject, useEffect, useRef, useState } from 'react';
import { plural } from '../../common/format.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { LoadingDots } from '../ui/LoadingDots.tsx';
import { CompanyCard } from './CompanyCard.tsx';
import type { CompanyResult } from './search-api.ts';
import type { LoadStatus } from './useFavorites.ts';

/** The favourites tab: a teacher's starred companies; unstarring one takes its card away. */
export function Favorites({
  list,
  status,
  starred,
  heading,
  onRetry,
  onStar,
}: {
  list: CompanyResult[] | null;
  status: LoadStatus;
  starred: ReadonlySet<string>;
  heading: RefObject<HTMLHeadingElement | null>;
  onRetry: () => void;
  onStar: (company: CompanyResult, starred: boolean) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  // An object, so that two removals at the same place both move the focus.
  const [removed, setRemoved] = useState<{ index: number } | null>(null);

  // An unstarred card leaves: the focus goes to the next card's link, or to the heading.
  useEffect(() => {
    if (removed === null) return;
    const links = listRef.current?.querySelectorAll<HTMLElement>('h3 a');
    (links?.[Math.min(removed.index, links.length - 1)] ?? heading.current)?.focus();
  }, [removed, heading]);

  return (
    <section aria-labelledby="favoris" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="favoris" ref={heading} tabIndex={-1} className="focus:outline-none">
          Mes favoris
        </h2>
        <p role="status" className="font-semibold">
          {list === null ? '' : list.length === 0 ? 'Aucun favori' : plural(list.length, 'favori')}
        </p>
      </div>
      {list === null ? (
        status === 'error' ? (
          <Card role="alert" className="flex flex-col items-start gap-3">
            <p className="font-semibold">Vos favoris n’ont pas pu être chargés.</p>
            <Button variant="outline" onClick={onRetry}>
              Réessayer
            </Button>
          </Card>
        ) : (
          <LoadingDots label="Chargement de vos favoris…" />
        )
      ) : list.length === 0 ? (
        <Card>
          <p>
            Vous n’avez pas encore de favori. Choisissez l’étoile d’une entreprise dans la liste ou sur la
            carte pour la retrouver ici.
          </p>
        </Card>
      ) : (
        <ul ref={listRef} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {list.map((company, index) => (
            <li key={company.id}>
              <CompanyCard
                company={{ ...company, isFavorite: starred.has(company.id) }}
                teacher
                showNextSlot={false}
                onStar={(unstarred, isStarred) => {
                  onStar(unstarred, isStarred);
                  if (!isStarred) setRemoved({ index });
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
