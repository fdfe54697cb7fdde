import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { departments, establishments, type users, weeklyAlerts } from '../../db/schema.ts';
import { createTestApp, insertCompany, insertSlot, insertUser } from '../../tests/fixtures/app.ts';
import { runJob } from '../main/scheduled.ts';
import { alertWeekAt, isoWeekOf } from './weekly-alert.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monday 23 November 2026, 08:00 in Paris (winter time, UTC+1): the alert's hour. */
const MONDAY = new Date('2026-11-23T07:00:00Z');
const at = (offsetMs: number) => new Date(MONDAY.getTime() + offsetMs);

/** The teachers' point: 1° of latitude is 111.2 km, so 0.40° north is 44.5 km away, 0.50° is 55.6 km. */
const HOME = { lat: 45.0, lng: 4.85 };

let t: TestApp;
let establishmentId: number;

async function teacher(email: string, overrides: Partial<typeof users.$inferInsert> = {}) {
  return insertUser(t.db, {
    kind: 'teacher',
    email,
    firstName: email.split('@')[0],
    establishmentId,
    sectors: ['metallurgy'],
    jobs: [],
    weeklyMail: true,
    ...overrides,
  });
}

/** A company `northKm` north of HOME, with one slot created `createdAgo` before Monday, starting `startsIn` after. */
async function companyWithSlot(
  name: string,
  options: {
    northDegrees?: number;
    sector?: 'metallurgy' | 'aerospace';
    createdAgo?: number;
    startsIn?: number;
    company?: Parameters<typeof insertCompany>[1];
    slot?: Parameters<typeof insertSlot>[3];
  } = {},
) {
  const company = await insertCompany(t.db, {
    name,
    sector: options.sector ?? 'metallurgy',
    lat: HOME.lat + (options.northDegrees ?? 0.1),
    lng: HOME.lng,
    ...options.company,
  });
  const slot = await insertSlot(t.db, company.id, at(options.startsIn ?? 10 * DAY), {
    createdAt: at(-(options.createdAgo ?? 2 * DAY)),
    ...options.slot,
  });
  return { company, slot };
}

async function run(now = MONDAY, options: { manual?: boolean } = {}) {
  t.clock.set(now);
  const report = await runJob('weekly-alert', t.deps, undefined, { manual: options.manual ?? false });
  await t.deps.outbox.wake();
  return report;
}

const alertsTo = (email: string) =>
  t.mail.messages.filter((message) => message.to === email && /créneau/.test(message.subject));

beforeEach(async () => {
  t = await createTestApp({ now: MONDAY });
  await t.db.update(departments).set({ active: true }).where(eq(departments.code, '69'));
  const [establishment] = await t.db
    .insert(establishments)
    .values({ name: 'Lycée Test', type: 'Lycée professionnel', departmentCode: '69', ...HOME })
    .returning();
  establishmentId = establishment?.id ?? 0;
});
afterEach(() => t.close());

describe('the alert week', () => {
  it('is the ISO week, the weeks tiling from one Monday 08:00 Paris to the next, summer or winter', () => {
    expect(isoWeekOf('2026-11-23')).toBe('2026-W48');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2025-12-29')).toBe('2026-W01');
    expect(alertWeekAt(MONDAY, false)).toEqual({
      week: '2026-W48',
      from: new Date('2026-11-16T07:00:00Z'),
      to: MONDAY,
    });
    // The Monday after the change to winter time: 08:00 was 06:00 UTC a week before.
    expect(alertWeekAt(new Date('2026-11-02T07:00:00Z'), false)).toEqual({
      week: '2026-W45',
      from: new Date('2026-10-26T07:00:00Z'),
      to: new Date('2026-11-02T07:00:00Z'),
    });
    // Summer: 06:00 UTC is 08:00 in Paris.
    expect(alertWeekAt(new Date('2026-06-01T06:00:00Z'), false)?.week).toBe('2026-W23');
  });

  it('is nothing before Monday 08:00 in Paris nor on another day, unless run by hand', () => {
    expect(alertWeekAt(new Date('2026-11-23T06:00:00Z'), false)).toBeNull();
    expect(alertWeekAt(new Date('2026-11-24T07:00:00Z'), false)).toBeNull();
    expect(alertWeekAt(new Date('2026-11-22T23:30:00Z'), false)).toBeNull();
    const wednesday = new Date('2026-11-25T12:00:00Z');
    expect(alertWeekAt(wednesday, true)).toEqual({
      week: '2026-W48',
      from: new Date(wednesday.getTime() - 7 * DAY),
      to: wednesday,
    });
  });
});

describe('weekly-alert', () => {
  it('lists, soonest first, the open slots published in the week within 50 km that meet the criteria', async () => {
    await teacher('lea@lycee.example');
    const later = await companyWithSlot('Forges du Rhône', { startsIn: 12 * DAY });
    const sooner = await companyWithSlot('Aciéries de Lyon', { northDegrees: 0.4, startsIn: 3 * DAY });
    // Out: 55 km away, another sector, published 8 days ago, full, already started, deleted, its company
    // not validated, its department closed.
    await companyWithSlot('Trop loin', { northDegrees: 0.5 });
    await companyWithSlot('Aéro Sud', { sector: 'aerospace' });
    await companyWithSlot('Ancienne', { createdAgo: 8 * DAY });
    await companyWithSlot('Complète', { slot: { maxParticipants: 20, seatsTaken: 20 } });
    await companyWithSlot('Passée', { startsIn: -HOUR });
    await companyWithSlot('Supprimée', { slot: { deletedAt: at(-DAY), maxParticipants: 0 } });
    await companyWithSlot('En attente', { company: { status: 'pending' } });
    await companyWithSlot('Fermée', { company: { departmentCode: '42' } });
    // Published just before the previous alert's hour: last week's, not this one's.
    await companyWithSlot('Semaine passée', { createdAgo: 7 * DAY + 60_000 });

    // The week's candidates: the two listed, and those too far or of another sector for this teacher.
    expect(await run()).toEqual({ slots: 4, teachers: 1, sent: 1, alreadySent: 0, failed: 0 });
    const [mail] = alertsTo('lea@lycee.example');
    expect(mail?.subject).toBe('2 nouveaux créneaux près de chez vous cette semaine');
    const text = mail?.text ?? '';
    expect(text.indexOf('Aciéries de Lyon')).toBeGreaterThan(0);
    expect(text.indexOf('Aciéries de Lyon')).toBeLessThan(text.indexOf('Forges du Rhône'));
    for (const absent of [
      'Trop loin',
      'Aéro Sud',
      'Ancienne',
      'Complète',
      'Passée',
      'Supprimée',
      'En attente',
    ])
      expect(text).not.toContain(absent);
    expect(text).not.toContain('Fermée');
    expect(text).not.toContain('Semaine passée');
    // Company, date in the slot's zone, type, and a link to the company's page at the slot's week.
    expect(text).toContain('Visite le jeudi 26 novembre 2026 à 08:00');
    expect(text).toContain(
      `http://localhost:3000/company-details?id=${sooner.company.id}&semaine=2026-11-23&creneau=${sooner.slot.id}#semaine`,
    );
    expect(text).toContain(
      `/company-details?id=${later.company.id}&semaine=2026-11-30&creneau=${later.slot.id}#semaine`,
    );
    expect(text).toContain('44 km');
    // Bulk: the one-click unsubscribe, in the headers and the footer.
    const unsubscribe = /http:\/\/localhost:3000\/unsubscribe\/[\w-]+\.[\w-]+/.exec(text)?.[0];
    expect(unsubscribe).toBeDefined();
    expect(mail?.headers).toMatchObject({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail?.html).toContain('Se désabonner');
  });

  it('follows each teacher: sectors, or jobs when set, their own address, and only those with the flag', async () => {
    await t.db.run(sql`INSERT INTO jobs (label, sector) VALUES ('Soudeur', 'aerospace')`);
    const aero = await companyWithSlot('Aéro Sud', { sector: 'aerospace' });
    await t.db.run(
      sql`INSERT INTO company_jobs (company_id, job_id) SELECT ${aero.company.id}, id FROM jobs WHERE label = 'Soudeur'`,
    );
    await companyWithSlot('Forges du Rhône');
    await teacher('metal@lycee.example');
    await teacher('soudure@lycee.example', { sectors: ['naval'], jobs: ['soudeur'] });
    await teacher('naval@lycee.example', { sectors: ['naval'] });
    await teacher('tout@lycee.example', { sectors: [], jobs: [] });
    await teacher('sans-alerte@lycee.example', { weeklyMail: false });
    // Their own address, 2° south: nothing within 50 km.
    await teacher('ailleurs@lycee.example', {
      useEstablishmentAddress: false,
      referenceLat: HOME.lat - 2,
      referenceLng: HOME.lng,
    });
    await insertUser(t.db, { kind: 'recruiter', email: 'rh@forges.example', weeklyMail: true });

    expect(await run()).toMatchObject({ teachers: 5, sent: 3, failed: 0 });
    const listed = (email: string) =>
      alertsTo(email).flatMap((mail) =>
        ['Aéro Sud', 'Forges du Rhône'].filter((name) => mail.text.includes(name)),
      );
    expect(listed('metal@lycee.example')).toEqual(['Forges du Rhône']);
    expect(listed('soudure@lycee.example')).toEqual(['Aéro Sud']);
    expect(listed('tout@lycee.example')).toEqual(['Aéro Sud', 'Forges du Rhône']);
    for (const none of [
      'naval@lycee.example',
      'sans-alerte@lycee.example',
      'ailleurs@lycee.example',
      'rh@forges.example',
    ])
      expect(alertsTo(none)).toEqual([]);
  });

  it('never sends twice in a week, however often it runs; the next Monday is another week', async () => {
    await teacher('lea@lycee.example');
    await companyWithSlot('Forges du Rhône');
    expect(await run()).toMatchObject({ sent: 1 });
    // The cron's other hour (09:00 in Paris in winter) finds the week sent.
    expect(await run(at(HOUR))).toEqual({ slots: 1, teachers: 1, sent: 0, alreadySent: 1, failed: 0 });
    expect(await run(at(HOUR), { manual: true })).toMatchObject({ sent: 0, alreadySent: 1 });
    expect(await t.db.select().from(weeklyAlerts)).toEqual([
      expect.objectContaining({ week: '2026-W48', slotsCount: 1, sentAt: MONDAY }),
    ]);
    expect(alertsTo('lea@lycee.example')).toHaveLength(1);

    await companyWithSlot('Aciéries de Lyon', { createdAgo: -3 * DAY, startsIn: 20 * DAY });
    expect(await run(at(7 * DAY))).toMatchObject({ slots: 1, sent: 1 });
    expect(alertsTo('lea@lycee.example').map((mail) => mail.subject)).toEqual([
      'Un nouveau créneau près de chez vous cette semaine',
      'Un nouveau créneau près de chez vous cette semaine',
    ]);
  });

  it('does nothing before Monday 08:00 in Paris, nor on Tuesday; by hand it sends now', async () => {
    await teacher('lea@lycee.example');
    await companyWithSlot('Forges du Rhône', { createdAgo: 2 * HOUR });
    expect(await run(at(-HOUR))).toEqual({ slots: 0, teachers: 0, sent: 0, alreadySent: 0, failed: 0 });
    expect(await run(at(DAY))).toEqual({ slots: 0, teachers: 0, sent: 0, alreadySent: 0, failed: 0 });
    expect(t.mail.messages).toEqual([]);
    expect(await run(at(-HOUR), { manual: true })).toMatchObject({ slots: 1, sent: 1 });
  });

  it('sends no e-mail when nothing matches', async () => {
    await teacher('lea@lycee.example');
    await companyWithSlot('Aéro Sud', { sector: 'aerospace' });
    expect(await run()).toEqual({ slots: 1, teachers: 1, sent: 0, alreadySent: 0, failed: 0 });
    expect(t.mail.messages).toEqual([]);
    expect(await t.db.select().from(weeklyAlerts)).toEqual([]);
  });

  it('after a crash in the middle, the rerun sends only what was not sent', async () => {
    for (const name of ['un', 'deux', 'trois', 'quatre']) await teacher(`${name}@lycee.example`);
    await companyWithSlot('Forges du Rhône');
    // The page of the second teacher cannot be queued (pages of 1 here): its transaction fails whole.
    await t.db.run(
      sql.raw(`CREATE TRIGGER crash BEFORE INSERT ON outbox WHEN NEW.payload LIKE '%deux@lycee%'
        BEGIN SELECT RAISE(ABORT, 'disk full'); END`),
    );
    t.clock.set(MONDAY);
    const { sendWeeklyAlerts } = await import('./weekly-alert.ts');
    expect(await sendWeeklyAlerts(t.deps, { pageSize: 1 })).toEqual({
      slots: 1,
      teachers: 4,
      sent: 3,
      alreadySent: 0,
      failed: 1,
    });
    expect(t.logs.some((line) => line.message === 'weekly alerts not queued')).toBe(true);
    expect(await t.db.select().from(weeklyAlerts)).toHaveLength(3);
    await t.db.run(sql.raw('DROP TRIGGER crash'));
    expect(await sendWeeklyAlerts(t.deps, { pageSize: 3 })).toEqual({
      slots: 1,
      teachers: 4,
      sent: 1,
      alreadySent: 3,
      failed: 0,
    });
    await t.deps.outbox.wake();
    expect(t.mail.messages.map((message) => message.to).sort()).toEqual([
      'deux@lycee.example',
      'quatre@lycee.example',
      'trois@lycee.example',
      'un@lycee.example',
    ]);
  });

  it('stops listing at 20 slots and points to the search for the others', async () => {
    await teacher('lea@lycee.example');
    const { company } = await companyWithSlot('Forges du Rhône', { startsIn: DAY });
    for (let i = 2; i <= 23; i++) {
      await insertSlot(t.db, company.id, at(i * DAY), { createdAt: at(-DAY) });
    }
    await run();
    const [mail] = alertsTo('lea@lycee.example');
    expect(mail?.subject).toBe('23 nouveaux créneaux près de chez vous cette semaine');
    expect(mail?.text.match(/company-details/g)).toHaveLength(20);
    expect(mail?.text).toContain('Voici les 20 premiers');
    expect(mail?.text).toContain('http://localhost:3000/search-companies?lieu=');
  });
});
