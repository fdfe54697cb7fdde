export { contactMessagesSent, isContactable } from './company-contact.ts';
