import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { establishments, meetings } from '../../db/schema.ts';
import { hashPassword } from '../../server/accounts/index.ts';
import type { Viewer } from '../../server/kernel/viewer.ts';
import { runJob } from '../../server/main/scheduled.ts';
import { meetingViewFor } from '../../server/meetings/index.ts';
import { smtpTransport } from '../../server/ports/mail/smtp.ts';
import { createTestApp, insertCompany, insertUser, loginAs, TEST_NOW } from '../fixtures/app.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';

/*
 * Every consequence of a change (PRODUCT.md, Third wave: « What a change tells whom»; docs/decisions/0043),
 * end to end: the change through the API, its subscribers in the change's write, the e-mails through the
 * outbox to a real SMTP server.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const PASSWORD = 'Motdepasse-1!';

let smtp: TestSmtpServer;
let t: TestApp;
let token: Record<'teacher' | 'recruiter' | 'admin', string>;
let companyId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

beforeEach(async () => {
  smtp.messages.length = 0;
  t = await createTestApp({
    mailTransport: smtpTransport({
      url: smtp.url,
      from: 'Passerelle Industrie <ne-pas-repondre@passerelle.test>',
    }),
  });
  companyId = (await insertCompany(t.db, { name: 'Forges de Vénissieux', phone: '0478000000' })).id;
  const [establishment] = await t.db
    .insert(establishments)
    .values({ name: 'Lycée Jean Moulin', type: 'Lycée', departmentCode: '69', lat: 45.76, lng: 4.84 })
    .returning();
  const teacher = await insertUser(t.db, {
    kind: 'teacher',
    email: 'lea@lycee.example',
    firstName: 'Léa',
    establishmentId: establishment?.id ?? null,
    passwordHash: await hashPassword(PASSWORD),
  });
  const recruiter = await insertUser(t.db, {
    kind: 'recruiter',
    companyId,
    email: 'rh@forges.example',
    firstName: 'Nadia',
  });
  const admin = await insertUser(t.db, {
    kind: 'admin',
    email: 'ops@passerelle.example',
    firstName: 'Odile',
  });
  token = {
    teacher: await loginAs(t.db, teacher.id),
    recruiter: await loginAs(t.db, recruiter.id),
    admin: await loginAs(t.db, admin.id),
  };
});
afterEach(() => t.close());

/** What the outbox delivered since the last call (the API's mutations wake it; this waits for it). */
async function delivered(): Promise<ReceivedMail[]> {
  await t.deps.outbox.wake();
  return smtp.messages.splice(0);
}
const to = (mails: ReceivedMail[], email: string) => mails.filter((mail) => mail.envelope.to.includes(email));

async function ok<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown>,
  as: keyof typeof token,
): Promise<T> {
  const { data, errors } = await t.graphql<T>(query, variables, { token: token[as] });
  expect(errors).toBeUndefined();
  return data as T;
}

const SLOT = {
  date: '2026-03-13',
  time: '10:00',
  durationMinutes: 60,
  meetingType: 'CompanyVisit',
  publicCategories: ['highSchool'],
  subjects: ['discoverJobs'],
  maxParticipants: 12,
  speaker: {
    name: 'Durand',
    firstname: 'Paul',
    email: 'paul@forges.example',
    phone: '0612345678',
    role: 'Chef d’atelier',
  },
};
const CREATE = 'mutation ($input: SlotInput!) { createSlot(input: $input) { id } }';
const UPDATE = 'mutation ($id: ID!, $input: SlotInput!) { updateSlot(id: $id, input: $input) { id } }';
const BOOK = 'mutation ($input: BookingInput!) { bookSlot(input: $input) { id } }';
const MEETING = 'query ($id: ID!) { meeting(id: $id) { status cancelledBy transportRequest { status } } }';
const ASK_TRANSPORT = `mutation ($input: TransportRequestInput!) { requestTransportHelp(input: $input) { id } }`;

async function bookedVisit(participantsCount = 10) {
  const slotId = (await ok<{ createSlot: { id: string } }>(CREATE, { input: SLOT }, 'recruiter')).createSlot
    .id;
  const meetingId = (
    await ok<{ bookSlot: { id: string } }>(
      BOOK,
      { input: { slotId, participantsCount, publicCategory: 'highSchool', acceptCharter: true } },
      'teacher',
    )
  ).bookSlot.id;
  await delivered();
  return { slotId, meetingId };
}

async function askTransport(meetingId: string) {
  const { requestTransportHelp } = await ok<{ requestTransportHelp: { id: string } }>(
    ASK_TRANSPORT,
    {
      input: {
        meetingId,
        groupSize: 10,
        departureAddress: {
          label: '1 rue du Lycée 69003 Lyon',
          zipcode: '69003',
          city: 'Lyon',
          lat: 45.76,
          lng: 4.84,
        },
      },
    },
    'teacher',
  );
  await delivered();
  return requestTransportHelp.id;
}

describe('a booked slot changed by its company', () => {
  it('tells both sides what changed, old → new, and the booking stands', async () => {
    const { slotId, meetingId } = await bookedVisit();
    await ok(
      UPDATE,
      {
        id: slotId,
        input: {
          ...SLOT,
          meetingType: 'ClassroomIntervention',
          publicCategories: ['highSchool', 'middleSchool'],
        },
      },
      'recruiter',
    );
    const mails = await delivered();
    for (const email of ['lea@lycee.example', 'rh@forges.example']) {
      const [mail] = to(mails, email);
      expect(mail?.subject).toMatch(/^Rendez-vous modifié\s: /);
      expect(mail?.text).toContain('Type de rencontre : Visite → Intervention');
      expect(mail?.text).toContain('Public : Lycéens → Collégiens, Lycéens');
      expect(mail?.text).toContain(
        'Lieu : 1 rue de l’Usine, 69200 Vénissieux → dans l’établissement de l’enseignant',
      );
    }
    expect(
      (await ok<{ meeting: { status: string } }>(MEETING, { id: meetingId }, 'teacher')).meeting.status,
    ).toBe('confirmed');
  });

  it('a move postpones the booking and says the old and the new time, and what else changed', async () => {
    const { slotId, meetingId } = await bookedVisit();
    await ok(UPDATE, { id: slotId, input: { ...SLOT, time: '14:00', durationMinutes: 90 } }, 'recruiter');
    const [mail] = to(await delivered(), 'lea@lycee.example');
    expect(mail?.subject).toMatch(/^Rendez-vous déplacé\s: /);
    expect(mail?.text).toContain(
      'Date et heure : vendredi 13 mars 2026 à 10:00 → vendredi 13 mars 2026 à 14:00',
    );
    expect(mail?.text).toContain('Durée : 1 h → 1 h 30');
    expect(
      (await ok<{ meeting: { status: string } }>(MEETING, { id: meetingId }, 'teacher')).meeting.status,
    ).toBe('reported');
    // The teacher's pages read old → new: the time booked, kept through a second move before they answer.
    await ok(UPDATE, { id: slotId, input: { ...SLOT, time: '16:00', durationMinutes: 90 } }, 'recruiter');
    const teacher = { kind: 'teacher' as const, id: (await meetingViewById(meetingId)).teacher.id };
    const view = await meetingViewFor(teacher as Viewer, Number(meetingId), t.deps);
    expect(view).toMatchObject({
      previousStartsAt: '2026-03-13T09:00:00.000Z',
      previousEndsAt: '2026-03-13T10:00:00.000Z',
      startsAt: '2026-03-13T15:00:00.000Z',
    });
    await ok('mutation ($id: ID!) { keepMeeting(id: $id) { id } }', { id: meetingId }, 'teacher');
    expect(await meetingViewFor(teacher as Viewer, Number(meetingId), t.deps)).toMatchObject({
      status: 'confirmed',
      previousStartsAt: null,
    });
  });
});

async function meetingViewById(id: string) {
  const [row] = await t.db
    .select()
    .from(meetings)
    .where(eq(meetings.id, Number(id)));
  if (!row) throw new Error(`no meeting ${id}`);
  return { teacher: { id: row.teacherId } };
}

describe('a cancelled meeting', () => {
  it('ends its waiting transport request, tells the operators, and says so on the page’s answer', async () => {
    const { meetingId } = await bookedVisit();
    await askTransport(meetingId);
    const cancelled = await ok<{ cancelMeeting: { status: string; transportRequest: { status: string } } }>(
      'mutation ($id: ID!) { cancelMeeting(id: $id) { status transportRequest { status } } }',
      { id: meetingId },
      'teacher',
    );
    expect(cancelled.cancelMeeting).toEqual({
      status: 'cancelled',
      transportRequest: { status: 'cancelled' },
    });
    const mails = await delivered();
    const [operator] = to(mails, 'ops@passerelle.example');
    expect(operator?.subject).toMatch(/^Demande de transport close\s: Forges de Vénissieux/);
    expect(operator?.text).toContain('qui attendait votre réponse, est close');
    expect(to(mails, 'lea@lycee.example')[0]?.subject).toMatch(/^Rendez-vous annulé/);
    expect(to(mails, 'rh@forges.example')[0]?.subject).toMatch(/^Rendez-vous annulé/);
  });

  it('by the platform (the company archived): the API says so, an accepted transport is to be called off', async () => {
    const { meetingId } = await bookedVisit();
    const requestId = await askTransport(meetingId);
    await ok(
      'mutation ($id: ID!) { answerTransportRequest(id: $id, status: accepted, answer: "Un car à 8 h.") { id } }',
      { id: requestId },
      'admin',
    );
    await delivered();
    await ok(
      'mutation ($id: ID!) { archiveCompany(id: $id) { status } }',
      { id: String(companyId) },
      'admin',
    );
    const mails = await delivered();
    expect(to(mails, 'ops@passerelle.example')[0]?.subject).toMatch(/^Transport à annuler\s: /);
    expect(to(mails, 'lea@lycee.example').map((mail) => mail.subject)).toEqual([
      'Rendez-vous annulé : Forges de Vénissieux, vendredi 13 mars 2026 à 10:00',
    ]);
    expect((await ok<{ meeting: unknown }>(MEETING, { id: meetingId }, 'teacher')).meeting).toEqual({
      status: 'cancelled',
      cancelledBy: 'platform',
      transportRequest: { status: 'cancelled' },
    });
  });

  it('by its teacher’s account deletion: the company is told, the transport request ends, the operators too', async () => {
    const { meetingId } = await bookedVisit();
    await askTransport(meetingId);
    await ok('mutation ($p: String!) { requestAccountDeletion(password: $p) }', { p: PASSWORD }, 'teacher');
    const mails = await delivered();
    expect(to(mails, 'rh@forges.example')[0]?.subject).toBe(
      'Rendez-vous annulé : Lycée Jean Moulin, vendredi 13 mars 2026 à 10:00',
    );
    expect(to(mails, 'ops@passerelle.example')[0]?.subject).toMatch(/^Demande de transport close/);
    expect((await ok<{ meeting: unknown }>(MEETING, { id: meetingId }, 'recruiter')).meeting).toEqual({
      status: 'cancelled',
      cancelledBy: 'teacher',
      transportRequest: null,
    });
  });
});

describe('a deleted slot with a waitlist', () => {
  it('cancels its bookings as always, closes its line and tells each waiting or offered teacher', async () => {
    const { slotId, meetingId } = await bookedVisit(12);
    const waiting = await Promise.all(
      ['offert@lycee.example', 'attend@lycee.example'].map(async (email) => {
        const user = await insertUser(t.db, { kind: 'teacher', email, firstName: email.split('@')[0] });
        return loginAs(t.db, user.id);
      }),
    );
    for (const [i, teacherToken] of waiting.entries()) {
      t.clock.set(new Date(TEST_NOW.getTime() + i));
      const { errors } = await t.graphql(
        'mutation ($s: ID!, $g: Int!) { joinWaitlist(slotId: $s, groupSize: $g) { id } }',
        { s: slotId, g: 12 - i * 6 },
        { token: teacherToken },
      );
      expect(errors).toBeUndefined();
    }
    // The booked teacher gives up her seats: they go to the first in line that fits, the second still waits.
    await ok('mutation ($id: ID!) { cancelMeeting(id: $id) { id } }', { id: meetingId }, 'teacher');
    expect(to(await delivered(), 'offert@lycee.example')[0]?.subject).toMatch(/^Des places se libèrent/);
    await ok('mutation ($id: ID!) { deleteSlot(id: $id) }', { id: slotId }, 'recruiter');
    const mails = await delivered();
    const [offered] = to(mails, 'offert@lycee.example');
    expect(offered?.subject).toBe('Créneau supprimé : Forges de Vénissieux, vendredi 13 mars 2026 à 10:00');
    expect(offered?.text).toContain('La place qui vous était proposée n’est donc plus disponible');
    expect(to(mails, 'attend@lycee.example')[0]?.text).toContain('La liste d’attente est close.');
  });
});

describe('reminders', () => {
  it('say « aujourd’hui » for a meeting later the same day, even when the job runs late', async () => {
    await bookedVisit();
    t.clock.set(new Date('2026-03-13T06:00:00Z'));
    await runJob('meeting-reminders', t.deps);
    const [mail] = to(await delivered(), 'lea@lycee.example');
    expect(mail?.subject).toMatch(/^Rappel\s: visite aujourd’hui, Forges de Vénissieux/);
  });
});

describe('a department closed', () => {
  it('takes its companies’ slots off the platform: counted nowhere, booked by nobody; reopened, they are back', async () => {
    const { slotId } = await bookedVisit(2);
    const count = async () =>
      (await t.graphql<{ availableSlotsCount: number }>('{ availableSlotsCount }')).data;
    expect(await count()).toEqual({ availableSlotsCount: 1 });
    const toggle = 'mutation ($a: Boolean!) { setDepartmentActive(code: "69", active: $a) { active } }';
    await ok(toggle, { a: false }, 'admin');
    expect(await count()).toEqual({ availableSlotsCount: 0 });
    const other = await loginAs(t.db, (await insertUser(t.db, { kind: 'teacher' })).id);
    const refused = await t.graphql(
      BOOK,
      { input: { slotId, participantsCount: 1, publicCategory: 'highSchool', acceptCharter: true } },
      { token: other },
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await ok(toggle, { a: true }, 'admin');
    expect(await count()).toEqual({ availableSlotsCount: 1 });
  });
});
