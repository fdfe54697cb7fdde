export { contactMessagesSent, isContactable } from './company-contact.ts';
export {
  type ContactFilter,
  type ContactMessageRow,
  changeContactMessage,
  contactMessagesIn,
  contactMessagesInBatches,
  contactSender,
  findContactMessage,
} from './contact-form.ts';
