import type { Db, DbOrTx } from '../../db/client.ts';
import type { Pause } from '../kernel/background.ts';
import {
  type DeliveryReport,
  type EventBus,
  type EventContext,
  type EventPayloads,
  type OutboxItem,
  type RetryPolicy,
  type Sender,
  SetAside,
  type Subscriber,
  type SubscriberTable,
  type Topic,
} from '../kernel/events.ts';
import type { Logger } from '../kernel/logger.ts';
import {
  claimDue,
  fanOutLegacy,
  hasDue,
  markSent,
  type OutboxRow,
  recordOutbox,
  recordOutboxStatement,
  retryLater,
  setAside,
} from './outbox.ts';

const MINUTE = 60_000;

/**
 * An after-commit subscriber's tries: five, over about two and a half hours (1, 5, 30 then 120 minutes
 * apart). Its work is the platform's own code on its own database: what still fails after a database
 * hiccup, a deploy or a lock has passed is a bug or a payload it cannot take, for an operator to see
 * (docs/decisions/0078).
 */
export const SUBSCRIBER_RETRIES: RetryPolicy = {
  maxAttempts: 5,
  delaysMs: [1, 5, 30, 120].map((minutes) => minutes * MINUTE),
};

/**
 * A claimed row is not due again before its lease ends: longer than any handling (an SMTP server's
 * slowest answer), and if the process dies in between, the row is tried again afterwards, not lost.
 */
export const CLAIM_LEASE_MS = 10 * MINUTE;

const DEFAULT_BATCH = 20;

/**
 * The links a chain of in-transaction subscribers may have below the change (a company leaving → its slots
 * deleted → their seats freed → a waiting group's booking grown is three). Every link runs in the change's
 * one write, which holds the database's only writer: a longer chain is a design to rethink, refused by
 * `npm run check` (scripts/check-event-chains.ts) and, should the declared links lie, by the bus at run time.
 */
export const MAX_CHAIN_LINKS = 4;

/** The wait after the `failedAttempts`-th failed try of a policy; its last wait repeats. */
export function retryDelayMs(policy: RetryPolicy, failedAttempts: number): number {
  const { delaysMs } = policy;
  return delaysMs.at(Math.min(Math.max(failedAttempts, 1), delaysMs.length) - 1) ?? MINUTE;
}

const describeError = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000);

const itemOf = (row: OutboxRow): OutboxItem => ({
  id: row.id,
  topic: row.topic,
  payload: row.payload,
  attempts: row.attempts,
  createdAt: row.createdAt,
});

/**
 * The bus over a subscriber table (server/main/subscribers.ts) and the senders of the topics whose rows
 * leave the database (the e-mails' transport; null: its rows wait for one): publishing runs the
 * in-transaction subscribers on the change's transaction and records a row per after-commit subscriber;
 * delivering hands each due row to its handler (docs/decisions/0043, 0078).
 */
export function createEventBus(
  table: SubscriberTable,
  options: {
    log: Logger;
    publicUrl: string;
    builtInRoom?: boolean;
    senders?: Record<string, Sender | null>;
  },
): EventBus {
  const { log, publicUrl, builtInRoom } = options;
  const senders = options.senders ?? {};
  const waiting = Object.entries(senders)
    .filter(([, sender]) => sender === null)
    .map(([topic]) => topic);
  const subscribersOf = <T extends Topic>(topic: T, runs: Subscriber<T>['runs']) =>
    ((table[topic] ?? []) as Subscriber<T>[]).filter((subscriber) => subscriber.runs === runs);
  const afterCommitNames = (topic: Topic) => subscribersOf(topic, 'afterCommit').map((s) => s.name);
  /**
   * What a subscriber runs with, `links` below the change: its publishing held to the topics its
   * `publishes` names, and to the chain's length.
   */
  const contextFor = (subscriber: Subscriber<Topic>, now: Date, links: number): EventContext => ({
    now,
    publicUrl,
    builtInRoom,
    events: {
      ...bus,
      publish(tx, topic, payload, at) {
        if (!subscriber.publishes?.includes(topic)) {
          throw new Error(
            `${subscriber.name} published ${topic}, which its publishes list does not name (scripts/check-event-chains.ts)`,
          );
        }
        return publishAt(tx, topic, payload, at, links + 1);
      },
    },
  });

  async function publishAt<T extends Topic>(
    tx: DbOrTx,
    topic: T,
    payload: EventPayloads[T],
    now: Date,
    links: number,
  ): Promise<void> {
    if (links > MAX_CHAIN_LINKS) {
      throw new Error(`${topic} published ${links} links below its change: more than ${MAX_CHAIN_LINKS}`);
    }
    for (const subscriber of subscribersOf(topic, 'inTransaction')) {
      await subscriber.handle(tx, [payload], contextFor(subscriber as Subscriber<Topic>, now, links));
    }
    await recordOutbox(tx, topic, afterCommitNames(topic), [payload], now);
  }

  async function failed(
    db: Db,
    row: OutboxRow,
    error: unknown,
    policy: RetryPolicy,
    fields: Record<string, unknown>,
    now: Date,
  ): Promise<'retried' | 'setAside'> {
    const lastError = describeError(error);
    const about = { outboxId: row.id, topic: row.topic, subscriber: row.subscriber, ...fields };
    if (error instanceof SetAside || row.attempts >= policy.maxAttempts) {
      await setAside(db, row.id, lastError);
      log.error('outbox row set aside', { ...about, attempts: row.attempts, error: lastError });
      return 'setAside';
    }
    const nextAttemptAt = new Date(now.getTime() + retryDelayMs(policy, row.attempts));
    await retryLater(db, row.id, nextAttemptAt, lastError);
    log.warn('outbox row failed, will retry', {
      ...about,
      attempts: row.attempts,
      nextAttemptAt: nextAttemptAt.toISOString(),
      error: lastError,
    });
    return 'retried';
  }

  /**
   * Hands rows to their after-commit subscriber, acknowledged in the subscriber's own transaction: all
   * together first, then one by one when that fails, so one row it cannot take holds back no other.
   */
  async function toSubscriber(
    db: Db,
    subscriber: Subscriber<Topic>,
    rows: OutboxRow[],
    now: Date,
    report: DeliveryReport,
  ): Promise<void> {
    const handle = (some: OutboxRow[]) =>
      db.transaction(async (tx) => {
        await subscriber.handle(
          tx,
          some.map((row) => row.payload as never),
          contextFor(subscriber, now, 0),
        );
        await markSent(
          tx,
          some.map((row) => row.id),
          now,
        );
      });
    if (rows.length > 1) {
      try {
        await handle(rows);
        report.delivered += rows.length;
        return;
      } catch {
        // One of them, or all: each alone now says which.
      }
    }
    for (const row of rows) {
      try {
        await handle([row]);
        report.delivered++;
      } catch (error) {
        report[await failed(db, row, error, SUBSCRIBER_RETRIES, {}, now)]++;
      }
    }
  }

  async function toSender(
    db: Db,
    sender: Sender,
    rows: OutboxRow[],
    now: Date,
    report: DeliveryReport,
    pause: Pause,
  ): Promise<void> {
    for (const row of rows) {
      await pause();
      const item = itemOf(row);
      // Named once, before it is sent: the log line says it whatever the outcome.
      const described = sender.describe?.(item) ?? {};
      try {
        await sender.send(item);
      } catch (error) {
        report[await failed(db, row, error, sender.retries, described, now)]++;
        continue;
      }
      await markSent(db, [row.id], now);
      log.info('outbox row delivered', {
        outboxId: row.id,
        topic: row.topic,
        attempts: row.attempts,
        ...described,
      });
      report.delivered++;
    }
  }

  /** Rows of one handler, in the order they were claimed. */
  function byHandler(rows: OutboxRow[]): Map<string, OutboxRow[]> {
    const groups = new Map<string, OutboxRow[]>();
    for (const row of rows) {
      const key = `${row.topic}\u0000${row.subscriber ?? ''}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    return groups;
  }

  const bus: EventBus = {
    publish: (tx, topic, payload, now) => publishAt(tx, topic, payload, now, 0),

    recordStatement(topic, payloadJson) {
      if (subscribersOf(topic, 'inTransaction').length > 0) {
        throw new Error(`${topic} has in-transaction subscribers: publish it from a transaction`);
      }
      return recordOutboxStatement(topic, afterCommitNames(topic), payloadJson);
    },

    async deliver(db, now, { batch = DEFAULT_BATCH, pause = async () => {} } = {}) {
      const report: DeliveryReport = { delivered: 0, retried: 0, setAside: 0 };
      const rows = await claimDue(db, { now, batch, leaseMs: CLAIM_LEASE_MS, waiting });
      for (const group of byHandler(rows).values()) {
        await pause();
        const [first] = group;
        if (!first) continue;
        const sender = senders[first.topic];
        if (sender) {
          await toSender(db, sender, group, now, report, pause);
          continue;
        }
        const topic = first.topic as Topic;
        if (first.subscriber === null) {
          // Recorded by an earlier version, one row per event: handed to today's subscribers.
          for (const row of group) await fanOutLegacy(db, row, afterCommitNames(topic), now);
          report.delivered += group.length;
          continue;
        }
        const subscriber = subscribersOf(topic, 'afterCommit').find((s) => s.name === first.subscriber);
        if (!subscriber) {
          const gone = new SetAside(`no after-commit subscriber ${first.subscriber} for ${first.topic}`);
          for (const row of group) report[await failed(db, row, gone, SUBSCRIBER_RETRIES, {}, now)]++;
          continue;
        }
        await toSubscriber(db, subscriber as Subscriber<Topic>, group, now, report);
      }
      return report;
    },

    hasDue: (db, now) => hasDue(db, now, waiting),
  };
  return bus;
}
