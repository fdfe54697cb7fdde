import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { companies, meetings, outbox, sessions, slots } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { adminMeetings } from './meetings.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Result = { errors?: { message: string; extensions?: Record<string, unknown> }[] };

const PENDING = '{ pendingCompanies { id name siret createdAt contact { name email } } }';
const VALIDATE = 'mutation ($id: ID!) { validateCompany(id: $id) { id status } }';
const REFUSE =
  'mutation ($id: ID!, $reason: String) { refuseCompany(id: $id, reason: $reason) { id status } }';
const ARCHIVE = 'mutation ($id: ID!) { archiveCompany(id: $id) { id status } }';
const SET_ACTIVE =
  'mutation ($code: String!, $active: Boolean!) { setDepartmentActive(code: $code, active: $active) { code active chamber } }';
const DEPARTMENTS = '{ departments { code active chamber } }';

const DAY = 24 * 3_600_000;
const code = (result: Result) => result.errors?.[0]?.extensions?.code;

async function insertMeeting(db: Db, slotId: number, teacherId: number, overrides = {}) {
  const [meeting] = await db
    .insert(meetings)
    .values({
      slotId,
      teacherId,
      participantsCount: 12,
      publicCategory: 'highSchool',
      charterAcceptedAt: TEST_NOW,
      ...overrides,
    })
    .returning();
  if (!meeting) throw new Error('meeting not inserted');
  return meeting;
}

describe('admin API', () => {
  let t: TestApp;
  let adminToken: string;
  let teacherToken: string;
  let recruiterToken: string;
  let teacher: Awaited<ReturnType<typeof insertUser>>;

  beforeEach(async () => {
    t = await createTestApp();
    const admin = await insertUser(t.db, { kind: 'admin', email: 'admin@exemple.fr' });
    teacher = await insertUser(t.db, { kind: 'teacher', email: 'lea.prof@exemple.fr', firstName: 'Léa' });
    const ownCompany = await insertCompany(t.db, { name: 'Forges du Rhône' });
    const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId: ownCompany.id });
    adminToken = await loginAs(t.db, admin.id);
    teacherToken = await loginAs(t.db, teacher.id);
    recruiterToken = await loginAs(t.db, recruiter.id);
  });
  afterEach(() => t.close());

  const asAdmin = (query: string, variables: Record<string, unknown> = {}) =>
    t.graphql(query, variables, { token: adminToken });

  async function pendingCompany(name = 'Métallerie Test', overrides = {}) {
    const company = await insertCompany(t.db, { name, status: 'pending', ...overrides });
    const recruiter = await insertUser(t.db, {
      kind: 'recruiter',
      companyId: company.id,
      firstName: 'Paul',
      email: `paul-${company.id}@metallerie.fr`,
    });
    return { company, recruiter, id: String(company.id) };
  }

  describe('permissions', () => {
    const operations: [string, () => Promise<[string, Record<string, unknown>]>][] = [
      ['pendingCompanies', async () => [PENDING, {}]],
      ['validateCompany', async () => [VALIDATE, { id: (await pendingCompany()).id }]],
      ['refuseCompany', async () => [REFUSE, { id: (await pendingCompany()).id, reason: 'Hors secteur' }]],
      ['archiveCompany', async () => [ARCHIVE, { id: String((await insertCompany(t.db)).id) }]],
      ['setDepartmentActive', async () => [SET_ACTIVE, { code: '01', active: true }]],
    ];

    it.each(operations)(
      '%s: UNAUTHENTICATED for a visitor, FORBIDDEN for a teacher or a recruiter, done for an admin',
      async (_name, prepare) => {
        const [query, variables] = await prepare();
        const visitor = await t.graphql(query, variables);
        expect(visitor.errors?.[0]).toMatchObject({
          message: 'Vous avez été déconnecté. Veuillez vous reconnecter.',
          extensions: { code: 'UNAUTHENTICATED' },
        });
        for (const token of [teacherToken, recruiterToken]) {
          expect(code(await t.graphql(query, variables, { token }))).toBe('FORBIDDEN');
        }
        // Refused callers changed nothing: the admin's call still finds the state it expects.
        const admin = await asAdmin(query, variables);
        expect(admin.errors).toBeUndefined();
        expect(admin.data).toBeTruthy();
      },
    );
  });

  describe('pendingCompanies', () => {
    it('lists only companies awaiting validation, oldest first, with their contact', async () => {
      await pendingCompany('Récente', { createdAt: new Date(TEST_NOW.getTime() - DAY) });
      await pendingCompany('Ancienne', {
        createdAt: new Date(TEST_NOW.getTime() - 5 * DAY),
        contactName: 'Anne Durand',
        contactEmail: 'anne@ancienne.fr',
      });
      await insertCompany(t.db, { name: 'Refusée', status: 'refused' });
      const { data } = await asAdmin(PENDING);
      expect(data?.pendingCompanies).toEqual([
        expect.objectContaining({
          name: 'Ancienne',
          createdAt: new Date(TEST_NOW.getTime() - 5 * DAY).toISOString(),
          contact: { name: 'Anne Durand', email: 'anne@ancienne.fr' },
        }),
        // No contact on the profile: its recruiter is the one to reach.
        expect.objectContaining({
          name: 'Récente',
          contact: { name: 'Paul Martin', email: expect.any(String) },
        }),
      ]);
    });
  });

  describe('validateCompany', () => {
    it('validates a pending company and e-mails each of its recruiters a login link', async () => {
      const { company, recruiter, id } = await pendingCompany('Métallerie des Monts d’Or');
      const second = await insertUser(t.db, { kind: 'recruiter', companyId: company.id, firstName: 'Inès' });

      const result = await asAdmin(VALIDATE, { id });
      expect(result.data).toEqual({ validateCompany: { id, status: 'validated' } });
      const [row] = await t.db.select().from(companies).where(eq(companies.id, company.id));
      expect(row).toMatchObject({ status: 'validated', validatedAt: TEST_NOW, statusReason: null });
      expect((await asAdmin(PENDING)).data?.pendingCompanies).toEqual([]);

      await t.deps.outbox.wake();
      expect(t.mail.messages.map((m) => m.to).sort()).toEqual([recruiter.email, second.email].sort());
      const mail = t.mail.messages.find((m) => m.to === recruiter.email);
      expect(mail?.subject).toBe('Métallerie des Monts d’Or est validée sur Passerelle Industrie');
      expect(mail?.text).toContain('Bonjour Paul,');
      expect(mail?.text).toContain(`${t.deps.config.PUBLIC_URL}/login-company`);
    });
  });

  describe('refuseCompany', () => {
    it('refuses a pending company, keeps the reason and e-mails it to the recruiter', async () => {
      const { company, recruiter, id } = await pendingCompany();
      const result = await asAdmin(REFUSE, { id, reason: '  SIRET sans activité industrielle  ' });
      expect(result.data).toEqual({ refuseCompany: { id, status: 'refused' } });
      const [row] = await t.db.select().from(companies).where(eq(companies.id, company.id));
      expect(row).toMatchObject({ status: 'refused', statusReason: 'SIRET sans activité industrielle' });

      await t.deps.outbox.wake();
      expect(t.mail.messages).toEqual([
        expect.objectContaining({
          to: recruiter.email,
          text: expect.stringContaining('Motif indiqué : SIRET sans activité industrielle'),
        }),
      ]);
    });

    it('accepts no reason at all', async () => {
      const { id } = await pendingCompany();
      expect((await asAdmin(REFUSE, { id })).data).toEqual({ refuseCompany: { id, status: 'refused' } });
    });

    it('answers BAD_USER_INPUT for a reason too long to be a reason', async () => {
      const { id } = await pendingCompany();
      const result = await asAdmin(REFUSE, { id, reason: 'x'.repeat(1001) });
      expect(result.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: { reason: expect.any(String) },
      });
    });
  });

  describe('transitions', () => {
    it.each([
      ['refusing a validated company', 'validated', REFUSE],
      ['validating a validated company', 'validated', VALIDATE],
      ['validating a refused company', 'refused', VALIDATE],
      ['archiving a pending company', 'pending', ARCHIVE],
      ['archiving an archived company', 'archived', ARCHIVE],
    ] as const)(
      'refuses %s with invalid_company_status and changes nothing',
      async (_name, status, query) => {
        const company = await insertCompany(t.db, { status });
        await insertUser(t.db, { kind: 'recruiter', companyId: company.id });
        const result = await asAdmin(query, { id: String(company.id), reason: 'Motif' });
        expect(result.errors?.[0]).toMatchObject({
          message: expect.stringMatching(/pas possible/),
          extensions: { code: 'invalid_company_status', status },
        });
        const [row] = await t.db.select().from(companies).where(eq(companies.id, company.id));
        expect(row?.status).toBe(status);
        expect(await t.db.select().from(outbox)).toEqual([]);
      },
    );

    it.each([VALIDATE, REFUSE, ARCHIVE])(
      'answers NOT_FOUND for an unknown or malformed id (%#)',
      async (query) => {
        expect(code(await asAdmin(query, { id: '999999' }))).toBe('NOT_FOUND');
        expect(code(await asAdmin(query, { id: 'abc' }))).toBe('NOT_FOUND');
      },
    );
  });

  describe('a company leaving the platform', () => {
    it('archiving removes its future slots, cancels their bookings and tells the teachers; the past stays', async () => {
      const company = await insertCompany(t.db, { name: 'Forges de Vénissieux' });
      const recruiter = await insertUser(t.db, {
        kind: 'recruiter',
        companyId: company.id,
        firstName: 'Hugo',
      });
      const recruiterSession = await loginAs(t.db, recruiter.id);
      const other = await insertUser(t.db, {
        kind: 'teacher',
        email: 'marc.prof@exemple.fr',
        firstName: 'Marc',
      });

      const booked = await insertSlot(t.db, company.id, new Date('2026-04-14T07:00:00Z'), { seatsTaken: 12 });
      const bookedMeeting = await insertMeeting(t.db, booked.id, teacher.id);
      // An earlier cancellation is not cancelled again, nor e-mailed.
      await insertMeeting(t.db, booked.id, other.id, {
        status: 'cancelled',
        cancelReason: 'Grève',
        cancelledAt: TEST_NOW,
      });
      const free = await insertSlot(t.db, company.id, new Date(TEST_NOW.getTime() + 3 * DAY));
      const overseas = await insertSlot(t.db, company.id, new Date('2026-04-14T07:00:00Z'), {
        timeZone: 'Indian/Reunion',
        seatsTaken: 5,
      });
      await insertMeeting(t.db, overseas.id, other.id, { participantsCount: 5 });
      const past = await insertSlot(t.db, company.id, new Date(TEST_NOW.getTime() - 2 * DAY), {
        seatsTaken: 10,
      });
      const pastMeeting = await insertMeeting(t.db, past.id, teacher.id, { participantsCount: 10 });
      const elsewhere = await insertCompany(t.db);
      const otherSlot = await insertSlot(t.db, elsewhere.id, new Date(TEST_NOW.getTime() + 3 * DAY));

      const countBefore = await t.graphql<{ availableSlotsCount: number }>(
        '{ availableSlotsCount(days: 60) }',
      );
      const result = await asAdmin(ARCHIVE, { id: String(company.id) });
      expect(result.data).toEqual({ archiveCompany: { id: String(company.id), status: 'archived' } });

      // Its future slots are closed as deleted ones are (no seat, kept so that the teachers keep their
      // cancelled meeting); the past one and the other company's stand.
      const rows = await t.db.select().from(slots);
      const standing = rows.filter((s) => s.deletedAt === null).map((s) => s.id);
      expect(standing.sort()).toEqual([past.id, otherSlot.id].sort());
      for (const closed of rows.filter((s) => [booked.id, overseas.id, free.id].includes(s.id))) {
        expect([closed.deletedAt, closed.maxParticipants, closed.seatsTaken]).toEqual([TEST_NOW, 0, 0]);
      }
      const meetingRows = await t.db.select().from(meetings);
      expect(meetingRows.find((m) => m.id === bookedMeeting.id)).toMatchObject({
        status: 'cancelled',
        cancelReason: 'L’entreprise n’est plus présente sur la plateforme',
      });
      expect(meetingRows.find((m) => m.id === pastMeeting.id)?.status).toBe('confirmed');
      const countAfter = await t.graphql<{ availableSlotsCount: number }>(
        '{ availableSlotsCount(days: 60) }',
      );
      // The three future slots all had seats left.
      expect(countAfter.data?.availableSlotsCount).toBe((countBefore.data?.availableSlotsCount ?? 0) - 3);

      // The recruiters' sessions end with the company.
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, recruiter.id))).toEqual([]);
      expect((await t.graphql('{ me { id } }', {}, { token: recruiterSession })).data).toEqual({ me: null });

      await t.deps.outbox.wake();
      const to = (email: string) => t.mail.messages.filter((m) => m.to === email);
      expect(to(recruiter.email)).toEqual([
        expect.objectContaining({
          subject: 'Forges de Vénissieux n’est plus présente sur Passerelle Industrie',
        }),
      ]);
      const [teacherMail] = to(teacher.email);
      expect(to(teacher.email)).toHaveLength(1);
      expect(teacherMail?.subject).toBe(
        'Rendez-vous annulé : Forges de Vénissieux, mardi 14 avril 2026 à 09:00',
      );
      expect(teacherMail?.text).toContain('Bonjour Léa,');
      expect(teacherMail?.text).toContain('prévu le mardi 14 avril 2026 à 09:00 est annulé');
      expect(teacherMail?.text).toContain('Motif : L’entreprise n’est plus présente sur la plateforme');
      expect(teacherMail?.text).toContain(`${t.deps.config.PUBLIC_URL}/search-companies`);
      const [overseasMail] = to(other.email);
      expect(to(other.email)).toHaveLength(1);
      expect(overseasMail?.text).toContain('mardi 14 avril 2026 à 11:00 (heure de La Réunion)');
      expect(t.mail.messages).toHaveLength(3);
    });

    it('refusing does the same to the future slots of a pending company', async () => {
      const { company, recruiter, id } = await pendingCompany();
      const slot = await insertSlot(t.db, company.id, new Date('2026-04-14T07:00:00Z'), { seatsTaken: 12 });
      await insertMeeting(t.db, slot.id, teacher.id);
      await asAdmin(REFUSE, { id, reason: 'Doublon' });
      expect((await t.db.select().from(slots)).map((s) => s.maxParticipants)).toEqual([0]);
      expect((await t.db.select().from(meetings))[0]?.status).toBe('cancelled');
      await t.deps.outbox.wake();
      expect(t.mail.messages.map((m) => [m.to, m.subject])).toEqual([
        [recruiter.email, expect.stringMatching(/demande d’inscription/)],
        [teacher.email, expect.stringMatching(/^Rendez-vous annulé/)],
      ]);
    });

    it('writes nothing when it fails halfway', async () => {
      const company = await insertCompany(t.db);
      await insertUser(t.db, { kind: 'recruiter', companyId: company.id });
      const slot = await insertSlot(t.db, company.id, new Date('2026-04-14T07:00:00Z'), { seatsTaken: 12 });
      await insertMeeting(t.db, slot.id, teacher.id);
      await t.db.run(sql`DROP TABLE outbox`);
      expect(code(await asAdmin(ARCHIVE, { id: String(company.id) }))).toBe('other_error');
      const [row] = await t.db.select().from(companies).where(eq(companies.id, company.id));
      expect(row?.status).toBe('validated');
      expect(await t.db.select().from(slots)).toHaveLength(1);
      expect((await t.db.select().from(meetings))[0]?.status).toBe('confirmed');
    });
  });

  describe('setDepartmentActive', () => {
    it('opens and closes a department, as the public departments query then shows', async () => {
      const before = await t.graphql<{
        departments: { code: string; active: boolean; chamber: string | null }[];
      }>(DEPARTMENTS);
      expect(before.data?.departments.find((d) => d.code === '01')?.active).toBe(false);

      const opened = await asAdmin(SET_ACTIVE, { code: '01', active: true });
      expect(opened.data).toEqual({
        setDepartmentActive: expect.objectContaining({ code: '01', active: true }),
      });
      const after = await t.graphql<typeof before.data>(DEPARTMENTS);
      expect(after.data?.departments.find((d) => d.code === '01')).toMatchObject({ active: true });
      expect(after.data?.departments.filter((d) => d.active).map((d) => d.code)).toContain('01');

      await asAdmin(SET_ACTIVE, { code: '01', active: false });
      const closed = await t.graphql<typeof before.data>(DEPARTMENTS);
      expect(closed.data?.departments.find((d) => d.code === '01')?.active).toBe(false);
    });

    it('answers NOT_FOUND for an unknown department', async () => {
      expect(code(await asAdmin(SET_ACTIVE, { code: '00', active: true }))).toBe('NOT_FOUND');
    });
  });
});

describe('the operators’ meetings list (issue 13)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('filters the groups that did not come, and keeps a regional operator to their region', async () => {
    const lyon = await insertCompany(t.db, { name: 'Forges de Lyon', departmentCode: '69' });
    const paris = await insertCompany(t.db, {
      name: 'Ailes de Paris',
      departmentCode: '75',
      zipcode: '75011',
    });
    const teacher = await insertUser(t.db, { kind: 'teacher' });
    const lastWeek = new Date(TEST_NOW.getTime() - 7 * 86_400_000);
    const came = await insertMeeting(t.db, (await insertSlot(t.db, lyon.id, lastWeek)).id, teacher.id);
    const absent = await insertMeeting(t.db, (await insertSlot(t.db, lyon.id, lastWeek)).id, teacher.id, {
      absentAt: TEST_NOW,
    });
    await insertMeeting(t.db, (await insertSlot(t.db, paris.id, lastWeek)).id, teacher.id, {
      absentAt: TEST_NOW,
    });
    const viewer = (regionCode: string | null): Viewer => ({
      id: 1,
      kind: 'admin',
      companyId: null,
      firstName: 'Opé',
      lastName: 'Rateur',
      sessionId: 's',
      regionCode,
    });
    const list = (regionCode: string | null, status?: 'absent' | 'done') =>
      adminMeetings(viewer(regionCode), { status, page: 1, pageSize: 20 }, t.deps).then((page) =>
        page.items.map((meeting) => meeting.id).sort(),
      );
    expect((await list(null, 'absent')).length).toBe(2);
    expect(await list('06', 'absent')).toEqual([absent.id]);
    expect(await list('06', 'done')).toEqual([came.id, absent.id].sort());
  });
});
