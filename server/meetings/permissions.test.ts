import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookAs,
  createTestApp,
  insertCompany,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';

/**
 * Issue 4's permission rule: a recruiter touches only its company's slots and meetings, a teacher only
 * its own meetings. Every mutation is tried as every other kind of user; none may succeed, and each
 * answers UNAUTHENTICATED (visitor), FORBIDDEN (wrong kind of user) or NOT_FOUND (someone else's).
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Actor = 'visitor' | 'teacher' | 'otherTeacher' | 'recruiter' | 'otherRecruiter' | 'admin';

let t: TestApp;
const tokens: Partial<Record<Actor, string>> = {};
let slotId: number;
let meetingId: number;

const slotInput = {
  date: '2026-03-25',
  time: '10:00',
  durationMinutes: 60,
  meetingType: 'CompanyVisit',
  publicCategories: ['highSchool'],
  maxParticipants: 20,
  speaker: { name: 'Durand', firstname: 'Léa', email: 'lea@example.fr', phone: '0612345678', role: 'RH' },
};

beforeAll(async () => {
  t = await createTestApp({ now: TEST_NOW });
  const company = await insertCompany(t.db);
  const otherCompany = await insertCompany(t.db);
  const users = {
    teacher: await insertUser(t.db, { kind: 'teacher' }),
    otherTeacher: await insertUser(t.db, { kind: 'teacher' }),
    recruiter: await insertUser(t.db, { kind: 'recruiter', companyId: company.id }),
    otherRecruiter: await insertUser(t.db, { kind: 'recruiter', companyId: otherCompany.id }),
    admin: await insertUser(t.db, { kind: 'admin' }),
  };
  for (const [actor, user] of Object.entries(users)) tokens[actor as Actor] = await loginAs(t.db, user.id);
  const slot = await insertSlot(t.db, company.id, new Date('2026-03-20T08:00:00Z'));
  slotId = slot.id;
  const meeting = await bookAs(
    t.db,
    {
      teacherId: users.teacher.id,
      slotId,
      participantsCount: 4,
      publicCategory: 'highSchool',
      acceptCharter: true,
    },
    TEST_NOW,
  );
  meetingId = meeting.id;
});
afterAll(() => t.close());

interface Case {
  operation: string;
  query: string;
  variables: () => Record<string, unknown>;
  refused: Partial<Record<Actor, 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND'>>;
}

const CASES: Case[] = [
  {
    operation: 'createSlot',
    query: 'mutation ($input: SlotInput!) { createSlot(input: $input) { id } }',
    variables: () => ({ input: slotInput }),
    refused: {
      visitor: 'UNAUTHENTICATED',
      teacher: 'FORBIDDEN',
      otherTeacher: 'FORBIDDEN',
      admin: 'FORBIDDEN',
    },
  },
  ...['updateSlot', 'deleteSlot', 'duplicateSlot'].map(
    (operation): Case => ({
      operation,
      query: {
        updateSlot: 'mutation ($id: ID!, $input: SlotInput!) { updateSlot(id: $id, input: $input) { id } }',
        deleteSlot: 'mutation ($id: ID!) { deleteSlot(id: $id) }',
        duplicateSlot: 'mutation ($id: ID!) { duplicateSlot(id: $id, dates: ["2026-04-01"]) { id } }',
      }[operation] as string,
      variables: () => ({ id: slotId, input: slotInput }),
      refused: {
        visitor: 'UNAUTHENTICATED',
        teacher: 'FORBIDDEN',
        otherTeacher: 'FORBIDDEN',
        otherRecruiter: 'NOT_FOUND',
        admin: 'FORBIDDEN',
      },
    }),
  ),
  {
    operation: 'bookSlot',
    query: 'mutation ($input: BookingInput!) { bookSlot(input: $input) { id } }',
    variables: () => ({
      input: { slotId, participantsCount: 1, publicCategory: 'highSchool', acceptCharter: true },
    }),
    refused: {
      visitor: 'UNAUTHENTICATED',
      recruiter: 'FORBIDDEN',
      otherRecruiter: 'FORBIDDEN',
      admin: 'FORBIDDEN',
    },
  },
  {
    operation: 'cancelMeeting',
    query: 'mutation ($id: ID!) { cancelMeeting(id: $id) { id } }',
    variables: () => ({ id: meetingId }),
    refused: {
      visitor: 'UNAUTHENTICATED',
      otherTeacher: 'NOT_FOUND',
      otherRecruiter: 'NOT_FOUND',
      admin: 'FORBIDDEN',
    },
  },
  {
    operation: 'keepMeeting',
    query: 'mutation ($id: ID!) { keepMeeting(id: $id) { id } }',
    variables: () => ({ id: meetingId }),
    refused: {
      visitor: 'UNAUTHENTICATED',
      otherTeacher: 'NOT_FOUND',
      recruiter: 'FORBIDDEN',
      otherRecruiter: 'FORBIDDEN',
      admin: 'FORBIDDEN',
    },
  },
  ...['createCalendarFeed', 'revokeCalendarFeed'].map(
    (operation): Case => ({
      operation,
      query: `mutation { ${operation} }`,
      variables: () => ({}),
      refused: { visitor: 'UNAUTHENTICATED', admin: 'FORBIDDEN' },
    }),
  ),
];

describe.each(CASES)('$operation', ({ query, variables, refused }) => {
  it.each(Object.entries(refused))('refuses %s with %s, changing nothing', async (actor, code) => {
    const token = tokens[actor as Actor];
    const { data, errors } = await t.graphql(query, variables(), token ? { token } : {});
    expect(errors?.[0]?.extensions?.code).toBe(code);
    expect(data ?? null).toBeNull();
  });
});

describe('reading', () => {
  const MEETING = 'query ($id: ID!) { meeting(id: $id) { id } }';
  const SLOT = 'query ($id: ID!) { slot(id: $id) { id meetings { id } } }';

  it('shows a meeting to its teacher, its company and admins only', async () => {
    const seen: Record<string, boolean> = {};
    for (const actor of ['teacher', 'otherTeacher', 'recruiter', 'otherRecruiter', 'admin'] as const) {
      const { data } = await t.graphql<{ meeting: unknown }>(
        MEETING,
        { id: meetingId },
        { token: tokens[actor] },
      );
      seen[actor] = data?.meeting !== null;
    }
    expect(seen).toEqual({
      teacher: true,
      otherTeacher: false,
      recruiter: true,
      otherRecruiter: false,
      admin: true,
    });
    const visitor = await t.graphql(MEETING, { id: meetingId });
    expect(visitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('shows a slot’s bookings to its company and admins only, and its dates to no visitor', async () => {
    const bookings: Record<string, number | null> = {};
    for (const actor of ['visitor', 'teacher', 'recruiter', 'otherRecruiter', 'admin'] as const) {
      const token = tokens[actor];
      const { data } = await t.graphql<{ slot: { meetings: unknown[] } | null }>(
        SLOT,
        { id: slotId },
        token ? { token } : {},
      );
      bookings[actor] = data?.slot ? data.slot.meetings.length : null;
    }
    expect(bookings).toEqual({ visitor: null, teacher: 0, recruiter: 1, otherRecruiter: null, admin: 1 });
  });

  it('refuses mySlots to anyone but a recruiter, and myMeetings to visitors and admins', async () => {
    const mySlots = await t.graphql('{ mySlots { id } }', {}, { token: tokens.teacher });
    expect(mySlots.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const visitor = await t.graphql('{ myMeetings { id } }');
    expect(visitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const admin = await t.graphql('{ myMeetings { id } }', {}, { token: tokens.admin });
    expect(admin.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
