import { and, asc, eq } from 'drizzle-orm';
import type { CompanyStatus } from '../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { AppError } from '../kernel/errors.ts';
import type { EventContext } from '../kernel/events.ts';
import type { CompanyRow } from './queries.ts';

/** Companies awaiting validation, oldest first: the operators' queue. */
export function listPendingCompanies(db: DbOrTx): Promise<CompanyRow[]> {
  return db
    .select()
    .from(companies)
    .where(eq(companies.status, 'pending'))
    .orderBy(asc(companies.createdAt), asc(companies.id));
}

/**
 * Moves a company from one status to another (the operators' decisions: validate, refuse, archive). The
 * conditional update is the transition's check: of two operators acting at once, only the first still
 * finds the status it expects; the second gets `invalid_company_status`, an unknown company NOT_FOUND.
 */
export async function changeCompanyStatus(
  tx: DbOrTx,
  context: EventContext,
  id: number,
  from: CompanyStatus,
  set: Partial<typeof companies.$inferInsert> & { status: CompanyStatus },
): Promise<CompanyRow> {
  const [company] = await tx
    .update(companies)
    .set(set)
    .where(and(eq(companies.id, id), eq(companies.status, from)))
    .returning();
  if (company) {
    await context.events.publish(
      tx,
      'company.statusChanged',
      { companyId: id, from, to: set.status },
      context.now,
    );
    return company;
  }
  const [existing] = await tx
    .select({ status: companies.status })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  if (!existing) throw new AppError('NOT_FOUND');
  throw new AppError('invalid_company_status', { extensions: { status: existing.status } });
}
