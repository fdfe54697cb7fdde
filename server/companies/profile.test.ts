import { eq } from 'drizzle-orm';
import type { GraphQLResolveInfo } from 'graphql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPANY_PROFILE_MESSAGES } from '../../common/companies.ts';
import { companies, departments, jobs } from '../../db/schema.ts';
import { createTestApp, insertCompany, insertUser, loginAs } from '../../tests/fixtures/app.ts';
import type { GqlContext } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { companyProfileModule } from './profile-graphql.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const code = (r: { errors?: { extensions?: Record<string, unknown> }[] }) => r.errors?.[0]?.extensions?.code;
const fields = (r: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  r.errors?.[0]?.extensions?.fields;

const DESCRIPTION =
  'mutation ($input: CompanyDescriptionInput!) { updateMyCompanyDescription(input: $input) { description website } }';
const ADDRESS =
  'mutation ($address: AddressInput!) { updateMyCompanyAddress(address: $address) { address { label city departmentCode } } }';
const CONTACT =
  'mutation ($input: CompanyContactInput!) { updateMyCompanyContact(input: $input) { contact { name email phone } } }';
const SIZE =
  'mutation ($input: CompanySizeInput!) { updateMyCompanySize(input: $input) { employeesCount acceptsInterns } }';
const JOBS = 'mutation ($jobs: [String!]!) { updateMyCompanyJobs(jobs: $jobs) { jobs } }';
const OPT_IN = 'mutation ($on: Boolean!) { updateMyCompanyContactOptIn(contactOptIn: $on) { contactOptIn } }';

const lyon = {
  label: '31 rue de la Bourse 69002 Lyon',
  zipcode: '69002',
  city: 'Lyon',
  lat: 45.76,
  lng: 4.83,
};

describe('company profile API', () => {
  let t: TestApp;
  let token: string;
  let companyId: number;
  beforeEach(async () => {
    t = await createTestApp();
    await t.db.update(departments).set({ active: true }).where(eq(departments.code, '69'));
    const company = await insertCompany(t.db, { name: 'Forges de Vénissieux' });
    companyId = company.id;
    const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId, email: 'ines@forges.fr' });
    token = await loginAs(t.db, recruiter.id);
    await t.db
      .insert(jobs)
      .values([
        { label: 'Soudeur / soudeuse', sector: 'metallurgy' },
        { label: 'Roboticien / roboticienne' },
        { label: 'Chaudronnier / chaudronnière', sector: 'metallurgy' },
      ]);
  });
  afterEach(() => t.close());

  it('saves the description and the website, and empties them', async () => {
    const saved = await t.graphql(
      DESCRIPTION,
      { input: { description: '  Forge depuis 1920.  ', website: 'https://www.forges.fr' } },
      { token },
    );
    expect(saved.data).toEqual({
      updateMyCompanyDescription: { description: 'Forge depuis 1920.', website: 'https://www.forges.fr' },
    });
    const emptied = await t.graphql(DESCRIPTION, { input: { description: '', website: null } }, { token });
    expect(emptied.data).toEqual({ updateMyCompanyDescription: { description: null, website: null } });
  });

  it('refuses a website that is no web address and a description over 2000 characters', async () => {
    const result = await t.graphql(
      DESCRIPTION,
      { input: { description: 'a'.repeat(2001), website: 'javascript:alert(1)' } },
      { token },
    );
    expect(code(result)).toBe('BAD_USER_INPUT');
    expect(fields(result)).toEqual({
      description: '2000 caractères au maximum',
      website: COMPANY_PROFILE_MESSAGES.invalidWebsite,
    });
    for (const website of ['forges', 'www.forges fr', 'mailto:contact@forges.fr', 'ftp://forges.fr']) {
      expect(fields(await t.graphql(DESCRIPTION, { input: { website } }, { token })), website).toEqual({
        website: COMPANY_PROFILE_MESSAGES.invalidWebsite,
      });
    }
  });

  it('completes a website typed without https://', async () => {
    for (const [typed, saved] of [
      ['www.forges.fr', 'https://www.forges.fr'],
      ['forges.fr', 'https://forges.fr'],
      [' forges.fr/visites ', 'https://forges.fr/visites'],
      ['http://forges.fr', 'http://forges.fr'],
    ]) {
      const result = await t.graphql(DESCRIPTION, { input: { website: typed } }, { token });
      expect(result.data, typed).toEqual({
        updateMyCompanyDescription: { description: null, website: saved },
      });
    }
  });

  it('moves the address within open departments only', async () => {
    const moved = await t.graphql(ADDRESS, { address: lyon }, { token });
    expect(moved.data).toEqual({
      updateMyCompanyAddress: { address: { label: lyon.label, city: 'Lyon', departmentCode: '69' } },
    });
    const closed = await t.graphql(
      ADDRESS,
      {
        address: {
          label: '1 La Canebière 13001 Marseille',
          zipcode: '13001',
          city: 'Marseille',
          lat: 43.29,
          lng: 5.37,
        },
      },
      { token },
    );
    expect(closed.errors?.[0]?.extensions).toMatchObject({ code: 'wrong_department', departmentCode: '13' });
    const unchanged = await t.graphql('{ myCompany { address { city } } }', {}, { token });
    expect(unchanged.data).toEqual({ myCompany: { address: { city: 'Lyon' } } });
  });

  it('refuses an address not chosen among the suggestions', async () => {
    const result = await t.graphql(ADDRESS, { address: { ...lyon, zipcode: '6900' } }, { token });
    expect(fields(result)).toEqual({ 'address.zipcode': expect.any(String) });
  });

  it('saves the contact, with a message per wrong field', async () => {
    const wrong = await t.graphql(
      CONTACT,
      { input: { contactName: ' ', contactEmail: 'pas-un-email', contactPhone: '123' } },
      { token },
    );
    expect(code(wrong)).toBe('BAD_USER_INPUT');
    expect(fields(wrong)).toEqual({
      contactName: 'Ce champ est requis',
      contactEmail: 'L’adresse e-mail est invalide',
      contactPhone: 'Le numéro doit être au format 0XXXXXXXXX',
    });
    const saved = await t.graphql(
      CONTACT,
      {
        input: {
          contactName: 'Inès Moreau',
          contactEmail: 'Contact@Forges.fr',
          contactPhone: '04 78 00 00 00',
        },
      },
      { token },
    );
    expect(saved.data).toEqual({
      updateMyCompanyContact: {
        contact: { name: 'Inès Moreau', email: 'contact@forges.fr', phone: '0478000000' },
      },
    });
  });

  it('shows and changes the company’s own phone from its sign-up (issue 14); left out, it stays', async () => {
    const contact = {
      contactName: 'Inès Moreau',
      contactEmail: 'contact@forges.fr',
      contactPhone: '0478000000',
    };
    const phone =
      'mutation ($input: CompanyContactInput!) { updateMyCompanyContact(input: $input) { phone } }';
    expect((await t.graphql(phone, { input: { ...contact, phone: '0472112233' } }, { token })).data).toEqual({
      updateMyCompanyContact: { phone: '0472112233' },
    });
    expect((await t.graphql(phone, { input: contact }, { token })).data).toEqual({
      updateMyCompanyContact: { phone: '0472112233' },
    });
    const wrong = await t.graphql(phone, { input: { ...contact, phone: '12' } }, { token });
    expect(wrong.errors?.[0]?.extensions?.fields).toEqual({ phone: expect.any(String) });
  });

  it('saves the size and whether the company takes interns', async () => {
    const saved = await t.graphql(SIZE, { input: { employeesCount: 120, acceptsInterns: true } }, { token });
    expect(saved.data).toEqual({ updateMyCompanySize: { employeesCount: 120, acceptsInterns: true } });
    const unknown = await t.graphql(
      SIZE,
      { input: { employeesCount: null, acceptsInterns: false } },
      { token },
    );
    expect(unknown.data).toEqual({ updateMyCompanySize: { employeesCount: null, acceptsInterns: false } });
    const zero = await t.graphql(SIZE, { input: { employeesCount: 0, acceptsInterns: false } }, { token });
    expect(fields(zero)).toEqual({ employeesCount: 'Indiquez un nombre entier, 1 au moins' });
  });

  it('replaces the jobs with labels from the platform’s list, 30 at most', async () => {
    await t.graphql(JOBS, { jobs: ['Soudeur / soudeuse', 'Roboticien / roboticienne'] }, { token });
    const replaced = await t.graphql(
      JOBS,
      { jobs: ['Chaudronnier / chaudronnière', 'Soudeur / soudeuse', 'Soudeur / soudeuse'] },
      { token },
    );
    expect(replaced.data).toEqual({
      updateMyCompanyJobs: { jobs: ['Chaudronnier / chaudronnière', 'Soudeur / soudeuse'] },
    });
    const unknown = await t.graphql(JOBS, { jobs: ['Soudeur / soudeuse', 'Astronaute'] }, { token });
    expect(code(unknown)).toBe('BAD_USER_INPUT');
    expect(fields(unknown)).toEqual({ jobs: 'Choisissez des métiers de la liste' });
    const tooMany = await t.graphql(
      JOBS,
      { jobs: Array.from({ length: 31 }, (_, i) => `Métier ${i}`) },
      { token },
    );
    expect(fields(tooMany)).toEqual({ jobs: 'Choisissez 30 métiers au plus' });
    expect((await t.graphql(JOBS, { jobs: [] }, { token })).data).toEqual({
      updateMyCompanyJobs: { jobs: [] },
    });
  });

  it('saves the contact opt-in, shown to the company’s recruiters and admins only', async () => {
    const saved = await t.graphql(OPT_IN, { on: true }, { token });
    expect(saved.data).toEqual({ updateMyCompanyContactOptIn: { contactOptIn: true } });
    await t.db.update(companies).set({ status: 'pending' }).where(eq(companies.id, companyId));
    const admin = await loginAs(t.db, (await insertUser(t.db, { kind: 'admin' })).id);
    const queue = await t.graphql('{ pendingCompanies { contactOptIn } }', {}, { token: admin });
    expect(queue.data).toEqual({ pendingCompanies: [{ contactOptIn: true }] });

    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    const seenBy = (viewer: Partial<Viewer> | null) =>
      companyProfileModule.resolvers.Company?.contactOptIn?.(
        company,
        {},
        { var: { viewer } } as unknown as GqlContext,
        {} as GraphQLResolveInfo,
      );
    expect(seenBy({ kind: 'recruiter', companyId })).toBe(true);
    expect(seenBy({ kind: 'recruiter', companyId: companyId + 1 })).toBeNull();
    expect(seenBy({ kind: 'teacher', companyId: null })).toBeNull();
    expect(seenBy(null)).toBeNull();
  });

  it('is for recruiters, on their own company: a visitor is UNAUTHENTICATED, a teacher or admin FORBIDDEN', async () => {
    const mutations: [string, Record<string, unknown>][] = [
      [DESCRIPTION, { input: { description: 'x' } }],
      [ADDRESS, { address: lyon }],
      [CONTACT, { input: { contactName: 'A', contactEmail: 'a@b.fr', contactPhone: '0478000000' } }],
      [SIZE, { input: { acceptsInterns: true } }],
      [JOBS, { jobs: [] }],
      [OPT_IN, { on: true }],
    ];
    const teacher = await loginAs(t.db, (await insertUser(t.db, { kind: 'teacher' })).id);
    const admin = await loginAs(t.db, (await insertUser(t.db, { kind: 'admin' })).id);
    for (const [query, variables] of mutations) {
      expect(code(await t.graphql(query, variables))).toBe('UNAUTHENTICATED');
      expect(code(await t.graphql(query, variables, { token: teacher }))).toBe('FORBIDDEN');
      expect(code(await t.graphql(query, variables, { token: admin }))).toBe('FORBIDDEN');
      expect(code(await t.graphql(query, variables, { token }))).toBeUndefined();
    }
    const other = await insertCompany(t.db, { description: 'Intacte' });
    const [untouched] = await t.db.select().from(companies).where(eq(companies.id, other.id));
    expect(untouched?.description).toBe('Intacte');
  });
});
