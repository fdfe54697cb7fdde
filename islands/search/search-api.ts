import type { Sector } from '../../common/constants.ts';
import { formatSlotChip, formatSlotStart, MAINLAND_TIME_ZONE } from '../../common/format.ts';
import { pictureUrl } from '../../common/pictures.ts';
import { type SearchUrlState, searchInputOfUrl } from '../../common/search.ts';
import { zonedWallClockToUtc } from '../../common/time.ts';
import { gqlRequest } from '../graphql.ts';

/**
 * What the company search shows and asks the API (PRODUCT.md, Discovery). The page's data hook builds
 * the first page with `companyResult` too, so that the server's HTML and the island's render agree.
 */

/** Who is searching: teachers see dates and stars; anyone else sees counts only. */
export type SearchViewer = 'teacher' | 'visitor' | 'other';

/** A company card of the results or of the favourites. */
export interface CompanyResult {
  id: string;
  name: string;
  sector: Sector;
  city: string;
  /** Set when the search has a place. */
  distanceKm: number | null;
  availableSlotsCount: number;
  /** Whether the reader may see its slots' dates, as the server decides it (permissions.canSeeSlotDates). */
  datesVisible: boolean;
  /** When its next slot with seats left starts, in its zone ("mardi 24 novembre 2026 à 09:00"); null when the dates are not the reader's to see. */
  nextSlot: string | null;
  /** The same, as the card's date chip. */
  nextSlotChip: { day: string; time: string } | null;
  /** Its picture in a web size, relative to the site. */
  pictureUrl: string | null;
  isFavorite: boolean;
}

export interface ResultPage {
  total: number;
  page: number;
  pageSize: number;
  items: CompanyResult[];
  /** When nothing is found because the school holidays are left out: how many the search finds with them. */
  hiddenByHolidays?: number;
}

export interface CompanyMarker {
  id: string;
  name: string;
  lat: number;
  lng: number;
  availableSlotsCount: number;
  sector: Sector;
  pictureUrl: string | null;
}

/** The map's tiles (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
export interface MapTiles {
  url: string;
  /** HTML, from the operator's configuration. */
  attribution: string;
}

/** Departments whose zone is not mainland France's, by code: the next slot is told in its own zone. */
export type DepartmentZones = Record<string, string>;

/** A company as the API or the server's search gives it. */
interface FoundCompanyLike {
  id: string | number;
  name: string;
  sector: Sector;
  city: string | null;
  departmentCode: string | null;
  distanceKm?: number | null;
  availableSlotsCount: number;
  nextSlotAt?: string | Date | null;
  datesVisible?: boolean;
  isFavorite?: boolean;
  /** From the server's rows. */
  pictureDocumentId?: number | null;
  /** From the API: an absolute URL. */
  pictureUrl?: string | null;
}

/** The picture's path on this site, whichever side gave it. */
function picturePathOf(company: FoundCompanyLike): string | null {
  if (company.pictureUrl) return new URL(company.pictureUrl, 'http://localhost').pathname;
  return company.pictureDocumentId ? pictureUrl(company.pictureDocumentId) : null;
}

export function companyResult(company: FoundCompanyLike, zones: DepartmentZones): CompanyResult {
  const zone = (company.departmentCode && zones[company.departmentCode]) || MAINLAND_TIME_ZONE;
  return {
    id: String(company.id),
    name: company.name,
    sector: company.sector,
    city: company.city ?? '',
    distanceKm: company.distanceKm ?? null,
    availableSlotsCount: company.availableSlotsCount,
    datesVisible: company.datesVisible ?? false,
    nextSlot: company.nextSlotAt ? formatSlotStart(company.nextSlotAt, zone) : null,
    nextSlotChip: company.nextSlotAt ? formatSlotChip(company.nextSlotAt, zone) : null,
    pictureUrl: picturePathOf(company),
    isFavorite: company.isFavorite ?? false,
  };
}

export { availableSlotsLabel } from '../../common/format.ts';

/** "Aucune entreprise", "1 entreprise", "18 entreprises". */
export function companiesCountLabel(count: number): string {
  if (count === 0) return 'Aucune entreprise';
  return count === 1 ? '1 entreprise' : `${new Intl.NumberFormat('fr-FR').format(count)} entreprises`;
}

/** The first instant of a day in mainland France, where the search's "du"/"au" dates are read. */
export function dayStartInParis(date: string): Date {
  return zonedWallClockToUtc(date, '00:00', MAINLAND_TIME_ZONE);
}

/** The API input of a search as the URL carries it. */
export function searchInput(state: SearchUrlState) {
  return searchInputOfUrl(state, dayStartInParis);
}

// The server sends a company's next slot only to whoever may see its dates, and says so (datesVisible).
const COMPANY_FIELDS =
  'id name sector address { city departmentCode } distanceKm availableSlotsCount pictureUrl nextSlotAt datesVisible';
const TEACHER_FIELDS = `${COMPANY_FIELDS} isFavorite`;

interface ApiCompany {
  id: string;
  name: string;
  sector: Sector;
  address: { city: string; departmentCode: string };
  distanceKm: number | null;
  availableSlotsCount: number;
  nextSlotAt: string | null;
  datesVisible: boolean;
  isFavorite?: boolean;
  pictureUrl: string | null;
}

const fromApi = (company: ApiCompany, zones: DepartmentZones) =>
  companyResult(
    { ...company, city: company.address.city, departmentCode: company.address.departmentCode },
    zones,
  );

export async function fetchResults(
  state: SearchUrlState,
  viewer: SearchViewer,
  zones: DepartmentZones,
  signal?: AbortSignal,
): Promise<ResultPage> {
  const fields = viewer === 'teacher' ? TEACHER_FIELDS : COMPANY_FIELDS;
  const data = await gqlRequest<{
    searchCompanies: {
      total: number;
      page: number;
      pageSize: number;
      hiddenByHolidays: number;
      items: ApiCompany[];
    };
  }>(
    `query SearchCompanies($input: CompanySearchInput!) {
      searchCompanies(input: $input) { total page pageSize hiddenByHolidays items { ${fields} } }
    }`,
    { input: searchInput(state) },
    'SearchCompanies',
    { signal },
  );
  const { items, ...rest } = data.searchCompanies;
  return { ...rest, items: items.map((company) => fromApi(company, zones)) };
}

/** Every match of the search, for the map: the list's page and sort do not matter. */
export async function fetchMarkers(state: SearchUrlState, signal?: AbortSignal): Promise<CompanyMarker[]> {
  const data = await gqlRequest<{ searchCompanies: { markers: CompanyMarker[] } }>(
    `query SearchCompanyMarkers($input: CompanySearchInput!) {
      searchCompanies(input: $input) { markers { id name lat lng availableSlotsCount sector pictureUrl } }
    }`,
    { input: { ...searchInput({ ...state, page: 1, sort: undefined }), pageSize: 1 } },
    'SearchCompanyMarkers',
    { signal },
  );
  return data.searchCompanies.markers;
}

export async function fetchFavorites(zones: DepartmentZones, signal?: AbortSignal): Promise<CompanyResult[]> {
  const data = await gqlRequest<{ myFavorites: ApiCompany[] }>(
    `query MyFavorites { myFavorites { ${COMPANY_FIELDS} isFavorite } }`,
    {},
    'MyFavorites',
    { signal },
  );
  return data.myFavorites.map((company) => fromApi({ ...company, distanceKm: null }, zones));
}
