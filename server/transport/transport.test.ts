import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRANSPORT_MESSAGES } from '../../common/transport.ts';
import { transportRequests } from '../../db/schema.ts';
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
import type { Viewer } from '../kernel/viewer.ts';
import { waitingTransportRequestsCount } from './requests.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const HOUR = 3_600_000;
const PASSWORD = 'Motdepasse-1!';
const ASK = `mutation ($input: TransportRequestInput!) {
  requestTransportHelp(input: $input) {
    id status groupSize comment answer createdAt
    departureAddress { label zipcode city departmentCode lat lng }
    meeting { id }
  }
}`;
const ANSWER = `mutation ($id: ID!, $status: TransportRequestStatus!, $answer: String) {
  answerTransportRequest(id: $id, status: $status, answer: $answer) { id status answer meeting { id } }
}`;
const LIST =
  'query ($status: TransportRequestStatus) { transportRequests(status: $status) { id status meeting { id } } }';
const ON_MEETING = 'query ($id: ID!) { meeting(id: $id) { status transportRequest { status answer } } }';
const LYON = {
  label: '20 place Bellecour 69002 Lyon',
  zipcode: '69002',
  city: 'Lyon',
  lat: 45.7578,
  lng: 4.832,
};

let t: TestApp;
let companyId: number;
let teacherId: number;
let tokens: Record<'teacher' | 'otherTeacher' | 'recruiter' | 'admin', string>;
/** A confirmed company visit in three days, 12 participants. */
let visit: number;

async function meetingOf(
  hoursAhead: number,
  slot: Parameters<typeof insertSlot>[3] = {},
  meeting: Parameters<typeof insertMeeting>[3] = {},
) {
  const { id } = await insertSlot(t.db, companyId, new Date(TEST_NOW.getTime() + hoursAhead * HOUR), slot);
  return (await insertMeeting(t.db, id, teacherId, meeting)).id;
}

const request = (overrides: Record<string, unknown> = {}) => ({
  meetingId: String(visit),
  groupSize: 12,
  departureAddress: LYON,
  comment: 'Pas de car disponible ce trimestre.',
  ...overrides,
});
const ask = (token: string | undefined, overrides: Record<string, unknown> = {}) =>
  t.graphql(ASK, { input: request(overrides) }, token ? { token } : {});
/** The id of the request an answer created. */
function createdId(answer: { data?: Record<string, unknown> }): string {
  const id = (answer.data?.requestTransportHelp as { id: string } | undefined)?.id;
  if (!id) throw new Error('no request created');
  return id;
}
const codeOf = (answer: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  answer.errors?.[0]?.extensions?.code ?? 'ok';

beforeEach(async () => {
  t = await createTestApp();
  companyId = (await insertCompany(t.db, { name: 'Forges de Vénissieux' })).id;
  const passwordHash = await hashPassword(PASSWORD);
  const teacher = await insertUser(t.db, {
    kind: 'teacher',
    email: 'ines@lycee.example',
    firstName: 'Inès',
    passwordHash,
  });
  teacherId = teacher.id;
  const admin = await insertUser(t.db, {
    kind: 'admin',
    email: 'ops@passerelle.example',
    firstName: 'Odile',
  });
  await insertUser(t.db, { kind: 'admin', email: 'ops2@passerelle.example', firstName: 'Omar' });
  tokens = {
    teacher: await loginAs(t.db, teacher.id),
    otherTeacher: await loginAs(t.db, (await insertUser(t.db, { kind: 'teacher' })).id),
    recruiter: await loginAs(t.db, (await insertUser(t.db, { kind: 'recruiter', companyId })).id),
    admin: await loginAs(t.db, admin.id),
  };
  visit = await meetingOf(72);
});
afterEach(() => t.close());

describe('requestTransportHelp', () => {
  it('records the teacher’s request for a confirmed company visit and e-mails each operator', async () => {
    const { data, errors } = await ask(tokens.teacher);
    expect(errors).toBeUndefined();
    expect(data?.requestTransportHelp).toMatchObject({
      status: 'pending',
      groupSize: 12,
      comment: 'Pas de car disponible ce trimestre.',
      answer: null,
      createdAt: TEST_NOW.toISOString(),
      departureAddress: { ...LYON, departmentCode: '69' },
      meeting: { id: String(visit) },
    });
    await t.deps.outbox.wake();
    expect(t.mail.messages.map((message) => message.to).sort()).toEqual([
      'ops2@passerelle.example',
      'ops@passerelle.example',
    ]);
    expect(t.mail.messages[0]?.text).toContain(
      'Groupe : 12 personnes. Départ : 20 place Bellecour 69002 Lyon.',
    );
    expect(t.mail.messages[0]?.text).toContain('http://localhost:3000/admin/transport');
  });

  it('e-mails the operators of the company’s region when it has some, not the national ones (issue 13)', async () => {
    await insertUser(t.db, {
      kind: 'admin',
      email: 'cst.aura@passerelle.example',
      firstName: 'Claire',
      operatorRegion: '06',
    });
    await insertUser(t.db, {
      kind: 'admin',
      email: 'cst.occitanie@passerelle.example',
      firstName: 'Paul',
      operatorRegion: '16',
    });
    expect((await ask(tokens.teacher)).errors).toBeUndefined();
    await t.deps.outbox.wake();
    // The company is in the Rhône (Auvergne-Rhône-Alpes): its chamber only.
    expect(t.mail.messages.map((message) => message.to)).toEqual(['cst.aura@passerelle.example']);
  });

  it('keeps one open request per meeting; after a refusal the teacher may ask again', async () => {
    const [first, second] = await Promise.all([ask(tokens.teacher), ask(tokens.teacher)]);
    expect([codeOf(first), codeOf(second)].sort()).toEqual(['ok', 'transport_request_exists']);
    const again = await ask(tokens.teacher);
    expect(codeOf(again)).toBe('transport_request_exists');
    expect(again.errors?.[0]?.message).toBe(
      'Une demande d’aide au transport est déjà en cours pour ce rendez-vous.',
    );
    const id = createdId(first.data ? first : second);
    await t.graphql(
      ANSWER,
      { id, status: 'accepted', answer: 'Un car part à 8 h.' },
      { token: tokens.admin },
    );
    expect(codeOf(await ask(tokens.teacher))).toBe('transport_request_exists');
    await t.db.update(transportRequests).set({ status: 'refused' });
    expect(codeOf(await ask(tokens.teacher))).toBe('ok');
  });

  it('is the meeting’s teacher’s alone', async () => {
    expect(codeOf(await ask(undefined))).toBe('UNAUTHENTICATED');
    expect(codeOf(await ask(tokens.otherTeacher))).toBe('NOT_FOUND');
    expect(codeOf(await ask(tokens.recruiter))).toBe('FORBIDDEN');
    expect(codeOf(await ask(tokens.admin))).toBe('FORBIDDEN');
    expect(await t.db.select().from(transportRequests)).toEqual([]);
  });

  it('is for a confirmed company visit that has not started', async () => {
    const cases = {
      webinar: await meetingOf(72, { meetingType: 'Webinar' }),
      classroom: await meetingOf(72, { meetingType: 'ClassroomIntervention' }),
      started: await meetingOf(-0.5),
      done: await meetingOf(-30),
      postponed: await meetingOf(72, {}, { status: 'reported' }),
      cancelled: await meetingOf(96, {}, { status: 'cancelled' }),
    };
    for (const [name, id] of Object.entries(cases)) {
      expect(codeOf(await ask(tokens.teacher, { meetingId: String(id) })), name).toBe(
        'transport_not_available',
      );
    }
    expect(await t.db.select().from(transportRequests)).toEqual([]);
  });

  it('refuses a group larger than the booking, a departure not chosen among the suggestions, a long comment', async () => {
    const larger = await ask(tokens.teacher, { groupSize: 13 });
    expect(larger.errors?.[0]?.extensions?.fields).toEqual({
      groupSize: TRANSPORT_MESSAGES.groupSizeAboveBooking(12),
    });
    expect(codeOf(await ask(tokens.teacher, { groupSize: 0 }))).toBe('BAD_USER_INPUT');
    const nowhere = await ask(tokens.teacher, { departureAddress: { ...LYON, lat: 0, lng: 0 } });
    expect(Object.keys(nowhere.errors?.[0]?.extensions?.fields as object)).toEqual(['departureAddress']);
    const long = await ask(tokens.teacher, { comment: 'x'.repeat(1001) });
    expect(long.errors?.[0]?.extensions?.fields).toEqual({ comment: '1000 caractères au maximum' });
    expect(await t.db.select().from(transportRequests)).toEqual([]);
  });
});

describe('answering transport requests', () => {
  async function asked() {
    const id = createdId(await ask(tokens.teacher));
    await t.deps.outbox.wake();
    t.mail.messages.length = 0;
    return id;
  }

  it('lets an operator accept with a message; the teacher is e-mailed and sees it on the meeting', async () => {
    const id = await asked();
    const answer = 'Un car vous prendra à 8 h devant le lycée.';
    const { data, errors } = await t.graphql(
      ANSWER,
      { id, status: 'accepted', answer },
      { token: tokens.admin },
    );
    expect(errors).toBeUndefined();
    expect(data?.answerTransportRequest).toEqual({
      id,
      status: 'accepted',
      answer,
      meeting: { id: String(visit) },
    });
    await t.deps.outbox.wake();
    expect(t.mail.messages.map((message) => [message.to, message.subject])).toEqual([
      [
        'ines@lycee.example',
        'Aide au transport acceptée : Forges de Vénissieux, vendredi 13 mars 2026 à 10:00',
      ],
    ]);
    expect(t.mail.messages[0]?.text).toContain(`Son message : ${answer}`);
    const seen = await t.graphql(ON_MEETING, { id: visit }, { token: tokens.teacher });
    expect(seen.data?.meeting).toEqual({
      status: 'confirmed',
      transportRequest: { status: 'accepted', answer },
    });
    // The company has no part in it.
    const company = await t.graphql(ON_MEETING, { id: visit }, { token: tokens.recruiter });
    expect(company.data?.meeting).toEqual({ status: 'confirmed', transportRequest: null });
  });

  it('answers a request once, with a message, accepted or refused only, by an operator only', async () => {
    const id = await asked();
    const code = async (variables: Record<string, unknown>, token?: string) =>
      codeOf(await t.graphql(ANSWER, { id, ...variables }, token ? { token } : {}));
    expect(await code({ status: 'accepted', answer: 'Oui' })).toBe('UNAUTHENTICATED');
    expect(await code({ status: 'accepted', answer: 'Oui' }, tokens.teacher)).toBe('FORBIDDEN');
    expect(await code({ status: 'accepted', answer: 'Oui' }, tokens.recruiter)).toBe('FORBIDDEN');
    const noMessage = await t.graphql(
      ANSWER,
      { id, status: 'refused', answer: '  ' },
      { token: tokens.admin },
    );
    expect(noMessage.errors?.[0]?.extensions?.fields).toEqual({ answer: 'Ce champ est requis' });
    const pending = await t.graphql(
      ANSWER,
      { id, status: 'pending', answer: 'Hum' },
      { token: tokens.admin },
    );
    expect(pending.errors?.[0]?.extensions?.fields).toEqual({ status: TRANSPORT_MESSAGES.chooseAnswer });
    expect(await code({ status: 'refused', answer: 'Plus de budget.' }, tokens.admin)).toBe('ok');
    expect(await code({ status: 'accepted', answer: 'Finalement oui' }, tokens.admin)).toBe(
      'transport_request_closed',
    );
    expect(
      codeOf(
        await t.graphql(ANSWER, { id: '999', status: 'accepted', answer: 'Oui' }, { token: tokens.admin }),
      ),
    ).toBe('NOT_FOUND');
  });

  it('lists the requests for the operators only, the waiting ones oldest first', async () => {
    const first = await asked();
    const later = await meetingOf(100);
    t.clock.set(new Date(TEST_NOW.getTime() + HOUR));
    const second = createdId(await ask(tokens.teacher, { meetingId: String(later) }));
    const ids = async (variables: Record<string, unknown>) => {
      const { data } = await t.graphql(LIST, variables, { token: tokens.admin });
      return ((data?.transportRequests ?? []) as { id: string }[]).map((request) => request.id);
    };
    expect(await ids({ status: 'pending' })).toEqual([first, second]);
    expect(await ids({})).toEqual([second, first]);
    for (const token of [tokens.teacher, tokens.recruiter]) {
      expect(codeOf(await t.graphql(LIST, {}, { token }))).toBe('FORBIDDEN');
    }
  });

  it('counts the waiting ones of an operator’s area for the back-office home (issue 21)', async () => {
    const answered = await asked();
    await t.graphql(
      ANSWER,
      { id: answered, status: 'refused', answer: 'Pas de car.' },
      { token: tokens.admin },
    );
    await ask(tokens.teacher, { meetingId: String(await meetingOf(100)) });
    await ask(tokens.teacher, { meetingId: String(await meetingOf(101)) });
    const operator = (regionCode: string | null): Viewer => ({
      id: 1,
      kind: 'admin',
      companyId: null,
      firstName: 'Claire',
      lastName: 'Vidal',
      sessionId: 's',
      regionCode,
    });
    // The company is in the Rhône (Auvergne-Rhône-Alpes, 06): its chamber and the national operators see them.
    expect(await waitingTransportRequestsCount(operator(null), t.deps)).toBe(2);
    expect(await waitingTransportRequestsCount(operator('06'), t.deps)).toBe(2);
    expect(await waitingTransportRequestsCount(operator('16'), t.deps)).toBe(0);
  });
});

describe('a cancelled meeting closes its request', () => {
  async function acceptedRequest() {
    const id = createdId(await ask(tokens.teacher));
    await t.graphql(ANSWER, { id, status: 'accepted', answer: 'Un car à 8 h.' }, { token: tokens.admin });
    await t.deps.outbox.wake();
    t.mail.messages.length = 0;
    return Number(id);
  }
  async function statusOf(id: number) {
    const [row] = await t.db.select().from(transportRequests).where(eq(transportRequests.id, id));
    return row?.status;
  }
  const operatorsTold = async () => {
    await t.deps.outbox.wake();
    return t.mail.messages
      .filter((message) => message.subject.startsWith('Transport à annuler'))
      .map((message) => message.to)
      .sort();
  };

  it('when its teacher cancels it, and the operators who accepted it are told', async () => {
    const id = await acceptedRequest();
    const cancel = 'mutation ($id: ID!) { cancelMeeting(id: $id) { status transportRequest { status } } }';
    const { data } = await t.graphql(cancel, { id: visit }, { token: tokens.teacher });
    expect(data?.cancelMeeting).toEqual({ status: 'cancelled', transportRequest: { status: 'cancelled' } });
    expect(await statusOf(id)).toBe('cancelled');
    expect(await operatorsTold()).toEqual(['ops2@passerelle.example', 'ops@passerelle.example']);
  });

  it('when the company deletes the slot', async () => {
    const id = Number(createdId(await ask(tokens.teacher)));
    const [meeting] = await t.db.select().from(transportRequests).where(eq(transportRequests.id, id));
    const slotId = (
      await t.db.query.meetings.findFirst({ where: (m, { eq: is }) => is(m.id, meeting?.meetingId ?? 0) })
    )?.slotId;
    await t.graphql(
      'mutation ($id: ID!) { deleteSlot(id: $id) }',
      { id: slotId },
      { token: tokens.recruiter },
    );
    expect(await statusOf(id)).toBe('cancelled');
    expect(await operatorsTold()).toEqual([]);
  });

  it('when the operators archive the company', async () => {
    const id = await acceptedRequest();
    await t.graphql(
      'mutation ($id: ID!) { archiveCompany(id: $id) { id } }',
      { id: companyId },
      { token: tokens.admin },
    );
    expect(await statusOf(id)).toBe('cancelled');
    expect(await operatorsTold()).toHaveLength(2);
  });

  it('when the teacher deletes their account', async () => {
    const id = await acceptedRequest();
    const deleted = await t.graphql(
      `mutation { requestAccountDeletion(password: "${PASSWORD}") }`,
      {},
      { token: tokens.teacher },
    );
    expect(deleted.errors).toBeUndefined();
    expect(await statusOf(id)).toBe('cancelled');
    expect(await operatorsTold()).toHaveLength(2);
  });
});
