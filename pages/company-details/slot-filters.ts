import { MEETING_TYPES, type MeetingType } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import { utcToZonedWallClock } from '../../common/time.ts';
import type { CompanyPageSlot } from '../../server/meetings/index.ts';

/** How many slots the list shows at first, and how many more each « Voir plus » adds. */
export const SLOTS_SHOWN_STEP = 6;

/** The company page's slot filters, read from its GET query (they work without JavaScript). */
export interface SlotFilters {
  /** `?type=`: one meeting type, or all. */
  type: MeetingType | null;
  /** `?mois=2026-12`: one month in the slots' zone, or all. */
  month: string | null;
  /** `?voir=12`: how many slots the list shows. */
  shown: number;
}

export function slotFiltersOf(search: Record<string, string | undefined>): SlotFilters {
  const type = MEETING_TYPES.find((value) => value === search.type) ?? null;
  const month = search.mois && /^\d{4}-(0[1-9]|1[0-2])$/.test(search.mois) ? search.mois : null;
  const asked = Number(search.voir);
  const shown = Number.isSafeInteger(asked) && asked > 0 ? Math.min(asked, 500) : SLOTS_SHOWN_STEP;
  return { type, month, shown };
}

/** The month a slot starts in, in its zone: "2026-12". */
const monthOf = (slot: Pick<CompanyPageSlot, 'startsAt' | 'timeZone'>) =>
  utcToZonedWallClock(new Date(slot.startsAt), slot.timeZone).date.slice(0, 7);

const monthFormat = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** « décembre 2026 ». */
export const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-15T12:00:00Z`));

/** The list as filtered, what the filters may choose from (only what the company offers), and the counts. */
export interface FilteredSlots {
  items: CompanyPageSlot[];
  /** Slots that match the filters, shown or not. */
  matching: number;
  /** All the company's slots on the page. */
  total: number;
  types: MeetingType[];
  months: string[];
  filters: SlotFilters;
}

export function filterSlots(items: CompanyPageSlot[], filters: SlotFilters): FilteredSlots {
  const matching = items.filter(
    (slot) =>
      (filters.type === null || slot.meetingType === filters.type) &&
      (filters.month === null || monthOf(slot) === filters.month),
  );
  return {
    items: matching.slice(0, filters.shown),
    matching: matching.length,
    total: items.length,
    types: MEETING_TYPES.filter((type) => items.some((slot) => slot.meetingType === type)),
    months: [...new Set(items.map(monthOf))].sort(),
    filters,
  };
}

/**
 * The page's address with these filters: where its slot cards' plain forms post and come back, so that the
 * list still shows the card a form was sent from.
 */
export function slotListPath(companyId: number, filters: SlotFilters): string {
  const query = new URLSearchParams({ id: String(companyId) });
  if (filters.type) query.set('type', filters.type);
  if (filters.month) query.set('mois', filters.month);
  if (filters.shown !== SLOTS_SHOWN_STEP) query.set('voir', String(filters.shown));
  return `${ROUTES.companyDetails}?${query}`;
}

/** The page's URL with these filters, at its slots. */
export function slotFiltersUrl(companyId: number, filters: SlotFilters): string {
  return `${slotListPath(companyId, filters)}#creneaux`;
}

/**
 * Where a link to one slot leads (the week view, the next free slot): its card when the list shows it, else
 * the whole list long enough to show it.
 */
export function slotHref(
  companyId: number,
  all: { id: number }[],
  list: FilteredSlots | null,
  slotId: number,
) {
  if (!list || list.items.some((slot) => slot.id === slotId)) return `#creneau-${slotId}`;
  const index = all.findIndex((slot) => slot.id === slotId);
  const shown = Math.max(Math.ceil((index + 1) / SLOTS_SHOWN_STEP), 1) * SLOTS_SHOWN_STEP;
  return slotFiltersUrl(companyId, { type: null, month: null, shown }).replace(
    '#creneaux',
    `#creneau-${slotId}`,
  );
}
