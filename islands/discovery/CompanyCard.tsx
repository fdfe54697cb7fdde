import type { ReactNode } from 'react';
import { SECTOR_LABELS, type Sector } from '../../common/constants.ts';
import { availableSlotsLabel } from '../../common/format.ts';
import { ROUTES } from '../../common/routes.ts';
import { cx } from '../ui/cx.ts';

/** What a company card shows: the search, the favourites page and the teacher's suggestions use it. */
export interface CompanyCardData {
  id: number;
  name: string;
  sector: Sector;
  city: string | null;
  /** Its picture in a web size, relative to the site; null until the company sets one. */
  pictureUrl?: string | null;
  /** Slots with seats left in the next 15 days; left out where the card says something else. */
  availableSlotsCount?: number;
  /** Why the company is suggested: "12 km · aéronautique · 3 créneaux cette semaine". */
  suggestionReasons?: string[];
  /** From the searched place, in search results. */
  distanceKm?: number | null;
  /** Teachers: when its next slot with seats left starts, as a date chip ("mar. 24 nov.", "09:00"). */
  nextSlotChip?: { day: string; time: string } | null;
}

export const companyUrl = (id: number | string) => `${ROUTES.companyDetails}?id=${encodeURIComponent(id)}`;

const distanceFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** "à 12,3 km" */
const distanceLabel = (km: number) => `à ${distanceFormat.format(km)} km`;

/** Each sector's colours where a company has no picture yet: the card keeps its shape and its life. */
const SECTOR_BACKDROPS: Record<Sector, string> = {
  aerospace: 'from-blue to-purple',
  naval: 'from-blue to-green-text',
  metallurgy: 'from-orange-text to-warning',
  electricalDigital: 'from-purple to-green-text',
  energyEquipment: 'from-green-text to-yellow-text',
  rail: 'from-grey-dark to-purple-dark',
  automotive: 'from-error-text to-orange',
  mechanics: 'from-purple-dark to-blue',
};

const initialsOf = (name: string) =>
  name
    .split(/[\s'’-]+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

/** The card's picture, or the sector's colours with the company's initials; decoration either way. */
export function CompanyPicture({
  company,
  className,
  eager = false,
}: {
  company: Pick<CompanyCardData, 'name' | 'sector' | 'pictureUrl'>;
  className?: string;
  /** The page's main picture: asked for at once rather than when scrolled to. */
  eager?: boolean;
}) {
  return company.pictureUrl ? (
    <img
      src={company.pictureUrl}
      alt=""
      width={640}
      height={400}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={cx('h-full w-full object-cover', className)}
    />
  ) : (
    <div
      aria-hidden="true"
      className={cx(
        'flex h-full w-full items-center justify-center bg-linear-to-br text-4xl font-extrabold text-white/90',
        SECTOR_BACKDROPS[company.sector],
        className,
      )}
    >
      {initialsOf(company.name)}
    </div>
  );
}

/** A slot's day and hour as a chip over the picture. */
export function DateChip({
  chip,
  label = 'Prochain créneau',
  hidden = false,
}: {
  chip: { day: string; time: string };
  label?: string;
  /** When the same date is written out for screen readers beside it. */
  hidden?: boolean;
}) {
  return (
    <p
      aria-hidden={hidden || undefined}
      className="flex flex-col rounded-xl bg-white px-3 py-1.5 text-center leading-tight text-dark shadow-md"
    >
      <span className="text-xs font-semibold text-grey-text">{label}</span>
      <span className="font-extrabold">{chip.day}</span>
      <span className="text-sm font-semibold">{chip.time}</span>
    </p>
  );
}

/**
 * A company as a card: its picture (or its sector's colours), a date chip for its next free slot, its
 * sector, name, town and distance. The whole card is the link to its page (the name's link stretched over
 * it, nothing underlined); the star (an island, or nothing for whoever cannot star) and `children` (a
 * card's own actions) sit above that link. Rendered by the pages on the server, and in the browser by the
 * favourites list and the search.
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
  const place = [
    company.city,
    typeof company.distanceKm === 'number' ? distanceLabel(company.distanceKm) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <article
      aria-labelledby={headingId}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-grey bg-white text-dark shadow-sm transition-shadow focus-within:shadow-lg hover:shadow-lg"
    >
      <div className="relative aspect-[8/3] overflow-hidden bg-grey-light sm:aspect-[8/5]">
        <CompanyPicture
          company={company}
          className="transition-transform duration-300 group-hover:scale-105"
        />
        {company.nextSlotChip && (
          <div className="absolute top-3 left-3">
            <DateChip chip={company.nextSlotChip} hidden />
          </div>
        )}
        {star && <div className="absolute top-3 right-3 z-10 rounded-full bg-white shadow-md">{star}</div>}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-sm font-bold tracking-wide text-purple uppercase">
          {SECTOR_LABELS[company.sector]}
        </p>
        <Heading id={headingId} className="text-lg leading-snug font-bold">
          <a
            className="after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none"
            href={companyUrl(company.id)}
          >
            {company.name}
          </a>
        </Heading>
        {place && (
          <p className="flex items-center gap-1.5 text-grey-text">
            <PinIcon />
            {place}
          </p>
        )}
        {company.suggestionReasons && company.suggestionReasons.length > 0 && (
          <p className="text-sm">
            <span className="sr-only">Pourquoi cette suggestion : </span>
            {company.suggestionReasons.join(' · ')}
          </p>
        )}
        {company.availableSlotsCount !== undefined && (
          <p className="text-sm font-semibold text-green-text">
            {availableSlotsLabel(company.availableSlotsCount)}
          </p>
        )}
        {children && <div className="relative z-10 mt-auto flex flex-col gap-2 pt-2">{children}</div>}
      </div>
    </article>
  );
}

function PinIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0 fill-current">
      <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
    </svg>
  );
}
