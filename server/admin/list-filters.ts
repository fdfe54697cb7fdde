import { COMPANY_STATUSES, MEETING_TYPES } from '../../common/constants.ts';
import { CONTACT_STATUSES } from '../../common/contact.ts';
import { MAINLAND_TIME_ZONE } from '../../common/format.ts';
import { TEXT_MAX } from '../../common/text.ts';
import { addDays, zonedWallClockToUtc } from '../../common/time.ts';
import type { CompanyFilter } from '../companies/index.ts';
import type { ContactFilter } from '../contact/index.ts';
import type { Viewer } from '../kernel/viewer.ts';
import type { MeetingFilter } from '../meetings/index.ts';
import { operatorArea, requireKind } from '../permissions.ts';

/**
 * The back-office lists' filters, one door for each list (issue 21): what its URL asks (`?q=…&statut=…`,
 * the page's GET form and its export link carry the same query), then the domain's filter narrowed to the
 * operator's area. A list page and its CSV export read a query through the same function here, so an export
 * holds exactly the rows its screen shows, on every page.
 */

/** A URL's query, as Vike's `urlParsed.search` and Hono's `c.req.query()` give it. */
export type Search = Record<string, string | undefined>;

/** One of the choices, or null (an unknown value in a URL filters nothing). */
export function choiceOf<T extends string>(value: string | undefined, choices: readonly T[]): T | null {
  return choices.includes(value as T) ? (value as T) : null;
}

/** A filter's text: trimmed, capped, null when empty. */
export function textOf(value: string | undefined, max: number): string | null {
  const text = value?.trim().slice(0, max);
  return text ? text : null;
}

/** A day of a date field (YYYY-MM-DD) as its first instant in Europe/Paris, or null. */
export function dayOf(value: string | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) return null;
  return zonedWallClockToUtc(value, '00:00', MAINLAND_TIME_ZONE);
}

/** The companies' list (`/admin`): `q` (name, city or SIRET), `statut`, `departement`. */
export function companiesQuery(search: Search) {
  return {
    text: textOf(search.q, TEXT_MAX.searchText),
    status: choiceOf(search.statut, COMPANY_STATUSES),
    departmentCode: textOf(search.departement, 3),
  };
}
export type CompaniesQuery = ReturnType<typeof companiesQuery>;

export function companyFilterFor(viewer: Viewer | null, query: Partial<CompaniesQuery>): CompanyFilter {
  return {
    text: query.text ?? undefined,
    status: query.status ?? undefined,
    departmentCodes: operatorArea(viewer, query.departmentCode),
  };
}

/** The people's list (`/admin/people`): `q` (name or e-mail). */
export function peopleQuery(search: Search) {
  return { text: textOf(search.q, TEXT_MAX.searchText) };
}
export type PeopleListQuery = ReturnType<typeof peopleQuery>;

export function peopleFilterFor(viewer: Viewer | null, query: Partial<PeopleListQuery>) {
  return { text: query.text ?? undefined, departmentCodes: operatorArea(viewer) };
}

export const MEETING_FILTER_STATUSES = ['upcoming', 'done', 'cancelled', 'absent'] as const;

/** The meetings' list (`/admin/meetings`): `du`, `au` (days, both included), `departement`, `type`, `statut`. */
export function meetingsQuery(search: Search) {
  return {
    from: dayOf(search.du) ? (search.du ?? null) : null,
    to: dayOf(search.au) ? (search.au ?? null) : null,
    departmentCode: textOf(search.departement, 3),
    meetingType: choiceOf(search.type, MEETING_TYPES),
    status: choiceOf(search.statut, MEETING_FILTER_STATUSES),
  };
}
export type MeetingsQuery = ReturnType<typeof meetingsQuery>;

export interface MeetingsFilterInput {
  from?: Date | null | undefined;
  /** Exclusive: the instant after the last day asked. */
  to?: Date | null | undefined;
  departmentCode?: string | null | undefined;
  meetingType?: MeetingsQuery['meetingType'] | undefined;
  status?: MeetingsQuery['status'] | undefined;
}

/** The query's days as instants: « au 12 mars » includes the 12th. */
export function meetingsPeriod(query: MeetingsQuery): MeetingsFilterInput {
  return {
    ...query,
    from: dayOf(query.from ?? undefined),
    to: query.to ? dayOf(addDays(query.to, 1)) : null,
  };
}

export function meetingFilterFor(viewer: Viewer | null, input: MeetingsFilterInput): MeetingFilter {
  return {
    from: input.from ?? undefined,
    to: input.to ?? undefined,
    departmentCodes: operatorArea(viewer, input.departmentCode),
    meetingType: input.meetingType ?? undefined,
    status: input.status ?? undefined,
  };
}

/** The contact inbox (`/admin/contact`): `statut`. */
export function contactQuery(search: Search) {
  return { status: choiceOf(search.statut, CONTACT_STATUSES) };
}
export type ContactQuery = ReturnType<typeof contactQuery>;

/** The operator's region's messages (all of France for a national administrator). */
export function contactFilterFor(viewer: Viewer | null, query: Partial<ContactQuery>): ContactFilter {
  const operator = requireKind(viewer, 'admin');
  return { regionCode: operator.regionCode ?? undefined, status: query.status ?? null };
}
