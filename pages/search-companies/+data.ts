import type { PageContextServer } from 'vike/types';
import { MAINLAND_TIME_ZONE } from '../../common/format.ts';
import { holidayZoneLabel } from '../../common/holidays.ts';
import { type SearchUrlState, searchFromUrl, searchInputSchema, startingFrom } from '../../common/search.ts';
import type { CompanySearchProps } from '../../islands/search/CompanySearch.tsx';
import {
  companyResult,
  type DepartmentZones,
  type ResultPage,
  type SearchViewer,
  searchInput,
} from '../../islands/search/search-api.ts';
import { searchCompaniesFor, searchStartFor } from '../../server/search/index.ts';
import { listDepartments } from '../../server/territory/index.ts';
import { plainFavorite } from '../layout/favorite-post.ts';
import { searchParamsOf } from './search-params.ts';

/**
 * The search of the URL, run on the server: its first page is in the HTML (before the island loads, and
 * for search engines), and the island starts from it without asking again. The search domain leaves the
 * next slots' dates out for whoever may not see them (PRODUCT.md, Discovery).
 */
export async function data(pageContext: PageContextServer): Promise<CompanySearchProps> {
  await plainFavorite(pageContext);
  const { viewer, deps } = pageContext;
  const kind: SearchViewer = viewer?.kind === 'teacher' ? 'teacher' : viewer ? 'other' : 'visitor';
  const [begin, departments] = await Promise.all([searchStartFor(viewer, deps), listDepartments(deps.db)]);
  // A teacher's search starts around their reference address (issue 20); a visitor's covers the country.
  const start: SearchUrlState = begin.near ? { near: begin.near, placeLabel: begin.placeLabel } : {};
  const defaults = {
    excludeHolidays: begin.excludeHolidays,
    holidayZone: begin.holidayZone ? holidayZoneLabel(begin.holidayZone) : null,
    startsNear: begin.near !== null,
  };
  const state = startingFrom(searchFromUrl(searchParamsOf(pageContext.urlParsed.searchAll)), start);
  const parsed = searchInputSchema.safeParse(searchInput(state));
  const zones: DepartmentZones = Object.fromEntries(
    departments
      .filter((department) => department.timeZone !== MAINLAND_TIME_ZONE)
      .map((department) => [department.code, department.timeZone]),
  );
  const tiles = { url: deps.config.MAP_TILE_URL, attribution: deps.config.MAP_TILE_ATTRIBUTION };

  if (!parsed.success) {
    const empty: ResultPage = { total: 0, page: state.page ?? 1, pageSize: 10, items: [] };
    const message = parsed.error.issues[0]?.message ?? 'La recherche est invalide';
    return { state, result: empty, error: message, viewer: kind, tiles, zones, start, defaults };
  }
  const found = await searchCompaniesFor(viewer, parsed.data, deps);
  const result: ResultPage = {
    total: found.total,
    page: found.page,
    pageSize: found.pageSize,
    hiddenByHolidays: found.hiddenByHolidays,
    items: found.items.map((company) => companyResult(company, zones)),
  };
  return { state, result, error: null, viewer: kind, tiles, zones, start, defaults };
}

export type Data = Awaited<ReturnType<typeof data>>;
