import { accountMails } from '../accounts/mails.ts';
import { adminMails } from '../admin/mails.ts';
import { companyMails } from '../companies/mails.ts';
import { contactMails } from '../contact/mails.ts';
import { feedbackMails } from '../feedback/mails.ts';
import { type MailRenderer, mailRegistry, mailRenderer } from '../mail/index.ts';
import { meetingMails } from '../meetings/mail-templates.ts';
import { operationsMails } from '../operations/mails.ts';
import { privacyMails } from '../privacy/mails.ts';
import { teamMails } from '../teams/mails.ts';
import { transportMails } from '../transport/mails.ts';
import { waitlistMails } from '../waitlist/mails.ts';
import { webhookMails } from '../webhooks/mails.ts';
import { weeklyAlertMails } from '../weekly-alert/mails.ts';

/**
 * Every e-mail template of the platform, by name. Each domain defines its own beside the use cases that
 * send them; an outbox row names its template, and is rendered with the one of that name found here.
 */
export const MAIL_TEMPLATES = mailRegistry(
  accountMails,
  adminMails,
  companyMails,
  teamMails,
  contactMails,
  feedbackMails,
  meetingMails,
  transportMails,
  operationsMails,
  privacyMails,
  weeklyAlertMails,
  waitlistMails,
  webhookMails,
);

/**
 * The subject, HTML and text of an e-mail of the outbox; throws on a template this version does not know.
 * Given to the delivery (deps.ts, outboxFor) and to the developers' viewer (app.ts, /dev/mails).
 */
export const renderMail: MailRenderer = mailRenderer(MAIL_TEMPLATES);
