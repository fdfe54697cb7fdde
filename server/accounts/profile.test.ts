import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { establishments, jobs, sessions } from '../../db/schema.ts';
import { createTestApp, insertUser, loginAs } from '../../tests/fixtures/app.ts';
import { hashPassword } from './password.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('teacher profile API', () => {
  let t: TestApp;
  let token: string;
  let teacherId: number;
  beforeEach(async () => {
    t = await createTestApp();
    const [establishment] = await t.db
      .insert(establishments)
      .values({
        name: 'Collège A',
        type: 'Collège',
        label: '1 rue A 69003 Lyon',
        zipcode: '69003',
        city: 'Lyon',
        lat: 45.76,
        lng: 4.85,
      })
      .returning();
    const teacher = await insertUser(t.db, {
      kind: 'teacher',
      email: 'lea@exemple.fr',
      passwordHash: await hashPassword('Motdepasse-1'),
      profileType: 'teacher',
      schoolLevels: ['college'],
      establishmentId: establishment?.id,
    });
    teacherId = teacher.id;
    token = await loginAs(t.db, teacher.id);
    await t.db
      .insert(jobs)
      .values([
        { label: 'Soudeur / soudeuse', sector: 'metallurgy' },
        { label: 'Roboticien / roboticienne' },
      ]);
  });
  afterEach(() => t.close());

  const code = (r: { errors?: { extensions?: Record<string, unknown> }[] }) =>
    r.errors?.[0]?.extensions?.code;

  it('saves the public part', async () => {
    const result = await t.graphql(
      'mutation ($input: PublicProfileInput!) { updateMyPublicProfile(input: $input) { firstName lastName description } }',
      { input: { firstName: 'Léa', lastName: 'Durand', description: 'Professeure de technologie' } },
      { token },
    );
    expect(result.data).toEqual({
      updateMyPublicProfile: {
        firstName: 'Léa',
        lastName: 'Durand',
        description: 'Professeure de technologie',
      },
    });
  });

  it('saves the phone at once, keeping the e-mail until a change is confirmed', async () => {
    const CONTACT = 'mutation ($input: ContactInput!) { updateMyContact(input: $input) { email phone } }';
    const result = await t.graphql(
      CONTACT,
      { input: { email: 'Lea@Exemple.fr', phone: '06 11 22 33 44' } },
      { token },
    );
    expect(result.data).toEqual({ updateMyContact: { email: 'lea@exemple.fr', phone: '0611223344' } });
  });

  it('changes the password with the current one, ending every other session', async () => {
    const other = await loginAs(t.db, teacherId);
    const CHANGE =
      'mutation ($c: String!, $n: String!) { changeMyPassword(currentPassword: $c, newPassword: $n) }';
    const wrong = await t.graphql(CHANGE, { c: 'Faux-mot-1', n: 'Nouveau-mot-2' }, { token });
    expect(wrong.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { currentPassword: 'Le mot de passe actuel est incorrect' },
    });
    const response = await t.app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: CHANGE, variables: { c: 'Motdepasse-1', n: 'Nouveau-mot-2' } }),
    });
    expect((await response.json()).data).toEqual({ changeMyPassword: true });
    expect(response.headers.get('set-cookie')).toMatch(/^session=/);
    expect((await t.graphql('{ me { id } }', {}, { token: other })).data).toEqual({ me: null });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, teacherId))).toHaveLength(1);
  });

  it('saves the establishment and school levels', async () => {
    const result = await t.graphql(
      'mutation ($input: TeacherEstablishmentInput!) { updateMyEstablishment(input: $input) { schoolLevels establishment { name type address { city departmentCode } } } }',
      {
        input: {
          name: 'Lycée Ampère',
          type: 'Lycée professionnel',
          address: {
            label: '31 rue de la Bourse 69002 Lyon',
            zipcode: '69002',
            city: 'Lyon',
            lat: 45.76,
            lng: 4.83,
          },
          schoolLevels: ['lycee'],
        },
      },
      { token },
    );
    expect(result.data).toEqual({
      updateMyEstablishment: {
        schoolLevels: ['lycee'],
        establishment: {
          name: 'Lycée Ampère',
          type: 'Lycée professionnel',
          address: { city: 'Lyon', departmentCode: '69' },
        },
      },
    });
  });

  it('asks a teacher for a school level, not a prescriber', async () => {
    const ESTABLISHMENT =
      'mutation ($input: TeacherEstablishmentInput!) { updateMyEstablishment(input: $input) { schoolLevels } }';
    const input = {
      name: 'Mission locale Rhône Sud',
      type: 'Mission locale',
      address: { label: '2 place Carnot 69002 Lyon', zipcode: '69002', city: 'Lyon', lat: 45.75, lng: 4.83 },
      schoolLevels: [],
    };
    const refused = await t.graphql(ESTABLISHMENT, { input }, { token });
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { schoolLevels: 'Sélectionnez au moins un niveau : collège ou lycée' },
    });

    const [place] = await t.db
      .insert(establishments)
      .values({
        name: 'ML',
        type: 'Mission locale',
        label: 'x',
        zipcode: '69002',
        city: 'Lyon',
        lat: 45.75,
        lng: 4.83,
      })
      .returning();
    const prescriber = await insertUser(t.db, {
      kind: 'teacher',
      email: 'prescripteur@exemple.fr',
      profileType: 'prescriber',
      schoolLevels: ['lycee'],
      establishmentId: place?.id,
    });
    const saved = await t.graphql(ESTABLISHMENT, { input }, { token: await loginAs(t.db, prescriber.id) });
    expect(saved.data).toEqual({ updateMyEstablishment: { schoolLevels: [] } });
  });

  it('saves criteria from the platform’s jobs only', async () => {
    const CRITERIA = 'mutation ($input: CriteriaInput!) { updateMyCriteria(input: $input) { sectors jobs } }';
    const unknown = await t.graphql(CRITERIA, { input: { sectors: [], jobs: ['Astronaute'] } }, { token });
    expect(unknown.errors?.[0]?.extensions).toMatchObject({
      fields: { jobs: 'Choisissez des métiers de la liste' },
    });
    const result = await t.graphql(
      CRITERIA,
      { input: { sectors: ['naval', 'rail'], jobs: ['Soudeur / soudeuse'] } },
      { token },
    );
    expect(result.data).toEqual({
      updateMyCriteria: { sectors: ['naval', 'rail'], jobs: ['Soudeur / soudeuse'] },
    });
    expect((await t.graphql('{ jobs { label } }')).data).toEqual({
      jobs: [{ label: 'Roboticien / roboticienne' }, { label: 'Soudeur / soudeuse' }],
    });
  });

  it('saves the preferences, needing an address when not the establishment’s', async () => {
    const PREFS =
      'mutation ($input: PreferencesInput!) { updateMyPreferences(input: $input) { useEstablishmentAddress weeklyMail referenceAddress { label } } }';
    const missing = await t.graphql(
      PREFS,
      { input: { useEstablishmentAddress: false, weeklyMail: true } },
      { token },
    );
    expect(missing.errors?.[0]?.extensions).toMatchObject({
      fields: { referenceAddress: expect.any(String) },
    });
    const result = await t.graphql(
      PREFS,
      {
        input: {
          useEstablishmentAddress: false,
          weeklyMail: true,
          referenceAddress: {
            label: 'Villeurbanne',
            zipcode: '69100',
            city: 'Villeurbanne',
            lat: 45.77,
            lng: 4.88,
          },
        },
      },
      { token },
    );
    expect(result.data).toEqual({
      updateMyPreferences: {
        useEstablishmentAddress: false,
        weeklyMail: true,
        referenceAddress: { label: 'Villeurbanne' },
      },
    });
  });

  it('is for teachers: a visitor is UNAUTHENTICATED, a recruiter FORBIDDEN', async () => {
    const UPDATE = 'mutation { updateMyPublicProfile(input: { firstName: "A", lastName: "B" }) { id } }';
    expect(code(await t.graphql(UPDATE))).toBe('UNAUTHENTICATED');
    const recruiter = await insertUser(t.db, { kind: 'recruiter' });
    expect(code(await t.graphql(UPDATE, {}, { token: await loginAs(t.db, recruiter.id) }))).toBe('FORBIDDEN');
  });
});
