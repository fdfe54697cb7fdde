import { z } from 'zod';
import { type AuditAction, refusalReasonField } from '../../common/admin.ts';
import { type CompanyStatus, leavesPlatform } from '../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { recruitersOf, revokeRecruitmentAccess } from '../accounts/index.ts';
import {
  type CompanyRow,
  changeCompanyStatus,
  checkCompanyInDirectory,
  companyRowById,
  listPendingCompanies,
} from '../companies/index.ts';
import { type Deps, eventContext } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { enqueueMail } from '../mail/index.ts';
import { isOperatorOf, regionOfDepartment, requireKind } from '../permissions.ts';
import { recordAudit } from './audit.ts';
import { adminMails } from './mails.ts';

export const refuseSchema = z.object({ reason: refusalReasonField.transform((reason) => reason ?? null) });

/** How the audit log names a company. */
export const companyTarget = (company: CompanyRow) => `${company.name} (SIRET ${company.siret})`;

/**
 * A company an operator may act on: one of their region's (any for a national administrator); NOT_FOUND
 * for any other, as for one that does not exist.
 */
export async function operatedCompany(viewer: Viewer | null, id: number, deps: Deps): Promise<CompanyRow> {
  const operator = requireKind(viewer, 'admin');
  const company = await companyRowById(deps.db, id);
  if (!company || !isOperatorOf(operator, company.departmentCode)) throw new AppError('NOT_FOUND');
  return company;
}

/**
 * An operator asks the company directory again about a company of their area (« Vérifier à nouveau » on
 * the validation card): the answer replaces the kept one, `unavailable` when the directory does not answer
 * in time; the audit log says who asked and what it said.
 */
export async function recheckCompanyDirectory(viewer: Viewer | null, input: { id: number }, deps: Deps) {
  const operator = requireKind(viewer, 'admin');
  const company = await operatedCompany(operator, input.id, deps);
  const check = await checkCompanyInDirectory(deps, company);
  await recordAudit(
    deps.db,
    operator,
    {
      action: 'company.directoryChecked',
      target: companyTarget(company),
      regionCode: regionOfDepartment(company.departmentCode),
      details: check ? DIRECTORY_ANSWER_LABELS[check.answer] : 'aucun annuaire configuré',
      subject: { kind: 'company', id: company.id },
    },
    deps.clock.now(),
  );
  return check;
}

const DIRECTORY_ANSWER_LABELS = {
  found: 'SIRET trouvé',
  notFound: 'SIRET introuvable',
  unavailable: 'annuaire injoignable',
} as const;

/** Admin: companies awaiting validation in the operator's area, oldest first. */
export async function pendingCompanies(viewer: Viewer | null, deps: Deps): Promise<CompanyRow[]> {
  const operator = requireKind(viewer, 'admin');
  return (await listPendingCompanies(deps.db)).filter((company) =>
    isOperatorOf(operator, company.departmentCode),
  );
}

interface Transition {
  from: CompanyStatus;
  to: CompanyStatus;
  action: AuditAction;
  /** The e-mail each recruiter gets. */
  template: Extract<
    keyof typeof adminMails,
    'companyValidated' | 'companyRefused' | 'companyArchived' | 'companyRestored'
  >;
  reason?: string | null;
}

/**
 * One decision of the operators on a company: the status changes (conditionally: of two operators acting at
 * once, only the first finds the status it expects), each recruiter is told, what the decision takes away
 * goes, and the audit log says who did it — in one transaction; the recruitment site's tokens once committed.
 */
async function decide(
  viewer: Viewer | null,
  id: number,
  transition: Transition,
  deps: Deps,
): Promise<CompanyRow> {
  const operator = requireKind(viewer, 'admin');
  const before = await operatedCompany(operator, id, deps);
  const now = deps.clock.now();
  const { company, recruiters } = await deps.db.transaction(async (tx) => {
    // The recruiters are told first: their e-mail goes out before those of what follows the decision.
    const recruiters = await recruitersOf(tx, id);
    for (const recruiter of recruiters) {
      await tellRecruiter(tx, transition, recruiter, before, deps, now);
    }
    const changed = await changeCompanyStatus(tx, eventContext(deps, now), id, transition.from, {
      status: transition.to,
      statusReason: transition.reason ?? null,
      ...(transition.to === 'validated' ? { validatedAt: now } : {}),
    });
    await recordAudit(
      tx,
      operator,
      {
        action: transition.action,
        target: companyTarget(changed),
        regionCode: regionOfDepartment(changed.departmentCode),
        details: transition.reason ?? null,
        subject: { kind: 'company', id: changed.id },
      },
      now,
    );
    return { company: changed, recruiters };
  });
  // Its bookings, slots and sessions went in the transaction (the subscribers of company.statusChanged).
  if (leavesPlatform(transition.to)) await revokeRecruitmentAccess(deps, recruiters);
  return company;
}

async function tellRecruiter(
  tx: DbOrTx,
  transition: Transition,
  recruiter: { email: string; firstName: string },
  company: CompanyRow,
  deps: Deps,
  now: Date,
): Promise<void> {
  const to = recruiter.email;
  const base = { firstName: recruiter.firstName, companyName: company.name };
  const loginUrl = `${deps.config.PUBLIC_URL}/login-company`;
  switch (transition.template) {
    case 'companyValidated':
      return enqueueMail(tx, adminMails.companyValidated, { to, data: { ...base, loginUrl } }, now);
    case 'companyRestored':
      return enqueueMail(tx, adminMails.companyRestored, { to, data: { ...base, loginUrl } }, now);
    case 'companyRefused':
      return enqueueMail(
        tx,
        adminMails.companyRefused,
        { to, data: { ...base, reason: transition.reason ?? null } },
        now,
      );
    case 'companyArchived':
      return enqueueMail(tx, adminMails.companyArchived, { to, data: base }, now);
  }
}

/** Admin: pending → validated; each recruiter is told they can log in. */
export function validateCompany(viewer: Viewer | null, input: { id: number }, deps: Deps) {
  return decide(
    viewer,
    input.id,
    { from: 'pending', to: 'validated', action: 'company.validated', template: 'companyValidated' },
    deps,
  );
}

/** Admin: pending → refused, with the operators' reason, which the recruiters receive. */
export function refuseCompany(
  viewer: Viewer | null,
  input: { id: number; reason: string | null },
  deps: Deps,
) {
  return decide(
    viewer,
    input.id,
    {
      from: 'pending',
      to: 'refused',
      action: 'company.refused',
      template: 'companyRefused',
      reason: input.reason,
    },
    deps,
  );
}

/** Admin: validated → archived: the company leaves the platform and its recruiters are told. */
export function archiveCompany(viewer: Viewer | null, input: { id: number }, deps: Deps) {
  return decide(
    viewer,
    input.id,
    {
      from: 'validated',
      to: 'archived',
      action: 'company.archived',
      template: 'companyArchived',
    },
    deps,
  );
}

/** Admin: archived → validated: the company is back (its recruiters can log in again and are told). */
export function restoreCompany(viewer: Viewer | null, input: { id: number }, deps: Deps) {
  return decide(
    viewer,
    input.id,
    { from: 'archived', to: 'validated', action: 'company.restored', template: 'companyRestored' },
    deps,
  );
}
