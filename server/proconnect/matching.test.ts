import { describe, expect, it } from 'vitest';
import type { ProConnectIdentity } from '../kernel/ports/identity-provider.ts';
import { type AccountFacts, accountArrival, isSchoolSideNaf, newcomerArrival } from './matching.ts';

const identity = (overrides: Partial<ProConnectIdentity> = {}): ProConnectIdentity => ({
  sub: 'sub-1',
  email: 'lea.martin@exemple.fr',
  emailVerified: null,
  givenName: 'Léa',
  usualName: 'Martin',
  siret: '51234567900017',
  ...overrides,
});

const account = (overrides: Partial<AccountFacts> = {}): AccountFacts => ({
  id: 7,
  kind: 'teacher',
  companySiret: null,
  closed: false,
  ...overrides,
});

describe('who is who after ProConnect: an account with that e-mail', () => {
  it('logs a teacher or an operator in by e-mail alone, whatever SIRET ProConnect sends', () => {
    expect(accountArrival(identity(), account(), 'teacher')).toEqual({
      kind: 'logIn',
      userId: 7,
      userKind: 'teacher',
    });
    expect(accountArrival(identity({ siret: null }), account({ kind: 'admin' }), 'admin')).toEqual({
      kind: 'logIn',
      userId: 7,
      userKind: 'admin',
    });
  });

  it('logs a recruiter in only when the SIRET ProConnect sends is their company’s', () => {
    const recruiter = account({ kind: 'recruiter', companySiret: '51234567900017' });
    expect(accountArrival(identity(), recruiter, 'recruiter')).toMatchObject({ kind: 'logIn' });
    expect(accountArrival(identity({ siret: '44306184100047' }), recruiter, 'recruiter')).toEqual({
      kind: 'refused',
      refusal: 'siret_mismatch',
    });
    expect(accountArrival(identity({ siret: null }), recruiter, 'recruiter')).toEqual({
      kind: 'refused',
      refusal: 'siret_mismatch',
    });
  });

  it('refuses an address the identity provider says is not verified, and a closed account', () => {
    expect(accountArrival(identity({ emailVerified: false }), account(), 'teacher')).toEqual({
      kind: 'refused',
      refusal: 'email_unverified',
    });
    expect(accountArrival(identity({ emailVerified: false }), null, 'teacher')).toEqual({
      kind: 'refused',
      refusal: 'email_unverified',
    });
    expect(accountArrival(identity({ emailVerified: true }), account(), 'teacher')).toMatchObject({
      kind: 'logIn',
    });
    expect(accountArrival(identity(), account({ closed: true }), 'teacher')).toEqual({
      kind: 'refused',
      refusal: 'account_closed',
    });
  });

  it('starts no sign-up from the operators’ login: they are invited', () => {
    expect(accountArrival(identity(), null, 'admin')).toEqual({
      kind: 'refused',
      refusal: 'no_admin_account',
    });
    expect(accountArrival(identity(), null, 'teacher')).toBeNull();
    expect(accountArrival(identity(), null, 'recruiter')).toBeNull();
  });
});

describe('who is who after ProConnect: someone without an account', () => {
  it('offers to join the company of their SIRET, validated or awaiting validation', () => {
    for (const status of ['validated', 'pending'] as const) {
      expect(newcomerArrival(identity(), { name: 'Forges de Vénissieux', status }, null)).toEqual({
        kind: 'joinCompany',
        companyName: 'Forges de Vénissieux',
      });
    }
  });

  it('starts the company sign-up for a SIRET no company here has, unless the register says it is a school’s', () => {
    expect(newcomerArrival(identity(), null, '25.62B')).toEqual({ kind: 'signUpCompany' });
    expect(newcomerArrival(identity(), null, null)).toEqual({ kind: 'signUpCompany' });
    expect(newcomerArrival(identity(), null, '85.31Z')).toEqual({ kind: 'signUpTeacher' });
    expect(newcomerArrival(identity(), null, '84.12Z')).toEqual({ kind: 'signUpTeacher' });
    // A company refused or archived here keeps its SIRET: the sign-up says so under the field.
    expect(newcomerArrival(identity(), { name: 'Ancienne', status: 'archived' }, null)).toEqual({
      kind: 'signUpCompany',
    });
  });

  it('starts the teacher sign-up without a SIRET', () => {
    expect(newcomerArrival(identity({ siret: null }), null, null)).toEqual({ kind: 'signUpTeacher' });
  });

  it('reads a school’s side from the NAF division: education (85) and public administration (84)', () => {
    expect(isSchoolSideNaf('85.31Z')).toBe(true);
    expect(isSchoolSideNaf('85.59A')).toBe(true);
    expect(isSchoolSideNaf('84.11Z')).toBe(true);
    expect(isSchoolSideNaf('28.41Z')).toBe(false);
    expect(isSchoolSideNaf(null)).toBe(false);
  });
});
