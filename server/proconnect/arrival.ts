import type { UserKind } from '../../common/constants.ts';
import type { ProConnectFor, ProConnectRefusal } from '../../common/proconnect.ts';
import { findUserByEmail, type UserRow } from '../accounts/index.ts';
import { admitRecruiter, companyRowById, companyRowBySiret, placedAddress } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { CompanyIdentity } from '../kernel/ports/company-lookup.ts';
import type { ProConnectIdentity } from '../kernel/ports/identity-provider.ts';
import { type AccountFacts, accountArrival, newcomerArrival } from './matching.ts';
import type { SignUpPrefill } from './prefill.ts';

/** Where a person ProConnect vouched for goes: their session, a refusal, or a sign-up prefilled. */
export type ProConnectOutcome =
  | { kind: 'session'; userId: number; userKind: UserKind }
  | { kind: 'refused'; refusal: ProConnectRefusal }
  | { kind: 'signUp'; prefill: SignUpPrefill };

/**
 * The rules of `matching.ts` on this platform's data: the account with that e-mail (a recruiter then admitted as
 * a password login admits them: company validated, department open), else the company of that SIRET here, else
 * the register's word on it (a school's, or a company's, whose identity then prefills the sign-up).
 */
export async function arrivalOf(
  identity: ProConnectIdentity,
  from: ProConnectFor,
  deps: Deps,
): Promise<ProConnectOutcome> {
  const account = await findUserByEmail(deps.db, identity.email);
  const known = accountArrival(identity, account && (await accountFacts(account, deps)), from);
  if (known?.kind === 'refused') return known;
  if (known?.kind === 'logIn') {
    if (known.userKind === 'recruiter') {
      const refusal = await recruiterRefusal(account, deps);
      if (refusal) return { kind: 'refused', refusal };
    }
    return { kind: 'session', userId: known.userId, userKind: known.userKind };
  }

  const company = identity.siret ? await companyRowBySiret(deps.db, identity.siret) : null;
  const register = identity.siret && !company ? await registerEntry(identity.siret, deps) : null;
  const arrival = newcomerArrival(identity, company, register?.nafCode ?? null);
  const person = {
    firstName: identity.givenName,
    lastName: identity.usualName,
    email: identity.email,
    siret: identity.siret,
  };
  switch (arrival.kind) {
    case 'joinCompany':
      return {
        kind: 'signUp',
        prefill: {
          wizard: 'join',
          ...person,
          company: { name: arrival.companyName, nafCode: null, address: null },
        },
      };
    case 'signUpCompany':
      return { kind: 'signUp', prefill: { wizard: 'company', ...person, company: registered(register) } };
    default:
      return { kind: 'signUp', prefill: { wizard: 'teacher', ...person, company: null } };
  }
}

async function accountFacts(account: UserRow, deps: Deps): Promise<AccountFacts> {
  const company =
    account.kind === 'recruiter' && account.companyId
      ? await companyRowById(deps.db, account.companyId)
      : null;
  return {
    id: account.id,
    kind: account.kind,
    companySiret: company?.siret ?? null,
    closed: account.anonymizedAt !== null,
  };
}

/** What a password login would refuse a recruiter once they proved who they are, as a ProConnect refusal. */
async function recruiterRefusal(account: UserRow | null, deps: Deps): Promise<ProConnectRefusal | null> {
  try {
    await admitRecruiter(deps, account);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'company_not_found' || error.code === 'cst_not_authorized') return error.code;
    return 'account_closed';
  }
}

/** The register's entry for a SIRET no company here has; null when it does not know it or cannot answer. */
async function registerEntry(siret: string, deps: Deps): Promise<CompanyIdentity | null> {
  try {
    return await deps.companyLookup.find(siret);
  } catch (error) {
    deps.log.warn('company register not asked for a ProConnect arrival', { error: String(error) });
    return null;
  }
}

function registered(entry: CompanyIdentity | null): SignUpPrefill['company'] {
  if (!entry) return null;
  return { name: entry.name, nafCode: entry.nafCode, address: placedAddress(entry.address) };
}
