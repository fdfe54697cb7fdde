import type { PageContextServer } from 'vike/types';
import {
  ANONYMISED_NOTICE_PARAM,
  linkSent,
  type PersonAction,
} from '../../../../islands/admin/PersonActions.tsx';
import { adminPerson, anonymiseTeacherOnRequest, sendAccessLink } from '../../../../server/admin/index.ts';
import { type AdminAction, adminPost } from '../../admin-post.ts';
import { idOf, NOTICE_ID, pageOf } from '../../page-input.ts';

/**
 * A teacher or recruiter of the operator's area: who they are, their meetings, the operators' history. Its
 * actions are plain posts first (issue 36), each asked first as a step: the link, then the page saying it
 * was sent (`?fait=lien`); the deletion, then the list of teachers saying it, as the island does.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps, routeParams, urlParsed } = pageContext;
  const id = idOf(routeParams.id) ?? 0;
  const actions: Record<PersonAction, AdminAction> = {
    link: {
      asks: () => true,
      async run() {
        await sendAccessLink(viewer, { id }, deps);
        return `${urlParsed.pathname}?fait=lien#${NOTICE_ID}`;
      },
    },
    anonymise: {
      asks: () => true,
      async run() {
        await anonymiseTeacherOnRequest(viewer, { id }, deps);
        return `/admin/people?type=enseignants&${ANONYMISED_NOTICE_PARAM}=1`;
      },
    },
  };
  const plain = await adminPost(pageContext, actions);
  return pageOf(async () => {
    const { person, establishment, company, meetings, history } = await adminPerson(viewer, { id }, deps);
    return {
      person: {
        id: person.id,
        kind: person.kind,
        name: `${person.firstName} ${person.lastName}`,
        email: person.email,
        phone: person.phone,
        profileType: person.profileType,
        departmentCode: person.departmentCode,
        jobTitle: person.jobTitle,
        createdAt: person.createdAt,
        invited: person.passwordHash === null,
      },
      establishment: establishment && { name: establishment.name, type: establishment.type },
      company: company && { id: company.id, name: company.name },
      meetings,
      history,
      now: deps.clock.now(),
      plain,
      notice: urlParsed.search.fait === 'lien' ? linkSent(person.email) : null,
    };
  });
}

export type Data = Awaited<ReturnType<typeof data>>;
