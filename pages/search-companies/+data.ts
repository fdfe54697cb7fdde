import type { PageContextServer } from 'vike/types';
import { fieldErrors } from '../../common/accounts.ts';
import { MAINLAND_TIME_ZONE } from '../../common/format.ts';
import { holidayZoneLabel } from '../../common/holidays.ts';
import { type SearchUrlState, searchFromUrl, searchInputSchema, startingFrom } from '../../common/search.ts';
import type { CompanySearchProps } from '../../islands/search/CompanySearch.tsx';
import type { FilterErrors } from '../../islands/search/SearchFilters.tsx';
import {
  type CompanyResult,
  companyResult,
  type DepartmentZones,
  type ResultPage,
  type SearchViewer,
  searchInput,
} from '../../islands/search/search-api.ts';
import { myFavoriteCards, searchCompaniesFor, searchStartFor } from '../../server/search/index.ts';
import { listDepartments } from '../../server/territory/index.ts';
import { plainFavorite } from '../layout/favorite-post.ts';
import { searchParamsOf } from './search-params.ts';
import { withPlaceFound } from './typed-place.ts';

/**
 * The search of the URL, run on the server: its first page is in the HTML (before the island loads, and
 * for search engines), and the island starts from it without asking again. The search domain leaves the
 * next slots' dates out for whoever may not see them (PRODUCT.md, Discovery). A place typed without a
 * suggestion chosen (a form sent without JavaScript) is found here; what refuses the search (a place not
 * found, dates in the wrong order) is said under its filters, all at once, and no search is run.
 */
export async function data(pageContext: PageContextServer): Promise<CompanySearchProps> {
  await plainFavorite(pageContext);
  const { viewer, deps } = pageContext;
  const kind: SearchViewer = viewer?.kind === 'teacher' ? 'teacher' : viewer ? 'other' : 'visitor';
  const asked = searchFromUrl(searchParamsOf(pageContext.urlParsed.searchAll));
  const [begin, departments, found] = await Promise.all([
    searchStartFor(viewer, deps),
    listDepartments(deps.db),
    withPlaceFound(asked, pageContext.runtime.hono.get('clientIp'), deps),
  ]);
  // A teacher's search starts around their reference address (issue 20); a visitor's covers the country.
  const start: SearchUrlState = begin.near ? { near: begin.near, placeLabel: begin.placeLabel } : {};
  const defaults = {
    excludeHolidays: begin.excludeHolidays,
    holidayZone: begin.holidayZone ? holidayZoneLabel(begin.holidayZone) : null,
    startsNear: begin.near !== null,
  };
  const state = startingFrom(found.state, start);
  const parsed = searchInputSchema.safeParse(searchInput(state));
  const zones: DepartmentZones = Object.fromEntries(
    departments
      .filter((department) => department.timeZone !== MAINLAND_TIME_ZONE)
      .map((department) => [department.code, department.timeZone]),
  );
  const page = {
    state,
    placeChoices: found.choices,
    favorites: state.tab === 'favoris' && kind === 'teacher' ? await favoritesOf(pageContext, zones) : null,
    viewer: kind,
    tiles: { url: deps.config.MAP_TILE_URL, attribution: deps.config.MAP_TILE_ATTRIBUTION },
    zones,
    start,
    defaults,
  };

  if (!parsed.success || found.error) {
    const errors: FilterErrors = parsed.success ? {} : filterErrorsOf(fieldErrors(parsed.error));
    if (found.error) errors.place = found.error;
    const empty: ResultPage = { total: 0, page: state.page ?? 1, pageSize: 10, items: [] };
    return { ...page, result: empty, errors };
  }
  const result = await searchCompaniesFor(viewer, parsed.data, deps);
  return {
    ...page,
    result: {
      total: result.total,
      page: result.page,
      pageSize: result.pageSize,
      hiddenByHolidays: result.hiddenByHolidays,
      items: result.items.map((company) => companyResult(company, zones)),
    },
    errors: {},
  };
}

/**
 * The search's refusals under the filters they are about. The URL's reader leaves out what is malformed:
 * what is left to refuse is the dates' order, under « Au ».
 */
function filterErrorsOf(fields: Record<string, string>): FilterErrors {
  const errors: FilterErrors = {};
  for (const field of ['text', 'from', 'to'] as const) {
    if (fields[field]) errors[field] = fields[field];
  }
  return errors;
}

/** The favourites tab without JavaScript: the teacher's starred companies, as the island asks for them. */
async function favoritesOf(pageContext: PageContextServer, zones: DepartmentZones): Promise<CompanyResult[]> {
  const cards = await myFavoriteCards(pageContext.viewer, pageContext.deps);
  return cards.map(({ company, availableSlotsCount }) =>
    companyResult({ ...company, availableSlotsCount, isFavorite: true }, zones),
  );
}

export type Data = Awaited<ReturnType<typeof data>>;
