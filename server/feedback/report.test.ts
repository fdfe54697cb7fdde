import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { feedback, meetings, slots } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import { CSV_PAGE_ROWS, FEEDBACK_CSV_COLUMNS } from './csv.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const HOUR = 3_600_000;
const REPORT = `query ($companyId: ID) {
  feedbackReport(companyId: $companyId) {
    count averages { organisation matching engagement }
    distribution { organisation matching engagement }
    items(limit: 10) { organisation liked meeting { id company { name } } }
  }
}`;

let t: TestApp;
let forges: { id: number };
let usine: { id: number };
const tokens = {} as Record<'teacher' | 'forges' | 'usine' | 'admin', string>;

/** A done meeting of the company, answered with these ratings and texts. */
async function answered(
  companyId: number,
  ratings: [number, number, number],
  texts: {
    liked?: string | null;
    suggestions?: string | null;
    teacher?: { firstName: string; lastName: string };
  } = {},
  slot: { startsAt?: Date; timeZone?: string } = {},
) {
  const teacher = await insertUser(t.db, { kind: 'teacher', ...texts.teacher });
  const startsAt = slot.startsAt ?? new Date(TEST_NOW.getTime() - 48 * HOUR);
  const { id } = await insertSlot(t.db, companyId, startsAt, { timeZone: slot.timeZone ?? 'Europe/Paris' });
  const meeting = await insertMeeting(t.db, id, teacher.id, { participantsCount: 14 });
  const [organisation, matching, engagement] = ratings;
  await t.db.insert(feedback).values({
    meetingId: meeting.id,
    organisation,
    matching,
    engagement,
    liked: texts.liked ?? null,
    suggestions: texts.suggestions ?? null,
    createdAt: new Date(startsAt.getTime() + 26 * HOUR),
  });
  return meeting.id;
}

beforeEach(async () => {
  t = await createTestApp();
  forges = await insertCompany(t.db, { name: 'Forges de Vénissieux' });
  usine = await insertCompany(t.db, { name: 'Usine du Port', departmentCode: '974' });
  tokens.teacher = await loginAs(t.db, (await insertUser(t.db, { kind: 'teacher' })).id);
  tokens.forges = await loginAs(
    t.db,
    (await insertUser(t.db, { kind: 'recruiter', companyId: forges.id })).id,
  );
  tokens.usine = await loginAs(t.db, (await insertUser(t.db, { kind: 'recruiter', companyId: usine.id })).id);
  tokens.admin = await loginAs(t.db, (await insertUser(t.db, { kind: 'admin' })).id);
});
afterEach(() => t.close());

describe('feedbackReport', () => {
  it('gives a company the count, averages and distribution of its own answers, each with its meeting', async () => {
    await answered(forges.id, [4, 3, 4], { liked: 'Les machines' });
    await answered(forges.id, [3, 3, 2]);
    await answered(usine.id, [1, 1, 1]);
    const { data, errors } = await t.graphql(REPORT, {}, { token: tokens.forges });
    expect(errors).toBeUndefined();
    expect(data?.feedbackReport).toMatchObject({
      count: 2,
      averages: { organisation: 3.5, matching: 3, engagement: 3 },
      distribution: { organisation: [0, 0, 1, 1], matching: [0, 0, 2, 0], engagement: [0, 1, 0, 1] },
    });
    const { items } = (data?.feedbackReport ?? { items: [] }) as {
      items: { meeting: { company: { name: string } } }[];
    };
    expect(items.map((item) => item.meeting.company.name)).toEqual([
      'Forges de Vénissieux',
      'Forges de Vénissieux',
    ]);
  });

  it('gives the operators every company’s, or one company’s', async () => {
    await answered(forges.id, [4, 4, 4]);
    await answered(usine.id, [2, 2, 2]);
    const all = await t.graphql(REPORT, {}, { token: tokens.admin });
    expect(all.data?.feedbackReport).toMatchObject({ count: 2, averages: { organisation: 3 } });
    const one = await t.graphql(REPORT, { companyId: String(usine.id) }, { token: tokens.admin });
    expect(one.data?.feedbackReport).toMatchObject({ count: 1, averages: { organisation: 2 } });
  });

  it('has no averages before the first answer', async () => {
    const { data } = await t.graphql(REPORT, {}, { token: tokens.usine });
    expect(data?.feedbackReport).toMatchObject({
      count: 0,
      averages: null,
      distribution: { organisation: [0, 0, 0, 0] },
      items: [],
    });
  });

  it('tells a recruiter another company’s report does not exist, and refuses teachers and visitors', async () => {
    await answered(usine.id, [1, 1, 1]);
    const code = async (variables: Record<string, unknown>, token?: string) =>
      (await t.graphql(REPORT, variables, token ? { token } : {})).errors?.[0]?.extensions?.code;
    expect(await code({ companyId: String(usine.id) }, tokens.forges)).toBe('NOT_FOUND');
    expect(await code({ companyId: String(forges.id) }, tokens.forges)).toBeUndefined();
    expect(await code({}, tokens.teacher)).toBe('FORBIDDEN');
    expect(await code({})).toBe('UNAUTHENTICATED');
    expect(await code({ companyId: 'abc' }, tokens.admin)).toBe('BAD_USER_INPUT');
  });
});

const csv = (token?: string, query = '') =>
  t.app.request(`/exports/feedback.csv${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** The file's rows, its fields split as a spreadsheet would (quotes, doubled quotes, line breaks in quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  return rows;
}

describe('GET /exports/feedback.csv', () => {
  it('is UTF-8 with a BOM, ; between fields, CRLF between rows, quoted where a spreadsheet needs it', async () => {
    await answered(
      forges.id,
      [4, 3, 2],
      {
        // check-french-ignore: the « ; » and the quotes that the CSV escapes
        liked: 'Les robots; la soudure et le "poste de pilotage"',
        suggestions: 'Plus de temps.\nEt des casques plus petits.',
        teacher: { firstName: 'Élodie', lastName: 'Bérard' },
      },
      { startsAt: new Date('2026-03-05T13:30:00Z') },
    );
    const response = await csv(tokens.forges);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="avis-enseignants.csv"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Entreprise;Date de la rencontre;Heure de début;Fuseau horaire;Type de rencontre;Enseignant;Établissement;Participants;Organisation (1 à 4);Adéquation (1 à 4);Implication (1 à 4);Ce qui a plu;Suggestions;Date de l’avis',
    );
    expect(lines[0]?.split(';')).toEqual([...FEEDBACK_CSV_COLUMNS]);
    // 14:30 in Paris (UTC+1 in March); the answer 26 h after the start, in the same zone. The line break
    // inside the suggestions stays inside its quotes.
    expect(lines[1]).toBe(
      // check-french-ignore: the « ; » and the quotes that the CSV escapes
      'Forges de Vénissieux;05/03/2026;14:30;Europe/Paris;Visite;Élodie Bérard;;14;4;3;2;"Les robots; la soudure et le ""poste de pilotage""";"Plus de temps.\nEt des casques plus petits.";06/03/2026 16:30',
    );
    expect(lines).toHaveLength(3);
    expect(text.endsWith('\r\n')).toBe(true);
    const [, row] = parseCsv(text.slice(1));
    // check-french-ignore: the « ; » and the quotes that the CSV escapes
    expect(row?.[11]).toBe('Les robots; la soudure et le "poste de pilotage"');
    expect(row?.[12]).toBe('Plus de temps.\nEt des casques plus petits.');
  });

  it('writes dates in each meeting’s own zone, and never lets a spreadsheet run a text as a formula', async () => {
    await answered(
      usine.id,
      [1, 2, 3],
      {
        liked: '=HYPERLINK("http://x";"cliquez")',
        suggestions: '+33 6 12 34 56 78',
        teacher: { firstName: '@Léa', lastName: 'Hoarau' },
      },
      { startsAt: new Date('2026-03-05T05:00:00Z'), timeZone: 'Indian/Reunion' },
    );
    const [, row] = parseCsv((await (await csv(tokens.usine)).text()).slice(1));
    expect(row?.slice(1, 4)).toEqual(['05/03/2026', '09:00', 'Indian/Reunion']);
    expect(row?.[5]).toBe("'@Léa Hoarau");
    expect(row?.[11]).toBe('\'=HYPERLINK("http://x";"cliquez")');
    expect(row?.[12]).toBe("'+33 6 12 34 56 78");
  });

  it('gives a recruiter their company’s answers and the operators everyone’s, page after page, in order', async () => {
    const total = CSV_PAGE_ROWS * 2 + 3;
    const teacher = await insertUser(t.db, { kind: 'teacher' });
    const { id: _template, ...slotRow } = await insertSlot(
      t.db,
      forges.id,
      new Date(TEST_NOW.getTime() - 2 * HOUR),
    );
    const slotIds = (
      await t.db
        .insert(slots)
        .values(
          Array.from({ length: total }, (_, i) => ({
            ...slotRow,
            companyId: i % 2 === 0 ? forges.id : usine.id,
            startsAt: new Date(TEST_NOW.getTime() - (i + 3) * HOUR),
            endsAt: new Date(TEST_NOW.getTime() - (i + 2) * HOUR),
          })),
        )
        .returning({ id: slots.id })
    ).map((slot) => slot.id);
    const meetingIds = (
      await t.db
        .insert(meetings)
        .values(
          slotIds.map((slotId) => ({
            slotId,
            teacherId: teacher.id,
            participantsCount: 2,
            publicCategory: 'highSchool' as const,
            charterAcceptedAt: TEST_NOW,
          })),
        )
        .returning({ id: meetings.id })
    ).map((meeting) => meeting.id);
    await t.db.insert(feedback).values(
      meetingIds.map((meetingId) => ({
        meetingId,
        organisation: 3,
        matching: 3,
        engagement: 3,
        liked: `avis ${meetingId}`,
      })),
    );
    const all = parseCsv((await (await csv(tokens.admin)).text()).slice(1));
    expect(all).toHaveLength(total + 1);
    expect(all.slice(1).map((row) => row[11])).toEqual(meetingIds.map((id) => `avis ${id}`));
    const own = parseCsv((await (await csv(tokens.forges)).text()).slice(1));
    expect(own.slice(1).every((row) => row[0] === 'Forges de Vénissieux')).toBe(true);
    expect(own).toHaveLength(Math.ceil(total / 2) + 1);
    const one = parseCsv((await (await csv(tokens.admin, `?companyId=${usine.id}`)).text()).slice(1));
    expect(one).toHaveLength(Math.floor(total / 2) + 1);
  }, 30_000);

  it('answers a visitor 401, a teacher 403, a recruiter asking for another company 404, a bad id 400', async () => {
    await answered(usine.id, [1, 1, 1], { liked: 'secret' });
    expect((await csv()).status).toBe(401);
    expect((await csv(tokens.teacher)).status).toBe(403);
    const other = await csv(tokens.forges, `?companyId=${usine.id}`);
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('secret');
    expect((await csv(tokens.admin, '?companyId=abc')).status).toBe(400);
  });
});
