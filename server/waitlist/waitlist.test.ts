import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { meetings, slots, waitlistEntries } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import { hashPassword } from '../accounts/index.ts';
import { runJob } from '../main/scheduled.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const HOUR = 3_600_000;

const JOIN = `mutation ($slotId: ID!, $groupSize: Int!) {
  joinWaitlist(slotId: $slotId, groupSize: $groupSize) { id groupSize position status offerExpiresAt slot { id } }
}`;
const LEAVE = 'mutation ($id: ID!) { leaveWaitlist(id: $id) }';
const ACCEPT = `mutation ($id: ID!, $acceptCharter: Boolean!) {
  acceptWaitlistOffer(id: $id, acceptCharter: $acceptCharter) { id status participantsCount slot { seatsTaken seatsLeft } }
}`;
const MINE = 'query { myWaitlist { id groupSize position status offerExpiresAt slot { id } } }';
const CANCEL = 'mutation ($id: ID!) { cancelMeeting(id: $id) { id status } }';
const SLOT =
  'query ($id: ID!) { slot(id: $id) { seatsTaken seatsLeft state waitlistLength myWaitlistEntry { id position } } }';

let t: TestApp;
let company: Awaited<ReturnType<typeof insertCompany>>;
let recruiterToken: string;
let recruiterEmail: string;
let slot: Awaited<ReturnType<typeof insertSlot>>;

async function teacher(firstName = 'Inès') {
  const user = await insertUser(t.db, { kind: 'teacher', firstName });
  return { ...user, token: await loginAs(t.db, user.id) };
}

async function join(token: string, groupSize: number, slotId = slot.id) {
  return t.graphql<{ joinWaitlist: { id: string; position: number; status: string } }>(
    JOIN,
    { slotId: String(slotId), groupSize },
    { token },
  );
}

async function slotRow(id = slot.id) {
  const [row] = await t.db.select().from(slots).where(eq(slots.id, id));
  if (!row) throw new Error('no slot');
  return row;
}

async function entry(id: string | number) {
  const [row] = await t.db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, Number(id)));
  return row;
}

/** Runs the outbox as the delivery loop would: events to their subscribers, then the e-mails. */
const deliver = () => t.deps.outbox.wake();

beforeEach(async () => {
  t = await createTestApp({ now: TEST_NOW });
  company = await insertCompany(t.db, { name: 'Forges de Vénissieux' });
  const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId: company.id });
  recruiterToken = await loginAs(t.db, recruiter.id);
  recruiterEmail = recruiter.email;
  slot = await insertSlot(t.db, company.id, new Date(TEST_NOW.getTime() + 10 * 24 * HOUR), {
    maxParticipants: 20,
  });
});
afterEach(() => t.close());

describe('joining', () => {
  it('is for a slot the group does not fit: slot_not_full otherwise', async () => {
    const a = await teacher();
    await insertMeeting(t.db, slot.id, (await teacher()).id, { participantsCount: 15 });
    expect((await join(a.token, 5)).errors?.[0]?.extensions?.code).toBe('slot_not_full');
    const joined = await join(a.token, 6);
    expect(joined.errors).toBeUndefined();
    expect(joined.data?.joinWaitlist).toMatchObject({ position: 1, status: 'waiting' });
  });

  it('keeps one open entry per teacher and slot, ranks by arrival, and tells the company the length', async () => {
    await insertMeeting(t.db, slot.id, (await teacher()).id, { participantsCount: 20 });
    const [a, b, c] = [await teacher('A'), await teacher('B'), await teacher('C')];
    t.clock.set(new Date(TEST_NOW.getTime() + 1000));
    expect((await join(a.token, 3)).data?.joinWaitlist.position).toBe(1);
    t.clock.set(new Date(TEST_NOW.getTime() + 2000));
    expect((await join(b.token, 3)).data?.joinWaitlist.position).toBe(2);
    expect((await join(a.token, 4)).errors?.[0]?.extensions?.code).toBe('waitlist_already_joined');
    const third = await join(c.token, 3);
    expect(third.data?.joinWaitlist.position).toBe(3);

    // A leaves: the others move up.
    const [aEntry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.teacherId, a.id));
    expect((await t.graphql(LEAVE, { id: String(aEntry?.id) }, { token: a.token })).data).toEqual({
      leaveWaitlist: true,
    });
    const mine = await t.graphql<{ myWaitlist: { position: number }[] }>(MINE, {}, { token: c.token });
    expect(mine.data?.myWaitlist).toEqual([expect.objectContaining({ position: 2 })]);
    const seen = await t.graphql<{ slot: { waitlistLength: number } }>(
      SLOT,
      { id: String(slot.id) },
      { token: recruiterToken },
    );
    expect(seen.data?.slot.waitlistLength).toBe(2);
    // Having left, A may join again, at the end of the line.
    t.clock.set(new Date(TEST_NOW.getTime() + 3000));
    expect((await join(a.token, 3)).data?.joinWaitlist.position).toBe(3);
  });

  it('refuses a group above the capacity, a teacher already booked, a recruiter, a visitor', async () => {
    const booked = await teacher();
    await insertMeeting(t.db, slot.id, booked.id, { participantsCount: 20 });
    const tooBig = await join((await teacher()).token, 21);
    expect(tooBig.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { groupSize: 'Ce créneau accueille 20 participants au maximum' },
    });
    expect((await join((await teacher()).token, 0)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await join(booked.token, 2)).errors?.[0]?.extensions?.code).toBe('already_booked');
    expect((await join(recruiterToken, 2)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(
      (await t.graphql(JOIN, { slotId: String(slot.id), groupSize: 2 })).errors?.[0]?.extensions?.code,
    ).toBe('UNAUTHENTICATED');
  });
});

describe('offers', () => {
  it('holds the freed seats for the first waiting group that fits, e-mails it, and the accept books them', async () => {
    const a = await teacher('Alice');
    const booking = await insertMeeting(t.db, slot.id, a.id, { participantsCount: 12 });
    await insertMeeting(t.db, slot.id, (await teacher()).id, { participantsCount: 8 });
    const [big, small, next] = [await teacher('Grand'), await teacher('Bérénice'), await teacher('Suivant')];
    const bigEntry = (await join(big.token, 15)).data?.joinWaitlist.id;
    t.clock.set(new Date(TEST_NOW.getTime() + 1000));
    const smallEntry = (await join(small.token, 10)).data?.joinWaitlist.id;
    t.clock.set(new Date(TEST_NOW.getTime() + 2000));
    const nextEntry = (await join(next.token, 5)).data?.joinWaitlist.id;

    // Alice cancels 12 seats: the group of 15 does not fit, the group of 10 does; 2 left do not fit 5.
    t.clock.set(new Date(TEST_NOW.getTime() + HOUR));
    expect((await t.graphql(CANCEL, { id: String(booking.id) }, { token: a.token })).errors).toBeUndefined();
    await deliver();
    expect(await entry(bigEntry ?? 0)).toMatchObject({ status: 'waiting' });
    expect(await entry(smallEntry ?? 0)).toMatchObject({
      status: 'offered',
      offerExpiresAt: new Date(TEST_NOW.getTime() + 25 * HOUR),
    });
    expect(await entry(nextEntry ?? 0)).toMatchObject({ status: 'waiting' });
    expect(await slotRow()).toMatchObject({ seatsTaken: 18, seatsHeld: 10 });
    const offerMail = t.mail.messages.find((m) => m.to === small.email);
    expect(offerMail?.subject).toContain('Des places se libèrent');
    expect(offerMail?.text).toContain('10 places vous sont réservées');
    // The company hears that the freed seats went to the line, 2 of 12 left free (issue 36).
    const companyMail = t.mail.messages.find(
      (m) => m.to === recruiterEmail && /annulé/.test(m.subject ?? ''),
    );
    expect(companyMail?.text).toContain(
      '10 places libérées sont réservées aux classes de la liste d’attente de votre créneau',
    );
    expect(companyMail?.text).toContain('les 2 autres sont de nouveau disponibles.');
    expect(offerMail?.text).toContain('/meetings-teacher#liste-attente');

    // Only its teacher accepts; the charter is needed; the held seats become the booking.
    expect(
      (await t.graphql(ACCEPT, { id: smallEntry, acceptCharter: true }, { token: big.token })).errors?.[0]
        ?.extensions?.code,
    ).toBe('NOT_FOUND');
    expect(
      (await t.graphql(ACCEPT, { id: smallEntry, acceptCharter: false }, { token: small.token })).errors?.[0]
        ?.extensions?.code,
    ).toBe('charter_not_accepted');
    const accepted = await t.graphql<{ acceptWaitlistOffer: { id: string } }>(
      ACCEPT,
      { id: smallEntry, acceptCharter: true },
      { token: small.token },
    );
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data?.acceptWaitlistOffer).toMatchObject({
      status: 'confirmed',
      participantsCount: 10,
      slot: { seatsTaken: 18, seatsLeft: 2 },
    });
    expect(await slotRow()).toMatchObject({ seatsTaken: 18, seatsHeld: 0 });
    const booked = await entry(smallEntry ?? 0);
    expect(booked?.status).toBe('booked');
    expect(booked?.meetingId).toBe(Number(accepted.data?.acceptWaitlistOffer.id));
    await deliver();
    expect(t.mail.messages.filter((m) => m.to === small.email).map((m) => m.subject)).toEqual([
      expect.stringContaining('Des places se libèrent'),
      expect.stringContaining('confirm'),
    ]);
    // Accepting twice books nothing more.
    expect(
      (await t.graphql(ACCEPT, { id: smallEntry, acceptCharter: true }, { token: small.token })).errors?.[0]
        ?.extensions?.code,
    ).toBe('waitlist_offer_expired');
  });

  it('a declined offer passes to the next in line at once', async () => {
    const full = await insertMeeting(t.db, slot.id, (await teacher()).id, { participantsCount: 20 });
    const [b, c] = [await teacher('B'), await teacher('C')];
    const bEntry = (await join(b.token, 4)).data?.joinWaitlist.id;
    t.clock.set(new Date(TEST_NOW.getTime() + 1000));
    const cEntry = (await join(c.token, 4)).data?.joinWaitlist.id;
    await t.db.update(meetings).set({ participantsCount: 16 }).where(eq(meetings.id, full.id));
    await t.db.update(slots).set({ seatsTaken: 16 }).where(eq(slots.id, slot.id));
    await runJob('waitlist-offers', t.deps);
    expect(await entry(bEntry ?? 0)).toMatchObject({ status: 'offered' });
    const mine = await t.graphql<{ myWaitlist: { position: number; status: string }[] }>(
      MINE,
      {},
      { token: b.token },
    );
    expect(mine.data?.myWaitlist).toEqual([expect.objectContaining({ position: 0, status: 'offered' })]);

    expect((await t.graphql(LEAVE, { id: bEntry }, { token: b.token })).data).toEqual({
      leaveWaitlist: true,
    });
    expect(await entry(bEntry ?? 0)).toMatchObject({ status: 'declined' });
    expect(await entry(cEntry ?? 0)).toMatchObject({ status: 'offered' });
    expect(await slotRow()).toMatchObject({ seatsTaken: 20, seatsHeld: 4 });
    // Another teacher's entry is not theirs to leave.
    expect((await t.graphql(LEAVE, { id: cEntry }, { token: b.token })).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
  });

  it('a teacher who deletes their account leaves every line; their offer passes to the next', async () => {
    await insertMeeting(t.db, slot.id, (await teacher()).id, { participantsCount: 20 });
    const other = await insertSlot(t.db, company.id, new Date(TEST_NOW.getTime() + 11 * 24 * HOUR));
    await insertMeeting(t.db, other.id, (await teacher()).id, { participantsCount: 20 });
    const leaving = await insertUser(t.db, {
      kind: 'teacher',
      passwordHash: await hashPassword('Motdepasse-1'),
    });
    const leavingToken = await loginAs(t.db, leaving.id);
    const next = await teacher('Suivant');
    const offeredEntry = (await join(leavingToken, 4)).data?.joinWaitlist.id;
    const waitingEntry = (await join(leavingToken, 4, other.id)).data?.joinWaitlist.id;
    t.clock.set(new Date(TEST_NOW.getTime() + 1000));
    const nextEntry = (await join(next.token, 4)).data?.joinWaitlist.id;
    await t.db.update(slots).set({ seatsTaken: 16 }).where(eq(slots.id, slot.id));
    await runJob('waitlist-offers', t.deps);
    expect(await entry(offeredEntry ?? 0)).toMatchObject({ status: 'offered' });

    const deleted = await t.graphql(
      'mutation { requestAccountDeletion(password: "Motdepasse-1") }',
      {},
      { token: leavingToken },
    );
    expect(deleted.errors).toBeUndefined();
    expect(await entry(offeredEntry ?? 0)).toMatchObject({ status: 'declined' });
    expect(await entry(waitingEntry ?? 0)).toMatchObject({ status: 'left' });
    expect(await entry(nextEntry ?? 0)).toMatchObject({ status: 'offered' });
    expect(await slotRow()).toMatchObject({ seatsTaken: 20, seatsHeld: 4 });
  });

  it('a larger capacity offers the new seats', async () => {
    await insertMeeting(t.db, slot.id, (await teacher()).id, { participantsCount: 20 });
    const b = await teacher('B');
    const bEntry = (await join(b.token, 5)).data?.joinWaitlist.id;
    const UPDATE = `mutation ($id: ID!, $input: SlotInput!) { updateSlot(id: $id, input: $input) { maxParticipants } }`;
    const input = {
      date: '2026-03-20',
      time: '10:00',
      durationMinutes: 60,
      meetingType: 'CompanyVisit',
      publicCategories: ['highSchool'],
      maxParticipants: 25,
      speaker: { name: 'Durand', firstname: 'Léa', email: 'lea@example.fr', phone: '0612345678', role: 'RH' },
    };
    const updated = await t.graphql(UPDATE, { id: String(slot.id), input }, { token: recruiterToken });
    expect(updated.errors).toBeUndefined();
    await deliver();
    expect(await entry(bEntry ?? 0)).toMatchObject({ status: 'offered' });
    expect(await slotRow()).toMatchObject({ maxParticipants: 25, seatsTaken: 25, seatsHeld: 5 });
  });
});

describe('the waitlist-offers job', () => {
  it('lapses an offer after 24 hours, gives its seats to the next, and does it once', async () => {
    const full = await insertMeeting(t.db, slot.id, (await teacher()).id, { participantsCount: 20 });
    const [b, c] = [await teacher('B'), await teacher('C')];
    const bEntry = (await join(b.token, 6)).data?.joinWaitlist.id;
    t.clock.set(new Date(TEST_NOW.getTime() + 1000));
    const cEntry = (await join(c.token, 6)).data?.joinWaitlist.id;
    t.clock.set(new Date(TEST_NOW.getTime() + HOUR));
    await t.graphql(CANCEL, { id: String(full.id) }, { token: recruiterToken });
    await deliver();
    // 20 seats free: both groups are offered theirs.
    expect(await entry(bEntry ?? 0)).toMatchObject({ status: 'offered' });
    expect(await entry(cEntry ?? 0)).toMatchObject({ status: 'offered' });
    const d = await teacher('D');
    await t.graphql(
      'mutation ($input: BookingInput!) { bookSlot(input: $input) { id } }',
      {
        input: {
          slotId: String(slot.id),
          participantsCount: 8,
          publicCategory: 'highSchool',
          acceptCharter: true,
        },
      },
      { token: d.token },
    );
    const e = await teacher('E');
    const eEntry = (await join(e.token, 6)).data?.joinWaitlist.id;
    expect(await slotRow()).toMatchObject({ seatsTaken: 20, seatsHeld: 12 });

    // C accepts in time; B does not.
    await t.graphql(ACCEPT, { id: cEntry, acceptCharter: true }, { token: c.token });
    t.clock.set(new Date(TEST_NOW.getTime() + 25 * HOUR - 1));
    expect(await runJob('waitlist-offers', t.deps)).toMatchObject({ lapsed: 0 });
    t.clock.set(new Date(TEST_NOW.getTime() + 25 * HOUR));
    expect(
      (await t.graphql(ACCEPT, { id: bEntry, acceptCharter: true }, { token: b.token })).errors?.[0]
        ?.extensions?.code,
    ).toBe('waitlist_offer_expired');
    expect(await runJob('waitlist-offers', t.deps)).toMatchObject({ lapsed: 1, offered: 1 });
    expect(await entry(bEntry ?? 0)).toMatchObject({ status: 'lapsed' });
    expect(await entry(eEntry ?? 0)).toMatchObject({
      status: 'offered',
      offerExpiresAt: new Date(TEST_NOW.getTime() + 49 * HOUR),
    });
    expect(await slotRow()).toMatchObject({ seatsTaken: 20, seatsHeld: 6 });
    expect(await runJob('waitlist-offers', t.deps)).toMatchObject({ lapsed: 0, offered: 0 });
    await deliver();
    expect(t.mail.messages.filter((m) => m.to === b.email).map((m) => m.subject)).toEqual([
      expect.stringContaining('Des places se libèrent'),
      expect.stringContaining('Place non confirmée'),
    ]);
  });

  it('never offers longer than until the slot starts, and closes the lines of slots started', async () => {
    const soon = await insertSlot(t.db, company.id, new Date(TEST_NOW.getTime() + 3 * HOUR), {
      maxParticipants: 10,
    });
    await insertMeeting(t.db, soon.id, (await teacher()).id, { participantsCount: 10 });
    const b = await teacher('B');
    const c = await teacher('C');
    const bEntry = (await join(b.token, 4, soon.id)).data?.joinWaitlist.id;
    const cEntry = (await join(c.token, 8, soon.id)).data?.joinWaitlist.id;
    await t.db.update(slots).set({ seatsTaken: 5 }).where(eq(slots.id, soon.id));
    await runJob('waitlist-offers', t.deps);
    expect(await entry(bEntry ?? 0)).toMatchObject({
      status: 'offered',
      offerExpiresAt: soon.startsAt,
    });
    t.clock.set(soon.startsAt);
    expect(await runJob('waitlist-offers', t.deps)).toMatchObject({ lapsed: 1, offered: 0, closed: 1 });
    expect(await entry(cEntry ?? 0)).toMatchObject({ status: 'lapsed' });
  });
});
