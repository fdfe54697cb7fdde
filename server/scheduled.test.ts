import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema.ts';
import { createTestApp, TEST_NOW } from '../tests/fixtures/app.ts';
import { enqueueMail } from './mail/index.ts';
import { JOBS, runJob, UnknownJob } from './scheduled.ts';

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

  it('runs the outbox job: what is due is delivered, once, however often it runs', async () => {
    await enqueueMail(
      t.db,
      { template: 'teacherWelcome', to: 'lea@exemple.fr', data: { firstName: 'Léa', loginUrl: 'http://x' } },
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
});
