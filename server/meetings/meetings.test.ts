import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { meetings, outbox, slots } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const BOOK = `mutation ($input: BookingInput!) {
  bookSlot(input: $input) { id status participantsCount publicCategory message accompanyingAdultName calendarUrl canCancel }
}`;
const CANCEL = `mutation ($id: ID!, $reason: String) {
  cancelMeeting(id: $id, reason: $reason) { id status cancelReason cancelledBy canCancel slot { seatsTaken seatsLeft } }
}`;
const MY_MEETINGS = 'query ($period: Period) { myMeetings(period: $period) { id status slot { startsAt } } }';

let t: TestApp;
let company: Awaited<ReturnType<typeof insertCompany>>;
let recruiter: Awaited<ReturnType<typeof insertUser>>;
let teacher: Awaited<ReturnType<typeof insertUser>>;
let teacherToken: string;
let recruiterToken: string;
let slot: Awaited<ReturnType<typeof insertSlot>>;

beforeEach(async () => {
  t = await createTestApp({ now: TEST_NOW });
  company = await insertCompany(t.db, { name: 'Forges de Vénissieux', phone: '0478000000' });
  recruiter = await insertUser(t.db, {
    kind: 'recruiter',
    companyId: company.id,
    email: 'rh@forges.example',
  });
  teacher = await insertUser(t.db, { kind: 'teacher', email: 'prof@lycee.example', firstName: 'Inès' });
  teacherToken = await loginAs(t.db, teacher.id);
  recruiterToken = await loginAs(t.db, recruiter.id);
  slot = await insertSlot(t.db, company.id, new Date('2026-03-20T08:00:00Z'), {
    maxParticipants: 20,
    publicCategories: ['highSchool', 'middleSchool'],
  });
});
afterEach(() => t.close());

const booking = (overrides: Record<string, unknown> = {}) => ({
  slotId: String(slot.id),
  participantsCount: 12,
  publicCategory: 'highSchool',
  message: 'Classe de première STI2D.',
  accompanyingAdultName: 'Paul Petit',
  accompanyingAdultPhone: '0611223344',
  acceptCharter: true,
  ...overrides,
});

async function book(token = teacherToken, overrides: Record<string, unknown> = {}) {
  const result = await t.graphql<{ bookSlot: { id: string } }>(
    BOOK,
    { input: booking(overrides) },
    { token },
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.bookSlot.id;
}

describe('bookSlot', () => {
  it('confirms at once and e-mails both sides an invitation in UTC', async () => {
    const { data, errors } = await t.graphql(BOOK, { input: booking() }, { token: teacherToken });
    expect(errors).toBeUndefined();
    expect(data?.bookSlot).toMatchObject({
      status: 'confirmed',
      participantsCount: 12,
      accompanyingAdultName: 'Paul Petit',
      canCancel: true,
    });
    await t.deps.outbox.wake();
    const byRecipient = Object.fromEntries(t.mail.messages.map((m) => [m.to, m]));
    expect(Object.keys(byRecipient).sort()).toEqual(['prof@lycee.example', 'rh@forges.example']);
    expect(byRecipient['prof@lycee.example']?.subject).toBe(
      'Réservation confirmée : Forges de Vénissieux, vendredi 20 mars 2026 à 09:00',
    );
    expect(byRecipient['rh@forges.example']?.text).toContain(
      'Message de l’enseignant : Classe de première STI2D.',
    );
    for (const message of t.mail.messages) {
      const [ics] = message.attachments ?? [];
      expect(ics?.contentType).toContain('text/calendar');
      expect(ics?.content).toContain('METHOD:REQUEST');
      expect(ics?.content).toContain('DTSTART:20260320T080000Z');
      expect(ics?.content).toContain('DTEND:20260320T090000Z');
    }
  });

  it('records the booked event in the same write, announced once', async () => {
    const id = await book();
    await t.deps.outbox.wake();
    const events = await t.db.select().from(outbox).where(eq(outbox.topic, 'meeting.booked'));
    // One row per after-commit subscriber: the e-mails, and the partners' webhooks (issue 37).
    expect(events).toEqual(
      ['meetings.mailBookings', 'webhooks.meeting.booked'].map((subscriber) =>
        expect.objectContaining({ status: 'sent', subscriber, payload: { meetingId: Number(id) } }),
      ),
    );
    expect(await t.deps.events.hasDue(t.db, TEST_NOW)).toBe(false);
    const mails = await t.db.select().from(outbox).where(eq(outbox.topic, 'mail'));
    expect(mails).toHaveLength(2);
  });

  it('refuses without the conduct charter, writing nothing', async () => {
    const { errors } = await t.graphql(
      BOOK,
      { input: booking({ acceptCharter: false }) },
      { token: teacherToken },
    );
    expect(errors?.[0]?.extensions?.code).toBe('charter_not_accepted');
    expect(errors?.[0]?.message).toBe('Vous devez accepter la charte de bonne conduite pour réserver.');
    expect(await t.db.select().from(meetings)).toEqual([]);
  });

  it('answers slot_full with the seats left, and already_booked to a second booking', async () => {
    const { errors } = await t.graphql(
      BOOK,
      { input: booking({ participantsCount: 21 }) },
      { token: teacherToken },
    );
    expect(errors?.[0]?.extensions).toMatchObject({ code: 'slot_full', seatsLeft: 20 });
    await book();
    const again = await t.graphql(
      BOOK,
      { input: booking({ participantsCount: 1 }) },
      { token: teacherToken },
    );
    expect(again.errors?.[0]?.extensions?.code).toBe('already_booked');
  });

  it('gives the built-in room as the place of a webinar without its own link, in the e-mail and the .ics', async () => {
    // A platform with LiveKit (issue 21: without it, no room is offered).
    const live = await createTestApp({
      now: TEST_NOW,
      env: { LIVEKIT_URL: 'wss://livekit.example.fr', LIVEKIT_API_KEY: 'key', LIVEKIT_API_SECRET: 'secret' },
    });
    try {
      const host = await insertCompany(live.db);
      const reader = await insertUser(live.db, { kind: 'teacher', email: 'salle@lycee.example' });
      const webinar = await insertSlot(live.db, host.id, new Date('2026-03-21T08:00:00Z'), {
        meetingType: 'Webinar',
        publicCategories: ['highSchool'],
      });
      const token = await loginAs(live.db, reader.id);
      const { errors } = await live.graphql(
        BOOK,
        { input: booking({ slotId: String(webinar.id) }) },
        { token },
      );
      expect(errors).toBeUndefined();
      await live.deps.outbox.wake();
      const room = `http://localhost:3000/meeting-videoconference/${webinar.id}`;
      const toTeacher = live.mail.messages.find((m) => m.to === reader.email);
      expect(toTeacher?.text).toContain(`Lieu : ${room}`);
      expect(toTeacher?.attachments?.[0]?.content).toContain(`LOCATION:${room}`);
    } finally {
      live.close();
    }
  });

  it('without LiveKit, tells the teachers of a webinar without a link « Lien communiqué par l’entreprise », not a room that never opens (issue 21)', async () => {
    const webinar = await insertSlot(t.db, company.id, new Date('2026-03-21T08:00:00Z'), {
      meetingType: 'Webinar',
      publicCategories: ['highSchool'],
    });
    const { data } = await t.graphql<{ bookSlot: { place: string } }>(
      'mutation ($input: BookingInput!) { bookSlot(input: $input) { place } }',
      { input: booking({ slotId: String(webinar.id) }) },
      { token: teacherToken },
    );
    expect(data?.bookSlot.place).toBe('Lien communiqué par l’entreprise');
    await t.deps.outbox.wake();
    const toTeacher = t.mail.messages.find((m) => m.to === teacher.email);
    expect(toTeacher?.text).toContain('Lien communiqué par l’entreprise');
    expect(toTeacher?.text).not.toContain('/meeting-videoconference/');
    expect(toTeacher?.attachments?.[0]?.content).not.toContain('/meeting-videoconference/');
  });

  it('answers the seats its own write left and a webinar’s link, as the slot and its videoLink say them', async () => {
    const webinar = await insertSlot(t.db, company.id, new Date('2026-03-21T08:00:00Z'), {
      meetingType: 'Webinar',
      publicCategories: ['highSchool'],
      maxParticipants: 20,
      seatsTaken: 5,
      videoLink: 'https://visio.example.fr/forges',
    });
    const { data, errors } = await t.graphql<{
      bookSlot: {
        videoLink: string | null;
        slotSeats: { seatsLeft: number; state: string };
        slot: { videoLink: string | null; seatsLeft: number; state: string };
      };
    }>(
      `mutation ($input: BookingInput!) {
        bookSlot(input: $input) { videoLink slotSeats { seatsLeft state } slot { videoLink seatsLeft state } }
      }`,
      { input: booking({ slotId: String(webinar.id) }) },
      { token: teacherToken },
    );
    expect(errors).toBeUndefined();
    expect(data?.bookSlot).toEqual({
      videoLink: 'https://visio.example.fr/forges',
      slotSeats: { seatsLeft: 3, state: 'notComplete' },
      slot: { videoLink: 'https://visio.example.fr/forges', seatsLeft: 3, state: 'notComplete' },
    });
    // Read again later, the meeting has no write to tell: null, as the SDL says.
    const later = await t.graphql<{ meeting: unknown }>(
      'query { myMeetings { slotSeats { seatsLeft } } }',
      {},
      { token: teacherToken },
    );
    expect(later.data).toEqual({ myMeetings: [{ slotSeats: null }] });
  });

  it('refuses a group category the slot does not offer', async () => {
    const { errors } = await t.graphql(
      BOOK,
      { input: booking({ publicCategory: 'jobSeekers' }) },
      { token: teacherToken },
    );
    expect(errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { publicCategory: expect.any(String) },
    });
  });
});

describe('cancelMeeting', () => {
  it('lets the teacher cancel: the seats come back, both sides are told, the teacher to phone the company', async () => {
    const id = await book();
    await t.deps.outbox.wake();
    t.mail.messages.length = 0;
    const { data, errors } = await t.graphql(
      CANCEL,
      { id, reason: 'Grève des transports' },
      { token: teacherToken },
    );
    expect(errors).toBeUndefined();
    expect(data?.cancelMeeting).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Grève des transports',
      cancelledBy: 'teacher',
      canCancel: false,
      slot: { seatsTaken: 0, seatsLeft: 20 },
    });
    await t.deps.outbox.wake();
    const toTeacher = t.mail.messages.find((m) => m.to === teacher.email);
    expect(toTeacher?.text).toContain('Merci de prévenir aussi l’entreprise par téléphone : 0478000000.');
    expect(toTeacher?.attachments?.[0]?.content).toContain('METHOD:CANCEL');
    const toCompany = t.mail.messages.find((m) => m.to === recruiter.email);
    expect(toCompany?.text).toContain('Motif : Grève des transports');
  });

  it('lets the company cancel, and refuses a second cancellation', async () => {
    const id = await book();
    const { data } = await t.graphql(CANCEL, { id }, { token: recruiterToken });
    expect(data?.cancelMeeting).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'company',
      cancelReason: null,
    });
    const again = await t.graphql(CANCEL, { id }, { token: teacherToken });
    expect(again.errors?.[0]?.extensions?.code).toBe('meeting_not_cancellable');
  });

  it('refuses to cancel a meeting that has started', async () => {
    const id = await book();
    t.clock.set('2026-03-20T08:10:00Z');
    const { errors } = await t.graphql(CANCEL, { id }, { token: teacherToken });
    expect(errors?.[0]?.extensions?.code).toBe('meeting_not_cancellable');
    const [stillThere] = await t.db.select().from(slots).where(eq(slots.id, slot.id));
    expect(stillThere?.seatsTaken).toBe(12);
  });
});

describe('keepMeeting', () => {
  it('confirms a postponed meeting again for its teacher', async () => {
    const id = await book();
    await t.db.update(meetings).set({ status: 'reported' });
    const { data } = await t.graphql(
      'mutation ($id: ID!) { keepMeeting(id: $id) { status } }',
      { id },
      { token: teacherToken },
    );
    expect(data?.keepMeeting).toEqual({ status: 'confirmed' });
  });
});

describe('myMeetings and meeting', () => {
  it('shows the status from the clock: in progress during the meeting, done after it', async () => {
    const id = await book();
    const status = async () =>
      (
        await t.graphql<{ meeting: { status: string } }>(
          'query ($id: ID!) { meeting(id: $id) { status } }',
          { id },
          { token: teacherToken },
        )
      ).data?.meeting.status;
    expect(await status()).toBe('confirmed');
    t.clock.set('2026-03-20T08:30:00Z');
    expect(await status()).toBe('inProgress');
    t.clock.set('2026-03-20T09:00:00Z');
    expect(await status()).toBe('done');
  });

  it('lists upcoming and past meetings of the teacher and of the company', async () => {
    const past = await insertSlot(t.db, company.id, new Date('2026-03-01T08:00:00Z'));
    await t.db.insert(meetings).values({
      slotId: past.id,
      teacherId: teacher.id,
      participantsCount: 5,
      publicCategory: 'highSchool',
      charterAcceptedAt: TEST_NOW,
    });
    const upcoming = await book();
    for (const token of [teacherToken, recruiterToken]) {
      const next = await t.graphql<{ myMeetings: { id: string }[] }>(MY_MEETINGS, {}, { token });
      expect(next.data?.myMeetings.map((m) => m.id)).toEqual([upcoming]);
      const done = await t.graphql<{ myMeetings: { status: string }[] }>(
        MY_MEETINGS,
        { period: 'past' },
        { token },
      );
      expect(done.data?.myMeetings.map((m) => m.status)).toEqual(['done']);
    }
  });
});

describe('calendar export', () => {
  it('gives a meeting’s .ics to its teacher and its company only', async () => {
    const id = await book();
    const get = (token?: string) =>
      t.app.request(`/calendar/meetings/${id}.ics`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const response = await get(teacherToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const ics = await response.text();
    expect(ics).toContain('DTSTART:20260320T080000Z');
    expect(ics).toContain('SUMMARY:Visite — Forges de Vénissieux');
    expect((await get(recruiterToken)).status).toBe(200);
    expect((await get()).status).toBe(401);
    const stranger = await insertUser(t.db, { kind: 'teacher' });
    expect((await get(await loginAs(t.db, stranger.id))).status).toBe(404);
  });

  it('serves a private feed until it is revoked or replaced', async () => {
    await book();
    const create = async () =>
      (
        await t.graphql<{ createCalendarFeed: string }>(
          'mutation { createCalendarFeed }',
          {},
          { token: teacherToken },
        )
      ).data?.createCalendarFeed ?? '';
    const url = new URL(await create());
    expect(url.pathname).toMatch(/^\/calendar\/feed\/[A-Za-z0-9_-]{40,}\.ics$/);
    const feed = await t.app.request(url.pathname);
    expect(feed.status).toBe(200);
    const body = await feed.text();
    expect(body).toContain('X-WR-CALNAME:Passerelle Industrie — mes rendez-vous');
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    const has = await t.graphql('{ hasCalendarFeed }', {}, { token: teacherToken });
    expect(has.data?.hasCalendarFeed).toBe(true);

    const replaced = new URL(await create());
    expect((await t.app.request(url.pathname)).status).toBe(404);
    expect((await t.app.request(replaced.pathname)).status).toBe(200);
    await t.graphql('mutation { revokeCalendarFeed }', {}, { token: teacherToken });
    expect((await t.app.request(replaced.pathname)).status).toBe(404);
  });
});
