import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { meetings, slots } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import { type LinkPurpose, signLink } from '../signed-links.ts';
import { meetingLinkPage } from './links.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const HOUR = 3_600_000;
const START = new Date(TEST_NOW.getTime() + 2 * 24 * HOUR);

const CONFIRM =
  'mutation ($token: String!) { confirmMeetingFromLink(token: $token) { confirmedAt alreadyConfirmed } }';
const RELEASE =
  'mutation ($token: String!, $reason: String) { releaseMeetingFromLink(token: $token, reason: $reason) }';
const MEETING =
  'query ($id: ID!) { meeting(id: $id) { status cancelledBy teacherConfirmedAt companyConfirmedAt } }';

let t: TestApp;
let meetingId: number;
let slotId: number;
let teacherId: number;
let recruiterId: number;

const link = (
  purpose: LinkPurpose,
  actor: number,
  overrides: { subject?: number; expiresAt?: number } = {},
) =>
  signLink(t.deps.config.JWT_SECRET, {
    purpose,
    subject: meetingId,
    actor,
    expiresAt: START.getTime(),
    ...overrides,
  });

const codeOf = (answer: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  answer.errors?.[0]?.extensions?.code;

async function deliver() {
  await t.deps.outbox.wake();
  return t.mail.messages;
}

beforeEach(async () => {
  t = await createTestApp();
  const company = await insertCompany(t.db, { name: 'Forges de Vénissieux', phone: '0478000000' });
  const teacher = await insertUser(t.db, { kind: 'teacher', email: 'lea@lycee.example', firstName: 'Léa' });
  const recruiter = await insertUser(t.db, {
    kind: 'recruiter',
    companyId: company.id,
    email: 'rh@forges.example',
    firstName: 'Nadia',
  });
  const slot = await insertSlot(t.db, company.id, START);
  const meeting = await insertMeeting(t.db, slot.id, teacher.id, { participantsCount: 12 });
  meetingId = meeting.id;
  slotId = slot.id;
  teacherId = teacher.id;
  recruiterId = recruiter.id;
});
afterEach(() => t.close());

describe('« Je confirme »', () => {
  it('records the teacher’s confirmation, which the company sees; again, it answers the first one', async () => {
    const first = await t.graphql(CONFIRM, { token: link('meeting-confirm', teacherId) });
    expect(first.data).toEqual({
      confirmMeetingFromLink: { confirmedAt: TEST_NOW.toISOString(), alreadyConfirmed: false },
    });
    t.clock.set(new Date(TEST_NOW.getTime() + HOUR));
    const again = await t.graphql(CONFIRM, { token: link('meeting-confirm', teacherId) });
    expect(again.data).toEqual({
      confirmMeetingFromLink: { confirmedAt: TEST_NOW.toISOString(), alreadyConfirmed: true },
    });
    const seen = await t.graphql(MEETING, { id: meetingId }, { token: await loginAs(t.db, recruiterId) });
    expect(seen.data).toEqual({
      meeting: {
        status: 'confirmed',
        cancelledBy: null,
        teacherConfirmedAt: TEST_NOW.toISOString(),
        companyConfirmedAt: null,
      },
    });
    const page = await meetingLinkPage(link('meeting-confirm', teacherId), t.deps);
    expect(page).toMatchObject({
      ok: true,
      link: { action: 'confirm', side: 'teacher', state: 'confirmed' },
    });
  });

  it('records the company’s confirmation by its recruiter, which the teacher sees', async () => {
    await t.graphql(CONFIRM, { token: link('meeting-confirm', recruiterId) });
    const [row] = await t.db.select().from(meetings).where(eq(meetings.id, meetingId));
    expect(row).toMatchObject({
      companyConfirmedAt: TEST_NOW,
      companyConfirmedBy: recruiterId,
      teacherConfirmedAt: null,
    });
    const seen = await t.graphql(MEETING, { id: meetingId }, { token: await loginAs(t.db, teacherId) });
    expect(seen.data?.meeting).toMatchObject({ companyConfirmedAt: TEST_NOW.toISOString() });
  });

  it('keeps a moved meeting when its teacher confirms', async () => {
    await t.db.update(meetings).set({ status: 'reported' }).where(eq(meetings.id, meetingId));
    await t.graphql(CONFIRM, { token: link('meeting-confirm', teacherId) });
    const [row] = await t.db.select().from(meetings).where(eq(meetings.id, meetingId));
    expect(row?.status).toBe('confirmed');
  });
});

describe('« Je ne peux plus venir »', () => {
  it('cancels as the teacher with the usual e-mails, gives the seats back; used again, says it is done', async () => {
    const token = link('meeting-release', teacherId);
    // Opening the page (mail software prefetches) changes nothing.
    expect(await meetingLinkPage(token, t.deps)).toMatchObject({
      ok: true,
      link: { action: 'release', side: 'teacher', state: 'open', companyName: 'Forges de Vénissieux' },
    });
    const [before] = await t.db.select().from(meetings).where(eq(meetings.id, meetingId));
    expect(before?.status).toBe('confirmed');

    const answer = await t.graphql(RELEASE, { token, reason: 'Sortie annulée par le collège' });
    expect(answer.data).toEqual({ releaseMeetingFromLink: true });
    const [row] = await t.db.select().from(meetings).where(eq(meetings.id, meetingId));
    expect(row).toMatchObject({
      status: 'cancelled',
      cancelledBy: teacherId,
      cancelReason: 'Sortie annulée par le collège',
    });
    const [slot] = await t.db.select().from(slots).where(eq(slots.id, slotId));
    expect(slot?.seatsTaken).toBe(0);
    const mails = await deliver();
    const toCompany = mails.find((m) => m.to === 'rh@forges.example');
    expect(toCompany?.subject).toMatch(/^Rendez-vous annulé/);
    expect(toCompany?.text).toContain('a annulé le rendez-vous');
    expect(toCompany?.text).toContain('Motif : Sortie annulée par le collège');
    expect(mails.find((m) => m.to === 'lea@lycee.example')?.subject).toMatch(/^Rendez-vous annulé/);

    const again = await t.graphql(RELEASE, { token });
    expect(codeOf(again)).toBe('meeting_already_cancelled');
    expect(again.errors?.[0]?.message).toBe('Ce rendez-vous est déjà annulé : il n’y a plus rien à faire.');
    expect(await meetingLinkPage(token, t.deps)).toMatchObject({ ok: true, link: { state: 'cancelled' } });
    expect(codeOf(await t.graphql(CONFIRM, { token: link('meeting-confirm', teacherId) }))).toBe(
      'meeting_already_cancelled',
    );
    expect(await deliver()).toHaveLength(mails.length);
  });

  it('cancels as the company: the teacher is told the company cancelled', async () => {
    await t.graphql(RELEASE, { token: link('meeting-release', recruiterId) });
    const [row] = await t.db.select().from(meetings).where(eq(meetings.id, meetingId));
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: recruiterId });
    const toTeacher = (await deliver()).find((m) => m.to === 'lea@lycee.example');
    expect(toTeacher?.text).toContain('Forges de Vénissieux a annulé le rendez-vous');
  });
});

describe('links that do not act', () => {
  it('refuses a tampered, expired, foreign or wrong-purpose link, in French, and changes nothing', async () => {
    const token = link('meeting-confirm', teacherId);
    const [body = '', signature = ''] = token.split('.');
    const tampered = `${body.slice(0, -2)}${body.slice(-2) === 'AA' ? 'AB' : 'AA'}.${signature}`;
    const cases: [string, string][] = [
      [tampered, 'invalid_link'],
      [`${token}x`, 'invalid_link'],
      [link('meeting-release', teacherId), 'link_wrong_purpose'],
      [link('unsubscribe-weekly-mail', teacherId), 'link_wrong_purpose'],
      // Another teacher's name on this meeting's link: signed, but not one of its sides.
      [link('meeting-confirm', recruiterId + 100), 'invalid_link'],
      [
        signLink('another-secret-of-at-least-32-characters', {
          purpose: 'meeting-confirm',
          subject: meetingId,
          actor: teacherId,
        }),
        'invalid_link',
      ],
    ];
    for (const [candidate, code] of cases) {
      const answer = await t.graphql(CONFIRM, { token: candidate });
      expect(codeOf(answer), code).toBe(code);
    }
    expect((await t.graphql(CONFIRM, { token: tampered })).errors?.[0]?.message).toMatch(
      /^Ce lien n’est pas valide/,
    );

    t.clock.set(START);
    const expired = await t.graphql(RELEASE, { token: link('meeting-release', teacherId) });
    expect(codeOf(expired)).toBe('link_expired');
    expect(expired.errors?.[0]?.message).toBe('Ce lien a expiré : le rendez-vous a déjà commencé.');
    expect(await meetingLinkPage(link('meeting-release', teacherId), t.deps)).toEqual({
      ok: false,
      message: 'Ce lien a expiré : le rendez-vous a déjà commencé.',
    });
    const [row] = await t.db.select().from(meetings).where(eq(meetings.id, meetingId));
    expect(row).toMatchObject({ status: 'confirmed', teacherConfirmedAt: null });
  });

  it('no longer acts for a recruiter who left, nor once the meeting moved earlier than the link’s end', async () => {
    const { users } = await import('../../db/schema.ts');
    await t.db.update(users).set({ anonymizedAt: TEST_NOW }).where(eq(users.id, recruiterId));
    expect(codeOf(await t.graphql(RELEASE, { token: link('meeting-release', recruiterId) }))).toBe(
      'invalid_link',
    );
    await t.db
      .update(slots)
      .set({ startsAt: new Date(TEST_NOW.getTime() - HOUR) })
      .where(eq(slots.id, slotId));
    expect(codeOf(await t.graphql(CONFIRM, { token: link('meeting-confirm', teacherId) }))).toBe(
      'link_expired',
    );
  });
});
