import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { establishments } from '../../db/schema.ts';
import { meetingDocumentFor } from '../../server/documents/index.ts';
import type { Viewer } from '../../server/kernel/viewer.ts';
import { findMeetingFact } from '../../server/meetings/index.ts';
import { meetingMailBase } from '../../server/meetings/mails.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../fixtures/app.ts';

/*
 * « Where » (common/meetings.ts meetingPlace) through every reader: one meeting per kind of place, each
 * read by the meeting page's view and the API, the .ics, the e-mails and the fiche de sortie. They must all
 * say the same text.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const DAY = 86_400_000;
const COMPANY_ADDRESS = '1 rue de l’Usine, 69200 Vénissieux';
const SCHOOL = { name: 'Lycée Jean Moulin', label: '3 rue des Écoles, 69007 Lyon' };

/** Each kind of place, and the text every reader must give. */
const CASES = {
  visitOwnPlace: { expected: '12 rue des Forges, 69700 Givors' },
  visitAtCompany: { expected: COMPANY_ADDRESS },
  intervention: { expected: `${SCHOOL.name}, ${SCHOOL.label}` },
  webinarLink: { expected: 'https://visio.example.fr/forges' },
} as const;
type Kind = keyof typeof CASES;

let t: TestApp;
let token: string;
let teacher: Viewer;
const meetingOf = {} as Record<Kind, number>;

beforeEach(async () => {
  t = await createTestApp();
  const company = await insertCompany(t.db, { name: 'Forges de Vénissieux', label: COMPANY_ADDRESS });
  const [school] = await t.db
    .insert(establishments)
    .values({ name: SCHOOL.name, type: 'lycee', label: SCHOOL.label })
    .returning();
  const user = await insertUser(t.db, { kind: 'teacher', establishmentId: school?.id ?? null });
  token = await loginAs(t.db, user.id);
  teacher = {
    id: user.id,
    kind: 'teacher',
    companyId: null,
    firstName: 'Léa',
    lastName: 'Martin',
    sessionId: '',
    regionCode: null,
  };
  const slotOf: Record<Kind, Parameters<typeof insertSlot>[3]> = {
    visitOwnPlace: {
      meetingType: 'CompanyVisit',
      placeLabel: CASES.visitOwnPlace.expected,
      placeLat: 45.59,
      placeLng: 4.8,
    },
    visitAtCompany: { meetingType: 'CompanyVisit', placeLabel: null },
    intervention: { meetingType: 'ClassroomIntervention' },
    webinarLink: { meetingType: 'Webinar', videoLink: CASES.webinarLink.expected },
  };
  let day = 2;
  for (const kind of Object.keys(CASES) as Kind[]) {
    const slot = await insertSlot(t.db, company.id, new Date(TEST_NOW.getTime() + day++ * DAY), slotOf[kind]);
    meetingOf[kind] = (
      await insertMeeting(t.db, slot.id, user.id, { establishmentId: school?.id ?? null })
    ).id;
  }
});
afterEach(() => t.close());

describe('a meeting’s place, one text everywhere', () => {
  for (const kind of Object.keys(CASES) as Kind[]) {
    it(`${kind}: the page and the API, the .ics, the e-mails and the fiche de sortie agree`, async () => {
      const { expected } = CASES[kind];
      const id = meetingOf[kind];
      const api = await t.graphql<{ meeting: { place: string | null; slot: { place: string | null } } }>(
        'query ($id: ID!) { meeting(id: $id) { place slot { place } } }',
        { id: String(id) },
        { token },
      );
      expect(api.data?.meeting.place).toBe(expected);
      // The slot's own place is a visit's alone (API.md).
      if (kind.startsWith('visit')) expect(api.data?.meeting.slot.place).toBe(expected);

      const ics = await (
        await t.app.request(`/calendar/meetings/${id}.ics`, { headers: { authorization: `Bearer ${token}` } })
      ).text();
      const location = /^LOCATION:(.*)$/m.exec(ics.replace(/\r\n /g, ''))?.[1] ?? '';
      expect(location.replace(/\\([,;\\])/g, '$1')).toBe(expected);

      const fact = await findMeetingFact(t.db, id);
      if (!fact) throw new Error('no meeting');
      const mail = meetingMailBase(fact, { audience: 'teacher', firstName: 'Léa' }, t.deps.config.PUBLIC_URL);
      expect(mail.place).toBe(expected);

      if (kind !== 'webinarLink') {
        const fiche = await meetingDocumentFor(teacher, id, 'fiche-de-sortie', t.deps);
        expect(JSON.stringify(fiche?.sheets)).toContain(JSON.stringify(expected).slice(1, -1));
      }
    });
  }
});
