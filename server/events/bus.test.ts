import { spawn } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema.ts';
import { TEST_NOW } from '../../tests/fixtures/app.ts';
import { createTestDb, type TestDb } from '../../tests/fixtures/db.ts';
import { twoSubscribers } from '../../tests/fixtures/dying-delivery.ts';
import { accountMails } from '../accounts/mails.ts';
import { fixedClock } from '../kernel/clock.ts';
import type { EventBus, EventPayloads, Subscriber, SubscriberTable } from '../kernel/events.ts';
import { jsonLogger } from '../kernel/logger.ts';
import { enqueueMail, MAIL_TOPIC, mailSender } from '../mail/index.ts';
import { renderMail } from '../main/mails.ts';
import { SUBSCRIBERS } from '../main/subscribers.ts';
import { memoryTransport } from '../ports/mail/memory.ts';
import { CLAIM_LEASE_MS, createEventBus, MAX_CHAIN_LINKS, retryDelayMs, SUBSCRIBER_RETRIES } from './bus.ts';

/**
 * The events' delivery (issue 34, docs/decisions/0078): each (event, subscriber) row is acknowledged,
 * retried and set aside on its own, so one consequence that fails never holds back another.
 */

type Signup = EventPayloads['company.signedUp'];

/** A table with these subscribers on `company.signedUp`, every other topic as the platform has it. */
const tableWith = (...subscribers: Subscriber<'company.signedUp'>[]): SubscriberTable => ({
  ...SUBSCRIBERS,
  'company.signedUp': subscribers,
});

/** An after-commit subscriber that e-mails `to` for each event (its work: a row of the outbox). */
function mailing(
  name: string,
  to: (event: Signup) => string,
  options: { failWhen?: (event: Signup, tries: number) => boolean } = {},
): Subscriber<'company.signedUp'> & { tries: Map<number, number> } {
  const tries = new Map<number, number>();
  return {
    name,
    runs: 'afterCommit',
    tries,
    async handle(tx, events, context) {
      for (const event of events) {
        const tried = (tries.get(event.companyId) ?? 0) + 1;
        tries.set(event.companyId, tried);
        await enqueueMail(
          tx,
          accountMails.teacherWelcome,
          { to: to(event), data: { firstName: 'Camille', loginUrl: 'https://passerelle.test/login' } },
          context.now,
        );
        if (options.failWhen?.(event, tried))
          throw new Error(`${name} cannot take company ${event.companyId}`);
      }
    },
  };
}

describe('the events’ delivery', () => {
  let t: TestDb;
  let clock: ReturnType<typeof fixedClock>;
  let logs: Record<string, unknown>[];
  const advance = (ms: number) => clock.set(new Date(clock.now().getTime() + ms));
  const busOf = (table: SubscriberTable, options: { mail?: boolean } = {}) =>
    createEventBus(table, {
      log: jsonLogger('debug', (line) => logs.push(JSON.parse(line))),
      publicUrl: 'https://passerelle.test',
      senders: {
        [MAIL_TOPIC]: options.mail
          ? mailSender({ transport: mail, mailDomain: 'passerelle.test', render: renderMail })
          : null,
      },
    });
  let mail: ReturnType<typeof memoryTransport>;
  const publish = (bus: EventBus, companyId: number) =>
    t.db.transaction((tx) => bus.publish(tx, 'company.signedUp', { companyId }, clock.now()));
  const rowsOf = (subscriber: string) =>
    t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'company.signedUp'), eq(outbox.subscriber, subscriber)))
      .orderBy(outbox.id);
  const mailsTo = async (to: string) =>
    (await t.db.select().from(outbox).where(eq(outbox.topic, MAIL_TOPIC))).filter(
      (row) => row.payload.to === to,
    );
  /** Delivers until nothing is due now, as the outbox's loop does. */
  async function deliverAll(bus: EventBus) {
    const total = { delivered: 0, retried: 0, setAside: 0 };
    while (await bus.hasDue(t.db, clock.now())) {
      const report = await bus.deliver(t.db, clock.now());
      total.delivered += report.delivered;
      total.retried += report.retried;
      total.setAside += report.setAside;
    }
    return total;
  }

  beforeEach(async () => {
    t = await createTestDb();
    clock = fixedClock(TEST_NOW);
    logs = [];
    mail = memoryTransport();
  });
  afterEach(() => t.close());

  it('records a row per after-commit subscriber, in the change’s transaction', async () => {
    const bus = busOf(
      tableWith(
        mailing('a', () => 'a@x.fr'),
        mailing('b', () => 'b@x.fr'),
      ),
    );
    await publish(bus, 1);
    await expect(
      t.db.transaction(async (tx) => {
        await bus.publish(tx, 'company.signedUp', { companyId: 2 }, clock.now());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await t.db.select().from(outbox).orderBy(outbox.id);
    expect(rows.map(({ subscriber, payload, status }) => ({ subscriber, payload, status }))).toEqual([
      { subscriber: 'a', payload: { companyId: 1 }, status: 'pending' },
      { subscriber: 'b', payload: { companyId: 1 }, status: 'pending' },
    ]);
  });

  it('sets aside a subscriber that always throws after its last try, while the others and later events go on', async () => {
    const broken = mailing('broken', () => 'broken@x.fr', { failWhen: () => true });
    const sound = mailing('sound', (event) => `sound-${event.companyId}@x.fr`);
    const bus = busOf(tableWith(broken, sound));
    await publish(bus, 1);
    expect(await deliverAll(bus)).toEqual({ delivered: 1, retried: 1, setAside: 0 });
    // A later event goes through at once, the failing pair waiting its turn aside.
    await publish(bus, 2);
    expect(await deliverAll(bus)).toEqual({ delivered: 1, retried: 1, setAside: 0 });
    expect(await mailsTo('sound-1@x.fr')).toHaveLength(1);
    expect(await mailsTo('sound-2@x.fr')).toHaveLength(1);

    for (let attempt = 1; attempt < SUBSCRIBER_RETRIES.maxAttempts; attempt++) {
      advance(retryDelayMs(SUBSCRIBER_RETRIES, attempt));
      await deliverAll(bus);
    }
    advance(SUBSCRIBER_RETRIES.delaysMs.at(-1) ?? 0);
    expect(await deliverAll(bus)).toEqual({ delivered: 0, retried: 0, setAside: 0 });
    expect(await rowsOf('broken')).toMatchObject([
      { status: 'failed', attempts: 5, lastError: 'broken cannot take company 1' },
      { status: 'failed', attempts: 5, lastError: 'broken cannot take company 2' },
    ]);
    expect(await rowsOf('sound')).toMatchObject([{ status: 'sent' }, { status: 'sent' }]);
    // What the failing subscriber wrote before it threw was rolled back with each try.
    expect(await mailsTo('broken@x.fr')).toHaveLength(0);
    expect(logs.filter((line) => line.message === 'outbox row set aside')).toMatchObject([
      { subscriber: 'broken', attempts: 5, error: 'broken cannot take company 1' },
      { subscriber: 'broken', attempts: 5, error: 'broken cannot take company 2' },
    ]);
  });

  it('delivers the rest of a claimed batch when one of its events cannot be taken', async () => {
    const picky = mailing('picky', (event) => `picky-${event.companyId}@x.fr`, {
      failWhen: (event) => event.companyId === 3,
    });
    const bus = busOf(tableWith(picky));
    for (let companyId = 1; companyId <= 5; companyId++) await publish(bus, companyId);
    expect(await bus.deliver(t.db, clock.now())).toEqual({ delivered: 4, retried: 1, setAside: 0 });
    expect((await rowsOf('picky')).map((row) => row.status)).toEqual([
      'sent',
      'sent',
      'pending',
      'sent',
      'sent',
    ]);
    for (const companyId of [1, 2, 4, 5]) expect(await mailsTo(`picky-${companyId}@x.fr`)).toHaveLength(1);
    expect(await mailsTo('picky-3@x.fr')).toHaveLength(0);
  });

  it('runs, after a crash between two subscribers, the one left, and not again the one that finished', async () => {
    await publish(busOf(twoSubscribers({ dies: false })), 1);
    // Another process delivers, and is killed while the second subscriber runs: its transaction never commits.
    const dying = spawn(
      process.execPath,
      ['tests/fixtures/dying-delivery.ts', t.url, String(clock.now().getTime())],
      {
        stdio: 'ignore',
      },
    );
    const died = new Promise((resolve) => dying.once('exit', resolve));
    await expect.poll(async () => (await rowsOf('first'))[0]?.status, { timeout: 10_000 }).toBe('sent');
    dying.kill('SIGKILL');
    await died;
    expect(await rowsOf('second')).toMatchObject([{ status: 'pending', attempts: 1 }]);

    const next = busOf(twoSubscribers({ dies: false }));
    expect(await next.deliver(t.db, clock.now())).toEqual({ delivered: 0, retried: 0, setAside: 0 });
    advance(CLAIM_LEASE_MS);
    expect(await next.deliver(t.db, clock.now())).toEqual({ delivered: 1, retried: 0, setAside: 0 });
    expect(await mailsTo('first@x.fr')).toHaveLength(1);
    expect(await mailsTo('second@x.fr')).toHaveLength(1);
    expect(await rowsOf('second')).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('sends no e-mail twice when a subscriber is tried again', async () => {
    const once = mailing('once', () => 'camille@x.fr', { failWhen: (_event, tries) => tries === 1 });
    const bus = busOf(tableWith(once), { mail: true });
    await publish(bus, 1);
    await deliverAll(bus);
    advance(retryDelayMs(SUBSCRIBER_RETRIES, 1));
    await deliverAll(bus);
    expect(once.tries.get(1)).toBe(2);
    expect(await mailsTo('camille@x.fr')).toMatchObject([{ status: 'sent' }]);
    expect(mail.messages.map((message) => message.to)).toEqual(['camille@x.fr']);
  });

  it('hands a row of an earlier version (one per event) to today’s subscribers', async () => {
    const a = mailing('a', () => 'a@x.fr');
    const b = mailing('b', () => 'b@x.fr');
    await t.db.insert(outbox).values({
      topic: 'company.signedUp',
      payload: { companyId: 7 },
      nextAttemptAt: TEST_NOW,
      createdAt: TEST_NOW,
    });
    await deliverAll(busOf(tableWith(a, b)));
    expect([a.tries.get(7), b.tries.get(7)]).toEqual([1, 1]);
    expect((await t.db.select().from(outbox)).filter((row) => row.status !== 'sent')).toHaveLength(2);
    expect(await mailsTo('a@x.fr')).toHaveLength(1);
  });

  it('sets aside at once a row whose subscriber is gone', async () => {
    await publish(busOf(tableWith(mailing('gone', () => 'x@x.fr'))), 1);
    expect(await deliverAll(busOf(tableWith()))).toEqual({ delivered: 0, retried: 0, setAside: 1 });
    expect(await rowsOf('gone')).toMatchObject([
      { status: 'failed', attempts: 1, lastError: 'no after-commit subscriber gone for company.signedUp' },
    ]);
  });

  it('holds an in-transaction subscriber to the topics it names, and a chain to its bound', async () => {
    const undeclared: Subscriber<'company.signedUp'> = {
      name: 'undeclared',
      runs: 'inTransaction',
      async handle(tx, events, context) {
        await context.events.publish(tx, 'department.toggled', { code: '69', active: true }, context.now);
        expect(events).toHaveLength(1);
      },
    };
    await expect(publish(busOf(tableWith(undeclared)), 1)).rejects.toThrow(
      'undeclared published department.toggled, which its publishes list does not name',
    );

    // A subscriber that publishes its own topic again, declared: the bus stops it at the bound.
    const again: Subscriber<'company.signedUp'> = {
      name: 'again',
      runs: 'inTransaction',
      publishes: ['company.signedUp'],
      async handle(tx, [event], context) {
        await context.events.publish(
          tx,
          'company.signedUp',
          { companyId: (event?.companyId ?? 0) + 1 },
          context.now,
        );
      },
    };
    await expect(publish(busOf(tableWith(again)), 1)).rejects.toThrow(
      `company.signedUp published ${MAX_CHAIN_LINKS + 1} links below its change`,
    );
    expect(await t.db.select().from(outbox)).toEqual([]);
  });
});
