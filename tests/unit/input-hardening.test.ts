import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema.ts';
import { createTestApp, insertCompany, insertUser, loginAs } from '../fixtures/app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SIGN_UP = `mutation ($input: CompanySignUpInput!) { signUpCompany(input: $input) { id } }`;
const SLOT = `mutation ($input: SlotInput!) { createSlot(input: $input) { id description } }`;

const signUpInput = (overrides: Record<string, unknown> = {}) => ({
  departmentCode: '69',
  siret: '51234567900017',
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
  user: { firstName: 'Inès', lastName: 'Moreau', email: 'ines.moreau@forges.fr', phone: null },
  password: 'Motdepasse-1',
  acceptTerms: true,
  ...overrides,
});

/** Issue 9's "smaller ones", through the API as an anonymous client sends them. */
describe('inputs the API refuses', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const fieldsOf = (result: { errors?: { extensions?: Record<string, unknown> }[] }) => {
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    return result.errors?.[0]?.extensions?.fields;
  };

  it('an address label and city of 400 KB each, anonymously, in a company sign-up', async () => {
    const address = { ...signUpInput().address, label: 'x'.repeat(400_000), city: 'y'.repeat(400_000) };
    const result = await t.graphql(SIGN_UP, { input: signUpInput({ address }) });
    expect(fieldsOf(result)).toEqual({
      'address.label': '200 caractères au maximum',
      'address.city': '100 caractères au maximum',
    });
    expect(await t.db.select().from(companies)).toEqual([]);
  });

  it('a point at 0,0 with the postcode 69001', async () => {
    const address = {
      label: '1 place des Terreaux 69001 Lyon',
      zipcode: '69001',
      city: 'Lyon',
      lat: 0,
      lng: 0,
    };
    const result = await t.graphql(SIGN_UP, { input: signUpInput({ address }) });
    expect(fieldsOf(result)).toEqual({
      address:
        'Le point de cette adresse n’est pas dans le département de son code postal : choisissez une adresse dans la liste proposée',
    });
  });

  it('NUL, CR/LF and bidi overrides in names', async () => {
    const message =
      'Ce champ contient des caractères non autorisés : retour à la ligne, caractère invisible ou de direction du texte';
    for (const firstName of ['In\u0000ès', 'Inès\r\nBcc: x@y.fr', 'Inès\u202e', 'Inès\u2066']) {
      const user = { ...signUpInput().user, firstName };
      expect(fieldsOf(await t.graphql(SIGN_UP, { input: signUpInput({ user }) }))).toEqual({
        'user.firstName': message,
      });
    }
    expect(fieldsOf(await t.graphql(SIGN_UP, { input: signUpInput({ name: 'Forges\nde Lyon' }) }))).toEqual({
      name: message,
    });
  });

  it('keeps line feeds in a description, not other control characters', async () => {
    const company = await insertCompany(t.db);
    const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId: company.id });
    const token = await loginAs(t.db, recruiter.id);
    const slot = (description: string) => ({
      date: '2026-04-15',
      time: '10:00',
      durationMinutes: 60,
      meetingType: 'CompanyVisit',
      publicCategories: ['highSchool'],
      maxParticipants: 10,
      speaker: { name: 'Durand', firstname: 'Léa', email: 'lea@forges.fr', phone: '0612345678', role: 'RH' },
      description,
    });
    const saved = await t.graphql(SLOT, { input: slot('Accueil à 9 h.\r\nChaussures fermées.') }, { token });
    expect(saved.data).toMatchObject({ createSlot: { description: 'Accueil à 9 h.\nChaussures fermées.' } });
    const refused = await t.graphql(SLOT, { input: slot('Accueil\u0000 à 9 h.') }, { token });
    expect(fieldsOf(refused)).toEqual({
      description:
        'Ce texte contient des caractères invisibles non autorisés (caractères de contrôle ou de direction du texte)',
    });
  });
});
