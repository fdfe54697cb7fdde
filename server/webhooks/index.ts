export {
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_TIMEOUT_MS,
} from './schedule.ts';
export { sendDueWebhooks, sendingStep, type WebhookReport, type WebhookSendingDeps } from './sending.ts';
export {
  webhooksOfBooking,
  webhooksOfBookingChange,
  webhooksOfCancellation,
  webhooksOfCompanyStatus,
  webhooksOfSlotChange,
  webhooksOfSlotDeletion,
  webhooksOfSlotPublished,
} from './subscribers.ts';
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  myWebhookEndpoints,
  redeliverWebhook,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  webhookEndpointsOfKey,
} from './use-cases.ts';
