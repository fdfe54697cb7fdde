import { eq } from 'drizzle-orm';
import { openDb } from '../../../db/client.ts';
import { companies, meetings, slots, users } from '../../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../../db/seed/index.ts';
import { createDeps } from '../../../server/main/deps.ts';
import { type JobOptions, runJob } from '../../../server/main/scheduled.ts';
import { testNow } from '../../fixtures/clock.ts';
import type { RunningServer } from './server.ts';

const HOUR = 3_600_000;

/** The demo teacher's id and the demo recruiter's company's, read from the server's database. */
export async function demoIds(server: RunningServer): Promise<{ teacherId: number; companyId: number }> {
  const db = openDb(server.databaseUrl);
  try {
    const [teacher] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.teacher));
    const [company] = await db
      .select({ id: companies.id })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, DEMO_ACCOUNTS.recruiter));
    if (!teacher || !company) throw new Error('no demo teacher or company');
    return { teacherId: teacher.id, companyId: company.id };
  } finally {
    db.client.close();
  }
}

/**
 * The demo teacher's booking of a one-hour visit of the demo recruiter's company starting `startsAt`,
 * written directly in the server's database (the slot takes exactly the meeting's seats).
 */
export async function insertDemoMeeting(
  server: RunningServer,
  startsAt: Date,
  participantsCount: number,
): Promise<{ id: number; company: { id: number; name: string } }> {
  const db = openDb(server.databaseUrl);
  try {
    const [teacher] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.teacher));
    const [company] = await db
      .select({ id: companies.id, name: companies.name })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, DEMO_ACCOUNTS.recruiter));
    if (!teacher || !company) throw new Error('no demo teacher or company');
    const [slot] = await db
      .insert(slots)
      .values({
        companyId: company.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + HOUR),
        timeZone: 'Europe/Paris',
        durationMinutes: 60,
        meetingType: 'CompanyVisit',
        publicCategories: ['highSchool'],
        subjects: ['discoverJobs'],
        maxParticipants: 30,
        seatsTaken: participantsCount,
        speakerName: 'Lefèvre',
        speakerFirstname: 'Hugo',
        speakerEmail: 'hugo.lefevre@example.fr',
        speakerPhone: '0472000000',
        speakerRole: 'Chef d’atelier',
      })
      .returning();
    const [meeting] = await db
      .insert(meetings)
      .values({
        slotId: slot?.id ?? 0,
        teacherId: teacher.id,
        establishmentId: teacher.establishmentId,
        participantsCount,
        publicCategory: 'highSchool',
        charterAcceptedAt: testNow(),
      })
      .returning();
    return { id: meeting?.id ?? 0, company };
  } finally {
    db.client.close();
  }
}

/**
 * One job run now, as `npm run jobs -- <name>` runs it (scripts/jobs.ts): the production dependencies on the
 * server's database and the given SMTP server, the job, then the e-mails it queued delivered.
 */
export async function runJobNow(
  server: RunningServer,
  smtpUrl: string,
  name: string,
  options: JobOptions = { manual: false },
): Promise<Record<string, number>> {
  const deps = createDeps({
    ...process.env,
    DATABASE_URL: server.databaseUrl,
    SMTP_URL: smtpUrl,
    PUBLIC_URL: server.baseURL,
    JWT_SECRET: server.jwtSecret,
    LOG_LEVEL: 'warn',
  });
  try {
    const report = await runJob(name, deps, undefined, options);
    await deps.outbox.wake();
    return report;
  } finally {
    await deps.outbox.stop();
    deps.db.client.close();
  }
}
