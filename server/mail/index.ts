export { deliverAllDueMail, deliverPendingMail } from './delivery.ts';
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
