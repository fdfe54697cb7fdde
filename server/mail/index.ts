export { MAIL_RETRIES, mailSender } from './delivery.ts';
export { invitation, type MailCalendarEvent } from './invitation.ts';
export { mailDomain } from './message-id.ts';
export {
  type AddressedMail,
  enqueueMail,
  enqueueMails,
  MAIL_SENDER,
  MAIL_TOPIC,
  type OutgoingMail,
} from './outbox.ts';
export { type MailRenderer, mailRegistry, mailRenderer } from './registry.ts';
export { PLATFORM_NAME } from './render.ts';
export {
  defineMailTemplates,
  formatDuration,
  type MailData,
  type MailTemplate,
  plural,
} from './templates.ts';
