export { enqueueMail, MAIL_TOPIC, type MailTemplate, type MailTemplates, type OutgoingMail } from './outbox.ts';
