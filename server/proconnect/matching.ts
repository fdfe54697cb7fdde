import type { UserKind } from '../../common/constants.ts';
import type { ProConnectFor, ProConnectRefusal } from '../../common/proconnect.ts';
import type { ProConnectIdentity } from '../kernel/ports/identity-provider.ts';

/**
 * Who a person ProConnect vouches for is here (PRODUCT.md, Who logs in where; docs/decisions/0095). Matching is
 * by e-mail; a recruiter's SIRET must be their company's; a person without an account is led to the sign-up
 * that fits, prefilled — never given an account.
 */
export type Arrival =
  | { kind: 'logIn'; userId: number; userKind: UserKind }
  | { kind: 'refused'; refusal: ProConnectRefusal }
  /** A company signed up with their SIRET: they ask to join its team. */
  | { kind: 'joinCompany'; companyName: string }
  | { kind: 'signUpCompany' }
  | { kind: 'signUpTeacher' };

/** The account with the identity's e-mail, as far as the rule needs it. */
export interface AccountFacts {
  id: number;
  kind: UserKind;
  /** A recruiter's company's SIRET; null for others. */
  companySiret: string | null;
  closed: boolean;
}

/** First step: the identity and its account, if any. Null: nobody has this e-mail, see `newcomerArrival`. */
export function accountArrival(
  identity: ProConnectIdentity,
  account: AccountFacts | null,
  from: ProConnectFor,
): Arrival | null {
  // ProConnect's documented claims carry no `email_verified`: its identity providers answer for their
  // domains' addresses. One that says the address is not verified is believed.
  if (identity.emailVerified === false) return { kind: 'refused', refusal: 'email_unverified' };
  if (account) {
    if (account.closed) return { kind: 'refused', refusal: 'account_closed' };
    if (account.kind === 'recruiter' && (!identity.siret || identity.siret !== account.companySiret)) {
      return { kind: 'refused', refusal: 'siret_mismatch' };
    }
    return { kind: 'logIn', userId: account.id, userKind: account.kind };
  }
  // Operators are invited (decision 0037): no sign-up starts from their login.
  if (from === 'admin') return { kind: 'refused', refusal: 'no_admin_account' };
  return null;
}

/** A company of the platform with the identity's SIRET. */
export interface SignedUpCompany {
  name: string;
  status: 'pending' | 'validated' | 'refused' | 'archived';
}

/**
 * The NAF divisions of a school's or a public employer's SIRET: public administration (84: rectorats, France
 * Travail, local authorities) and education (85: collèges, lycées, CFA). A SIRET of these is a teacher's,
 * prescriber's or employment partner's side, not a company's.
 */
const SCHOOL_SIDE_NAF_DIVISIONS = ['84', '85'];

export function isSchoolSideNaf(nafCode: string | null): boolean {
  return nafCode !== null && SCHOOL_SIDE_NAF_DIVISIONS.includes(nafCode.slice(0, 2));
}

/**
 * Second step, for someone without an account: a SIRET of a company signed up here (validated, or awaiting
 * validation, whose requests wait with it: decision 0082) offers to join it; no SIRET, or a school's (its NAF
 * code in the register, `registerNaf`), the teacher sign-up; any other SIRET, the company sign-up.
 */
export function newcomerArrival(
  identity: ProConnectIdentity,
  company: SignedUpCompany | null,
  registerNaf: string | null,
): Arrival {
  if (!identity.siret) return { kind: 'signUpTeacher' };
  if (company && (company.status === 'validated' || company.status === 'pending')) {
    return { kind: 'joinCompany', companyName: company.name };
  }
  if (!company && isSchoolSideNaf(registerNaf)) return { kind: 'signUpTeacher' };
  return { kind: 'signUpCompany' };
}
