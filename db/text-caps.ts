import { TEXT_MAX } from '../common/text.ts';

/**
 * The free-text columns and the longest text each holds: the database refuses more (migration 0008's
 * triggers), whatever door the text came through. The numbers are the forms' and the API's
 * (common/text.ts); db/text-caps.test.ts checks that the triggers say the same.
 */
export const TEXT_CAPS: Record<string, Record<string, number>> = {
  users: {
    email: TEXT_MAX.email,
    first_name: TEXT_MAX.personName,
    last_name: TEXT_MAX.personName,
    description: TEXT_MAX.teacherDescription,
    reference_label: TEXT_MAX.addressLabel,
    reference_city: TEXT_MAX.city,
  },
  establishments: {
    name: TEXT_MAX.establishmentName,
    label: TEXT_MAX.addressLabel,
    city: TEXT_MAX.city,
  },
  companies: {
    name: TEXT_MAX.companyName,
    label: TEXT_MAX.addressLabel,
    city: TEXT_MAX.city,
    website: TEXT_MAX.website,
    description: TEXT_MAX.companyDescription,
    contact_name: TEXT_MAX.contactName,
    contact_email: TEXT_MAX.email,
    status_reason: TEXT_MAX.refusalReason,
  },
  jobs: { label: TEXT_MAX.jobLabel },
  slots: {
    speaker_name: TEXT_MAX.personName,
    speaker_firstname: TEXT_MAX.personName,
    speaker_email: TEXT_MAX.email,
    speaker_role: TEXT_MAX.speakerRole,
    description: TEXT_MAX.slotDescription,
    video_link: TEXT_MAX.videoLink,
    place_label: TEXT_MAX.addressLabel,
  },
  meetings: {
    message: TEXT_MAX.bookingMessage,
    accompanying_adult_name: TEXT_MAX.fullName,
    cancel_reason: TEXT_MAX.cancelReason,
  },
  class_groups: { name: TEXT_MAX.groupName, level: TEXT_MAX.groupLevel },
  contact_messages: { body: TEXT_MAX.contactMessage, answer: TEXT_MAX.contactAnswer },
  feedback: { liked: TEXT_MAX.feedbackText, suggestions: TEXT_MAX.feedbackText },
  transport_requests: {
    departure_label: TEXT_MAX.addressLabel,
    departure_city: TEXT_MAX.city,
    comment: TEXT_MAX.transportComment,
    answer: TEXT_MAX.transportAnswer,
  },
  documents: { title: TEXT_MAX.documentTitle },
  faq_entries: { question: TEXT_MAX.faqQuestion, answer: TEXT_MAX.faqAnswer },
  // Platform articles and companies' news share the table: the database holds the larger caps, each
  // form and the API its own.
  articles: {
    title: Math.max(TEXT_MAX.articleTitle, TEXT_MAX.newsTitle),
    summary: Math.max(TEXT_MAX.articleSummary, TEXT_MAX.newsSummary),
    body: Math.max(TEXT_MAX.articleBody, TEXT_MAX.newsBody),
  },
};
