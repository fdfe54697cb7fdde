import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { departments, favorites, meetings, outbox, sessions, slots, users } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SIGN_UP =
  'mutation ($input: TeacherSignUpInput!) { signUpTeacher(input: $input) { token user { id } } }';
const LOGIN =
  'mutation ($email: String!, $password: String!) { loginTeacher(email: $email, password: $password) { token } }';
const DELETE = 'mutation ($password: String!) { requestAccountDeletion(password: $password) }';
const EMAIL = 'camille.martin@exemple.fr';
const PASSWORD = 'Motdepasse-1';

const signUpInput = {
  departmentCode: '69',
  firstName: 'Camille',
  lastName: 'Martin',
  email: EMAIL,
  phone: '0612345678',
  password: PASSWORD,
  profileType: 'teacher',
  schoolLevels: ['college'],
  establishment: {
    name: 'Collège Jean Moulin',
    type: 'Collège',
    address: { label: '1 rue Jean Moulin 69003 Lyon', zipcode: '69003', city: 'Lyon', lat: 45.76, lng: 4.85 },
  },
  acceptTerms: true,
};

const code = (r: { errors?: { extensions?: Record<string, unknown> }[] }) => r.errors?.[0]?.extensions?.code;

describe('teacher account deletion API', () => {
  let t: TestApp;
  let token: string;
  let teacherId: number;
  let forges: Awaited<ReturnType<typeof insertCompany>>;
  let recruiters: Awaited<ReturnType<typeof insertUser>>[];
  let futureSlot: Awaited<ReturnType<typeof insertSlot>>;
  let pastSlot: Awaited<ReturnType<typeof insertSlot>>;

  async function book(
    slotId: number,
    participantsCount: number,
    status: 'confirmed' | 'cancelled' = 'confirmed',
  ) {
    const [meeting] = await t.db
      .insert(meetings)
      .values({
        slotId,
        teacherId,
        participantsCount,
        status,
        publicCategory: 'highSchool',
        charterAcceptedAt: TEST_NOW,
      })
      .returning();
    if (!meeting) throw new Error('meeting not inserted');
    await t.db
      .update(slots)
      .set({ seatsTaken: sql`${slots.seatsTaken} + ${status === 'confirmed' ? participantsCount : 0}` })
      .where(eq(slots.id, slotId));
    return meeting;
  }

  beforeEach(async () => {
    t = await createTestApp();
    await t.db.update(departments).set({ active: true }).where(eq(departments.code, '69'));
    const signUp = await t.graphql<{ signUpTeacher: { token: string; user: { id: string } } }>(SIGN_UP, {
      input: signUpInput,
    });
    token = signUp.data?.signUpTeacher.token ?? '';
    teacherId = Number(signUp.data?.signUpTeacher.user.id);
    await t.deps.outbox.wake();
    t.mail.messages.length = 0;

    forges = await insertCompany(t.db, { name: 'Forges de Lyon' });
    recruiters = [
      await insertUser(t.db, {
        kind: 'recruiter',
        companyId: forges.id,
        firstName: 'Anne',
        email: 'anne@forges.fr',
      }),
      await insertUser(t.db, {
        kind: 'recruiter',
        companyId: forges.id,
        firstName: 'Paul',
        email: 'paul@forges.fr',
      }),
    ];
    futureSlot = await insertSlot(t.db, forges.id, new Date('2026-04-14T07:00:00Z'));
    pastSlot = await insertSlot(t.db, forges.id, new Date('2026-02-10T08:00:00Z'));
  });
  afterEach(() => t.close());

  it('cancels the future bookings, gives the seats back, tells the companies and the teacher', async () => {
    const other = await insertCompany(t.db, { name: 'Plasturgie du Rhône' });
    await insertUser(t.db, {
      kind: 'recruiter',
      companyId: other.id,
      firstName: 'Inès',
      email: 'ines@plasturgie.fr',
    });
    const otherSlot = await insertSlot(t.db, other.id, new Date('2026-05-05T12:00:00Z'), {
      timeZone: 'America/Cayenne',
    });
    const future = await book(futureSlot.id, 12);
    const elsewhere = await book(otherSlot.id, 3);
    // Someone else's seats on the same slot stay taken.
    await t.db
      .update(slots)
      .set({ seatsTaken: sql`${slots.seatsTaken} + 5` })
      .where(eq(slots.id, futureSlot.id));

    const result = await t.graphql(DELETE, { password: PASSWORD }, { token });
    expect(result.data).toEqual({ requestAccountDeletion: true });

    for (const id of [future.id, elsewhere.id]) {
      const [meeting] = await t.db.select().from(meetings).where(eq(meetings.id, id));
      expect(meeting).toMatchObject({
        status: 'cancelled',
        cancelReason: 'L’enseignant a supprimé son compte',
        cancelledBy: teacherId,
        cancelledAt: TEST_NOW,
      });
    }
    const seats = await t.db.select({ id: slots.id, seatsTaken: slots.seatsTaken }).from(slots);
    expect(seats.find((s) => s.id === futureSlot.id)?.seatsTaken).toBe(5);
    expect(seats.find((s) => s.id === otherSlot.id)?.seatsTaken).toBe(0);

    await t.deps.outbox.wake();
    const to = t.mail.messages.map((m) => m.to).sort();
    expect(to).toEqual([EMAIL, 'anne@forges.fr', 'ines@plasturgie.fr', 'paul@forges.fr'].sort());
    const anne = t.mail.messages.find((m) => m.to === 'anne@forges.fr');
    expect(anne?.subject).toBe('Rendez-vous annulé : Collège Jean Moulin, mardi 14 avril 2026 à 09:00');
    expect(anne?.text).toContain('Bonjour Anne,');
    expect(anne?.text).toContain('(12 participants)');
    expect(anne?.text).not.toContain('Camille');
    const ines = t.mail.messages.find((m) => m.to === 'ines@plasturgie.fr');
    expect(ines?.text).toContain('mardi 5 mai 2026 à 09:00 (heure de la Guyane française)');
    const confirmation = t.mail.messages.find((m) => m.to === EMAIL);
    expect(confirmation?.subject).toBe('Votre compte Passerelle Industrie est supprimé');
    expect(confirmation?.text).toContain('Bonjour Camille,');
    expect(confirmation?.text).toContain('Vos 2 rendez-vous à venir ont été annulés');
  });

  it('anonymises the account, ends its sessions and frees its e-mail', async () => {
    const other = await loginAs(t.db, teacherId);
    await t.db.insert(favorites).values({ teacherId, companyId: forges.id });

    expect((await t.graphql(DELETE, { password: PASSWORD }, { token })).data).toEqual({
      requestAccountDeletion: true,
    });

    const [row] = await t.db.select().from(users).where(eq(users.id, teacherId));
    expect(row).toMatchObject({
      email: `supprime-${teacherId}@passerelle-industrie.invalid`,
      firstName: 'Compte',
      lastName: 'supprimé',
      phone: null,
      description: null,
      referenceLabel: null,
      passwordHash: null,
      sectors: [],
      jobs: [],
      weeklyMail: false,
      deletionRequestedAt: TEST_NOW,
      anonymizedAt: TEST_NOW,
    });
    expect(await t.db.select().from(favorites)).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, teacherId))).toEqual([]);
    expect((await t.graphql('{ me { id } }', {}, { token: other })).data).toEqual({ me: null });

    expect(code(await t.graphql(LOGIN, { email: EMAIL, password: PASSWORD }))).toBe('wrong_credentials');
    const again = await t.graphql<{ signUpTeacher: { user: { id: string } } }>(SIGN_UP, {
      input: signUpInput,
    });
    expect(Number(again.data?.signUpTeacher.user.id)).not.toBe(teacherId);
  });

  it('clears the session cookie', async () => {
    const response = await t.app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `session=${token}` },
      body: JSON.stringify({ query: DELETE, variables: { password: PASSWORD } }),
    });
    expect(response.headers.get('set-cookie')).toMatch(/^session=;/);
  });

  it('leaves past meetings and cancelled bookings as they were', async () => {
    const past = await book(pastSlot.id, 10);
    const alreadyCancelled = await book(futureSlot.id, 4, 'cancelled');
    const before = await t.db.select().from(meetings);
    await t.graphql(DELETE, { password: PASSWORD }, { token });
    expect(await t.db.select().from(meetings)).toEqual(before);
    const [pastRow] = await t.db.select().from(meetings).where(eq(meetings.id, past.id));
    expect(pastRow?.status).toBe('confirmed');
    expect(alreadyCancelled.status).toBe('cancelled');
    expect(
      (await t.db.select({ seatsTaken: slots.seatsTaken }).from(slots).where(eq(slots.id, pastSlot.id)))[0],
    ).toEqual({ seatsTaken: 10 });
    await t.deps.outbox.wake();
    expect(t.mail.messages.map((m) => m.to)).toEqual([EMAIL]);
    expect(t.mail.messages[0]?.text).toContain('Vous n’aviez aucun rendez-vous à venir.');
  });

  it('refuses a wrong password and changes nothing', async () => {
    await book(futureSlot.id, 12);
    const usersBefore = await t.db.select().from(users);
    const meetingsBefore = await t.db.select().from(meetings);
    const result = await t.graphql(DELETE, { password: 'Pas-le-bon-1' }, { token });
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { password: 'Le mot de passe actuel est incorrect' },
    });
    expect(code(await t.graphql(DELETE, { password: '' }, { token }))).toBe('BAD_USER_INPUT');
    expect(await t.db.select().from(users)).toEqual(usersBefore);
    expect(await t.db.select().from(meetings)).toEqual(meetingsBefore);
    expect(await t.db.select().from(outbox).where(eq(outbox.status, 'pending'))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, teacherId))).toHaveLength(1);
  });

  it('is for teachers only', async () => {
    expect(code(await t.graphql(DELETE, { password: PASSWORD }))).toBe('UNAUTHENTICATED');
    const recruiterToken = await loginAs(t.db, recruiters[0]?.id ?? 0);
    expect(code(await t.graphql(DELETE, { password: PASSWORD }, { token: recruiterToken }))).toBe(
      'FORBIDDEN',
    );
  });

  it('writes nothing when it fails halfway', async () => {
    await book(futureSlot.id, 12);
    const usersBefore = await t.db.select().from(users);
    const meetingsBefore = await t.db.select().from(meetings);
    const slotsBefore = await t.db.select().from(slots);
    await t.db.run(sql`DROP TABLE outbox`);
    expect(code(await t.graphql(DELETE, { password: PASSWORD }, { token }))).toBe('other_error');
    expect(await t.db.select().from(users)).toEqual(usersBefore);
    expect(await t.db.select().from(meetings)).toEqual(meetingsBefore);
    expect(await t.db.select().from(slots)).toEqual(slotsBefore);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, teacherId))).toHaveLength(1);
  });
});
