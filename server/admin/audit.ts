import { and, desc, eq, sql } from 'drizzle-orm';
import type { AuditAction } from '../../common/admin.ts';
import type { DbOrTx } from '../../db/client.ts';
import { regionName } from '../../db/reference/departments.ts';
import { auditLog } from '../../db/schema/admin.ts';
import type { Deps } from '../kernel/context.ts';
import type { Subscriber } from '../kernel/events.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { regionOfDepartment, requireNationalAdmin } from '../permissions.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditEntry {
  action: AuditAction;
  /** What it was done to, in French. */
  target: string;
  regionCode?: string | null | undefined;
  details?: string | null | undefined;
  /** The company, person or contact message it concerns, for their history. */
  subject?: { kind: 'company' | 'user' | 'contact'; id: number } | undefined;
}

/**
 * Writes what an operator did, in the transaction of the change (issue 13: every back-office action, who,
 * what, when): both are kept, or neither.
 */
export async function recordAudit(
  tx: DbOrTx,
  actor: Pick<Viewer, 'firstName' | 'lastName'> & { id: number | null },
  entry: AuditEntry,
  now: Date,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorName: `${actor.firstName} ${actor.lastName}`.trim(),
    action: entry.action,
    target: entry.target,
    regionCode: entry.regionCode ?? null,
    details: entry.details ?? null,
    subjectKind: entry.subject?.kind ?? null,
    subjectId: entry.subject?.id ?? null,
    createdAt: now,
  });
}

/**
 * `company.teamChanged` → the audit log (issue 21): every change of a company's team, in the change's own
 * write, under the company's history and its region.
 */
export const auditTeamChange: Subscriber<'company.teamChanged'> = {
  name: 'admin.auditTeamChange',
  runs: 'inTransaction',
  async handle(tx, events, { now }) {
    for (const event of events) {
      await recordAudit(
        tx,
        { id: event.actor.id, firstName: event.actor.name, lastName: '' },
        {
          action: event.action,
          target: `${event.target} — ${event.companyName}`,
          regionCode: regionOfDepartment(event.departmentCode),
          details: event.details,
          subject: { kind: 'company', id: event.companyId },
        },
        now,
      );
    }
  },
};

export const AUDIT_PAGE_SIZE = 50;

/** The log, latest first, a page at a time: national administrators only. */
export async function auditEntries(viewer: Viewer | null, input: { page: number }, deps: Deps) {
  requireNationalAdmin(viewer);
  const [rows, [count]] = await Promise.all([
    deps.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((input.page - 1) * AUDIT_PAGE_SIZE),
    deps.db.select({ n: sql<number>`count(*)` }).from(auditLog),
  ]);
  return {
    total: Number(count?.n ?? 0),
    items: rows.map((row) => ({ ...row, regionName: regionName(row.regionCode) })),
  };
}

/** What the operators did to one company or person, latest first (its page's history). */
export function historyOf(
  deps: Deps,
  subject: { kind: 'company' | 'user' | 'contact'; id: number },
): Promise<AuditRow[]> {
  return deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectKind, subject.kind), eq(auditLog.subjectId, subject.id)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}
