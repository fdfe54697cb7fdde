export { createEventBus } from './bus.ts';
export {
  claimDue,
  findOfTopic,
  latestOfTopic,
  markFailed,
  markSent,
  type OutboxRow,
  recordOutbox,
  retryLater,
} from './outbox.ts';
export { createOutbox, type DeliveryStep, WAKE_COALESCE_MS } from './worker.ts';
