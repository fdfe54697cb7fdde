export { contactCompany, contactMessagesSent, isContactable } from './company-contact.ts';
export {
  type ContactFilter,
  type ContactMessageRow,
  changeContactMessage,
  contactMessagesIn,
  contactMessagesInBatches,
  contactSender,
  findContactMessage,
  sendContactMessage,
} from './contact-form.ts';
export { contactPersonalData, eraseContactMessagesOf } from './personal-data.ts';
