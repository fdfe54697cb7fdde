/**
 * The partner API's words (API.md, « Partners »; issue 37): what a key may do, and the webhook events a
 * partner may hear of. The GraphQL enums use the names with `_`; a webhook's `type` uses the dotted name.
 */
export const PARTNER_SCOPES = ['slots_read', 'companies_read', 'statistics_read', 'webhooks'] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];

export const WEBHOOK_EVENTS = [
  'slot_published',
  'slot_changed',
  'slot_deleted',
  'meeting_booked',
  'meeting_changed',
  'meeting_cancelled',
  'company_validated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A webhook's `type`, as partners read it: `meeting.booked` for `meeting_booked`. */
export function webhookType(event: WebhookEvent): string {
  return event.replace('_', '.');
}

/** Every partner key's secret starts so: it tells a key from a session token sent the same way. */
export const PARTNER_KEY_PREFIX = 'pk_';
