import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLASS_MESSAGES } from '../../common/classes.ts';
import { MESSAGES } from '../../common/messages.ts';
import { classGroups, meetings, slots, waitlistEntries } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../../tests/fixtures/smtp-server.ts';
import { smtpTransport } from '../ports/mail/smtp.ts';

/*
 * changeBooking through the API (PRODUCT.md, Taking a class out; docs/decisions/0048): the seats through the
 * slots domain's conditional write, the line served first, the company told old → new by a real SMTP server.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const DAY = 86_400_000;
const IN_TWO_DAYS = new Date(TEST_NOW.getTime() + 2 * DAY);

const CHANGE = `mutation ($id: ID!, $input: BookingChangeInput!) {
  changeBooking(id: $id, input: $input) { id participantsCount message accompanyingAdultName accompanyingAdultPhone }
}`;
const JOIN = 'mutation ($s: ID!, $g: Int!) { joinWaitlist(slotId: $s, groupSize: $g) { id } }';
const CANCEL = 'mutation ($id: ID!) { cancelMeeting(id: $id) { id } }';

let smtp: TestSmtpServer;
let t: TestApp;
let slotId: number;
let meetingId: number;
let teacher: { id: number; token: string };
let other: { id: number; token: string };
let walkIn: { id: number; token: string };

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

async function person(kind: 'teacher' | 'recruiter', email: string, companyId?: number) {
  const user = await insertUser(t.db, { kind, email, firstName: 'Léa', companyId: companyId ?? null });
  return { id: user.id, token: await loginAs(t.db, user.id) };
}

beforeEach(async () => {
  smtp.messages.length = 0;
  t = await createTestApp({
    mailTransport: smtpTransport({
      url: smtp.url,
      from: 'Passerelle Industrie <ne-pas-repondre@passerelle.test>',
    }),
  });
  const company = await insertCompany(t.db, { name: 'Forges de Vénissieux' });
  await person('recruiter', 'rh@forges.example', company.id);
  teacher = await person('teacher', 'lea@lycee.example');
  other = await person('teacher', 'marc@college.example');
  walkIn = await person('teacher', 'ines@lycee.example');
  slotId = (await insertSlot(t.db, company.id, IN_TWO_DAYS, { maxParticipants: 20 })).id;
  meetingId = (await insertMeeting(t.db, slotId, teacher.id, { participantsCount: 10 })).id;
});
afterEach(() => t.close());

async function delivered(): Promise<ReceivedMail[]> {
  await t.deps.outbox.wake();
  return smtp.messages.splice(0);
}
const to = (mails: ReceivedMail[], email: string) => mails.filter((mail) => mail.envelope.to.includes(email));

function change(input: Record<string, unknown>, token = teacher.token, id = meetingId) {
  return t.graphql<{ changeBooking: Record<string, unknown> }>(CHANGE, { id: String(id), input }, { token });
}

async function seats() {
  const [slot] = await t.db
    .select({ taken: slots.seatsTaken, held: slots.seatsHeld })
    .from(slots)
    .where(eq(slots.id, slotId));
  return slot;
}

async function stored(id = meetingId) {
  const [meeting] = await t.db.select().from(meetings).where(eq(meetings.id, id));
  return meeting;
}

describe('changeBooking', () => {
  it('a smaller group gives its seats back, held for the first waiting group that fits in the same write', async () => {
    await insertMeeting(t.db, slotId, walkIn.id, { participantsCount: 10 });
    const joined = await t.graphql(JOIN, { s: String(slotId), g: 4 }, { token: other.token });
    expect(joined.errors).toBeUndefined();
    await delivered();

    const { data, errors } = await change({ participantsCount: 6 });
    expect(errors).toBeUndefined();
    expect(data?.changeBooking.participantsCount).toBe(6);
    // 16 booked + 4 held for the line: nobody can book the freed seats around it.
    expect(await seats()).toEqual({ taken: 20, held: 4 });
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.teacherId, other.id));
    expect(entry?.status).toBe('offered');

    const mails = await delivered();
    const company = to(mails, 'rh@forges.example');
    expect(company).toHaveLength(1);
    expect(company[0]?.subject).toMatch(/^Réservation modifiée/);
    expect(company[0]?.text).toContain('Nombre de participants : 10 → 6');
    expect(to(mails, 'lea@lycee.example')).toHaveLength(0);
    expect(to(mails, 'marc@college.example')).toHaveLength(1);
  });

  it('a larger group takes the seats left; the company reads every change, old → new', async () => {
    const { data, errors } = await change({
      participantsCount: 15,
      accompanyingAdultName: 'Samir Benali',
      accompanyingAdultPhone: '06 12 34 56 78',
      message: 'Deux élèves en fauteuil',
    });
    expect(errors).toBeUndefined();
    expect(data?.changeBooking).toMatchObject({
      participantsCount: 15,
      accompanyingAdultName: 'Samir Benali',
      accompanyingAdultPhone: '0612345678',
      message: 'Deux élèves en fauteuil',
    });
    expect(await seats()).toEqual({ taken: 15, held: 0 });
    const [mail] = to(await delivered(), 'rh@forges.example');
    expect(mail?.text).toContain('Nombre de participants : 10 → 15');
    expect(mail?.text).toContain('Adulte accompagnateur : (aucun) → Samir Benali');
    expect(mail?.text).toContain('Message : (aucun) → Deux élèves en fauteuil');
  });

  it('beyond the seats left: refused with slot_full, nothing taken, unless the teacher chose the line', async () => {
    await insertMeeting(t.db, slotId, walkIn.id, { participantsCount: 8 });
    const refused = await change({ participantsCount: 14 });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'slot_full', seatsLeft: 2 });
    expect(await seats()).toEqual({ taken: 18, held: 0 });
    expect((await stored())?.participantsCount).toBe(10);

    const lined = await change({ participantsCount: 14, waitlistIfFull: true, message: 'Quatre de plus' });
    expect(lined.errors).toBeUndefined();
    expect(lined.data?.changeBooking).toMatchObject({ participantsCount: 10, message: 'Quatre de plus' });
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.meetingId, meetingId));
    expect(entry).toMatchObject({ status: 'waiting', groupSize: 4, teacherId: teacher.id });
    expect(await seats()).toEqual({ taken: 18, held: 0 });
    await delivered();

    // The walk-in group cancels: the four seats go to the booking that waited for them, in that write.
    const walkInMeeting = (await t.db.select().from(meetings).where(eq(meetings.teacherId, walkIn.id)))[0];
    const cancelled = await t.graphql(CANCEL, { id: String(walkInMeeting?.id) }, { token: walkIn.token });
    expect(cancelled.errors).toBeUndefined();
    expect((await stored())?.participantsCount).toBe(14);
    expect(await seats()).toEqual({ taken: 14, held: 0 });
    const [after] = await t.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, entry?.id ?? 0));
    expect(after?.status).toBe('booked');
    const mails = await delivered();
    const grown = (email: string) =>
      to(mails, email).filter((mail) => mail.subject?.startsWith('Réservation modifiée'));
    expect(grown('lea@lycee.example')[0]?.text).toContain('Nombre de participants : 10 → 14');
    expect(grown('rh@forges.example')[0]?.text).toContain('liste d’attente');
  });

  it('a smaller size replaces the request on the line', async () => {
    await insertMeeting(t.db, slotId, walkIn.id, { participantsCount: 10 });
    await change({ participantsCount: 15, waitlistIfFull: true });
    await change({ participantsCount: 8 });
    const entries = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.meetingId, meetingId));
    expect(entries.map((entry) => entry.status)).toEqual(['left']);
    expect(await seats()).toEqual({ taken: 18, held: 0 });
  });

  it('a group above the capacity is asked again under its field', async () => {
    const { errors } = await change({ participantsCount: 21, waitlistIfFull: true });
    expect(errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { participantsCount: 'Ce créneau accueille 20 participants au maximum' },
    });
  });

  it('the booking rules and messages: at least one participant, a French phone number', async () => {
    const { errors } = await change({ participantsCount: 0, accompanyingAdultPhone: '12' });
    expect(errors?.[0]?.extensions?.fields).toEqual({
      participantsCount: 'Indiquez au moins un participant',
      accompanyingAdultPhone: MESSAGES.invalidPhone,
    });
  });

  it('only its teacher, only before the start and while it stands', async () => {
    expect((await change({ message: 'x' }, other.token)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    t.clock.set(new Date(IN_TWO_DAYS.getTime() + 60_000));
    expect((await change({ message: 'x' })).errors?.[0]?.extensions?.code).toBe('meeting_not_changeable');
    t.clock.set(TEST_NOW);
    await t.db.update(meetings).set({ status: 'cancelled' }).where(eq(meetings.id, meetingId));
    const cancelled = await change({ message: 'x' });
    expect(cancelled.errors?.[0]).toMatchObject({
      extensions: { code: 'meeting_not_changeable' },
      message: expect.stringContaining('ne peut plus être modifiée'),
    });
  });

  it('says in Meeting.canChange what changeBooking would accept, so that no page decides it again', async () => {
    const canChange = async (token: string) =>
      (
        await t.graphql<{ meeting: { canChange: boolean } }>(
          'query ($id: ID!) { meeting(id: $id) { canChange } }',
          { id: String(meetingId) },
          { token },
        )
      ).data?.meeting.canChange;
    const [slot] = await t.db.select({ companyId: slots.companyId }).from(slots).where(eq(slots.id, slotId));
    const recruiter = await person('recruiter', 'chef@forges.example', slot?.companyId);
    expect(await canChange(teacher.token)).toBe(true);
    expect(await canChange(recruiter.token)).toBe(false);
    t.clock.set(new Date(IN_TWO_DAYS.getTime() + 60_000));
    expect(await canChange(teacher.token)).toBe(false);
  });

  it('sets and detaches the group, one of the teacher’s own; the group alone tells nobody', async () => {
    const [own] = await t.db
      .insert(classGroups)
      .values({ teacherId: teacher.id, name: '2de B', schoolYear: '2025-2026' })
      .returning();
    const [theirs] = await t.db
      .insert(classGroups)
      .values({ teacherId: other.id, name: '3e A', schoolYear: '2025-2026' })
      .returning();
    const refused = await change({ groupId: String(theirs?.id) });
    expect(refused.errors?.[0]?.extensions?.fields).toEqual({ groupId: CLASS_MESSAGES.unknownGroup });
    expect((await change({ groupId: String(own?.id) })).errors).toBeUndefined();
    expect((await stored())?.groupId).toBe(own?.id);
    expect((await change({ groupId: null })).errors).toBeUndefined();
    expect((await stored())?.groupId).toBeNull();
    expect(await delivered()).toEqual([]);
  });

  it('a change that changes nothing tells nobody', async () => {
    await change({ message: 'Bonjour' });
    await delivered();
    const same = await change({ participantsCount: 10, message: ' Bonjour ', accompanyingAdultName: '' });
    expect(same.errors).toBeUndefined();
    expect(await delivered()).toEqual([]);
    expect(await seats()).toEqual({ taken: 10, held: 0 });
  });

  it('never oversells: larger groups at once take only the seats there are, the others refused', async () => {
    const others = await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) => {
        const someone = await person('teacher', `prof${n}@college.example`);
        const meeting = await insertMeeting(t.db, slotId, someone.id, { participantsCount: 2 });
        return { ...someone, meetingId: meeting.id };
      }),
    );
    // 20 seats, 10 + 5 × 2 taken: 0 left but what the first booking gives back.
    await change({ participantsCount: 6 });
    const answers = await Promise.all(
      others.map((other) => change({ participantsCount: 4 }, other.token, other.meetingId)),
    );
    const codes = answers.map((answer) => answer.errors?.[0]?.extensions?.code ?? 'ok');
    expect(codes.filter((code) => code === 'ok')).toHaveLength(2);
    expect(codes.filter((code) => code === 'slot_full')).toHaveLength(3);
    const live = await t.db.select().from(meetings).where(eq(meetings.slotId, slotId));
    const booked = live.reduce((sum, meeting) => sum + meeting.participantsCount, 0);
    expect(await seats()).toEqual({ taken: booked, held: 0 });
    expect(booked).toBeLessThanOrEqual(20);
  });
});
