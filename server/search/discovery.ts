import { type HolidayZone, holidayZoneOf, schoolHolidayInstants } from '../../common/holidays.ts';
import type { SearchInput } from '../../common/search.ts';
import { type TeacherReference, teacherReference } from '../accounts/index.ts';
import { companyRowsByIds } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { slotsBookedBy } from '../meetings/index.ts';
import { canSeeSlotDates, requireKind } from '../permissions.ts';
import { countAvailableSlotsOfCompanies } from '../slots/index.ts';
import { departmentOfPoint } from '../territory/index.ts';
import { myFavorites, starredCompanyIds } from './favorites.ts';
import { recordSearchMiss } from './misses.ts';
import { type FoundCompany, type SearchResult, searchCompanies } from './search.ts';
import { type SuggestedCompany, type SuggestionCard, suggestCompanies } from './suggestions.ts';

/**
 * A search result as its reader may see it: `datesVisible` (permissions.canSeeSlotDates) says whether its
 * slots' dates are theirs to see, and the next slot's date is left out otherwise.
 */
export type FoundCompanyFor = FoundCompany & { isFavorite: boolean; datesVisible: boolean };

/** The school-holiday zone of a teacher: their reference address's department, else their own department. */
function holidayZoneOfTeacher(reference: TeacherReference): HolidayZone | null {
  return (
    holidayZoneOf(reference.point ? departmentOfPoint(reference.point) : null) ??
    holidayZoneOf(reference.departmentCode)
  );
}

/**
 * Whether a search leaves out the school holidays of the teacher's zone when it does not say (issue 20):
 * yes for school teachers, no for prescribers and employment partners (their groups do not follow the
 * school calendar), and never for anyone but a teacher (no zone to follow).
 */
const excludesHolidaysByDefault = (reference: TeacherReference | null) =>
  reference !== null && (reference.profileType ?? 'teacher') === 'teacher';

/** Where a logged-in teacher's search starts (issue 20): their reference address, and the holidays default. */
export async function searchStartFor(
  viewer: Viewer | null,
  deps: Deps,
): Promise<{
  near: { lat: number; lng: number } | null;
  placeLabel: string;
  excludeHolidays: boolean;
  holidayZone: HolidayZone | null;
}> {
  const reference = viewer?.kind === 'teacher' ? await teacherReference(deps.db, viewer.id) : null;
  return {
    near: reference?.point ?? null,
    placeLabel: reference?.fromEstablishment === false ? 'Mon adresse' : 'Mon établissement',
    excludeHolidays: excludesHolidaysByDefault(reference),
    holidayZone: reference ? holidayZoneOfTeacher(reference) : null,
  };
}

/**
 * The companies matching a search (PRODUCT.md, Discovery), public: visitors (and other companies'
 * recruiters) get the counts, never the next slot's date; a teacher's results say which are starred, and
 * leave out the slots in the school holidays of their zone when `excludeHolidays` (by default for school
 * teachers: docs/decisions/0047). `hiddenByHolidays`: when the holidays leave no company, how many the same
 * search finds with them (0 otherwise), so that the empty list names its cause (issue 36).
 */
export async function searchCompaniesFor(
  viewer: Viewer | null,
  input: SearchInput,
  deps: Deps,
): Promise<SearchResult & { items: FoundCompanyFor[]; hiddenByHolidays: number }> {
  const now = deps.clock.now();
  const teacherId = viewer?.kind === 'teacher' ? viewer.id : null;
  const [booked, starred, reference] = await Promise.all([
    slotsBookedBy(viewer, deps),
    teacherId !== null ? starredCompanyIds(deps.db, teacherId) : Promise.resolve([]),
    teacherId !== null ? teacherReference(deps.db, teacherId) : Promise.resolve(null),
  ]);
  const zone = reference ? holidayZoneOfTeacher(reference) : null;
  // When the holidays leave nothing, how many they hid: the empty list says so (issue 36).
  const totalWithHolidays = async () =>
    (await searchCompanies(deps.db, { ...input, page: 1, pageSize: 1 }, now, { except: booked })).total;
  const holidays =
    zone && (input.excludeHolidays ?? excludesHolidaysByDefault(reference))
      ? schoolHolidayInstants(zone, now)
      : [];
  const found = await searchCompanies(deps.db, input, now, { except: booked, holidays });
  await countUnmetDemand(input, found, deps);
  const starredIds = new Set(starred);
  return {
    ...found,
    hiddenByHolidays: found.total === 0 && holidays.length > 0 ? await totalWithHolidays() : 0,
    items: found.items.map((company) => {
      const datesVisible = canSeeSlotDates(viewer, company);
      return {
        ...company,
        nextSlotAt: datesVisible ? company.nextSlotAt : null,
        datesVisible,
        isFavorite: starredIds.has(company.id),
      };
    }),
  };
}

/**
 * A search around a place that finds no company with a slot in the next 15 days is unmet demand (issue 13,
 * statistics), counted by the place's department: once per search, on its first page.
 */
async function countUnmetDemand(input: SearchInput, found: SearchResult, deps: Deps): Promise<void> {
  if (!input.near || input.page !== 1) return;
  if (found.markers.some((marker) => marker.availableSlotsCount > 0)) return;
  const departmentCode = departmentOfPoint(input.near);
  if (departmentCode) await recordSearchMiss(deps.db, departmentCode, deps.clock.now());
}

/**
 * Companies for the teacher's home, ranked by criteria, distance and free seats soon, with why: their cards,
 * read with the ranking (the home page's suggestions: two round trips in all on Workers, the session's
 * and the page's, docs/decisions/0073), and the teacher's reference they were measured from.
 */
export async function suggestionCardsFor(
  viewer: Viewer | null,
  input: { limit: number },
  deps: Deps,
): Promise<{ reference: TeacherReference | null; cards: SuggestionCard[] }> {
  const teacher = requireKind(viewer, 'teacher');
  return suggestCompanies(deps.db, teacher.id, deps.clock.now(), input.limit);
}

/** The same suggestions as whole company rows, as the API's `suggestedCompanies` gives them. */
export async function suggestedCompaniesFor(
  viewer: Viewer | null,
  input: { limit: number },
  deps: Deps,
): Promise<SuggestedCompany[]> {
  const { cards } = await suggestionCardsFor(viewer, input, deps);
  const rows = new Map(
    (
      await companyRowsByIds(
        deps.db,
        cards.map((card) => card.id),
      )
    ).map((row) => [row.id, row]),
  );
  return cards.flatMap((card) => {
    const row = rows.get(card.id);
    return row ? [{ ...row, distanceKm: card.distanceKm, suggestionReasons: card.suggestionReasons }] : [];
  });
}

/** The teacher's starred companies with their slots open in the next 15 days (counted in one query). */
export async function myFavoriteCards(viewer: Viewer | null, deps: Deps) {
  const [companies, booked] = await Promise.all([myFavorites(viewer, deps), slotsBookedBy(viewer, deps)]);
  const counts = await countAvailableSlotsOfCompanies(
    deps.db,
    companies.map((company) => company.id),
    deps.clock.now(),
    { except: booked },
  );
  return companies.map((company) => ({ company, availableSlotsCount: counts.get(company.id) ?? 0 }));
}
