import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TeamRole } from '../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/accounts.ts';

/** One of a company's recruiters as its team page and API.md's `TeamMember` show them. */
export interface TeamMemberRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  jobTitle: string | null;
  role: TeamRole;
  lastLoginAt: Date | null;
}

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  jobTitle: users.jobTitle,
  // A recruiter written before roles existed and missed by the backfill counts as a member.
  role: sql<TeamRole>`coalesce(${users.teamRole}, 'member')`,
  lastLoginAt: users.lastLoginAt,
};

const ofCompany = (companyId: number) =>
  and(eq(users.companyId, companyId), eq(users.kind, 'recruiter'), isNull(users.anonymizedAt));

/** A company's recruiters still on the platform, in the order they joined (the page sorts them for reading). */
export async function teamOf(db: DbOrTx, companyId: number): Promise<TeamMemberRow[]> {
  return db.select(memberColumns).from(users).where(ofCompany(companyId)).orderBy(users.id);
}

/** One member of a company's team, or null when the user is not (or no longer) one of its recruiters. */
export async function teamMemberOf(
  db: DbOrTx,
  companyId: number,
  userId: number,
): Promise<TeamMemberRow | null> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(and(ofCompany(companyId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

/** How many admins the company's team has: never fewer than one (`last_admin`). */
export async function countTeamAdmins(tx: DbOrTx, companyId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(and(ofCompany(companyId), eq(users.teamRole, 'admin')));
  return Number(row?.n ?? 0);
}

export async function setTeamRole(tx: DbOrTx, userId: number, role: TeamRole): Promise<void> {
  await tx.update(users).set({ teamRole: role }).where(eq(users.id, userId));
}

/**
 * A recruiter leaves the company's team: the account stays (the meetings it confirmed still name it) but
 * belongs to no company any more, and its sessions end now. What it published stays with the company.
 */
export async function detachRecruiter(tx: DbOrTx, userId: number): Promise<void> {
  await tx.update(users).set({ companyId: null, teamRole: null }).where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** Every successful login: the team page's « dernière connexion », and a sign of life (docs/decisions/0098). */
export async function recordLogin(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: now, lastSeenAt: now }).where(eq(users.id, userId));
}
