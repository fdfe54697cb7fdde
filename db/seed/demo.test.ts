import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressField } from '../../common/accounts.ts';
import { MEETING_TYPES, SLOT_DURATIONS_MINUTES } from '../../common/constants.ts';
import { isLuhnValid, isValidSiret } from '../../common/siret.ts';
import { utcToZonedWallClock } from '../../common/time.ts';
import { type Db, openDb, prepareConnection } from '../client.ts';
import { migrateDb } from '../migrate.ts';
import { DEPARTMENTS, ensureDepartments } from '../reference/departments.ts';
import { DEMO_RECRUITER_EMAIL } from './demo.ts';
import { DEMO_ACCOUNTS, type DemoAccounts, isDatabaseEmpty, seedDemo } from './index.ts';
import { makeSiret } from './siret.ts';

/** Three weeks before the spring-forward change: the 60 days of slots cross it. */
const NOW = new Date('2026-03-09T10:17:00.000Z');
const DAY_MS = 86_400_000;
const TABLES = [
  'departments',
  'jobs',
  'companies',
  'company_jobs',
  'users',
  'establishments',
  'slots',
  'meetings',
  'feedback',
  'favorites',
  'transport_requests',
  'contact_messages',
  'faq_entries',
  'articles',
] as const;

interface Seeded {
  db: Db;
  dir: string;
  accounts: DemoAccounts;
}

async function seededDatabase(): Promise<Seeded> {
  const dir = mkdtempSync(join(tmpdir(), 'passerelle-seed-'));
  const db = openDb(`file:${join(dir, 'demo.db')}`);
  await prepareConnection(db);
  await migrateDb(db);
  await ensureDepartments(db);
  expect(await isDatabaseEmpty(db)).toBe(true);
  const accounts = await seedDemo(db, { now: NOW, passwordHash: 'scrypt$demo' });
  return { db, dir, accounts };
}

async function rows(db: Db, sql: string): Promise<Record<string, unknown>[]> {
  const result = await db.client.execute(sql);
  return result.rows.map((row) => Object.fromEntries(result.columns.map((column) => [column, row[column]])));
}

async function digest(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const all = await rows(db, `SELECT * FROM ${table} ORDER BY 1, 2`);
    // An attestation's code is random on every install, as a real one (a code shared by every demo could be guessed).
    const kept = all.map(({ attestation_code: _, ...row }) => row);
    out[table] = createHash('sha256').update(JSON.stringify(kept)).digest('hex');
  }
  return out;
}

describe('seedDemo', () => {
  let first: Seeded;
  let second: Seeded;

  beforeAll(async () => {
    first = await seededDatabase();
    second = await seededDatabase();
  });
  afterAll(() => {
    for (const seeded of [first, second]) {
      seeded?.db.client.close();
      if (seeded) rmSync(seeded.dir, { recursive: true, force: true });
    }
  });

  it('writes the same rows on every run for the same `now`, but for the attestation codes', async () => {
    const [a, b] = await Promise.all([digest(first.db), digest(second.db)]);
    expect(a).toEqual(b);
    expect(first.accounts).toEqual(second.accounts);
  });

  it('draws every attestation code at random on each install, as the platform does for real ones', async () => {
    const codes = async (db: Db) =>
      (await rows(db, 'SELECT attestation_code FROM meetings ORDER BY id')).map(
        (row) => row.attestation_code,
      );
    const [a, b] = await Promise.all([codes(first.db), codes(second.db)]);
    expect(a.every((code) => typeof code === 'string' && /^[0-9A-F]{16}$/.test(code))).toBe(true);
    expect(a.filter((code, i) => code === b[i])).toEqual([]);
  });

  it('returns the demo accounts, which exist with the given password hash', async () => {
    const { accounts, db } = first;
    expect(accounts.teacher.email).toBe(DEMO_ACCOUNTS.teacher);
    expect(accounts.recruiter.email).toBe(DEMO_ACCOUNTS.recruiter);
    expect(accounts.pendingRecruiter.email).toBe(DEMO_ACCOUNTS.pendingRecruiter);
    const users = await rows(
      db,
      `SELECT u.email, u.kind, u.password_hash, u.first_name, u.last_name, u.department_code, c.status
       FROM users u LEFT JOIN companies c ON c.id = u.company_id
       WHERE u.email IN ('${accounts.teacher.email}', '${accounts.recruiter.email}', '${accounts.pendingRecruiter.email}')
       ORDER BY u.email`,
    );
    expect(users).toEqual([
      {
        email: accounts.pendingRecruiter.email,
        kind: 'recruiter',
        password_hash: 'scrypt$demo',
        first_name: expect.any(String),
        last_name: expect.any(String),
        department_code: '69',
        status: 'pending',
      },
      {
        email: accounts.teacher.email,
        kind: 'teacher',
        password_hash: 'scrypt$demo',
        first_name: 'Camille',
        last_name: 'Martin',
        department_code: '69',
        status: null,
      },
      {
        email: accounts.recruiter.email,
        kind: 'recruiter',
        password_hash: 'scrypt$demo',
        first_name: expect.any(String),
        last_name: expect.any(String),
        department_code: '69',
        status: 'validated',
      },
    ]);
    // One regional operator (Auvergne-Rhône-Alpes); the national administrator comes from ADMIN_EMAIL.
    expect(await rows(db, "SELECT email, operator_region FROM users WHERE kind = 'admin'")).toEqual([
      { email: DEMO_ACCOUNTS.regionalOperator, operator_region: '06' },
    ]);
    expect(
      await rows(db, "SELECT count(*) AS n FROM users WHERE password_hash IS NOT 'scrypt$demo'"),
    ).toEqual([{ n: 0 }]);
  });

  it('holds addresses the forms would accept: within the caps, each point in its postcode’s department', async () => {
    const addresses = [
      ...(await rows(first.db, 'SELECT label, zipcode, city, lat, lng FROM companies')),
      ...(await rows(first.db, 'SELECT label, zipcode, city, lat, lng FROM establishments')),
      ...(await rows(
        first.db,
        `SELECT reference_label AS label, reference_zipcode AS zipcode, reference_city AS city,
           reference_lat AS lat, reference_lng AS lng FROM users WHERE reference_label IS NOT NULL`,
      )),
    ];
    expect(addresses.length).toBeGreaterThan(20);
    const refused = addresses.filter((address) => !addressField.safeParse(address).success);
    expect(refused).toEqual([]);
  });

  it('activates at least four departments, one of them overseas, with their chamber', async () => {
    const active = await rows(
      first.db,
      'SELECT code, chamber FROM departments WHERE active = 1 ORDER BY code',
    );
    expect(active.length).toBeGreaterThanOrEqual(4);
    expect(active.some((d) => String(d.code).startsWith('97'))).toBe(true);
    for (const department of active) expect(department.chamber).toMatch(/^UIMM /);
    expect(await rows(first.db, 'SELECT count(*) AS n FROM departments')).toEqual([
      { n: DEPARTMENTS.length },
    ]);
  });

  it('keeps active departments and their chamber when the departments are ensured again', async () => {
    const before = await rows(first.db, 'SELECT * FROM departments ORDER BY code');
    await ensureDepartments(first.db);
    expect(await rows(first.db, 'SELECT * FROM departments ORDER BY code')).toEqual(before);
  });

  it('creates at least 60 validated companies in active departments, 8 of them overseas, and one pending', async () => {
    const { db, accounts } = first;
    const validated = await rows(
      db,
      `SELECT c.*, d.active FROM companies c JOIN departments d ON d.code = c.department_code
       WHERE c.status = 'validated'`,
    );
    expect(validated.length).toBeGreaterThanOrEqual(60);
    expect(accounts.counts.companies).toBe(validated.length);
    expect(validated.filter((c) => c.department_code === '974').length).toBeGreaterThanOrEqual(8);
    for (const company of validated) {
      expect(company.active).toBe(1);
      expect(company.validated_at).toEqual(expect.any(Number));
      expect(company.naf_code).toMatch(/^\d{2}\.\d{2}[A-Z]$/);
      expect(company.phone).toMatch(/^0\d{9}$/);
      expect(company.website).toMatch(/^https:\/\/www\.[a-z0-9-]+\.fr$/);
      expect(company.label).toMatch(new RegExp(`, ${company.zipcode} ${company.city}$`));
      expect(Math.abs(Number(company.lat))).toBeGreaterThan(0);
      expect(Math.abs(Number(company.lng))).toBeGreaterThan(0);
    }
    const pending = await rows(
      db,
      `SELECT c.id, (SELECT count(*) FROM slots s WHERE s.company_id = c.id) AS slots,
              (SELECT count(*) FROM users u WHERE u.company_id = c.id) AS recruiters
       FROM companies c WHERE c.status = 'pending'`,
    );
    expect(pending).toEqual([{ id: expect.any(Number), slots: 0, recruiters: 1 }]);
  });

  it('gives every company a unique, Luhn-valid SIRET', async () => {
    const sirets = (await rows(first.db, 'SELECT siret FROM companies')).map((c) => String(c.siret));
    expect(new Set(sirets).size).toBe(sirets.length);
    for (const siret of sirets) {
      expect(siret).toMatch(/^\d{14}$/);
      expect(isValidSiret(siret), siret).toBe(true);
      expect(isLuhnValid(siret.slice(0, 9)), siret).toBe(true);
    }
    expect(makeSiret('73282932', '0007')).toBe('73282932000074');
  });

  it('gives every company one recruiter, its admin (the demo company a member too), and two to five jobs of its sector', async () => {
    const companies = await rows(
      first.db,
      `SELECT c.id,
              (SELECT count(*) FROM users u WHERE u.company_id = c.id AND u.kind = 'recruiter') AS recruiters,
              (SELECT count(*) FROM users u WHERE u.company_id = c.id AND u.team_role = 'admin') AS admins,
              (SELECT count(*) FROM users u WHERE u.company_id = c.id AND u.email = '${DEMO_RECRUITER_EMAIL}') AS demo,
              (SELECT count(*) FROM company_jobs cj WHERE cj.company_id = c.id) AS jobs,
              (SELECT count(*) FROM company_jobs cj JOIN jobs j ON j.id = cj.job_id
                WHERE cj.company_id = c.id AND j.sector <> c.sector) AS foreign_jobs
       FROM companies c`,
    );
    for (const company of companies) {
      expect(company.recruiters).toBe(company.demo ? 2 : 1);
      expect(company.admins).toBe(1);
      expect(company.jobs).toBeGreaterThanOrEqual(2);
      expect(company.jobs).toBeLessThanOrEqual(5);
      expect(company.foreign_jobs).toBe(0);
    }
  });

  it('publishes at least 400 future slots of every type within 60 days, and leaves a few companies without', async () => {
    const now = NOW.getTime();
    const future = await rows(
      first.db,
      `SELECT meeting_type FROM slots WHERE starts_at > ${now} AND starts_at <= ${now + 60 * DAY_MS}`,
    );
    expect(future.length).toBeGreaterThanOrEqual(400);
    expect(
      await rows(first.db, `SELECT count(*) AS n FROM slots WHERE starts_at > ${now + 60 * DAY_MS}`),
    ).toEqual([{ n: 0 }]);
    expect(new Set(future.map((s) => s.meeting_type))).toEqual(new Set(MEETING_TYPES));
    const past = await rows(first.db, `SELECT count(*) AS n FROM slots WHERE ends_at < ${now}`);
    expect(Number(past[0]?.n)).toBeGreaterThan(0);
    const idle = await rows(
      first.db,
      `SELECT contact_opt_in FROM companies c WHERE status = 'validated'
       AND NOT EXISTS (SELECT 1 FROM slots s WHERE s.company_id = c.id)`,
    );
    expect(idle.length).toBeGreaterThan(0);
    expect(idle.some((c) => c.contact_opt_in === 1)).toBe(true);
  });

  it('starts every slot on the hour or half hour between 08:00 and 17:00 in its department’s zone', async () => {
    const all = await rows(
      first.db,
      `SELECT s.*, c.department_code FROM slots s JOIN companies c ON c.id = s.company_id`,
    );
    const zones = new Map(DEPARTMENTS.map((d) => [d.code, d.timeZone]));
    const localTimes = new Set<string>();
    for (const slot of all) {
      expect(slot.time_zone).toBe(zones.get(String(slot.department_code)));
      const { time } = utcToZonedWallClock(Number(slot.starts_at), String(slot.time_zone));
      localTimes.add(time);
      expect(time).toMatch(/^(0[89]|1[0-7]):(00|30)$/);
      expect(time <= '17:00').toBe(true);
      expect(SLOT_DURATIONS_MINUTES).toContain(Number(slot.duration_minutes));
      expect(Number(slot.ends_at) - Number(slot.starts_at)).toBe(Number(slot.duration_minutes) * 60_000);
      expect(Number(slot.max_participants)).toBeGreaterThanOrEqual(8);
      expect(Number(slot.max_participants)).toBeLessThanOrEqual(30);
      expect(JSON.parse(String(slot.public_categories)).length).toBeGreaterThanOrEqual(1);
      expect(JSON.parse(String(slot.subjects)).length).toBeGreaterThanOrEqual(1);
      expect(slot.speaker_phone).toMatch(/^0\d{9}$/);
      if (slot.video_link !== null) expect(slot.meeting_type).toBe('Webinar');
    }
    expect(localTimes.has('08:00')).toBe(true);
    const reunion = all.filter((s) => s.time_zone === 'Indian/Reunion');
    expect(reunion.length).toBeGreaterThan(0);
  });

  it('keeps seats taken equal to the live bookings and within capacity, with some full slots', async () => {
    const slots = await rows(
      first.db,
      `SELECT s.id, s.seats_taken, s.max_participants,
              coalesce((SELECT sum(participants_count) FROM meetings m
                        WHERE m.slot_id = s.id AND m.status <> 'cancelled'), 0) AS booked
       FROM slots s`,
    );
    for (const slot of slots) {
      expect(slot.seats_taken, `slot ${slot.id}`).toBe(slot.booked);
      expect(Number(slot.seats_taken)).toBeLessThanOrEqual(Number(slot.max_participants));
    }
    expect(
      slots.filter((s) => s.seats_taken === s.max_participants && Number(s.seats_taken) > 0).length,
    ).toBeGreaterThan(0);
  });

  it('has a webinar of the demo company without a link, 19 seats booked today by the demo teacher and another (issue 21)', async () => {
    const webinars = await rows(
      first.db,
      `SELECT s.id, s.seats_taken, s.starts_at,
              (SELECT group_concat(u.email) FROM meetings m JOIN users u ON u.id = m.teacher_id
               WHERE m.slot_id = s.id AND m.status <> 'cancelled') AS teachers,
              (SELECT min(m.created_at) FROM meetings m WHERE m.slot_id = s.id) AS first_booked
       FROM slots s
       WHERE s.company_id = (SELECT company_id FROM users WHERE email = 'entreprise@demo.passerelle-industrie.fr')
         AND s.meeting_type = 'Webinar'
         AND s.video_link IS NULL AND s.deleted_at IS NULL AND s.seats_taken = 19`,
    );
    const webinar = webinars.find((row) =>
      String(row.teachers).includes('enseignant@demo.passerelle-industrie.fr'),
    );
    expect(Number(webinar?.starts_at)).toBeGreaterThan(NOW.getTime());
    expect(String(webinar?.teachers)).toContain('enseignant@demo.passerelle-industrie.fr');
    const bookedAt = Number(webinar?.first_booked);
    expect(NOW.getTime() - bookedAt).toBeLessThan(3 * 3_600_000);
    expect(bookedAt).toBeLessThan(NOW.getTime());
  });

  it('puts the demo teacher second in the line of the demo company’s full slot', async () => {
    const line = await rows(
      first.db,
      `SELECT u.email, w.group_size, w.status, s.seats_taken, s.max_participants, c.name AS company
       FROM waitlist_entries w JOIN users u ON u.id = w.teacher_id JOIN slots s ON s.id = w.slot_id
       JOIN companies c ON c.id = s.company_id
       ORDER BY w.created_at`,
    );
    expect(line.map((entry) => entry.status)).toEqual(['waiting', 'waiting']);
    expect(line[1]?.email).toBe('enseignant@demo.passerelle-industrie.fr');
    expect(new Set(line.map((entry) => entry.company)).size).toBe(1);
    for (const entry of line) {
      expect(entry.seats_taken).toBe(entry.max_participants);
      expect(Number(entry.group_size)).toBeLessThanOrEqual(Number(entry.max_participants));
    }
  });

  it('books about 60 future meetings and 25 past ones, with all stored statuses and consistent fields', async () => {
    const now = NOW.getTime();
    const all = await rows(
      first.db,
      `SELECT m.*, s.starts_at, s.public_categories FROM meetings m JOIN slots s ON s.id = m.slot_id`,
    );
    const future = all.filter((m) => Number(m.starts_at) > now);
    const past = all.filter((m) => Number(m.starts_at) <= now);
    expect(future.length).toBeGreaterThanOrEqual(55);
    expect(past.length).toBeGreaterThanOrEqual(20);
    expect(new Set(all.map((m) => m.status))).toEqual(new Set(['confirmed', 'reported', 'cancelled']));
    const live = new Set<string>();
    for (const meeting of all) {
      expect(JSON.parse(String(meeting.public_categories))).toContain(meeting.public_category);
      expect(Number(meeting.participants_count)).toBeGreaterThanOrEqual(1);
      expect(Number(meeting.charter_accepted_at)).toBeLessThanOrEqual(now);
      expect(Number(meeting.created_at)).toBeLessThan(Number(meeting.starts_at));
      if (meeting.status === 'cancelled') {
        expect(meeting.cancel_reason).toEqual(expect.any(String));
        expect(meeting.cancelled_by).toEqual(expect.any(Number));
      } else {
        const key = `${meeting.slot_id}/${meeting.teacher_id}`;
        expect(live.has(key)).toBe(false);
        live.add(key);
      }
    }
  });

  it('adds feedback on past meetings only, rated 1 to 4', async () => {
    const now = NOW.getTime();
    const all = await rows(
      first.db,
      `SELECT f.*, s.ends_at, m.status FROM feedback f JOIN meetings m ON m.id = f.meeting_id
       JOIN slots s ON s.id = m.slot_id`,
    );
    expect(all.length).toBeGreaterThanOrEqual(10);
    for (const entry of all) {
      expect(Number(entry.ends_at)).toBeLessThan(now);
      expect(entry.status).toBe('confirmed');
      for (const rating of [entry.organisation, entry.matching, entry.engagement]) {
        expect(Number(rating)).toBeGreaterThanOrEqual(1);
        expect(Number(rating)).toBeLessThanOrEqual(4);
      }
    }
    const waiting = await rows(
      first.db,
      `SELECT count(*) AS n FROM meetings m JOIN slots s ON s.id = m.slot_id JOIN users u ON u.id = m.teacher_id
       WHERE u.email = '${DEMO_ACCOUNTS.teacher}' AND s.ends_at < ${now} AND m.status = 'confirmed'
       AND NOT EXISTS (SELECT 1 FROM feedback f WHERE f.meeting_id = m.id)`,
    );
    expect(Number(waiting[0]?.n)).toBeGreaterThanOrEqual(1);
  });

  it('creates the teachers, establishments and content', async () => {
    const { db, accounts } = first;
    const teachers = await rows(
      db,
      `SELECT u.*, e.department_code AS establishment_department FROM users u
       JOIN establishments e ON e.id = u.establishment_id WHERE u.kind = 'teacher'`,
    );
    expect(teachers.length).toBeGreaterThanOrEqual(12);
    expect(new Set(teachers.map((t) => t.profile_type))).toEqual(
      new Set(['teacher', 'prescriber', 'employmentPartner']),
    );
    for (const teacher of teachers) expect(teacher.department_code).toBe(teacher.establishment_department);
    expect(teachers.some((t) => t.weekly_mail === 1)).toBe(true);
    const counts = Object.fromEntries(
      await Promise.all(
        (['favorites', 'transport_requests', 'contact_messages', 'faq_entries'] as const).map(
          async (table) =>
            [table, Number((await rows(db, `SELECT count(*) AS n FROM ${table}`))[0]?.n)] as const,
        ),
      ),
    );
    expect(counts.favorites).toBeGreaterThan(0);
    expect(counts.transport_requests).toBe(2);
    expect(counts.contact_messages).toBe(2);
    expect(counts.faq_entries).toBeGreaterThanOrEqual(8);
    const articles = await rows(db, 'SELECT company_id, published_at FROM articles');
    expect(articles.filter((a) => a.company_id === null && a.published_at !== null).length).toBe(3);
    expect(articles.filter((a) => a.company_id !== null).length).toBeGreaterThanOrEqual(8);
    expect(accounts.counts.meetings).toBe(
      Number((await rows(db, 'SELECT count(*) AS n FROM meetings'))[0]?.n),
    );
    expect(accounts.counts.slots).toBe(Number((await rows(db, 'SELECT count(*) AS n FROM slots'))[0]?.n));
  });

  it('is no longer empty afterwards', async () => {
    expect(await isDatabaseEmpty(first.db)).toBe(false);
  });
});
