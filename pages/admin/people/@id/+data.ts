import type { PageContextServer } from 'vike/types';
import { adminPerson } from '../../../../server/admin/index.ts';
import { idOf, pageOf } from '../../page-input.ts';

/** A teacher or recruiter of the operator's area: who they are, their meetings, the operators' history. */
export function data(pageContext: PageContextServer) {
  const { viewer, deps, routeParams } = pageContext;
  return pageOf(async () => {
    const { person, establishment, company, meetings, history } = await adminPerson(
      viewer,
      { id: idOf(routeParams.id) ?? 0 },
      deps,
    );
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
    };
  });
}

export type Data = Awaited<ReturnType<typeof data>>;
