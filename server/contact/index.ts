export { contactMessagesSent, isContactable } from './company-contact.ts';
export {
  type ContactMessageRow,
  type ContactSender,
  changeContactMessage,
  contactMessagesIn,
  contactMessagesInBatches,
  contactSender,
  contactSubjectLabel,
  findContactMessage,
} from './contact-form.ts';
