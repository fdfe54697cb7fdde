import { z } from 'zod';
import {
  DEFAULT_SEARCH_RADIUS_KM,
  MEETING_TYPES,
  PUBLIC_CATEGORIES,
  SEARCH_PAGE_SIZE,
  SECTORS,
  SLOT_SUBJECTS,
} from './constants.ts';
import { isMultiLineText, TEXT_MAX, TEXT_MESSAGES } from './text.ts';

/**
 * The company search (PRODUCT.md, Discovery): the API's input, and its place in the URL so that a search
 * can be bookmarked, shared and reloaded as it was. The page, the island and the API read it alike.
 */

export const SEARCH_SORTS = ['distance', 'nextSlot', 'name'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  distance: 'Les plus proches',
  nextSlot: 'Prochain créneau libre',
  name: 'Nom',
};

/** The order of a search that chose none: by distance around a place, else by next free slot (API.md). */
export const defaultSearchSort = (hasPlace: boolean): SearchSort => (hasPlace ? 'distance' : 'nextSlot');

export const SEARCH_RADII_KM = [5, 10, 20, 30, 50, 100] as const;
const MAX_SEARCH_RADIUS_KM = 200;
const MAX_SEARCH_PAGE_SIZE = 50;
const MAX_SEARCH_PAGE = 10_000;

export const SEARCH_MESSAGES = {
  invalidDate: 'La date doit être au format JJ/MM/AAAA',
  dateRange: 'La date de fin doit suivre la date de début',
  radius: `Le rayon doit être compris entre 1 et ${MAX_SEARCH_RADIUS_KM} km`,
  latitude: 'La latitude doit être comprise entre -90 et 90',
  longitude: 'La longitude doit être comprise entre -180 et 180',
  page: 'La page doit être un nombre entier de 1 à 10 000',
  pageSize: `Le nombre de résultats par page doit être compris entre 1 et ${MAX_SEARCH_PAGE_SIZE}`,
  placeUnknown:
    'Aucune commune ni adresse trouvée\u00a0: vérifiez l’orthographe, ou saisissez un code postal',
  placeAmbiguous: 'Plusieurs communes portent ce nom\u00a0: choisissez la vôtre ci-dessous',
} as const;

const list = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (value === null ? undefined : value), z.array(z.enum(values)).optional());

export const searchInputSchema = z
  .object({
    text: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : (value ?? undefined)),
      z
        .string()
        .max(TEXT_MAX.searchText, { error: TEXT_MESSAGES.tooLong(TEXT_MAX.searchText) })
        .optional(),
    ),
    near: z.preprocess(
      (value) => value ?? undefined,
      z
        .object({
          lat: z
            .number()
            .min(-90, { error: SEARCH_MESSAGES.latitude })
            .max(90, { error: SEARCH_MESSAGES.latitude }),
          lng: z
            .number()
            .min(-180, { error: SEARCH_MESSAGES.longitude })
            .max(180, { error: SEARCH_MESSAGES.longitude }),
        })
        .optional(),
    ),
    radiusKm: z.preprocess(
      (value) => value ?? DEFAULT_SEARCH_RADIUS_KM,
      z
        .number()
        .min(1, { error: SEARCH_MESSAGES.radius })
        .max(MAX_SEARCH_RADIUS_KM, { error: SEARCH_MESSAGES.radius }),
    ),
    sectors: list(SECTORS),
    meetingTypes: list(MEETING_TYPES),
    publicCategories: list(PUBLIC_CATEGORIES),
    subjects: list(SLOT_SUBJECTS),
    from: z.preprocess(
      (value) => value ?? undefined,
      z.coerce.date({ error: SEARCH_MESSAGES.invalidDate }).optional(),
    ),
    to: z.preprocess(
      (value) => value ?? undefined,
      z.coerce.date({ error: SEARCH_MESSAGES.invalidDate }).optional(),
    ),
    withAvailableSlots: z.preprocess((value) => value ?? false, z.boolean()),
    /** Leave out the slots in the school holidays of the teacher's zone; unsaid: the viewer's default. */
    excludeHolidays: z.preprocess((value) => value ?? undefined, z.boolean().optional()),
    sort: z.preprocess((value) => value ?? undefined, z.enum(SEARCH_SORTS).optional()),
    page: z.preprocess(
      (value) => value ?? 1,
      z
        .number({ error: SEARCH_MESSAGES.page })
        .int({ error: SEARCH_MESSAGES.page })
        .min(1, { error: SEARCH_MESSAGES.page })
        .max(MAX_SEARCH_PAGE, { error: SEARCH_MESSAGES.page }),
    ),
    pageSize: z.preprocess(
      (value) => value ?? SEARCH_PAGE_SIZE,
      z
        .number({ error: SEARCH_MESSAGES.pageSize })
        .int({ error: SEARCH_MESSAGES.pageSize })
        .min(1, { error: SEARCH_MESSAGES.pageSize })
        .max(MAX_SEARCH_PAGE_SIZE, { error: SEARCH_MESSAGES.pageSize }),
    ),
  })
  .refine((input) => !input.from || !input.to || input.from.getTime() <= input.to.getTime(), {
    error: SEARCH_MESSAGES.dateRange,
    path: ['to'],
  })
  .transform((input) => ({
    ...input,
    // Distance needs a place; without one the next free slot orders the list (API.md).
    sort:
      input.sort === 'distance' && !input.near
        ? defaultSearchSort(false)
        : (input.sort ?? defaultSearchSort(input.near !== undefined)),
  }));
export type SearchInput = z.infer<typeof searchInputSchema>;

export type SearchTab = 'liste' | 'carte' | 'favoris';

/** The search as the URL carries it: French keys, lists comma-separated, dates as YYYY-MM-DD. */
export interface SearchUrlState {
  text?: string;
  /**
   * The place's label, as the address field showed it; without `near`, a place typed but not found yet
   * (a form sent without JavaScript, a link written by hand), for the server to find.
   */
  placeLabel?: string;
  near?: { lat: number; lng: number };
  radiusKm?: number;
  sectors?: string[];
  meetingTypes?: string[];
  publicCategories?: string[];
  subjects?: string[];
  /** YYYY-MM-DD */
  from?: string;
  /** YYYY-MM-DD */
  to?: string;
  withAvailableSlots?: boolean;
  /** Leave out the school holidays of the teacher's zone; unsaid: the viewer's default (API.md). */
  excludeHolidays?: boolean;
  /** A teacher who cleared the place: the whole country rather than around their reference address. */
  everywhere?: boolean;
  sort?: SearchSort;
  page?: number;
  tab?: SearchTab;
}

const KEYS = {
  text: 'q',
  placeLabel: 'lieu',
  lat: 'lat',
  lng: 'lng',
  radiusKm: 'rayon',
  sectors: 'secteurs',
  meetingTypes: 'types',
  publicCategories: 'publics',
  subjects: 'themes',
  from: 'du',
  to: 'au',
  withAvailableSlots: 'dispo',
  excludeHolidays: 'vacances',
  everywhere: 'partout',
  sort: 'tri',
  page: 'page',
  tab: 'onglet',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function listParam<T extends string>(
  params: URLSearchParams,
  key: string,
  allowed: readonly T[],
): T[] | undefined {
  const values = (params.get(key) ?? '')
    .split(',')
    .filter((value): value is T => (allowed as readonly string[]).includes(value));
  return values.length > 0 ? [...new Set(values)] : undefined;
}

function numberParam(params: URLSearchParams, key: string): number | undefined {
  const raw = params.get(key);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** Reads a search from the URL's query; anything malformed is left out rather than refused. */
export function searchFromUrl(params: URLSearchParams): SearchUrlState {
  const lat = numberParam(params, KEYS.lat);
  const lng = numberParam(params, KEYS.lng);
  const radiusKm = numberParam(params, KEYS.radiusKm);
  const page = numberParam(params, KEYS.page);
  const from = params.get(KEYS.from) ?? '';
  const to = params.get(KEYS.to) ?? '';
  const sort = params.get(KEYS.sort);
  const tab = params.get(KEYS.tab);
  const state: SearchUrlState = {};
  const text = params.get(KEYS.text)?.trim();
  if (text) state.text = text.slice(0, 100);
  const placeLabel = params.get(KEYS.placeLabel)?.trim();
  if (lat !== undefined && lng !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180) {
    state.near = { lat, lng };
  }
  if (placeLabel) state.placeLabel = placeLabel.slice(0, 200);
  if (radiusKm !== undefined && radiusKm >= 1 && radiusKm <= MAX_SEARCH_RADIUS_KM) state.radiusKm = radiusKm;
  const sectors = listParam(params, KEYS.sectors, SECTORS);
  if (sectors) state.sectors = sectors;
  const meetingTypes = listParam(params, KEYS.meetingTypes, MEETING_TYPES);
  if (meetingTypes) state.meetingTypes = meetingTypes;
  const publicCategories = listParam(params, KEYS.publicCategories, PUBLIC_CATEGORIES);
  if (publicCategories) state.publicCategories = publicCategories;
  const subjects = listParam(params, KEYS.subjects, SLOT_SUBJECTS);
  if (subjects) state.subjects = subjects;
  if (DATE.test(from)) state.from = from;
  if (DATE.test(to)) state.to = to;
  if (params.get(KEYS.withAvailableSlots) === '1') state.withAvailableSlots = true;
  // The form without JavaScript sends a hidden "0" then the ticked box's "on": the last one says.
  const holidays = params.get(KEYS.excludeHolidays)?.split(',').at(-1);
  if (holidays === '1' || holidays === 'on') state.excludeHolidays = true;
  else if (holidays === '0') state.excludeHolidays = false;
  if (!state.near && params.get(KEYS.everywhere) === '1') state.everywhere = true;
  if (sort && (SEARCH_SORTS as readonly string[]).includes(sort)) state.sort = sort as SearchSort;
  if (page !== undefined && Number.isInteger(page) && page > 1 && page <= MAX_SEARCH_PAGE) state.page = page;
  if (tab === 'carte' || tab === 'favoris') state.tab = tab;
  return state;
}

/**
 * A search as it starts for a logged-in teacher (issue 20): around their reference address unless it
 * names a place or asks for the whole country; anyone else's `start` is empty, their search unchanged.
 */
export function startingFrom(state: SearchUrlState, start: SearchUrlState): SearchUrlState {
  if (!start.near || state.near || state.placeLabel || state.everywhere) return state;
  return { ...state, near: start.near, placeLabel: start.placeLabel };
}

/** The query string of a search (without "?"), keys in a stable order, defaults left out. */
export function searchToUrl(state: SearchUrlState): string {
  const params = new URLSearchParams();
  if (state.text) params.set(KEYS.text, state.text);
  if (state.placeLabel) params.set(KEYS.placeLabel, state.placeLabel);
  if (state.near) {
    params.set(KEYS.lat, state.near.lat.toFixed(5));
    params.set(KEYS.lng, state.near.lng.toFixed(5));
  }
  if (state.radiusKm !== undefined && state.radiusKm !== DEFAULT_SEARCH_RADIUS_KM) {
    params.set(KEYS.radiusKm, String(state.radiusKm));
  }
  for (const key of ['sectors', 'meetingTypes', 'publicCategories', 'subjects'] as const) {
    const values = state[key];
    if (values && values.length > 0) params.set(KEYS[key], values.join(','));
  }
  if (state.from) params.set(KEYS.from, state.from);
  if (state.to) params.set(KEYS.to, state.to);
  if (state.withAvailableSlots) params.set(KEYS.withAvailableSlots, '1');
  if (state.excludeHolidays !== undefined)
    params.set(KEYS.excludeHolidays, state.excludeHolidays ? '1' : '0');
  if (state.everywhere && !state.near) params.set(KEYS.everywhere, '1');
  if (state.sort) params.set(KEYS.sort, state.sort);
  if (state.page && state.page > 1) params.set(KEYS.page, String(state.page));
  if (state.tab && state.tab !== 'liste') params.set(KEYS.tab, state.tab);
  return params.toString();
}

/**
 * The API input of a URL search. Dates are whole days in mainland France's zone: `du` from its first
 * minute, `au` to its last (the slot's own zone only matters for showing it).
 */
export function searchInputOfUrl(state: SearchUrlState, dayStart: (date: string) => Date) {
  return {
    text: state.text,
    near: state.near,
    radiusKm: state.radiusKm ?? DEFAULT_SEARCH_RADIUS_KM,
    sectors: state.sectors,
    meetingTypes: state.meetingTypes,
    publicCategories: state.publicCategories,
    subjects: state.subjects,
    from: state.from ? dayStart(state.from).toISOString() : undefined,
    to: state.to ? new Date(dayStart(nextDay(state.to)).getTime() - 1).toISOString() : undefined,
    withAvailableSlots: state.withAvailableSlots ?? false,
    excludeHolidays: state.excludeHolidays,
    sort: state.sort,
    page: state.page ?? 1,
    pageSize: SEARCH_PAGE_SIZE,
  };
}

function nextDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** The message a teacher sends a company that asked to be contacted. */
export const contactCompanySchema = z.object({
  message: z
    .string({ error: 'Ce champ est requis' })
    .transform((text) => text.replace(/\r\n?/g, '\n'))
    .pipe(
      z
        .string()
        .trim()
        .min(20, { error: 'Présentez votre projet en quelques phrases (20 caractères au moins)' })
        .max(TEXT_MAX.contactMessage, { error: TEXT_MESSAGES.tooLong(TEXT_MAX.contactMessage) })
        .refine(isMultiLineText, { error: TEXT_MESSAGES.controlCharacters }),
    ),
});
