/** Writes the plan of the demo, then the rows that are read back from it: a team member, the classes. */
import { and, asc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import { schoolYearDays, schoolYearOf } from '../../../common/classes.ts';
import { addDays, utcToZonedWallClock, zonedWallClockToUtc } from '../../../common/time.ts';
import type { DbOrTx } from '../../client.ts';
import { ensureDepartments } from '../../reference/departments.ts';
import {
  articles,
  classGroups,
  companies,
  companyJobs,
  contactMessages,
  departments,
  establishments,
  faqEntries,
  favorites,
  feedback,
  jobs,
  meetings,
  slots,
  transportRequests,
  users,
  waitlistEntries,
} from '../../schema.ts';
import { DEMO_DEPARTMENTS } from '../lists/places.ts';
import { JOBS } from '../lists/sectors.ts';
import { DEMO_RECRUITER_EMAIL, DEMO_TEACHER_EMAIL, DEMO_TEAM_MEMBER_EMAIL } from './accounts.ts';
import { at } from './helpers.ts';
import type { Plan } from './types.ts';

/** The demo company's second recruiter, a member who logged in two days ago: its team page is not empty. */
export async function seedDemoTeamMember(
  tx: DbOrTx,
  options: { now: Date; passwordHash: string },
): Promise<void> {
  const [admin] = await tx.select().from(users).where(eq(users.email, DEMO_RECRUITER_EMAIL)).limit(1);
  if (!admin?.companyId) return;
  await tx.insert(users).values({
    kind: 'recruiter',
    email: DEMO_TEAM_MEMBER_EMAIL,
    passwordHash: options.passwordHash,
    firstName: 'Thomas',
    lastName: 'Lefèvre',
    phone: null,
    departmentCode: admin.departmentCode,
    companyId: admin.companyId,
    jobTitle: 'Responsable de production',
    teamRole: 'member',
    lastLoginAt: new Date(options.now.getTime() - 2 * 86_400_000),
    createdAt: options.now,
  });
}

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function required<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed: nothing inserted for ${String(key)}`);
  return value;
}

/**
 * The demo teacher's « Mes classes »: two groups of the current school year, their meetings of that year
 * shared between them in date order, the latest one left without a group so attaching can be tried.
 */
export async function seedDemoGroups(tx: DbOrTx, now: Date): Promise<void> {
  const [teacher] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_TEACHER_EMAIL));
  if (!teacher) return;
  const today = utcToZonedWallClock(now, 'Europe/Paris').date;
  const schoolYear = schoolYearOf(today);
  const groups = await tx
    .insert(classGroups)
    .values([
      { teacherId: teacher.id, name: '4e B', level: '4e', schoolYear, createdAt: now },
      { teacherId: teacher.id, name: '3e Prépa-métiers', level: '3e', schoolYear, createdAt: now },
    ])
    .returning({ id: classGroups.id });
  const { first, last } = schoolYearDays(schoolYear);
  const from = zonedWallClockToUtc(first, '00:00', 'Europe/Paris');
  const to = zonedWallClockToUtc(addDays(last, 1), '00:00', 'Europe/Paris');
  const ofTheYear = await tx
    .select({ id: meetings.id })
    .from(meetings)
    .innerJoin(slots, eq(slots.id, meetings.slotId))
    .where(
      and(
        eq(meetings.teacherId, teacher.id),
        ne(meetings.status, 'cancelled'),
        gte(slots.startsAt, from),
        lt(slots.startsAt, to),
      ),
    )
    .orderBy(asc(slots.startsAt), asc(meetings.id));
  for (const [index, meeting] of ofTheYear.slice(0, -1).entries()) {
    const group = at(groups, index % groups.length);
    await tx.update(meetings).set({ groupId: group.id }).where(eq(meetings.id, meeting.id));
  }
}

export async function writePlan(tx: DbOrTx, plan: Plan): Promise<void> {
  await ensureDepartments(tx);
  for (const department of DEMO_DEPARTMENTS) {
    await tx
      .update(departments)
      .set({ active: true, chamber: department.chamber })
      .where(eq(departments.code, department.code));
  }

  await tx
    .insert(jobs)
    .values(JOBS.map(([label, sector]) => ({ label, sector })))
    .onConflictDoNothing({ target: jobs.label });
  const jobIds = new Map(
    (
      await tx
        .select({ id: jobs.id, label: jobs.label })
        .from(jobs)
        .where(
          inArray(
            jobs.label,
            JOBS.map(([label]) => label),
          ),
        )
    ).map((j) => [j.label, j.id]),
  );

  const allCompanies = [...plan.companies, plan.pending];
  const companyIds = new Map<string, number>();
  for (const part of chunks(allCompanies, 50)) {
    const inserted = await tx
      .insert(companies)
      .values(part.map((c) => c.row))
      .returning({ id: companies.id, siret: companies.siret });
    for (const row of inserted) companyIds.set(row.siret, row.id);
  }
  const companyId = (index: number) => required(companyIds, at(plan.companies, index).row.siret);

  await tx.insert(companyJobs).values(
    allCompanies.flatMap((c) =>
      c.jobLabels.map((label) => ({
        companyId: required(companyIds, c.row.siret),
        jobId: required(jobIds, label),
      })),
    ),
  );
  await tx
    .insert(users)
    .values(allCompanies.map((c) => ({ ...c.recruiter, companyId: required(companyIds, c.row.siret) })));

  const establishmentIds = new Map<string, number>();
  const insertedEstablishments = await tx
    .insert(establishments)
    .values(plan.establishments)
    .returning({ id: establishments.id, name: establishments.name });
  for (const row of insertedEstablishments) establishmentIds.set(row.name, row.id);
  const establishmentId = (index: number) => required(establishmentIds, at(plan.establishments, index).name);

  const teacherIds = new Map<string, number>();
  const insertedTeachers = await tx
    .insert(users)
    .values(plan.teachers.map((t) => ({ ...t.row, establishmentId: establishmentId(t.establishment) })))
    .returning({ id: users.id, email: users.email });
  for (const row of insertedTeachers) teacherIds.set(row.email, row.id);
  const teacherId = (index: number) => required(teacherIds, at(plan.teachers, index).row.email);

  const slotKey = (company: number, startsAt: Date) => `${company}@${startsAt.getTime()}`;
  const slotIds = new Map<string, number>();
  for (const part of chunks(plan.slots, 100)) {
    const inserted = await tx
      .insert(slots)
      .values(part.map((s) => ({ ...s.row, companyId: companyId(s.company) })))
      .returning({ id: slots.id, companyId: slots.companyId, startsAt: slots.startsAt });
    for (const row of inserted) slotIds.set(slotKey(row.companyId, row.startsAt), row.id);
  }
  const slotId = (index: number) => {
    const slot = at(plan.slots, index);
    return required(slotIds, slotKey(companyId(slot.company), slot.row.startsAt));
  };

  const recruiterIds = new Map(
    (
      await tx
        .select({ id: users.id, companyId: users.companyId })
        .from(users)
        .where(and(eq(users.kind, 'recruiter'), inArray(users.companyId, [...companyIds.values()])))
    ).map((u) => [u.companyId, u.id]),
  );

  const meetingKey = (slot: number, teacher: number) => `${slot}/${teacher}`;
  const meetingIds = new Map<string, number>();
  for (const part of chunks(plan.meetings, 100)) {
    const inserted = await tx
      .insert(meetings)
      .values(
        part.map((m) => {
          const teacher = teacherId(m.teacher);
          const company = companyId(at(plan.slots, m.slot).company);
          return {
            ...m.row,
            slotId: slotId(m.slot),
            teacherId: teacher,
            establishmentId: establishmentId(at(plan.teachers, m.teacher).establishment),
            cancelledBy:
              m.row.status === 'cancelled'
                ? m.cancelledByCompany
                  ? required(recruiterIds, company)
                  : teacher
                : null,
          };
        }),
      )
      .returning({ id: meetings.id, slotId: meetings.slotId, teacherId: meetings.teacherId });
    for (const row of inserted) meetingIds.set(meetingKey(row.slotId, row.teacherId), row.id);
  }
  const meetingId = (index: number) => {
    const meeting = at(plan.meetings, index);
    return required(meetingIds, meetingKey(slotId(meeting.slot), teacherId(meeting.teacher)));
  };

  await tx
    .insert(waitlistEntries)
    .values(
      plan.waitlist.map((w) => ({ ...w.row, slotId: slotId(w.slot), teacherId: teacherId(w.teacher) })),
    );

  if (plan.feedback.length > 0) {
    await tx
      .insert(feedback)
      .values(plan.feedback.map((f) => ({ ...f.row, meetingId: meetingId(f.meeting) })));
  }
  if (plan.favorites.length > 0) {
    await tx.insert(favorites).values(
      plan.favorites.map((f) => ({
        teacherId: teacherId(f.teacher),
        companyId: companyId(f.company),
        createdAt: f.createdAt,
      })),
    );
  }
  if (plan.transport.length > 0) {
    await tx
      .insert(transportRequests)
      .values(plan.transport.map((t) => ({ ...t.row, meetingId: meetingId(t.meeting) })));
  }
  await tx.insert(contactMessages).values(
    plan.contacts.map((c) => ({
      ...c.row,
      fromUserId: c.teacher === null ? null : teacherId(c.teacher),
      companyId: c.company === null ? null : companyId(c.company),
    })),
  );
  await tx.insert(faqEntries).values(plan.faq);

  await tx
    .insert(articles)
    .values(
      plan.articles.map((a) => ({ ...a.row, companyId: a.company === null ? null : companyId(a.company) })),
    );
}
