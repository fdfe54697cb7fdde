import type { Db, DbOrTx } from '../../db/client.ts';
import type {
  EventBus,
  EventContext,
  EventPayloads,
  Subscriber,
  SubscriberTable,
  Topic,
} from '../kernel/events.ts';
import type { Logger } from '../kernel/logger.ts';
import { hasPending, recordOutbox, recordOutboxStatement, takePending } from './outbox.ts';

/**
 * The bus over a subscriber table (server/main/subscribers.ts): publishing runs the in-transaction
 * subscribers on the change's transaction and records the event for the after-commit ones; dispatching
 * hands the recorded events to those, each once (docs/decisions/0043).
 */
export function createEventBus(
  table: SubscriberTable,
  options: { log: Logger; publicUrl: string; builtInRoom?: boolean },
): EventBus {
  const { log, publicUrl, builtInRoom } = options;
  const subscribersOf = <T extends Topic>(topic: T, runs: Subscriber<T>['runs']) =>
    (table[topic] as Subscriber<T>[]).filter((subscriber) => subscriber.runs === runs);
  const contextAt = (now: Date): EventContext => ({ now, publicUrl, builtInRoom, events: bus });

  async function dispatchTopic<T extends Topic>(db: Db, topic: T, now: Date, limit: number): Promise<number> {
    const subscribers = subscribersOf(topic, 'afterCommit');
    if (subscribers.length === 0 || !(await hasPending(db, topic))) return 0;
    return db.transaction(async (tx) => {
      const rows = await takePending(tx, topic, limit, now);
      const events = rows.map((row) => row.payload as unknown as EventPayloads[T]);
      if (events.length > 0) {
        for (const subscriber of subscribers) await subscriber.handle(tx, events, contextAt(now));
      }
      return rows.length;
    });
  }

  const bus: EventBus = {
    async publish<T extends Topic>(tx: DbOrTx, topic: T, payload: EventPayloads[T], now: Date) {
      for (const subscriber of subscribersOf(topic, 'inTransaction')) {
        await subscriber.handle(tx, [payload], contextAt(now));
      }
      if (subscribersOf(topic, 'afterCommit').length > 0) await recordOutbox(tx, topic, [payload], now);
    },

    recordStatement(topic, payloadJson) {
      if (subscribersOf(topic, 'inTransaction').length > 0) {
        throw new Error(`${topic} has in-transaction subscribers: publish it from a transaction`);
      }
      return recordOutboxStatement(topic, payloadJson);
    },

    async dispatch(db, now, limit = 100) {
      let handled = 0;
      for (const topic of Object.keys(table) as Topic[]) {
        try {
          handled += await dispatchTopic(db, topic, now, limit);
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
  return bus;
}
