import { and, asc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Sector } from '../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { establishments, users } from '../../db/schema/accounts.ts';
import type { Deps } from '../kernel/context.ts';
import { addressOf } from '../kernel/shapes.ts';
import type { Viewer } from '../kernel/viewer.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** E-mails are stored lower-cased; the caller's is normalised the same way. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}

export async function findEstablishmentById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(establishments).where(eq(establishments.id, id)).limit(1);
  return row ?? null;
}

/** A company's recruiters still on the platform, in the order they joined: whom its e-mails go to. */
export function recruitersOf(db: DbOrTx, companyId: number) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.kind, 'recruiter'), isNull(users.anonymizedAt)))
    .orderBy(asc(users.id));
}

/** Whom a company's e-mails go to: one of its recruiters. */
export interface RecruiterContact {
  id: number;
  email: string;
  firstName: string;
}

/**
 * The recruiters still on the platform of several companies, in one query, by company and in the order
 * they joined (a reminders' run, a burst of bookings' e-mails). A company without any is absent.
 */
export async function recruitersByCompany(
  db: DbOrTx,
  companyIds: readonly number[],
): Promise<Map<number, RecruiterContact[]>> {
  const byCompany = new Map<number, RecruiterContact[]>();
  if (companyIds.length === 0) return byCompany;
  const rows = await db
    .select({ id: users.id, companyId: users.companyId, email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(inArray(users.companyId, [...companyIds]), eq(users.kind, 'recruiter'), isNull(users.anonymizedAt)),
    )
    .orderBy(asc(users.id));
  for (const { companyId, ...recruiter } of rows) {
    const ofCompany = byCompany.get(companyId as number);
    if (ofCompany) ofCompany.push(recruiter);
    else byCompany.set(companyId as number, [recruiter]);
  }
  return byCompany;
}

/**
 * The first name of an operator's account made without a person's name (from ADMIN_EMAIL, or invited by
 * e-mail only): with its last name, its team's (« Équipe CST Auvergne-Rhône-Alpes »).
 */
export const TEAM_FIRST_NAME = 'Équipe';

/** The name an e-mail greets someone by: their first name, none for a team's account (« Bonjour, »). */
export function greetingName(user: { kind: string; firstName: string }): string {
  return user.kind === 'admin' && user.firstName === TEAM_FIRST_NAME ? '' : user.firstName;
}

/**
 * Whom the back-office's e-mails about a region go to (issue 13): its regional operators still in place, or
 * the national administrators when the region has none (or nothing is known of it), each with the name
 * their e-mails greet them by.
 */
export async function operatorsOfRegion(db: DbOrTx, regionCode: string | null) {
  const inPlace = and(eq(users.kind, 'admin'), isNull(users.anonymizedAt));
  const select = async (where: SQL | undefined) =>
    (
      await db
        .select({ id: users.id, email: users.email, kind: users.kind, firstName: users.firstName })
        .from(users)
        .where(and(inPlace, where))
        .orderBy(asc(users.id))
    ).map(({ kind, ...operator }) => ({
      ...operator,
      firstName: greetingName({ kind, firstName: operator.firstName }),
    }));
  const regional = regionCode ? await select(eq(users.operatorRegion, regionCode)) : [];
  return regional.length > 0 ? regional : select(isNull(users.operatorRegion));
}

export function isUniqueViolation(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : '';
  return /UNIQUE constraint failed/i.test(text);
}

/** How a teacher signs a message to a company: name, e-mail and establishment. */
export async function teacherSignature(db: DbOrTx, teacherId: number) {
  const [teacher] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      establishmentName: establishments.name,
    })
    .from(users)
    .leftJoin(establishments, eq(establishments.id, users.establishmentId))
    .where(eq(users.id, teacherId));
  return teacher ?? null;
}

/** Several teachers' signatures in one query, by id (a room's booked classes). */
export async function teacherSignatures(db: DbOrTx, teacherIds: number[]) {
  if (teacherIds.length === 0)
    return new Map<number, NonNullable<Awaited<ReturnType<typeof teacherSignature>>>>();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      establishmentName: establishments.name,
    })
    .from(users)
    .leftJoin(establishments, eq(establishments.id, users.establishmentId))
    .where(inArray(users.id, teacherIds));
  return new Map(rows.map(({ id, ...signature }) => [id, signature]));
}

/**
 * A teacher's reference point (PRODUCT.md, Discovery), in SQL over `users` and `establishments`: their
 * establishment's, or their own address when the default-address flag is off (each coordinate falling back
 * on the establishment's). Read as the reference's point, and by the statements that measure from it
 * without reading it first (`teacherPointSql`).
 */
const REFERENCE_POINT_SQL = {
  lat: 'CASE WHEN users.use_establishment_address THEN establishments.lat ELSE coalesce(users.reference_lat, establishments.lat) END',
  lng: 'CASE WHEN users.use_establishment_address THEN establishments.lng ELSE coalesce(users.reference_lng, establishments.lng) END',
};

/**
 * The teacher `?`'s reference point (`lat`, `lng`, null without one) and jobs (`jobs`, a JSON array or
 * null), as one row, for a statement of another domain that measures from them in the same read as the
 * rest (the home page's suggestions: docs/decisions/0073).
 */
export const teacherPointSql = `SELECT ${REFERENCE_POINT_SQL.lat} AS lat, ${REFERENCE_POINT_SQL.lng} AS lng, users.jobs AS jobs
  FROM users LEFT JOIN establishments ON establishments.id = users.establishment_id WHERE users.id = ?`;

const REFERENCE_COLUMNS = {
  profileType: users.profileType,
  departmentCode: users.departmentCode,
  establishmentDepartmentCode: establishments.departmentCode,
  sectors: users.sectors,
  jobs: users.jobs,
  useEstablishmentAddress: users.useEstablishmentAddress,
  referenceLat: users.referenceLat,
  pointLat: sql<number | null>`${sql.raw(REFERENCE_POINT_SQL.lat)}`,
  pointLng: sql<number | null>`${sql.raw(REFERENCE_POINT_SQL.lng)}`,
};

const referencePointOf = (row: { pointLat: number | null; pointLng: number | null }) =>
  row.pointLat !== null && row.pointLng !== null ? { lat: row.pointLat, lng: row.pointLng } : null;

/** Where a teacher's suggestions are measured from and what they follow (PRODUCT.md, Discovery). */
export type TeacherReference = NonNullable<Awaited<ReturnType<typeof teacherReference>>>;

export async function teacherReference(db: DbOrTx, teacherId: number) {
  // Read by every home and search page of a teacher: built once (db/prepared.ts).
  const query = preparedOn(db, 'teacherReference', (db) =>
    db
      .select(REFERENCE_COLUMNS)
      .from(users)
      .leftJoin(establishments, eq(establishments.id, users.establishmentId))
      .where(eq(users.id, sql.placeholder('teacherId')))
      .prepare(),
  );
  const [teacher] = await query.all({ teacherId });
  if (!teacher) return null;
  return {
    sectors: teacher.sectors ?? [],
    jobs: teacher.jobs ?? [],
    point: referencePointOf(teacher),
    /** Whether the point is the establishment's (the profile's « Chercher … autour de mon établissement »). */
    fromEstablishment: teacher.useEstablishmentAddress || teacher.referenceLat === null,
    departmentCode: teacher.departmentCode ?? teacher.establishmentDepartmentCode,
    profileType: teacher.profileType,
  };
}

/** A teacher who asked for the weekly alert, with what it is matched against. */
export interface WeeklyMailTeacher {
  id: number;
  email: string;
  firstName: string;
  sectors: Sector[];
  jobs: string[];
  point: { lat: number; lng: number } | null;
}

/**
 * The teachers with the weekly-mail flag (PRODUCT.md, Weekly alert), `limit` at a time after id `afterId`,
 * in id order (`users_weekly_mail_idx`): one query a page, whatever the number of teachers.
 */
export async function teachersWithWeeklyMail(
  db: DbOrTx,
  afterId: number,
  limit: number,
): Promise<WeeklyMailTeacher[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, ...REFERENCE_COLUMNS })
    .from(users)
    .leftJoin(establishments, eq(establishments.id, users.establishmentId))
    .where(
      and(
        eq(users.weeklyMail, true),
        eq(users.kind, 'teacher'),
        isNull(users.anonymizedAt),
        gt(users.id, afterId),
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    sectors: row.sectors ?? [],
    jobs: row.jobs ?? [],
    point: referencePointOf(row),
  }));
}

/**
 * Who writes through the contact form, as the form shows them and the operators read them: name, e-mail,
 * kind, profile or job title, establishment, department, an operator's region; null for an account gone.
 */
export async function contactSenderOf(db: DbOrTx, userId: number) {
  const [sender] = await db
    .select({
      id: users.id,
      kind: users.kind,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      profileType: users.profileType,
      jobTitle: users.jobTitle,
      companyId: users.companyId,
      departmentCode: users.departmentCode,
      operatorRegion: users.operatorRegion,
      establishmentName: establishments.name,
      establishmentDepartmentCode: establishments.departmentCode,
    })
    .from(users)
    .leftJoin(establishments, eq(establishments.id, users.establishmentId))
    .where(and(eq(users.id, userId), isNull(users.anonymizedAt)));
  return sender ?? null;
}

/**
 * The teacher's own establishment as an SQL expression on a parameter naming the teacher, for a statement
 * of another domain that records it in the same write (the booking's one batch).
 */
export const establishmentOfTeacherSql = (teacherParam: string) =>
  `(SELECT establishment_id FROM users WHERE id = ${teacherParam})`;

/** An account by its id, for a resolver (Meeting.teacher); null when it is gone. */
export function userById(id: number, deps: Pick<Deps, 'db'>): Promise<UserRow | null> {
  return findUserById(deps.db, id);
}

/** `me`: the viewer's own account; null for a visitor. */
export async function meFor(viewer: Viewer | null, deps: Pick<Deps, 'db'>): Promise<UserRow | null> {
  return viewer ? findUserById(deps.db, viewer.id) : null;
}

/** An establishment with its address as the API gives it (Teacher.establishment, Meeting.establishment). */
export async function establishmentById(id: number | null, deps: Pick<Deps, 'db'>) {
  const establishment = id === null ? null : await findEstablishmentById(deps.db, id);
  return establishment ? { ...establishment, address: addressOf(establishment) } : null;
}
