export { createMailer, deliverPendingMail, type Mailer } from './delivery.ts';
export {
  createEventBus,
  type EventBus,
  type EventContext,
  type EventPayloads,
  recordEvent,
  type Subscriber,
  type SubscriberTable,
} from './events.ts';
export { mailDomain } from './message-id.ts';
export {
  enqueueMail,
  enqueueMails,
  type FeedbackMail,
  MAIL_TOPIC,
  type MailTemplate,
  type MailTemplates,
  type MeetingMail,
  type MeetingReminderMail,
  type OutgoingMail,
  type WeeklyAlertMail,
} from './outbox.ts';
export { renderMail } from './templates.ts';
