import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { schoolYearOf } from '../../common/classes.ts';
import { statisticsFormSchema } from '../../common/statistics.ts';
import { classGroups, feedbackInvitations } from '../../db/schema.ts';
import { statistics } from '../../server/admin/statistics.ts';
import { groupRecordFor, groupTally } from '../../server/classes/record.ts';
import { meetingDocumentFor, publicAttestation } from '../../server/documents/index.ts';
import type { Viewer } from '../../server/kernel/viewer.ts';
import { runJob } from '../../server/main/scheduled.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  TEST_NOW,
} from '../fixtures/app.ts';

/*
 * « Held » (PRODUCT.md, Taking a class out; common/slots.ts meetingHeld) through every reader: one meeting
 * per disqualifier beside one held meeting, all of one teacher's group. The statistics, the attestation,
 * the feedback invitations, the class record and the group's hours must each count the held one alone.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const HOUR = 3_600_000;
const KINDS = ['held', 'cancelled', 'absent', 'notOver'] as const;
type Kind = (typeof KINDS)[number];
/** Each meeting's group size: a reader that counts a wrong one adds its pupils to the held one's 12. */
const PUPILS: Record<Kind, number> = { held: 12, cancelled: 7, absent: 5, notOver: 3 };

/** Each meeting's attestation code, as the booking draws one (16 hexadecimal characters). */
const CODES: Record<Kind, string> = {
  held: 'A0A0A0A0A0A0A0A0',
  cancelled: 'B1B1B1B1B1B1B1B1',
  absent: 'C2C2C2C2C2C2C2C2',
  notOver: 'D3D3D3D3D3D3D3D3',
};

let t: TestApp;
let teacher: Viewer;
let groupId: number;
const meetingOf = {} as Record<Kind, number>;

const NATIONAL: Viewer = {
  id: 1,
  kind: 'admin',
  companyId: null,
  firstName: 'Opé',
  lastName: 'Rateur',
  sessionId: '',
  regionCode: null,
};

beforeEach(async () => {
  t = await createTestApp();
  const company = await insertCompany(t.db, { name: 'Forges de Vénissieux' });
  const user = await insertUser(t.db, { kind: 'teacher', email: 'lea@lycee.example' });
  teacher = { ...NATIONAL, id: user.id, kind: 'teacher', firstName: 'Léa' };
  const [group] = await t.db
    .insert(classGroups)
    .values({ teacherId: user.id, name: '2nde B', schoolYear: schoolYearOf('2026-03-10') })
    .returning();
  groupId = group?.id ?? 0;
  const startsIn: Record<Kind, number> = { held: -3, cancelled: -3, absent: -3, notOver: -0.5 };
  for (const kind of KINDS) {
    const slot = await insertSlot(t.db, company.id, new Date(TEST_NOW.getTime() + startsIn[kind] * HOUR), {
      durationMinutes: 60,
      maxParticipants: 30,
    });
    const meeting = await insertMeeting(t.db, slot.id, user.id, {
      participantsCount: PUPILS[kind],
      groupId,
      status: kind === 'cancelled' ? 'cancelled' : 'confirmed',
      absentAt: kind === 'absent' ? new Date(TEST_NOW.getTime() - HOUR) : null,
      attestationCode: CODES[kind],
    });
    meetingOf[kind] = meeting.id;
  }
});
afterEach(() => t.close());

describe('a held meeting: over, standing, its group came', () => {
  it('is what the statistics count as held, with its pupils; the absent group apart', async () => {
    const period = statisticsFormSchema.parse({ du: '2026-03-01', au: '2026-03-31' });
    const numbers = await statistics(NATIONAL, period, t.deps);
    expect({ held: numbers.meetingsHeld, pupils: numbers.pupilsReached, absent: numbers.noShows }).toEqual({
      held: 1,
      pupils: PUPILS.held,
      absent: 1,
    });
  });

  it('is the only one with an attestation, among its documents and at its public address', async () => {
    for (const kind of KINDS) {
      const document = await meetingDocumentFor(teacher, meetingOf[kind], 'attestation', t.deps);
      const page = await publicAttestation({ code: CODES[kind], clientIp: '192.0.2.1' }, t.deps);
      expect({ kind, document: document !== null, page: page !== null }).toEqual({
        kind,
        document: kind === 'held',
        page: kind === 'held',
      });
    }
  });

  it('is the only one whose teacher is asked for their feedback', async () => {
    await runJob('feedback-invitations', t.deps);
    const invited = (await t.db.select().from(feedbackInvitations)).map((row) => row.meetingId);
    expect(invited).toEqual([meetingOf.held]);
  });

  it('is the group’s one encounter in its record, and its hour the group’s hours', async () => {
    const record = await groupRecordFor(teacher, groupId, t.deps);
    const states = Object.fromEntries(
      record.encounters.map((encounter) => [encounter.meetingId, encounter.state]),
    );
    expect(states).toEqual({
      [meetingOf.held]: 'held',
      [meetingOf.cancelled]: 'cancelled',
      [meetingOf.absent]: 'absent',
      [meetingOf.notOver]: 'upcoming',
    });
    expect({ count: record.encountersCount, hours: record.hours }).toEqual({ count: 1, hours: 1 });
    expect(await groupTally({ id: groupId, teacherId: teacher.id }, t.deps)).toEqual({
      encountersCount: 1,
      hours: 1,
    });
  });
});
