/**
 * The meetings export (issue 13): what a row says, in the slot's zone and in Paris, across a change of
 * summer time; the operator's area; batches that follow each other without a gap or a repeat.
 */

import { desc } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { contactMessages, meetings, transportRequests } from '../../db/schema.ts';
import { createTestApp, insertCompany, insertSlot, insertUser, loginAs } from '../../tests/fixtures/app.ts';
import { meetingsInBatches } from '../meetings/index.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const at = (iso: string) => new Date(iso);

async function insertMeeting(
  db: Db,
  slotId: number,
  teacherId: number,
  values: Partial<typeof meetings.$inferInsert>,
) {
  await db.insert(meetings).values({
    slotId,
    teacherId,
    participantsCount: 12,
    publicCategory: 'highSchool',
    charterAcceptedAt: at('2026-03-01T10:00:00Z'),
    createdAt: at('2026-03-01T10:00:00Z'),
    ...values,
  });
}

describe('the meetings export', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp();
    const lyon = await insertCompany(t.db, { name: 'Forges; "Rhône"', departmentCode: '69' });
    const reunion = await insertCompany(t.db, {
      name: 'Chantier naval du Port',
      sector: 'naval',
      departmentCode: '974',
      zipcode: '97420',
    });
    const teacher = await insertUser(t.db, { kind: 'teacher', firstName: 'Léa', lastName: 'Martin' });
    // 29 March 2026: Paris goes from 02:00 winter time to 03:00 summer time (01:00 UTC).
    const beforeChange = await insertSlot(t.db, lyon.id, at('2026-03-29T00:30:00Z'));
    await insertMeeting(t.db, beforeChange.id, teacher.id, { createdAt: at('2026-03-28T23:15:00Z') });
    const afterChange = await insertSlot(t.db, lyon.id, at('2026-03-29T01:30:00Z'), {
      meetingType: 'Webinar',
      durationMinutes: 90,
    });
    await insertMeeting(t.db, afterChange.id, teacher.id, {
      status: 'cancelled',
      cancelledAt: at('2026-03-27T08:05:00Z'),
      cancelReason: 'Grève des transports',
    });
    const island = await insertSlot(t.db, reunion.id, at('2026-04-14T06:00:00Z'), {
      timeZone: 'Indian/Reunion',
    });
    await insertMeeting(t.db, island.id, teacher.id, { participantsCount: 8 });
  });
  afterEach(() => t.close());

  async function download(regionCode: string | null) {
    const admin = await insertUser(t.db, { kind: 'admin', operatorRegion: regionCode });
    const response = await t.app.request('/exports/meetings.csv', {
      headers: { authorization: `Bearer ${await loginAs(t.db, admin.id)}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="rencontres.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    // UTF-8 with its byte order mark, as French spreadsheets want it.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return new TextDecoder().decode(bytes).split('\r\n');
  }

  it('writes each meeting at its slot’s wall clock, the other dates in Paris, across a change of time', async () => {
    const lines = await download(null);
    expect(lines[0]).toMatch(/^Identifiant;Date et heure \(heure locale du créneau\);Fuseau;/);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        /^\d+;2026-03-29 01:30;Europe\/Paris;60;Visite;"Forges; ""Rhône""";69;Auvergne-Rhône-Alpes;Métallurgie;Léa Martin;;12;Lycéens;Confirmée;2026-03-29 00:15;;$/,
      ),
      expect.stringMatching(
        /^\d+;2026-03-29 03:30;Europe\/Paris;90;Webinaire;"Forges; ""Rhône""";69;Auvergne-Rhône-Alpes;Métallurgie;Léa Martin;;12;Lycéens;Annulée;2026-03-01 11:00;2026-03-27 09:05;Grève des transports$/,
      ),
      expect.stringMatching(
        /^\d+;2026-04-14 10:00;Indian\/Reunion;60;Visite;Chantier naval du Port;974;La Réunion;Naval;Léa Martin;;8;Lycéens;Confirmée;2026-03-01 11:00;;$/,
      ),
      '',
    ]);
  });

  it('holds the operator’s region only', async () => {
    const lines = await download('06');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.includes(';69;Auvergne-Rhône-Alpes;Métallurgie;'))).toBe(true);
  });

  it('reads every meeting once, batch after batch, in id order', async () => {
    const batches = [];
    for await (const batch of meetingsInBatches(t.db, {}, new Date(), 2))
      batches.push(batch.map((m) => m.id));
    expect(batches.map((batch) => batch.length)).toEqual([2, 1]);
    const ids = batches.flat();
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(3);
    const [first] =
      (await meetingsInBatches(t.db, { departmentCodes: ['974'] }, new Date()).next()).value ?? [];
    expect(first).toMatchObject({
      companyDepartmentCode: '974',
      timeZone: 'Indian/Reunion',
      participantsCount: 8,
    });
    expect(first?.startsAt).toBe(at('2026-04-14T06:00:00Z').getTime());
  });
});

describe('the transport requests export (API.md, CSV exports)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('lists each request with its meeting, the operator’s region only', async () => {
    const teacher = await insertUser(t.db, { kind: 'teacher', firstName: 'Léa', lastName: 'Martin' });
    for (const [name, departmentCode, zipcode] of [
      ['Forges de Lyon', '69', '69003'],
      ['Chantier naval du Port', '974', '97420'],
    ] as const) {
      const company = await insertCompany(t.db, { name, departmentCode, zipcode });
      const slot = await insertSlot(t.db, company.id, at('2026-04-14T06:00:00Z'));
      await insertMeeting(t.db, slot.id, teacher.id, {});
      const [meeting] = await t.db
        .select({ id: meetings.id })
        .from(meetings)
        .orderBy(desc(meetings.id))
        .limit(1);
      await t.db.insert(transportRequests).values({
        meetingId: meeting?.id ?? 0,
        groupSize: 12,
        departureLabel: `Lycée de ${name}`,
        comment: '=SOMME(A1)',
        status: 'pending',
        createdAt: at('2026-03-02T09:00:00Z'),
      });
    }
    const download = async (regionCode: string | null) => {
      const admin = await insertUser(t.db, { kind: 'admin', operatorRegion: regionCode });
      const response = await t.app.request('/exports/transport.csv', {
        headers: { authorization: `Bearer ${await loginAs(t.db, admin.id)}` },
      });
      expect(response.status).toBe(200);
      return (await response.text())
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, -1);
    };
    const france = await download(null);
    expect(france[0]).toBe(
      'Identifiant;Demandée le;Statut;Rencontre;Date de la visite (heure locale);Entreprise;Département;Région;Enseignant;E-mail;Téléphone;Établissement;Personnes;Départ;Commentaire;Réponse;Répondue le',
    );
    expect(france).toHaveLength(3);
    // A text a spreadsheet would run is written as text.
    expect(france[1]).toContain(";'=SOMME(A1);");
    const region = await download('06');
    expect(region).toHaveLength(2);
    expect(region[1]).toMatch(
      /;En attente de réponse;\d+;2026-04-14 08:00;Forges de Lyon;69;Auvergne-Rhône-Alpes;Léa Martin;/,
    );
  });
});

describe('the contact messages export (docs/decisions/0042)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('lists the contact form’s messages of the operator’s region, never those to companies', async () => {
    const company = await insertCompany(t.db, { name: 'Forges de Lyon' });
    const message = (departmentCode: string, regionCode: string, companyId: number | null = null) => ({
      name: 'Léa Martin',
      email: 'lea@lycee.example',
      subject: 'booking',
      // check-french-ignore: what the teacher typed, formula and all
      body: '=SOMME(A1) et ma réservation ?',
      departmentCode,
      regionCode,
      companyId,
      senderRole: 'Enseignant ou enseignante',
      createdAt: at('2026-03-02T09:00:00Z'),
    });
    await t.db
      .insert(contactMessages)
      .values([message('69', '06'), message('974', '04'), message('69', '06', company.id)]);
    const download = async (regionCode: string | null) => {
      const admin = await insertUser(t.db, { kind: 'admin', operatorRegion: regionCode });
      const response = await t.app.request('/exports/contact.csv', {
        headers: { authorization: `Bearer ${await loginAs(t.db, admin.id)}` },
      });
      expect(response.status).toBe(200);
      return (await response.text())
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, -1);
    };
    const france = await download(null);
    expect(france[0]).toBe(
      'Identifiant;Reçu le;Sujet;Statut;Nom;E-mail;Profil;Établissement ou entreprise;Département;Région;Message;Réponse;Répondu le',
    );
    expect(france).toHaveLength(3);
    const region = await download('06');
    expect(region).toHaveLength(2);
    expect(region[1]).toMatch(
      /^\d+;2026-03-02 10:00;Une réservation;Nouveau;Léa Martin;lea@lycee.example;Enseignant ou enseignante;;69;Auvergne-Rhône-Alpes;'=SOMME\(A1\) et ma réservation \?;;$/,
    );
  });
});

/** Issue 21: an export holds what its list's screen shows, filters and the operator's area alike. */
describe('every export honours its screen’s filters', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  async function rows(path: string, regionCode: string | null = null) {
    const admin = await insertUser(t.db, { kind: 'admin', operatorRegion: regionCode });
    const response = await t.app.request(path, {
      headers: { authorization: `Bearer ${await loginAs(t.db, admin.id)}` },
    });
    expect(response.status).toBe(200);
    return (await response.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1, -1);
  }
  const names = (lines: string[], column: number) => lines.map((line) => line.split(';')[column]).sort();

  it('companies: text, status and department, within the operator’s area', async () => {
    await insertCompany(t.db, { name: 'Forges de Lyon', status: 'pending' });
    await insertCompany(t.db, { name: 'Forges de Lyon validées' });
    await insertCompany(t.db, { name: 'Chaudronnerie du Rhône', status: 'pending' });
    await insertCompany(t.db, {
      name: 'Forges du Port',
      status: 'pending',
      departmentCode: '974',
      zipcode: '97420',
    });
    expect(names(await rows('/exports/companies.csv'), 2)).toHaveLength(4);
    expect(names(await rows('/exports/companies.csv?q=forges&statut=pending'), 2)).toEqual([
      'Forges de Lyon',
      'Forges du Port',
    ]);
    expect(names(await rows('/exports/companies.csv?q=forges&statut=pending&departement=974'), 2)).toEqual([
      'Forges du Port',
    ]);
    // A regional operator's export stays in their area, whatever the query asks.
    expect(names(await rows('/exports/companies.csv?q=forges&statut=pending', '06'), 2)).toEqual([
      'Forges de Lyon',
    ]);
    expect(await rows('/exports/companies.csv?departement=974', '06')).toEqual([]);
  });

  it('teachers: the name or e-mail searched', async () => {
    await insertUser(t.db, { kind: 'teacher', firstName: 'Émile', lastName: 'Durand' });
    await insertUser(t.db, { kind: 'teacher', firstName: 'Zoé', lastName: 'Bernard' });
    expect(await rows('/exports/teachers.csv')).toHaveLength(2);
    expect(names(await rows('/exports/teachers.csv?q=Durand'), 2)).toEqual(['Durand']);
  });

  it('meetings: period, department, type and status', async () => {
    const teacher = await insertUser(t.db, { kind: 'teacher' });
    const lyon = await insertCompany(t.db, { name: 'Forges de Lyon' });
    const port = await insertCompany(t.db, {
      name: 'Chantier du Port',
      departmentCode: '974',
      zipcode: '97420',
    });
    const visit = await insertSlot(t.db, lyon.id, at('2026-05-12T08:00:00Z'));
    const webinar = await insertSlot(t.db, lyon.id, at('2026-05-20T08:00:00Z'), { meetingType: 'Webinar' });
    const island = await insertSlot(t.db, port.id, at('2026-05-12T06:00:00Z'));
    await insertMeeting(t.db, visit.id, teacher.id, {});
    await insertMeeting(t.db, webinar.id, teacher.id, {
      status: 'cancelled',
      cancelledAt: at('2026-05-01T08:00:00Z'),
    });
    await insertMeeting(t.db, island.id, teacher.id, {});
    const companyOf = (lines: string[]) =>
      lines.map((line) => `${line.split(';')[5]} ${line.split(';')[4]}`).sort();
    expect(await rows('/exports/meetings.csv')).toHaveLength(3);
    expect(companyOf(await rows('/exports/meetings.csv?type=Webinar'))).toEqual(['Forges de Lyon Webinaire']);
    expect(companyOf(await rows('/exports/meetings.csv?statut=cancelled'))).toEqual([
      'Forges de Lyon Webinaire',
    ]);
    expect(companyOf(await rows('/exports/meetings.csv?departement=974'))).toEqual([
      'Chantier du Port Visite',
    ]);
    // « au 12 mai » includes the 12th.
    expect(companyOf(await rows('/exports/meetings.csv?du=2026-05-12&au=2026-05-12'))).toEqual([
      'Chantier du Port Visite',
      'Forges de Lyon Visite',
    ]);
    expect(companyOf(await rows('/exports/meetings.csv?du=2026-05-12&au=2026-05-12', '06'))).toEqual([
      'Forges de Lyon Visite',
    ]);
  });

  it('contact messages: the status', async () => {
    const message = (status: 'new' | 'handled') => ({
      name: status === 'new' ? 'Léa Martin' : 'Paul Durand',
      email: 'lea@lycee.example',
      subject: 'booking',
      body: 'Bonjour',
      departmentCode: '69',
      regionCode: '06',
      status,
      senderRole: 'Enseignant ou enseignante',
      createdAt: at('2026-03-02T09:00:00Z'),
    });
    await t.db.insert(contactMessages).values([message('new'), message('handled')]);
    expect(await rows('/exports/contact.csv')).toHaveLength(2);
    expect(names(await rows('/exports/contact.csv?statut=new', '06'), 4)).toEqual(['Léa Martin']);
    expect(names(await rows('/exports/contact.csv?statut=handled'), 4)).toEqual(['Paul Durand']);
  });
});
