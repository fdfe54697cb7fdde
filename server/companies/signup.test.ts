import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { companies, departments, outbox, users } from '../../db/schema.ts';
import { createTestApp, insertCompany, insertUser } from '../../tests/fixtures/app.ts';
import { verifyPassword } from '../accounts/index.ts';
import { AppError } from '../kernel/errors.ts';
import type { CompanyIdentity, CompanyLookup } from '../kernel/ports/company-lookup.ts';
import type { RecruitmentSite } from '../kernel/ports/recruitment-site.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SIGN_UP = /* GraphQL */ `
  mutation SignUpCompany($input: CompanySignUpInput!) {
    signUpCompany(input: $input) { id siret name status nafCode sector phone address { label zipcode city departmentCode lat lng } }
  }
`;
const IDENTITY = /* GraphQL */ `
  query CompanyIdentity($siret: String!) {
    companyIdentity(siret: $siret) { siret name nafCode address { label zipcode city lat lng } alreadyRegistered }
  }
`;
const COMMUNES = /* GraphQL */ `
  query Communes($postcode: String!) { communesOfPostcode(postcode: $postcode) { label zipcode city lat lng } }
`;

const SIRET = '51234567900017';

const signUpInput = (overrides: Record<string, unknown> = {}) => ({
  departmentCode: '69',
  siret: SIRET,
  name: 'Forges de Vénissieux',
  address: {
    label: '12 Rue de l’Usine 69200 Vénissieux',
    zipcode: '69200',
    city: 'Vénissieux',
    lat: 45.6975,
    lng: 4.8867,
  },
  nafCode: '25.62B',
  sector: 'metallurgy',
  phone: '04 78 00 00 00',
  user: { firstName: 'Inès', lastName: 'Moreau', email: 'Ines.Moreau@forges.fr', phone: null },
  password: 'Motdepasse-1',
  acceptTerms: true,
  ...overrides,
});

const code = (result: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  result.errors?.[0]?.extensions?.code;

/** A recruitment site that refuses every new recruiter, as the real one does for an e-mail it knows. */
const refusingSite = {
  createRecruiter: async () => {
    throw new AppError('cannot_create_ir_recruiter');
  },
} as unknown as RecruitmentSite;

async function openDepartment(t: TestApp, code = '69') {
  await t.db.update(departments).set({ active: true }).where(eq(departments.code, code));
}

describe('company sign-up API', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await openDepartment(t);
  });
  afterEach(() => t.close());

  it('records the company as pending with its recruiter, queues the e-mail and opens no session', async () => {
    const response = await t.app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: SIGN_UP, variables: { input: signUpInput() } }),
    });
    const body = await response.json();
    expect(body.errors).toBeUndefined();
    expect(body.data.signUpCompany).toMatchObject({
      siret: SIRET,
      name: 'Forges de Vénissieux',
      status: 'pending',
      nafCode: '25.62B',
      sector: 'metallurgy',
      phone: '0478000000',
      address: { zipcode: '69200', city: 'Vénissieux', departmentCode: '69', lat: 45.6975 },
    });
    expect(response.headers.get('set-cookie')).toBeNull();

    const [company] = await t.db.select().from(companies);
    expect(company).toMatchObject({
      status: 'pending',
      departmentCode: '69',
      contactName: 'Inès Moreau',
      contactEmail: 'ines.moreau@forges.fr',
      contactPhone: null,
    });
    const [recruiter] = await t.db.select().from(users);
    expect(recruiter).toMatchObject({
      kind: 'recruiter',
      email: 'ines.moreau@forges.fr',
      companyId: company?.id,
      departmentCode: '69',
    });
    expect(await verifyPassword(recruiter?.passwordHash ?? '', 'Motdepasse-1')).toBe(true);
    const rows = await t.db.select().from(outbox);
    expect(rows.find((row) => row.topic === 'company.signedUp')?.payload).toEqual({ companyId: company?.id });
    const mails = rows.filter((row) => row.topic !== 'company.signedUp');
    expect(mails.map((m) => m.payload)).toEqual([
      {
        template: 'companySignupReceived',
        to: 'ines.moreau@forges.fr',
        data: { firstName: 'Inès', companyName: 'Forges de Vénissieux' },
      },
    ]);
  });

  it('e-mails the operators of its region, or the national administrators where it has none (issue 21)', async () => {
    await insertUser(t.db, { kind: 'admin', email: 'national@passerelle.example', firstName: 'Marc' });
    await insertUser(t.db, {
      kind: 'admin',
      email: 'cst.occitanie@passerelle.example',
      firstName: 'Paul',
      operatorRegion: '16',
    });
    const signUp = (input: Record<string, unknown>) =>
      t.app.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: SIGN_UP, variables: { input } }),
      });
    const operatorMails = async () => {
      await t.deps.events.deliver(t.db, t.clock.now());
      return (await t.db.select().from(outbox))
        .map((m) => m.payload as { template: string; to: string; data: Record<string, unknown> })
        .filter((payload) => payload.template === 'companySignedUp');
    };

    // The Rhône (Auvergne-Rhône-Alpes) has no operator yet: the national administrators are told.
    expect((await (await signUp(signUpInput())).json()).errors).toBeUndefined();
    const [company] = await t.db.select().from(companies);
    expect(await operatorMails()).toEqual([
      {
        template: 'companySignedUp',
        to: 'national@passerelle.example',
        data: {
          firstName: 'Marc',
          companyName: 'Forges de Vénissieux',
          city: 'Vénissieux',
          departmentCode: '69',
          recruiterName: 'Inès Moreau',
          url: `${t.deps.config.PUBLIC_URL}/admin/companies/${company?.id}`,
        },
      },
    ]);

    // Once the region has its operator, only they are.
    await insertUser(t.db, {
      kind: 'admin',
      email: 'cst.aura@passerelle.example',
      firstName: 'Claire',
      operatorRegion: '06',
    });
    await t.db.delete(outbox);
    const second = signUpInput();
    expect(
      (
        await (
          await signUp({
            ...second,
            siret: '73282932000074',
            user: { ...second.user, email: 'autre@forges.fr' },
          })
        ).json()
      ).errors,
    ).toBeUndefined();
    expect((await operatorMails()).map((mail) => mail.to)).toEqual(['cst.aura@passerelle.example']);
  });

  it('refuses a department where the platform is not open, chosen or of the address', async () => {
    const chosen = await t.graphql(SIGN_UP, { input: signUpInput({ departmentCode: '01' }) });
    expect(chosen.errors?.[0]).toMatchObject({
      message: 'La plateforme n’est pas encore ouverte dans ce département.',
      extensions: { code: 'wrong_department', departmentCode: '01' },
    });
    const address = {
      label: '1 Rue de la Gare 01000 Bourg-en-Bresse',
      zipcode: '01000',
      city: 'Bourg-en-Bresse',
      lat: 46.2,
      lng: 5.22,
    };
    const located = await t.graphql(SIGN_UP, { input: signUpInput({ address }) });
    expect(located.errors?.[0]?.extensions).toMatchObject({ code: 'wrong_department', departmentCode: '01' });
    expect(await t.db.select().from(companies)).toEqual([]);
  });

  it('refuses a SIRET already signed up', async () => {
    await insertCompany(t.db, { siret: SIRET });
    const result = await t.graphql(SIGN_UP, { input: signUpInput() });
    expect(result.errors?.[0]).toMatchObject({
      message: 'Une entreprise est déjà inscrite avec ce SIRET.',
      extensions: { code: 'company_already_exists' },
    });
  });

  it('refuses an e-mail that already has an account, whatever its case', async () => {
    await insertUser(t.db, { kind: 'teacher', email: 'ines.moreau@forges.fr' });
    const result = await t.graphql(SIGN_UP, { input: signUpInput() });
    expect(result.errors?.[0]).toMatchObject({
      message: 'L’adresse e-mail existe déjà',
      extensions: { code: 'email_already_exists' },
    });
    expect(await t.db.select().from(companies)).toEqual([]);
  });

  it('answers company_already_exists when two sign-ups race past the check', async () => {
    const results = await Promise.all([
      t.graphql(SIGN_UP, { input: signUpInput() }),
      t.graphql(SIGN_UP, {
        input: signUpInput({ user: { firstName: 'Paul', lastName: 'Roux', email: 'paul.roux@forges.fr' } }),
      }),
    ]);
    expect(results.map(code).sort()).toEqual(['company_already_exists', undefined]);
    expect(await t.db.select().from(companies)).toHaveLength(1);
  });

  it('passes on the recruitment site’s refusal and writes nothing', async () => {
    const refused = await createTestApp({ recruitmentSite: refusingSite });
    try {
      await openDepartment(refused);
      const result = await refused.graphql(SIGN_UP, { input: signUpInput() });
      expect(result.errors?.[0]).toMatchObject({
        message: 'Cette adresse e-mail est déjà utilisée sur le site de recrutement.',
        extensions: { code: 'cannot_create_ir_recruiter' },
      });
      expect(await refused.db.select().from(companies)).toEqual([]);
      expect(await refused.db.select().from(users)).toEqual([]);
      expect(await refused.db.select().from(outbox)).toEqual([]);
    } finally {
      await refused.close();
    }
  });

  it('answers BAD_USER_INPUT with the message of each wrong field', async () => {
    const result = await t.graphql(SIGN_UP, {
      input: signUpInput({
        siret: '5123456790001',
        name: ' ',
        nafCode: '2562',
        phone: '12345',
        user: { firstName: 'Inès', lastName: '', email: 'ines@' },
        password: 'court',
        acceptTerms: false,
      }),
    });
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: {
        siret: 'Veuillez saisir les 14 chiffres du SIRET',
        name: 'Ce champ est requis',
        nafCode: 'Le code NAF doit être au format 25.62B',
        phone: 'Le numéro doit être au format 0XXXXXXXXX',
        'user.lastName': 'Ce champ est requis',
        'user.email': 'L’adresse e-mail est invalide',
        password: expect.stringMatching(/au moins 8 caractères/),
        acceptTerms: 'Vous devez cocher les CGU pour continuer',
      },
    });
    const checksum = await t.graphql(SIGN_UP, { input: signUpInput({ siret: '51234567900018' }) });
    expect(checksum.errors?.[0]?.extensions?.fields).toEqual({
      siret: 'Ce numéro SIRET n’est pas valide : vérifiez les chiffres saisis',
    });
  });

  it('writes nothing when it fails halfway', async () => {
    await t.db.run(sql`DROP TABLE outbox`);
    const result = await t.graphql(SIGN_UP, { input: signUpInput() });
    expect(code(result)).toBe('other_error');
    expect(await t.db.select().from(companies)).toEqual([]);
    expect(await t.db.select().from(users)).toEqual([]);
  });

  it('limits sign-ups from one address', async () => {
    for (let i = 0; i < 10; i++) await t.graphql(SIGN_UP, { input: signUpInput({ departmentCode: '01' }) });
    expect(code(await t.graphql(SIGN_UP, { input: signUpInput() }))).toBe('rate_limited');
  });

  it('places a company that only knows its postcode at its commune', async () => {
    const result = await t.graphql<{ communesOfPostcode: { zipcode: string; city: string }[] }>(COMMUNES, {
      postcode: '69200',
    });
    expect(result.data?.communesOfPostcode).toEqual([
      expect.objectContaining({ zipcode: '69200', city: 'Vénissieux', lat: expect.any(Number) }),
    ]);
    const bad = await t.graphql(COMMUNES, { postcode: '692' });
    expect(bad.errors?.[0]?.extensions?.fields).toEqual({
      postcode: 'Le code postal doit comporter 5 chiffres',
    });
  });
});

describe('company identity prefill', () => {
  const found: CompanyIdentity = {
    siret: SIRET,
    name: 'FORGES DE VENISSIEUX',
    nafCode: '25.62B',
    address: {
      label: '12 Rue de l’Usine 69200 Vénissieux',
      zipcode: '69200',
      city: 'VENISSIEUX',
      lat: 45.6975,
      lng: 4.8867,
    },
  };
  const asked: string[] = [];
  const lookup: CompanyLookup = {
    async find(siret) {
      asked.push(siret);
      if (siret === SIRET) return found;
      if (siret === '82345678500018') {
        return {
          siret,
          name: 'ATELIERS MECANIQUES DU LITTORAL',
          nafCode: null,
          address: { label: 'LIEU-DIT KERVEN 29200 BREST', zipcode: '29200', city: 'BREST' },
        };
      }
      return null;
    },
  };
  let t: TestApp;
  beforeEach(async () => {
    asked.length = 0;
    t = await createTestApp({ companyLookup: lookup });
  });
  afterEach(() => t.close());

  it('answers the register’s identity of a SIRET typed with spaces', async () => {
    const result = await t.graphql(IDENTITY, { siret: '512 345 679 00017' });
    expect(result.data?.companyIdentity).toEqual({ ...found, alreadyRegistered: false });
    expect(asked).toEqual([SIRET]);
  });

  it('places an address the register gives without a point', async () => {
    const result = await t.graphql<{ companyIdentity: { address: { lat: number | null } } }>(IDENTITY, {
      siret: '82345678500018',
    });
    expect(result.data?.companyIdentity.address).toMatchObject({ zipcode: '29200', lat: expect.any(Number) });
  });

  it('answers nothing known for an unknown SIRET, and says when it is already signed up', async () => {
    await insertCompany(t.db, { siret: '73282932000074' });
    const result = await t.graphql(IDENTITY, { siret: '73282932000074' });
    expect(result.data?.companyIdentity).toEqual({
      siret: '73282932000074',
      name: null,
      nafCode: null,
      address: null,
      alreadyRegistered: true,
    });
  });

  it('refuses an invalid SIRET without asking the register', async () => {
    const short = await t.graphql(IDENTITY, { siret: '5123456790001' });
    expect(short.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { siret: 'Veuillez saisir les 14 chiffres du SIRET' },
    });
    const checksum = await t.graphql(IDENTITY, { siret: '51234567900018' });
    expect(checksum.errors?.[0]?.extensions?.fields).toEqual({
      siret: 'Ce numéro SIRET n’est pas valide : vérifiez les chiffres saisis',
    });
    expect(asked).toEqual([]);
  });

  it('limits lookups from one address to 30 a minute', async () => {
    for (let i = 0; i < 30; i++) expect(code(await t.graphql(IDENTITY, { siret: SIRET }))).toBeUndefined();
    expect((await t.graphql(IDENTITY, { siret: SIRET })).errors?.[0]?.extensions).toMatchObject({
      code: 'rate_limited',
      retryAfter: 60,
    });
  });
});
