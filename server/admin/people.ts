import {
  findEstablishmentById,
  findUserById,
  listPeople,
  sendPasswordLink,
  type UserRow,
} from '../accounts/index.ts';
import { companyRowById } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { listMeetings } from '../meetings/index.ts';
import { isOperatorOf, regionOfDepartment, requireKind } from '../permissions.ts';
import { forgetPerson } from '../privacy/index.ts';
import { historyOf, recordAudit } from './audit.ts';
import { peopleFilterFor } from './list-filters.ts';

/** Teachers or recruiters of the operator's area, searched by name or e-mail, a page at a time. */
export function adminPeople(
  viewer: Viewer | null,
  input: { kind: 'teacher' | 'recruiter'; text?: string | null | undefined; page: number; pageSize: number },
  deps: Deps,
) {
  return listPeople(deps.db, {
    ...peopleFilterFor(viewer, input),
    kind: input.kind,
    page: input.page,
    pageSize: input.pageSize,
  });
}

/** A teacher or recruiter of the operator's area; NOT_FOUND for anyone else, as for no one. */
async function operatedPerson(viewer: Viewer | null, id: number, deps: Deps): Promise<UserRow> {
  const operator = requireKind(viewer, 'admin');
  const person = await findUserById(deps.db, id);
  if (
    !person ||
    person.kind === 'admin' ||
    person.anonymizedAt ||
    !isOperatorOf(operator, person.departmentCode)
  ) {
    throw new AppError('NOT_FOUND');
  }
  return person;
}

/** A person's page: who they are, their establishment or company, their meetings, the history. */
export async function adminPerson(viewer: Viewer | null, input: { id: number }, deps: Deps) {
  const person = await operatedPerson(viewer, input.id, deps);
  const [establishment, company, meetings, history] = await Promise.all([
    person.establishmentId ? findEstablishmentById(deps.db, person.establishmentId) : null,
    person.companyId ? companyRowById(deps.db, person.companyId) : null,
    listMeetings(
      deps.db,
      person.kind === 'teacher'
        ? { teacherId: person.id, page: 1, pageSize: 50 }
        : { companyId: person.companyId ?? 0, page: 1, pageSize: 50 },
      deps.clock.now(),
    ),
    historyOf(deps, { kind: 'user', id: person.id }),
  ]);
  return { person, establishment, company, meetings, history };
}

/** Sends a person a link to choose their password (they lost it, or never set it). */
export async function sendAccessLink(
  viewer: Viewer | null,
  input: { id: number },
  deps: Deps,
): Promise<void> {
  const operator = requireKind(viewer, 'admin');
  const person = await operatedPerson(operator, input.id, deps);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await sendPasswordLink(tx, deps, person, { kind: 'reset' });
    await recordAudit(
      tx,
      operator,
      {
        action: 'person.accessLinkSent',
        target: `${person.firstName} ${person.lastName} (${person.email})`,
        regionCode: regionOfDepartment(person.departmentCode),
        subject: { kind: 'user', id: person.id },
      },
      now,
    );
  });
}

/**
 * A teacher asked the operators to delete their account: the same deletion as their own (privacy), the
 * log saying which operator did it.
 */
export async function anonymiseTeacherOnRequest(viewer: Viewer | null, input: { id: number }, deps: Deps) {
  const operator = requireKind(viewer, 'admin');
  const teacher = await operatedPerson(operator, input.id, deps);
  if (teacher.kind !== 'teacher') throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  await forgetPerson(teacher, 'requested', deps, (tx) =>
    recordAudit(
      tx,
      operator,
      {
        action: 'teacher.anonymised',
        target: `${teacher.firstName} ${teacher.lastName} (${teacher.email})`,
        regionCode: regionOfDepartment(teacher.departmentCode),
        subject: { kind: 'user', id: teacher.id },
      },
      now,
    ),
  );
}
