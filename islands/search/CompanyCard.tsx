import { CompanyCard as Card, companyUrl } from '../discovery/CompanyCard.tsx';
import { FavoriteButton } from '../discovery/FavoriteButton.tsx';
import { Button } from '../ui/Button.tsx';
import type { CompanyResult } from './search-api.ts';

export { companyUrl };

/**
 * A company of the results: everyone sees its count of available slots; whoever may see its dates (the
 * server's `datesVisible`) when its next free slot is; a teacher the way to book it and the star
 * (PRODUCT.md, Discovery).
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
        pictureUrl: company.pictureUrl,
        distanceKm: company.distanceKm,
        availableSlotsCount: company.availableSlotsCount,
        nextSlotChip: company.datesVisible && showNextSlot ? company.nextSlotChip : null,
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
      {company.datesVisible && showNextSlot && (
        // The chip over the picture shows the date; written out here for screen readers, and for everyone
        // when the slot's zone is named (the chip does not name it).
        <p className={company.nextSlot && !company.nextSlot.includes('(') ? 'sr-only' : 'text-sm'}>
          {company.nextSlot ? `Prochain créneau libre : ${company.nextSlot}` : 'Aucun créneau libre à venir'}
        </p>
      )}
      {teacher && (
        <Button href={`${url}#creneaux`} size="m" variant="outline" color="plainPurple">
          Voir les créneaux et réserver<span className="sr-only"> : {company.name}</span>
        </Button>
      )}
    </Card>
  );
}
