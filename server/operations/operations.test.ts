import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, outbox } from '../../db/schema.ts';
import { createTestApp, insertUser, loginAs, TEST_NOW } from '../../tests/fixtures/app.ts';
import { renderMail } from '../main/mails.ts';
import { runJob } from '../main/scheduled.ts';

const MINUTE = 60_000;

describe('operations (issue 34)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let adminToken: string;
  let operatorToken: string;
  let failedId: number;

  beforeEach(async () => {
    t = await createTestApp();
    const admin = await insertUser(t.db, {
      kind: 'admin',
      email: 'nationale@exemple.fr',
      firstName: 'Nora',
    });
    const operator = await insertUser(t.db, {
      kind: 'admin',
      email: 'rhone@exemple.fr',
      operatorRegion: '06',
    });
    adminToken = await loginAs(t.db, admin.id);
    operatorToken = await loginAs(t.db, operator.id);
    const [failed] = await t.db
      .insert(outbox)
      .values([
        {
          topic: 'meeting.booked',
          subscriber: 'waitlist.offer',
          payload: { meetingId: 1 },
          status: 'failed',
          attempts: 5,
          lastError: 'Error: meeting 1 not found',
          nextAttemptAt: TEST_NOW,
          lastAttemptAt: new Date(TEST_NOW.getTime() - 5 * MINUTE),
          createdAt: new Date(TEST_NOW.getTime() - 200 * MINUTE),
        },
      ])
      .returning();
    failedId = failed?.id ?? 0;
  });
  afterEach(() => t.close());

  const pendingMail = (minutesAgo: number) => ({
    topic: 'mail',
    subscriber: 'mail.send',
    payload: { template: 'teacherWelcome', to: 'lea@lycee.fr', data: {} },
    nextAttemptAt: new Date(TEST_NOW.getTime() + 60 * MINUTE),
    createdAt: new Date(TEST_NOW.getTime() - minutesAgo * MINUTE),
  });

  it('shows a national administrator the backlog, what was set aside, the jobs and the services', async () => {
    await t.db.insert(outbox).values([pendingMail(3), pendingMail(7)]);
    const { data, errors } = await t.graphql<{ operations: Record<string, unknown> }>(
      `{ operations { backlog { topic pending oldestPendingAt }
          failed { id topic subscriber error attempts createdAt lastAttemptAt }
          jobs { name lastRunAt lastOutcome nextRunAt } databaseBytes mailTransportOk videoServerOk } }`,
      {},
      { token: adminToken },
    );
    expect(errors).toBeUndefined();
    const operations = data?.operations as {
      backlog: unknown[];
      failed: unknown[];
      jobs: { name: string; lastRunAt: string | null; nextRunAt: string }[];
      databaseBytes: number;
      mailTransportOk: boolean;
      videoServerOk: boolean | null;
    };
    expect(operations.backlog).toEqual([
      { topic: 'mail', pending: 2, oldestPendingAt: new Date(TEST_NOW.getTime() - 7 * MINUTE).toISOString() },
    ]);
    expect(operations.failed).toEqual([
      {
        id: String(failedId),
        topic: 'meeting.booked',
        subscriber: 'waitlist.offer',
        error: 'Error: meeting 1 not found',
        attempts: 5,
        createdAt: new Date(TEST_NOW.getTime() - 200 * MINUTE).toISOString(),
        lastAttemptAt: new Date(TEST_NOW.getTime() - 5 * MINUTE).toISOString(),
      },
    ]);
    const outboxJob = operations.jobs.find((job) => job.name === 'outbox');
    expect(outboxJob).toEqual({
      name: 'outbox',
      lastRunAt: null,
      lastOutcome: null,
      nextRunAt: new Date(TEST_NOW.getTime() + MINUTE).toISOString(),
    });
    expect(operations.databaseBytes).toBeGreaterThan(100_000);
    expect(operations.mailTransportOk).toBe(true);
    expect(operations.videoServerOk).toBeNull();

    await runJob('outbox', t.deps);
    const after = await t.graphql<{ operations: { jobs: { name: string; lastOutcome: string }[] } }>(
      '{ operations { jobs { name lastRunAt lastOutcome } } }',
      {},
      { token: adminToken },
    );
    expect(after.data?.operations.jobs.find((job) => job.name === 'outbox')).toMatchObject({
      lastOutcome: 'ok',
      lastRunAt: TEST_NOW.toISOString(),
    });
  });

  it('says nothing exists to a regional operator or a visitor', async () => {
    for (const token of [operatorToken, undefined]) {
      const { errors } = await t.graphql('{ operations { databaseBytes } }', {}, token ? { token } : {});
      expect(errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      const retry = await t.graphql(
        'mutation ($id: ID!) { retryFailedDelivery(id: $id) }',
        { id: failedId },
        token ? { token } : {},
      );
      expect(retry.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, failedId));
    expect(row?.status).toBe('failed');
  });

  it('puts a delivery set aside back in the queue, its tries counted anew, and says so in the journal', async () => {
    const retried = await t.graphql(
      'mutation ($id: ID!) { retryFailedDelivery(id: $id) }',
      { id: failedId },
      { token: adminToken },
    );
    expect(retried.data).toEqual({ retryFailedDelivery: true });
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, failedId));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    const audit = await t.db.select().from(auditLog);
    expect(audit.map((entry) => [entry.action, entry.target])).toEqual([
      ['delivery.retried', `#${failedId}`],
    ]);
    // Not set aside any more: a second « Relancer » finds nothing to do.
    const again = await t.graphql(
      'mutation ($id: ID!) { retryFailedDelivery(id: $id) }',
      { id: failedId },
      { token: adminToken },
    );
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('answers /readyz 200 while the backlog is young, 503 with the reasons once its oldest waits 15 minutes', async () => {
    await t.db.insert(outbox).values(pendingMail(14));
    const fine = await t.app.request('/readyz');
    expect(fine.status).toBe(200);
    expect(await fine.json()).toEqual({ ok: true });
    await t.db.insert(outbox).values(pendingMail(16));
    const late = await t.app.request('/readyz');
    expect(late.status).toBe(503);
    expect(await late.json()).toEqual({
      ok: false,
      reasons: ['Le plus ancien envoi en attente attend depuis 16 minutes.'],
    });
  });

  it('e-mails the national administrators once an hour at most while something is wrong', async () => {
    // The row set aside five minutes ago is the first alarm's reason.
    expect(await runJob('operations-alarm', t.deps)).toEqual({ sent: 1 });
    const alarms = () =>
      t.db
        .select()
        .from(outbox)
        .where(eq(outbox.topic, 'mail'))
        .then((rows) => rows.filter((row) => row.payload.template === 'operationsAlarm'));
    const [first] = await alarms();
    expect(first?.payload).toMatchObject({
      to: 'nationale@exemple.fr',
      data: {
        firstName: 'Nora',
        reasons: ['1 envoi a été mis de côté après ses derniers essais.'],
        url: expect.stringMatching(/\/admin\/operations$/),
      },
    });
    const rendered = renderMail(first?.payload as unknown as Parameters<typeof renderMail>[0]);
    expect(rendered.subject).toBe(
      'Passerelle Industrie : le travail en arrière-plan demande votre attention',
    );
    expect(rendered.text).toContain('1 envoi a été mis de côté après ses derniers essais.');
    await t.db.insert(outbox).values(pendingMail(20));
    t.clock.set(new Date(TEST_NOW.getTime() + 30 * MINUTE));
    expect(await runJob('operations-alarm', t.deps)).toEqual({ sent: 0 });
    t.clock.set(new Date(TEST_NOW.getTime() + 61 * MINUTE));
    expect(await runJob('operations-alarm', t.deps)).toEqual({ sent: 1 });
    const all = await alarms();
    expect(all).toHaveLength(2);
    // The row set aside before the first alarm is not told again; the backlog is.
    expect(all[1]?.payload.data).toMatchObject({ reasons: [expect.any(String)] });
    expect((all[1]?.payload.data as { reasons?: string[] } | undefined)?.reasons).toEqual([
      expect.stringMatching(/^Le plus ancien envoi en attente attend depuis \d+ minutes\.$/),
    ]);
  });

  it('is quiet when nothing is wrong', async () => {
    await t.db.delete(outbox);
    expect(await runJob('operations-alarm', t.deps)).toEqual({ sent: 0 });
  });
});
