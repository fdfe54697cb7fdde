import { SECTOR_LABELS } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import { FavoriteButton } from '../discovery/FavoriteButton.tsx';
import { Card } from '../ui/Card.tsx';
import { availableSlotsLabel, type CompanyResult } from './search-api.ts';

const distanceFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

export const companyUrl = (id: string) => `${ROUTES.companyDetails}?id=${encodeURIComponent(id)}`;

/** "à 12,3 km" */
export const distanceLabel = (km: number) => `à ${distanceFormat.format(km)} km`;

/**
 * A company of the results: everyone sees its count of available slots; a teacher also sees when its
 * next free slot is, the way to book it, and the star (PRODUCT.md, Discovery).
 */
export function CompanyCard({
  company,
  teacher,
  showNextSlot = true,
  onStar,
}: {
  company: CompanyResult;
  teacher: boolean;
  /** False where the next slot is not known (the favourites). */
  showNextSlot?: boolean;
  onStar?: (company: CompanyResult, starred: boolean) => void;
}) {
  const headingId = `entreprise-${company.id}`;
  const url = companyUrl(company.id);
  return (
    <Card as="article" aria-labelledby={headingId} className="flex h-full flex-col gap-3">
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h3 id={headingId} className="text-lg font-bold">
            <a href={url} className="link">
              {company.name}
            </a>
          </h3>
          <p className="text-sm font-semibold text-purple">{SECTOR_LABELS[company.sector]}</p>
          <p className="text-sm text-grey-dark">
            {company.city}
            {company.distanceKm !== null && (
              <>
                {company.city ? ' · ' : ''}
                {distanceLabel(company.distanceKm)}
              </>
            )}
          </p>
        </div>
        {teacher && (
          <FavoriteButton
            companyId={company.id}
            companyName={company.name}
            starred={company.isFavorite}
            onChange={(starred) => onStar?.(company, starred)}
          />
        )}
      </div>
      <p className="font-semibold">{availableSlotsLabel(company.availableSlotsCount)}</p>
      {teacher && (
        <>
          {showNextSlot && (
            <p className="text-sm">
              {company.nextSlot ? (
                <>
                  <span className="font-semibold">Prochain créneau libre : </span>
                  {company.nextSlot}
                </>
              ) : (
                'Aucun créneau libre à venir'
              )}
            </p>
          )}
          <p className="mt-auto">
            <a href={`${url}#creneaux`} className="link font-semibold">
              Voir les créneaux et réserver<span className="sr-only"> : {company.name}</span>
            </a>
          </p>
        </>
      )}
    </Card>
  );
}
