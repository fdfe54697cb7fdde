import type { PageContextServer } from 'vike/types';
import { ANONYMISED_NOTICE_PARAM } from '../../../islands/admin/PersonActions.tsx';
import { adminPeople, departmentsOfArea, peopleQuery } from '../../../server/admin/index.ts';
import { choiceOf, pageNumberOf, pageOf } from '../page-input.ts';

export const PEOPLE_PAGE_SIZE = 25;

/** The URL's word for each kind of person: what an operator reads in the address bar. */
export const PEOPLE_KINDS = { enseignants: 'teacher', recruteurs: 'recruiter' } as const;

/** Teachers or recruiters of the operator's area, searched by name or e-mail, a page at a time. */
export function data(pageContext: PageContextServer) {
  const { viewer, deps, urlParsed } = pageContext;
  const { type, page } = urlParsed.search;
  const anonymised = urlParsed.search[ANONYMISED_NOTICE_PARAM] !== undefined;
  const filter = {
    type: choiceOf(type, ['enseignants', 'recruteurs'] as const) ?? 'enseignants',
    ...peopleQuery(urlParsed.search),
    page: pageNumberOf(page),
  };
  return pageOf(async () => {
    const [people, departments] = await Promise.all([
      adminPeople(
        viewer,
        { kind: PEOPLE_KINDS[filter.type], text: filter.text, page: filter.page, pageSize: PEOPLE_PAGE_SIZE },
        deps,
      ),
      departmentsOfArea(viewer, deps),
    ]);
    return {
      departments,
      anonymised,
      filter,
      total: people.total,
      items: people.items.map((person) => ({
        id: person.id,
        name: `${person.firstName} ${person.lastName}`,
        email: person.email,
        departmentCode: person.departmentCode,
        createdAt: person.createdAt,
        invited: person.passwordHash === null,
      })),
    };
  });
}

export type Data = Awaited<ReturnType<typeof data>>;
