import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobRuns, outbox } from '../../db/schema.ts';
import { createTestApp, TEST_NOW } from '../../tests/fixtures/app.ts';
import { accountMails } from '../accounts/mails.ts';
import { enqueueMail } from '../mail/index.ts';
import { startScheduler } from './node-scheduler.ts';
import { JOBS, runJob, runJobsOfCron, type ScheduledJob, UnknownJob } from './scheduled.ts';

/** The `crons` of wrangler.toml's `[triggers]`: what Cloudflare will run. */
function wranglerCrons(): string[] {
  const toml = readFileSync(new URL('../../wrangler.toml', import.meta.url), 'utf8');
  const triggers = /^\[triggers\]\s*\ncrons\s*=\s*\[([^\]]*)\]/m.exec(toml);
  if (!triggers) throw new Error('wrangler.toml has no [triggers] crons');
  return [...(triggers[1] as string).matchAll(/"([^"]+)"/g)].map((match) => match[1] as string);
}

describe('scheduled jobs', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('name every job once, each with a cron in UTC', () => {
    const names = JOBS.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    for (const job of JOBS) expect(job.cron.split(' ')).toHaveLength(5);
  });

  it('give Cloudflare the crons of the jobs, each once (wrangler.toml)', () => {
    expect(wranglerCrons().sort()).toEqual([...new Set(JOBS.map((job) => job.cron))].sort());
  });

  it('say days of the week by name, and restrict one day field at most, as both schedulers read alike', () => {
    for (const job of JOBS) {
      const [, , dayOfMonth, , dayOfWeek] = job.cron.split(' ');
      expect(dayOfWeek, job.name).toMatch(
        /^(\*|(MON|TUE|WED|THU|FRI|SAT|SUN)([,-](MON|TUE|WED|THU|FRI|SAT|SUN))*)$/,
      );
      expect(dayOfMonth === '*' || dayOfWeek === '*', job.name).toBe(true);
    }
  });

  it('runs the outbox job: what is due is delivered, once, however often it runs', async () => {
    await enqueueMail(
      t.db,
      accountMails.teacherWelcome,
      { to: 'lea@exemple.fr', data: { firstName: 'Léa', loginUrl: 'http://x' } },
      TEST_NOW,
    );
    await runJob('outbox', t.deps);
    await runJob('outbox', t.deps);
    expect(t.mail.messages.map((message) => message.to)).toEqual(['lea@exemple.fr']);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.topic, 'mail'));
    expect(row?.status).toBe('sent');
  });

  it('refuses a name it does not know, saying which it knows', async () => {
    await expect(runJob('nothing', t.deps)).rejects.toBeInstanceOf(UnknownJob);
    await expect(runJob('nothing', t.deps)).rejects.toThrow(/outbox/);
  });

  it('runs on Node on their cron, in the process, until stopped', async () => {
    let runs = 0;
    const everySecond: ScheduledJob = {
      name: 'tick',
      cron: '* * * * * *',
      async run() {
        runs++;
        return { runs };
      },
    };
    const scheduler = startScheduler(t.deps, [everySecond]);
    await expect.poll(() => runs, { timeout: 3_000, interval: 50 }).toBeGreaterThanOrEqual(1);
    scheduler.stop();
    const stoppedAt = runs;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(runs).toBe(stoppedAt);
    expect(t.logs).toContainEqual(expect.objectContaining({ message: 'job done', job: 'tick', runs: 1 }));
  });

  it('runs on Workers the jobs of the Cron Trigger that fired, and those only', async () => {
    const ran: string[] = [];
    const job = (name: string, cron: string): ScheduledJob => ({
      name,
      cron,
      async run() {
        ran.push(name);
        return {};
      },
    });
    const jobs = [job('a', '* * * * *'), job('b', '0 6 * * MON'), job('c', '* * * * *')];
    expect(Object.keys(await runJobsOfCron('* * * * *', t.deps, jobs))).toEqual(['a', 'c']);
    expect(ran).toEqual(['a', 'c']);
  });

  it('records each run for the operators: when it started, how it ended, the error of a failed one', async () => {
    const jobs: ScheduledJob[] = [
      { name: 'fine', cron: '* * * * *', run: async () => ({}) },
      {
        name: 'broken',
        cron: '* * * * *',
        run: async () => {
          throw new Error('la base ne répond pas');
        },
      },
    ];
    await runJob('fine', t.deps, jobs);
    await expect(runJob('broken', t.deps, jobs)).rejects.toThrow('la base ne répond pas');
    const runs = await t.db.select().from(jobRuns).orderBy(jobRuns.name);
    expect(runs.map(({ name, lastOutcome, lastError }) => ({ name, lastOutcome, lastError }))).toEqual([
      // check-french-ignore: JavaScript's own « Error: »
      { name: 'broken', lastOutcome: 'failed', lastError: 'Error: la base ne répond pas' },
      { name: 'fine', lastOutcome: 'ok', lastError: null },
    ]);
    expect(runs[1]?.lastStartedAt).toEqual(t.deps.clock.now());
  });

  it('on Workers, runs the cron’s other jobs when one fails, then says the invocation failed', async () => {
    const ran: string[] = [];
    const jobs: ScheduledJob[] = [
      {
        name: 'first',
        cron: '* * * * *',
        run: async () => {
          throw new Error('boom');
        },
      },
      {
        name: 'second',
        cron: '* * * * *',
        run: async () => {
          ran.push('second');
          return {};
        },
      },
    ];
    await expect(runJobsOfCron('* * * * *', t.deps, jobs)).rejects.toBeInstanceOf(AggregateError);
    expect(ran).toEqual(['second']);
  });
});
