/**
 * `GET /exports/my-groups.csv` (docs/decisions/0045): the held encounters of a teacher's groups, one line
 * each, as French spreadsheets and Folios imports read them; a prescriber's period through `?from=&to=`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { companyJobs } from '../../db/schema/jobs.ts';
import { classGroups, jobs } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  loginAs,
} from '../../tests/fixtures/app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const HEADER =
  'Date;Entreprise;Secteur;Métiers;Type de rencontre;Durée (minutes);Durée (heures);Groupe;Niveau;Année scolaire';

const NOW = new Date('2026-06-01T08:00:00Z');
let t: TestApp;
let token: string;
let recruiterToken: string;

const download = (query = '', bearer: string | null = token) =>
  t.app.request(`/exports/my-groups.csv${query}`, {
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });

beforeEach(async () => {
  // 1 June 2026: the spring's meetings are done, the autumn's to come.
  t = await createTestApp({ now: NOW });
  const forges = await insertCompany(t.db, { name: 'Forges; Fonderies "Rhône"', sector: 'metallurgy' });
  const aero = await insertCompany(t.db, { name: 'Aéro Lyon', sector: 'aerospace' });
  const [soudeur, chaudronnier] = await t.db
    .insert(jobs)
    .values([{ label: 'Soudeur' }, { label: 'Chaudronnier' }])
    .returning();
  await t.db.insert(companyJobs).values([
    { companyId: forges.id, jobId: soudeur?.id ?? 0 },
    { companyId: forges.id, jobId: chaudronnier?.id ?? 0 },
  ]);
  const teacher = await insertUser(t.db, { kind: 'teacher', profileType: 'prescriber' });
  const other = await insertUser(t.db, { kind: 'teacher' });
  token = await loginAs(t.db, teacher.id, NOW);
  recruiterToken = await loginAs(
    t.db,
    (await insertUser(t.db, { kind: 'recruiter', companyId: forges.id })).id,
    NOW,
  );
  const [group, theirs] = await t.db
    .insert(classGroups)
    .values([
      { teacherId: teacher.id, name: 'Garantie jeunes', level: 'CEJ', schoolYear: '2025-2026' },
      { teacherId: other.id, name: '3e A', schoolYear: '2025-2026' },
    ])
    .returning();
  const meeting = async (
    companyId: number,
    startsAt: string,
    minutes: number,
    options: { groupId?: number | null; teacherId?: number; status?: 'cancelled' } = {},
  ) => {
    const slot = await insertSlot(t.db, companyId, new Date(startsAt), {
      durationMinutes: minutes,
      meetingType: companyId === aero.id ? 'Webinar' : 'CompanyVisit',
    });
    await insertMeeting(t.db, slot.id, options.teacherId ?? teacher.id, {
      groupId: options.groupId === undefined ? (group?.id ?? null) : options.groupId,
      ...(options.status ? { status: options.status } : {}),
    });
  };
  await meeting(forges.id, '2026-03-10T08:00:00Z', 90);
  await meeting(aero.id, '2026-04-14T12:00:00Z', 60);
  await meeting(aero.id, '2026-05-05T12:00:00Z', 60, { status: 'cancelled' });
  await meeting(forges.id, '2026-05-12T08:00:00Z', 120, { groupId: null });
  await meeting(forges.id, '2026-05-19T08:00:00Z', 60, { teacherId: other.id, groupId: theirs?.id ?? null });
  await meeting(forges.id, '2026-09-15T08:00:00Z', 60);
});
afterEach(() => t.close());

describe('GET /exports/my-groups.csv', () => {
  it('is UTF-8 with a BOM and `;`, a line per held meeting of the teacher’s groups', async () => {
    const response = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')).toEqual([
      HEADER,
      '10/03/2026;"Forges; Fonderies ""Rhône""";Métallurgie;Chaudronnier, Soudeur;Visite;90;1,5;Garantie jeunes;CEJ;2025-2026',
      '14/04/2026;Aéro Lyon;Aéronautique et spatial;;Webinaire;60;1;Garantie jeunes;CEJ;2025-2026',
      '',
    ]);
  });

  it('keeps a period’s encounters (a prescriber’s hours), a school year’s, and refuses a bad one in French', async () => {
    const april = await (await download('?from=2026-04-01&to=2026-04-30')).text();
    expect(april.split('\r\n').slice(1, -1)).toEqual([
      '14/04/2026;Aéro Lyon;Aéronautique et spatial;;Webinaire;60;1;Garantie jeunes;CEJ;2025-2026',
    ]);
    const nextYear = await (await download('?schoolYear=2026-2027')).text();
    expect(nextYear.split('\r\n').slice(1, -1)).toEqual([]);
    const bad = await download('?schoolYear=2026-2028');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(
      'Indiquez une année scolaire de la forme 2026-2027 : deux années qui se suivent.',
    );
    const backwards = await download('?from=2026-05-01&to=2026-04-01');
    expect(await backwards.text()).toBe('La date de fin doit suivre la date de début.');
  });

  it('is a teacher’s: 401 for a visitor, 403 for a company', async () => {
    expect((await download('', null)).status).toBe(401);
    expect((await download('', recruiterToken)).status).toBe(403);
  });
});
