import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema/mail.ts';
import type { Logger } from '../http/logger.ts';

/**
 * What a domain tells the others about itself, through the outbox (ARCHITECTURE.md, One door per rule):
 * the event is recorded in the same write as the change, and its consequences elsewhere (e-mails composed
 * from the committed state, and whatever a later feature adds) are lines of the subscriber table
 * (server/subscribers.ts), run once each by the delivery loop.
 */
export interface EventPayloads {
  /** A teacher booked a slot; recorded by the booking's own write (meetings/booking.ts). */
  'meeting.booked': { meetingId: number };
  /**
   * Seats of a slot may have come free: a booking cancelled (meetings/cancellation.ts) or the capacity
   * raised (slots/slots.ts). The waitlist offers them (docs/decisions/0041).
   */
  'slot.seatsFreed': { slotId: number };
}

export type Topic = keyof EventPayloads;

/** What every subscriber may need beside the transaction. */
export interface EventContext {
  now: Date;
  publicUrl: string;
}

export interface Subscriber<T extends Topic> {
  name: string;
  handle(tx: DbOrTx, events: EventPayloads[T][], context: EventContext): Promise<void>;
}

export type SubscriberTable = { [T in Topic]: Subscriber<T>[] };

export interface EventBus {
  /**
   * The delivery loop's part: hands the recorded events to their subscribers, up to `limit` per topic.
   * Events are claimed and handled in one transaction, so each is handled once, and a failure leaves them
   * all pending for the next run. Returns how many events were handled.
   */
  dispatch(db: Db, context: EventContext, limit?: number): Promise<number>;
}

/**
 * Records an event in the outbox, in the transaction of the change it reports; the bus's `dispatch` hands
 * it to the topic's subscribers.
 */
export async function recordEvent<T extends Topic>(
  tx: DbOrTx,
  topic: T,
  payload: EventPayloads[T],
  now: Date,
): Promise<void> {
  await tx.insert(outbox).values({ topic, payload: { ...payload }, nextAttemptAt: now, createdAt: now });
}

export function createEventBus(table: SubscriberTable, log: Logger): EventBus {
  async function dispatchTopic<T extends Topic>(db: Db, topic: T, context: EventContext, limit: number) {
    const handlers = table[topic] as Subscriber<T>[];
    if (handlers.length === 0) return 0;
    const pending = and(eq(outbox.topic, topic), eq(outbox.status, 'pending'));
    const [waiting] = await db.select({ id: outbox.id }).from(outbox).where(pending).limit(1);
    if (!waiting) return 0;
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: outbox.id, payload: outbox.payload })
        .from(outbox)
        .where(pending)
        .orderBy(asc(outbox.id))
        .limit(limit);
      if (rows.length === 0) return 0;
      await tx
        .update(outbox)
        .set({ status: 'sent', sentAt: context.now, attempts: 1 })
        .where(
          inArray(
            outbox.id,
            rows.map((row) => row.id),
          ),
        );
      const events = rows.map((row) => row.payload as unknown as EventPayloads[T]);
      for (const handler of handlers) await handler.handle(tx, events, context);
      return rows.length;
    });
  }

  return {
    async dispatch(db, context, limit = 100) {
      let handled = 0;
      for (const topic of Object.keys(table) as Topic[]) {
        try {
          handled += await dispatchTopic(db, topic, context, limit);
        } catch (error) {
          log.error('event subscribers failed', {
            topic,
            error: error instanceof Error ? (error.stack ?? error.message) : String(error),
          });
        }
      }
      return handled;
    },
  };
}
