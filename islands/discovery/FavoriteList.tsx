import { useEffect, useRef, useState } from 'react';
import { ROUTES } from '../../common/routes.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Toaster } from '../ui/Toast.tsx';
import { CompanyCard, type CompanyCardData } from './CompanyCard.tsx';
import { FavoriteButton } from './FavoriteButton.tsx';

interface FavoriteListProps {
  companies: CompanyCardData[];
}

/**
 * The teacher's starred companies (/my-favorites): unstarring one takes its card away once the server
 * agreed, and the keyboard focus goes to the next card's link (or the empty state) rather than nowhere.
 */
export function FavoriteList({ companies: initial }: FavoriteListProps) {
  const [companies, setCompanies] = useState(initial);
  // An object, so that two removals at the same place both move the focus.
  const [removed, setRemoved] = useState<{ index: number } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (removed === null) return;
    const links = listRef.current?.querySelectorAll<HTMLElement>('h2 a');
    const next = links?.[Math.min(removed.index, links.length - 1)];
    (next ?? emptyRef.current)?.focus();
  }, [removed]);

  function remove(id: number) {
    const index = companies.findIndex((company) => company.id === id);
    setCompanies((current) => current.filter((company) => company.id !== id));
    setRemoved({ index });
  }

  return (
    <>
      {companies.length === 0 ? (
        <div ref={emptyRef} tabIndex={-1} className="focus:outline-hidden">
          <Card className="flex flex-col items-start gap-4">
            <p>Vous n’avez pas encore d’entreprise en favori.</p>
            <p>Cherchez des entreprises près de chez vous et cliquez sur l’étoile pour les retrouver ici.</p>
            <Button href={ROUTES.searchCompanies}>Chercher une entreprise</Button>
          </Card>
        </div>
      ) : (
        <ul ref={listRef} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {companies.map((company) => (
            <li key={company.id}>
              <CompanyCard
                company={company}
                // The page's h1 is "Mes favoris": each company is a section of it.
                headingLevel={2}
                star={
                  <FavoriteButton
                    companyId={String(company.id)}
                    companyName={company.name}
                    starred
                    onChange={(starred) => {
                      if (!starred) remove(company.id);
                    }}
                  />
                }
              />
            </li>
          ))}
        </ul>
      )}
      <Toaster />
    </>
  );
}
