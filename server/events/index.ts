export { CLAIM_LEASE_MS, createEventBus, MAX_CHAIN_LINKS, retryDelayMs, SUBSCRIBER_RETRIES } from './bus.ts';
export {
  findOfTopic,
  latestOfTopic,
  type OutboxRow,
  pendingByTopic,
  recordOutbox,
  requeue,
  setAsideRows,
  setAsideSince,
} from './outbox.ts';
export { createOutbox, type DeliveryStep, deliverAllDue, followedBy, WAKE_COALESCE_MS } from './worker.ts';
