import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { openDb } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import { TEST_NOW } from '../../tests/fixtures/app.ts';
import { createTestDb, type TestDb } from '../../tests/fixtures/db.ts';
import { holdTheLoop } from '../../tests/fixtures/loop.ts';
import { accountMails } from '../accounts/mails.ts';
import { CLAIM_LEASE_MS, createEventBus, createOutbox, retryDelayMs } from '../events/index.ts';
import { sharesTheLoop } from '../kernel/background.ts';
import { fixedClock } from '../kernel/clock.ts';
import type { Outbox } from '../kernel/events.ts';
import { jsonLogger } from '../kernel/logger.ts';
import type { MailMessage, MailTransport } from '../kernel/ports/mail.ts';
import { renderMail } from '../main/mails.ts';
import { SUBSCRIBERS } from '../main/subscribers.ts';
import { memoryTransport } from '../ports/mail/memory.ts';
import { MAIL_RETRIES, mailSender } from './delivery.ts';
import { enqueueMail, enqueueMails, MAIL_TOPIC } from './outbox.ts';
import type { MailRenderer } from './registry.ts';

const MAX_ATTEMPTS = MAIL_RETRIES.maxAttempts;

const MINUTE = 60_000;

function welcome(to: string) {
  return {
    to,
    data: { firstName: 'Camille', loginUrl: 'https://passerelle.test/login-teacher' },
  };
}

/** Fails the first `failures` sends, then keeps what it is given; `tried` has every message it was handed. */
function flakyTransport(
  failures: number,
): MailTransport & { messages: MailMessage[]; tried: MailMessage[]; calls: number } {
  const memory = memoryTransport();
  const transport = {
    messages: memory.messages,
    tried: [] as MailMessage[],
    calls: 0,
    async send(message: MailMessage) {
      transport.calls++;
      transport.tried.push(message);
      if (transport.calls <= failures) throw new Error('421 service not available');
      await memory.send(message);
    },
  };
  return transport;
}

/**
 * Takes messages until the `crashAt`-th, which it takes too and then never returns from: the process died
 * while handing it over, after the server had it.
 */
function crashingTransport(crashAt: number): MailTransport & { messages: MailMessage[] } {
  const memory = memoryTransport();
  return {
    messages: memory.messages,
    async send(message) {
      await memory.send(message);
      if (memory.messages.length === crashAt) await new Promise(() => {});
    },
  };
}

describe('the e-mails’ delivery (the mail topic’s sender)', () => {
  let t: TestDb;
  let clock: ReturnType<typeof fixedClock>;
  let logs: Record<string, unknown>[];
  /** The events' bus with the e-mails' sender on this transport, as server/main/deps.ts builds it. */
  const busWith = (transport: MailTransport, render: MailRenderer = renderMail) =>
    createEventBus(SUBSCRIBERS, {
      log: jsonLogger('debug', (line) => logs.push(JSON.parse(line))),
      publicUrl: 'https://passerelle.test',
      senders: { [MAIL_TOPIC]: mailSender({ transport, mailDomain: 'passerelle.test', render }) },
    });
  /** One claim of the delivery: what it sent, and what failed (to retry, or set aside). */
  async function deliverPendingMail(
    transport: MailTransport,
    { db = t.db, batch, render }: { db?: Db; batch?: number; render?: MailRenderer } = {},
  ) {
    const report = await busWith(transport, render).deliver(db, clock.now(), { batch });
    return { sent: report.delivered, failed: report.retried + report.setAside };
  }
  const rows = () => t.db.select().from(outbox);
  const advance = (ms: number) => clock.set(new Date(clock.now().getTime() + ms));

  beforeEach(async () => {
    t = await createTestDb();
    clock = fixedClock(TEST_NOW);
    logs = [];
  });
  afterEach(() => t.close());

  it('sends a due mail once and marks it sent', async () => {
    const transport = memoryTransport();
    await enqueueMail(t.db, accountMails.teacherWelcome, welcome('camille@example.fr'), TEST_NOW);
    expect(await deliverPendingMail(transport)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverPendingMail(transport)).toEqual({ sent: 0, failed: 0 });
    expect(transport.messages).toHaveLength(1);
    const [row] = await rows();
    expect(transport.messages[0]).toMatchObject({
      messageId: `<outbox-${row?.id}.${TEST_NOW.getTime().toString(36)}@passerelle.test>`,
      to: 'camille@example.fr',
      subject: 'Bienvenue sur Passerelle Industrie',
    });
    expect(await rows()).toMatchObject([{ status: 'sent', attempts: 1, sentAt: TEST_NOW, lastError: null }]);
  });

  it('leaves mails that are not due yet', async () => {
    const transport = memoryTransport();
    await enqueueMail(
      t.db,
      accountMails.teacherWelcome,
      welcome('camille@example.fr'),
      new Date(TEST_NOW.getTime() + MINUTE),
    );
    expect(await deliverPendingMail(transport)).toEqual({ sent: 0, failed: 0 });
    expect(transport.messages).toHaveLength(0);
  });

  it('retries with a growing delay and sends on the third due attempt', async () => {
    const transport = flakyTransport(2);
    const deps = transport;
    await enqueueMail(t.db, accountMails.teacherWelcome, welcome('camille@example.fr'), TEST_NOW);

    expect(await deliverPendingMail(deps)).toEqual({ sent: 0, failed: 1 });
    expect(await rows()).toMatchObject([
      {
        status: 'pending',
        attempts: 1,
        lastError: '421 service not available',
        nextAttemptAt: new Date(TEST_NOW.getTime() + MINUTE),
      },
    ]);
    advance(MINUTE - 1);
    expect(await deliverPendingMail(deps)).toEqual({ sent: 0, failed: 0 });

    advance(1);
    expect(await deliverPendingMail(deps)).toEqual({ sent: 0, failed: 1 });
    expect((await rows())[0]?.nextAttemptAt).toEqual(new Date(clock.now().getTime() + 5 * MINUTE));

    advance(5 * MINUTE);
    expect(await deliverPendingMail(deps)).toEqual({ sent: 1, failed: 0 });
    expect(transport.calls).toBe(3);
    expect(transport.messages).toHaveLength(1);
    expect(new Set(transport.tried.map((message) => message.messageId)).size).toBe(1);
    expect(await rows()).toMatchObject([
      { status: 'sent', attempts: 3, sentAt: clock.now(), lastError: null },
    ]);
    expect(logs.filter((line) => line.level === 'warn')).toHaveLength(2);
  });

  it('gives up after the last attempt and says so in the logs', async () => {
    const transport = flakyTransport(Number.POSITIVE_INFINITY);
    const deps = transport;
    await enqueueMail(t.db, accountMails.teacherWelcome, welcome('camille@example.fr'), TEST_NOW);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await deliverPendingMail(deps)).toEqual({ sent: 0, failed: 1 });
      advance(retryDelayMs(MAIL_RETRIES, attempt));
    }
    advance(MAIL_RETRIES.delaysMs.at(-1) ?? 0);
    expect(await deliverPendingMail(deps)).toEqual({ sent: 0, failed: 0 });
    expect(transport.calls).toBe(MAX_ATTEMPTS);
    expect(await rows()).toMatchObject([
      { status: 'failed', attempts: MAX_ATTEMPTS, lastError: '421 service not available', sentAt: null },
    ]);
    expect(logs.filter((line) => line.level === 'error')).toMatchObject([
      { message: 'outbox row set aside', template: 'teacherWelcome', attempts: MAX_ATTEMPTS },
    ]);
  });

  it('gives up at once on a mail that cannot be rendered', async () => {
    const transport = memoryTransport();
    await t.db.insert(outbox).values({
      topic: 'mail',
      subscriber: 'mail.send',
      payload: { template: 'noSuchTemplate', to: 'camille@example.fr', data: {} },
      nextAttemptAt: TEST_NOW,
      createdAt: TEST_NOW,
    });
    expect(await deliverPendingMail(transport)).toEqual({ sent: 0, failed: 1 });
    expect(transport.messages).toHaveLength(0);
    expect(await rows()).toMatchObject([
      { status: 'failed', attempts: 1, lastError: expect.stringMatching(/unknown/) },
    ]);
  });

  it('leaves the e-mails waiting without a transport, and hands them on once there is one', async () => {
    await enqueueMail(t.db, accountMails.teacherWelcome, welcome('camille@example.fr'), TEST_NOW);
    const withoutTransport = createEventBus(SUBSCRIBERS, {
      log: jsonLogger('silent'),
      publicUrl: 'https://passerelle.test',
      senders: { [MAIL_TOPIC]: null },
    });
    expect(await withoutTransport.hasDue(t.db, TEST_NOW)).toBe(false);
    expect(await withoutTransport.deliver(t.db, TEST_NOW)).toEqual({ delivered: 0, retried: 0, setAside: 0 });
    expect(await rows()).toMatchObject([{ status: 'pending', attempts: 0 }]);
    expect(await deliverPendingMail(memoryTransport())).toEqual({ sent: 1, failed: 0 });
  });

  it('sends each mail once when two deliveries run at the same time on two connections', async () => {
    const slow = memoryTransport();
    const transport: MailTransport & { messages: MailMessage[] } = {
      messages: slow.messages,
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        await slow.send(message);
      },
    };
    for (let i = 0; i < 10; i++)
      await enqueueMail(t.db, accountMails.teacherWelcome, welcome(`teacher-${i}@example.fr`), TEST_NOW);
    const other = openDb(t.url);
    try {
      const results = await Promise.all([
        deliverPendingMail(transport),
        deliverPendingMail(transport, { db: other }),
        deliverPendingMail(transport),
      ]);
      expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(10);
    } finally {
      other.client.close();
    }
    const recipients = transport.messages.map((message) => message.to);
    expect(recipients).toHaveLength(10);
    expect(new Set(recipients).size).toBe(10);
    expect((await rows()).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('marks each mail sent once handed over: a crash mid-batch sends again only the one in hand, same Message-ID', async () => {
    for (let i = 1; i <= 10; i++)
      await enqueueMail(t.db, accountMails.teacherWelcome, welcome(`teacher-${i}@example.fr`), TEST_NOW);
    const crashing = crashingTransport(4);
    void deliverPendingMail(crashing);
    await expect.poll(() => crashing.messages.length).toBe(4);
    // The process is gone: what it recorded is what the next one finds.
    expect((await rows()).map((row) => row.status)).toEqual([
      ...Array(3).fill('sent'),
      ...Array(7).fill('pending'),
    ]);

    const next = memoryTransport();
    expect(await deliverPendingMail(next)).toEqual({ sent: 0, failed: 0 });
    advance(CLAIM_LEASE_MS);
    expect(await deliverPendingMail(next)).toEqual({ sent: 7, failed: 0 });
    const received = [...crashing.messages, ...next.messages];
    expect(received).toHaveLength(11);
    const twice = received.filter(
      (message, i) => received.findIndex((m) => m.messageId === message.messageId) !== i,
    );
    expect(twice).toEqual([crashing.messages[3]]);
    expect(twice[0]?.to).toBe('teacher-4@example.fr');
    expect((await rows()).every((row) => row.status === 'sent')).toBe(true);
  });

  it('takes at most a batch at a time', async () => {
    const transport = memoryTransport();
    for (let i = 0; i < 3; i++)
      await enqueueMail(t.db, accountMails.teacherWelcome, welcome(`teacher-${i}@example.fr`), TEST_NOW);
    expect(await deliverPendingMail(transport, { batch: 2 })).toEqual({ sent: 2, failed: 0 });
    expect(await deliverPendingMail(transport, { batch: 2 })).toEqual({ sent: 1, failed: 0 });
  });

  /** The outbox's delivery loop over this transport, a claim of `batch` at a time, as server/main/deps.ts builds it. */
  const outboxOf = (transport: MailTransport, { db = t.db, batch = 20, render = renderMail } = {}) => {
    const bus = busWith(transport, render);
    return createOutbox(
      [
        async (pause) => {
          while (await bus.hasDue(db, clock.now())) await bus.deliver(db, clock.now(), { batch, pause });
        },
      ],
      { log: jsonLogger('debug', (line) => logs.push(JSON.parse(line))) },
    );
  };

  it('lets waiting requests in during a long delivery, and still delivers every e-mail', async () => {
    const transport = memoryTransport();
    for (let i = 0; i < 30; i++)
      await enqueueMail(t.db, accountMails.teacherWelcome, welcome(`teacher-${i}@example.fr`), TEST_NOW);
    const slowToRender: MailRenderer = (mail) => {
      holdTheLoop(1);
      return renderMail(mail);
    };
    let sentWhenLetIn: number | undefined;
    setImmediate(() => {
      sentWhenLetIn = transport.messages.length;
    });
    const bus = busWith(transport, slowToRender);
    const pause = sharesTheLoop();
    while (await bus.hasDue(t.db, clock.now())) await bus.deliver(t.db, clock.now(), { pause });
    expect(transport.messages).toHaveLength(30);
    expect(sentWhenLetIn).toBeGreaterThan(0);
    expect(sentWhenLetIn).toBeLessThan(30);
  });

  describe('the outbox delivering e-mails', () => {
    it('shares one run between concurrent wakes, and delivers beyond one batch', async () => {
      const transport = memoryTransport();
      for (let i = 0; i < 5; i++)
        await enqueueMail(t.db, accountMails.teacherWelcome, welcome(`teacher-${i}@example.fr`), TEST_NOW);
      const mailer = outboxOf(transport, { batch: 2 });
      const first = mailer.wake();
      expect(mailer.wake()).toBe(first);
      await first;
      expect(transport.messages).toHaveLength(5);
    });

    it('looks again when woken during a run', async () => {
      const memory = memoryTransport();
      let mailer: Outbox | undefined;
      const transport: MailTransport = {
        async send(message) {
          await memory.send(message);
          if (memory.messages.length === 1) {
            await enqueueMail(t.db, accountMails.teacherWelcome, welcome('second@example.fr'), TEST_NOW);
            void mailer?.wake();
          }
        },
      };
      await enqueueMail(t.db, accountMails.teacherWelcome, welcome('first@example.fr'), TEST_NOW);
      mailer = outboxOf(transport);
      await mailer.wake();
      expect(memory.messages.map((message) => message.to)).toEqual(['first@example.fr', 'second@example.fr']);
    });

    it('never rejects into the caller, and logs why it stopped', async () => {
      const broken = openDb(t.url);
      broken.client.close();
      const mailer = outboxOf(memoryTransport(), { db: broken });
      await expect(mailer.wake()).resolves.toBeUndefined();
      expect(logs).toMatchObject([{ level: 'error', message: 'outbox delivery failed' }]);
    });
  });
});

describe('enqueueMail', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb();
  });
  afterEach(() => t.close());

  it('writes nothing when the transaction it belongs to fails', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, accountMails.teacherWelcome, welcome('camille@example.fr'), TEST_NOW);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.select().from(outbox)).toHaveLength(0);
  });

  it('is written with the transaction that commits', async () => {
    await t.db.transaction(async (tx) => {
      await enqueueMail(tx, accountMails.teacherWelcome, welcome('camille@example.fr'), TEST_NOW);
    });
    const [row] = await t.db.select().from(outbox).where(eq(outbox.topic, 'mail'));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: TEST_NOW });
    // The payload names its template: rows written before templates moved to their domains still render.
    expect(row?.payload).toEqual({ template: 'teacherWelcome', ...welcome('camille@example.fr') });
  });

  it('writes a batch of one template, each row naming it', async () => {
    await enqueueMails(
      t.db,
      accountMails.teacherWelcome,
      [welcome('first@example.fr'), welcome('second@example.fr')],
      TEST_NOW,
    );
    await enqueueMails(t.db, accountMails.teacherWelcome, [], TEST_NOW);
    const rows = await t.db.select().from(outbox).orderBy(outbox.id);
    expect(rows.map((row) => row.payload)).toEqual([
      { template: 'teacherWelcome', ...welcome('first@example.fr') },
      { template: 'teacherWelcome', ...welcome('second@example.fr') },
    ]);
    expect(
      rows.map(({ status, attempts, nextAttemptAt, createdAt }) => ({
        status,
        attempts,
        nextAttemptAt,
        createdAt,
      })),
    ).toEqual([
      { status: 'pending', attempts: 0, nextAttemptAt: TEST_NOW, createdAt: TEST_NOW },
      { status: 'pending', attempts: 0, nextAttemptAt: TEST_NOW, createdAt: TEST_NOW },
    ]);
  });

  it('keeps a payload’s text as it was given: accents, quotes, line breaks and emoji', async () => {
    const data = {
      firstName: 'Zoé « la "grande" »\nD’Artagnan 🚀',
      loginUrl: 'https://passerelle.test/a?b=1&c=2',
    };
    await enqueueMail(t.db, accountMails.teacherWelcome, { to: 'zoé@example.fr', data }, TEST_NOW);
    const [row] = await t.db.select().from(outbox);
    expect(row?.payload).toEqual({ template: 'teacherWelcome', to: 'zoé@example.fr', data });
  });
});
