import { CompanyCard as Card, companyUrl } from '../discovery/CompanyCard.tsx';
import { FavoriteButton } from '../discovery/FavoriteButton.tsx';
import type { CompanyResult } from './search-api.ts';

export { companyUrl };

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
  const url = companyUrl(company.id);
  return (
    <Card
      company={{
        id: Number(company.id),
        name: company.name,
        sector: company.sector,
        city: company.city,
        distanceKm: company.distanceKm,
        availableSlotsCount: company.availableSlotsCount,
      }}
      star={
        teacher && (
          <FavoriteButton
            companyId={company.id}
            companyName={company.name}
            starred={company.isFavorite}
            onChange={(starred) => onStar?.(company, starred)}
          />
        )
      }
    >
      {teacher && showNextSlot && (
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
      {teacher && (
        <p className="mt-auto">
          <a href={`${url}#creneaux`} className="link font-semibold">
            Voir les créneaux et réserver<span className="sr-only"> : {company.name}</span>
          </a>
        </p>
      )}
    </Card>
  );
}
