import type { ReactNode } from 'react';
import { SECTOR_LABELS, type Sector } from '../../common/constants.ts';
import { availableSlotsLabel } from '../../common/format.ts';
import { ROUTES } from '../../common/routes.ts';
import { Card } from '../ui/Card.tsx';

/** What a company card shows: the favourites page and the teacher's suggestions both use it. */
export interface CompanyCardData {
  id: number;
  name: string;
  sector: Sector;
  city: string | null;
  /** Slots with seats left in the next 15 days; left out where the card says something else. */
  availableSlotsCount?: number;
  /** Why the company is suggested: "12 km · aéronautique · 3 créneaux cette semaine". */
  suggestionReasons?: string[];
  /** From the searched place, in search results. */
  distanceKm?: number | null;
}

export const companyUrl = (id: number | string) => `${ROUTES.companyDetails}?id=${encodeURIComponent(id)}`;

const distanceFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** "à 12,3 km" */
export const distanceLabel = (km: number) => `à ${distanceFormat.format(km)} km`;

/**
 * A company as a card: its name links to its page, the star (an island, or nothing for whoever cannot
 * star) sits beside it; `children` add what the card's place knows (the next slot in search results).
 * Rendered by the pages on the server, and in the browser by the favourites list and the search.
 */
export function CompanyCard({
  company,
  star,
  headingLevel = 3,
  children,
}: {
  company: CompanyCardData;
  star?: ReactNode;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `entreprise-${company.id}`;
  return (
    <Card as="article" aria-labelledby={headingId} className="flex h-full flex-col gap-3">
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <Heading id={headingId} className="text-lg font-bold">
            <a className="link" href={companyUrl(company.id)}>
              {company.name}
            </a>
          </Heading>
          <p className="text-sm font-semibold text-purple">{SECTOR_LABELS[company.sector]}</p>
        </div>
        {star}
      </div>
      {(company.city || typeof company.distanceKm === 'number') && (
        <p>
          {[company.city, typeof company.distanceKm === 'number' ? distanceLabel(company.distanceKm) : null]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      {company.suggestionReasons && company.suggestionReasons.length > 0 && (
        <p className="text-sm">
          <span className="sr-only">Pourquoi cette suggestion : </span>
          {company.suggestionReasons.join(' · ')}
        </p>
      )}
      {company.availableSlotsCount !== undefined && (
        <p className="text-sm font-semibold">{availableSlotsLabel(company.availableSlotsCount)}</p>
      )}
      {children}
    </Card>
  );
}
