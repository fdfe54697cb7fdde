import { webhookType } from '../../common/partners.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { EventPayloads, Subscriber, Topic } from '../kernel/events.ts';
import { partnerCoversRegion } from '../permissions.ts';
import { WEBHOOK_ITEMS, type WebhookItem } from './payloads.ts';
import { insertDeliveries, listeningEndpoints, pruneDeliveries } from './queries.ts';
import { WEBHOOK_RETRY_WINDOW_MS } from './schedule.ts';
import { newDeliveryId } from './secrets.ts';

/**
 * A delivery per endpoint that hears of each item, its body written once (the bytes signed at every
 * attempt), due now; then each endpoint's older deliveries beyond the last 100 go. Nothing leaves here: the
 * sending is apart (sending.ts), so a partner that is down holds back no subscriber of the outbox.
 */
async function enqueueDeliveries(tx: DbOrTx, items: WebhookItem[], now: Date): Promise<void> {
  const touched = new Set<number>();
  for (const item of items) {
    const endpoints = (await listeningEndpoints(tx, item.event)).filter((endpoint) =>
      partnerCoversRegion(endpoint, item.regionCode),
    );
    const payload = JSON.stringify({
      type: webhookType(item.event),
      timestamp: now.toISOString(),
      data: item.data,
    });
    await insertDeliveries(
      tx,
      endpoints.map((endpoint) => ({
        id: newDeliveryId(now),
        endpointId: endpoint.id,
        event: item.event,
        payload,
        nextAttemptAt: now,
        retryUntil: new Date(now.getTime() + WEBHOOK_RETRY_WINDOW_MS),
        createdAt: now,
      })),
    );
    for (const endpoint of endpoints) touched.add(endpoint.id);
  }
  await pruneDeliveries(tx, [...touched]);
}

type HeardTopic = keyof typeof WEBHOOK_ITEMS;

/** The after-commit subscriber of one topic: its events as the partners hear them (payloads.ts). */
function webhooksOf<T extends HeardTopic & Topic>(topic: T): Subscriber<T> {
  const itemOf = WEBHOOK_ITEMS[topic] as (
    db: DbOrTx,
    event: EventPayloads[T],
    now: Date,
  ) => Promise<WebhookItem | null>;
  return {
    name: `webhooks.${topic}`,
    runs: 'afterCommit',
    async handle(tx, events, context) {
      const items: WebhookItem[] = [];
      for (const event of events) {
        const item = await itemOf(tx, event, context.now);
        if (item) items.push(item);
      }
      await enqueueDeliveries(tx, items, context.now);
    },
  };
}

/** The partners' webhooks of each topic they hear of (server/main/subscribers.ts lists them). */
export const webhooksOfSlotPublished = webhooksOf('slot.published');
export const webhooksOfSlotChange = webhooksOf('slot.changed');
export const webhooksOfSlotDeletion = webhooksOf('slot.deleted');
export const webhooksOfBooking = webhooksOf('meeting.booked');
export const webhooksOfBookingChange = webhooksOf('meeting.changed');
export const webhooksOfCancellation = webhooksOf('meeting.cancelled');
export const webhooksOfCompanyStatus = webhooksOf('company.statusChanged');
