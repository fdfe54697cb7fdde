import { z } from 'zod';
import { refusalReasonField } from '../../common/admin.ts';
import type { DbOrTx } from '../../db/client.ts';
import { endSessionsOf, recruitersOf, revokeRecruitmentAccess } from '../accounts/index.ts';
import { type CompanyRow, changeCompanyStatus, listPendingCompanies } from '../companies/index.ts';
import type { Deps } from '../http/context.ts';
import { enqueueMail } from '../mail/index.ts';
import { cancelFutureBookingsOfCompany } from '../meetings/index.ts';
import { requireKind, type Viewer } from '../permissions.ts';
import { closeFutureSlotsOfCompany } from '../slots/index.ts';

/** The reason given to teachers whose booking disappears with its company. */
export const COMPANY_GONE_REASON = "L'entreprise n'est plus présente sur la plateforme";

export const refuseSchema = z.object({ reason: refusalReasonField.transform((reason) => reason ?? null) });

/** Admin: companies awaiting validation, oldest first. */
export function pendingCompanies(viewer: Viewer | null, deps: Deps): Promise<CompanyRow[]> {
  requireKind(viewer, 'admin');
  return listPendingCompanies(deps.db);
}

/** Admin: pending → validated; each recruiter is told they can log in. */
export function validateCompany(
  viewer: Viewer | null,
  input: { id: number },
  deps: Deps,
): Promise<CompanyRow> {
  requireKind(viewer, 'admin');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const company = await changeCompanyStatus(tx, input.id, 'pending', {
      status: 'validated',
      statusReason: null,
      validatedAt: now,
    });
    for (const recruiter of await recruitersOf(tx, company.id)) {
      await enqueueMail(
        tx,
        {
          template: 'companyValidated',
          to: recruiter.email,
          data: {
            firstName: recruiter.firstName,
            companyName: company.name,
            loginUrl: `${deps.config.PUBLIC_URL}/login-company`,
          },
        },
        now,
      );
    }
    return company;
  });
}

/** Admin: pending → refused, with the operators' reason, which the recruiters receive. */
export function refuseCompany(
  viewer: Viewer | null,
  input: { id: number; reason: string | null },
  deps: Deps,
): Promise<CompanyRow> {
  requireKind(viewer, 'admin');
  const now = deps.clock.now();
  return removedCompany(deps, async (tx) => {
    const company = await changeCompanyStatus(tx, input.id, 'pending', {
      status: 'refused',
      statusReason: input.reason,
    });
    const recruiters = await recruitersOf(tx, company.id);
    for (const recruiter of recruiters) {
      await enqueueMail(
        tx,
        {
          template: 'companyRefused',
          to: recruiter.email,
          data: { firstName: recruiter.firstName, companyName: company.name, reason: input.reason },
        },
        now,
      );
    }
    await removeFromPlatform(tx, deps, company, recruiters);
    return { company, recruiters };
  });
}

/** Admin: validated → archived: the company leaves the platform and its recruiters are told. */
export function archiveCompany(
  viewer: Viewer | null,
  input: { id: number },
  deps: Deps,
): Promise<CompanyRow> {
  requireKind(viewer, 'admin');
  const now = deps.clock.now();
  return removedCompany(deps, async (tx) => {
    const company = await changeCompanyStatus(tx, input.id, 'validated', {
      status: 'archived',
      statusReason: null,
    });
    const recruiters = await recruitersOf(tx, company.id);
    for (const recruiter of recruiters) {
      await enqueueMail(
        tx,
        {
          template: 'companyArchived',
          to: recruiter.email,
          data: { firstName: recruiter.firstName, companyName: company.name },
        },
        now,
      );
    }
    await removeFromPlatform(tx, deps, company, recruiters);
    return { company, recruiters };
  });
}

/** Runs a removal in one transaction, then ends its recruiters' access at the recruitment site. */
async function removedCompany(
  deps: Deps,
  remove: (tx: DbOrTx) => Promise<{ company: CompanyRow; recruiters: { email: string }[] }>,
): Promise<CompanyRow> {
  const { company, recruiters } = await deps.db.transaction(remove);
  await revokeRecruitmentAccess(deps, recruiters);
  return company;
}

/**
 * A company that is refused or archived takes its future with it, each domain doing its part: its live
 * bookings are cancelled and their teachers told (meetings), its future slots closed (slots), its
 * recruiters' sessions ended (accounts), their recruitment-site tokens once committed (removedCompany). Past meetings and feedback stay.
 */
async function removeFromPlatform(
  tx: DbOrTx,
  deps: Deps,
  company: CompanyRow,
  recruiters: { id: number; email: string }[],
): Promise<void> {
  const now = deps.clock.now();
  await cancelFutureBookingsOfCompany(
    tx,
    { now, publicUrl: deps.config.PUBLIC_URL },
    company,
    COMPANY_GONE_REASON,
  );
  await closeFutureSlotsOfCompany(tx, company.id, now);
  await endSessionsOf(
    tx,
    recruiters.map((recruiter) => recruiter.id),
  );
}
