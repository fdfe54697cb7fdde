import type { MeetingType } from '../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { SlotChange } from '../kernel/events.ts';
import { recordOutbox } from '../events/index.ts';

/** Every e-mail the platform sends, with the data its template needs. */
export interface MailTemplates {
  teacherWelcome: { firstName: string; loginUrl: string };
  passwordReset: { firstName: string; resetUrl: string; expiresInMinutes: number };
  /** To someone an administrator invited to operate the platform (nationally, or a region). */
  operatorInvitation: { regionName: string | null; setPasswordUrl: string; expiresInDays: number };
  /** To the new address of a login e-mail change: the link that makes it the account's. */
  emailChangeConfirm: { firstName: string; newEmail: string; confirmUrl: string; expiresInHours: number };
  /** To the address the account has: someone asked to replace it, and what to do if it was not them. */
  emailChangeRequested: { firstName: string; newEmail: string; resetUrl: string };
  companySignupReceived: { firstName: string; companyName: string };
  companyValidated: { firstName: string; companyName: string; loginUrl: string };
  companyRefused: { firstName: string; companyName: string; reason: string | null };
  companyArchived: { firstName: string; companyName: string };
  /** An archived company is back on the platform. */
  companyRestored: { firstName: string; companyName: string; loginUrl: string };
  /** A teacher's booking cancelled because its company left the platform (refused or archived). */
  meetingCancelledByPlatform: {
    firstName: string;
    companyName: string;
    /** The slot's start, ISO-8601 UTC; shown in `timeZone`. */
    startsAt: string;
    timeZone: string;
    reason: string;
    searchUrl: string;
  };
  /** To a company's recruiter: a teacher deleted their account, which cancelled their booking. */
  meetingCancelledByTeacherDeletion: {
    firstName: string;
    establishmentName: string;
    /** The slot's start, ISO-8601 UTC; shown in `timeZone`. */
    startsAt: string;
    timeZone: string;
    participantsCount: number;
    meetingsUrl: string;
  };
  /** To the teacher, at the address the account had: the account is anonymised. */
  accountDeleted: { firstName: string; cancelledMeetings: number };
  /** To a company that asked to be contacted while it has no slot: a teacher's message. */
  companyContacted: {
    firstName: string;
    companyName: string;
    teacherName: string;
    teacherEmail: string;
    establishmentName: string | null;
    message: string;
  };
  /** To the teacher of a meeting just done: the satisfaction questionnaire, one click away. */
  feedbackInvitation: FeedbackMail;
  /** The one reminder, three days after the invitation, while the questionnaire is unanswered. */
  feedbackReminder: FeedbackMail;
  /** To a teacher on a slot's waitlist: seats are held for the group until `expiresAt` (decision 0041). */
  waitlistOffer: {
    firstName: string;
    companyName: string;
    /** The slot's start, ISO-8601 UTC; shown in `timeZone`. */
    startsAt: string;
    timeZone: string;
    groupSize: number;
    /** ISO-8601 UTC; shown in the slot's zone. */
    expiresAt: string;
    offerUrl: string;
  };
  /** To the teacher whose offer lapsed unanswered: the seats went to the next in line. */
  /** To a teacher in a slot's line, or holding its offer: the company deleted the slot, the line is closed. */
  waitlistClosed: {
    firstName: string;
    companyName: string;
    startsAt: string;
    timeZone: string;
    wasOffered: boolean;
    searchUrl: string;
  };
  waitlistOfferLapsed: {
    firstName: string;
    companyName: string;
    startsAt: string;
    timeZone: string;
    searchUrl: string;
  };
  /** To the teacher: the company said the group did not come. */
  meetingMarkedAbsent: {
    firstName: string;
    companyName: string;
    companyPhone: string | null;
    /** The meeting's start, ISO-8601 UTC; shown in `timeZone`. */
    startsAt: string;
    timeZone: string;
    detailsUrl: string;
  };
  /** To each operator: a teacher asks for transport help. */
  transportRequested: TransportMail & {
    teacherName: string;
    establishmentName: string;
    groupSize: number;
    departure: string;
    comment: string | null;
  };
  /** To the teacher: the operators accepted or refused the request, with their message. */
  transportAnswered: TransportMail & { accepted: boolean; answer: string };
  /** To each operator: a meeting whose transport they had accepted is cancelled. */
  /**
   * To each operator: a meeting with an open transport request is cancelled, and the request with it;
   * `wasAccepted` (absent in e-mails queued before it existed: they were all for accepted requests).
   */
  transportCancelled: TransportMail & { teacherName: string; groupSize: number; wasAccepted?: boolean };
  /** To each operator of the sender's region: a contact-form message to handle (docs/decisions/0042). */
  contactReceived: ContactMail & {
    senderEmail: string;
    senderRole: string | null;
    organisation: string | null;
    message: string;
    url: string;
  };
  /** To the sender of a contact-form message: it was received, and what they wrote. */
  contactAcknowledged: ContactMail & { message: string };
  /** To the sender: the operators' answer to their message. */
  contactAnswered: ContactMail & { message: string; answer: string };
  /** To each side of a new booking, with the invitation. */
  meetingBooked: MeetingMail & { participantsCount: number; message: string | null };
  /** To each side of a booking whose slot the company moved, with the updated invitation. */
  meetingMoved: MeetingMail & { previousStartsAt: string; changes?: SlotChange[] };
  /** To each side of a booking whose slot the company changed otherwise (type, public, place…): old → new. */
  meetingChanged: MeetingMail & { changes: SlotChange[] };
  /** To each side of a cancelled booking, with the cancellation for calendars. */
  meetingCancelled: MeetingMail & { cancelledBy: 'teacher' | 'company'; reason: string | null };
  /** To each side, three days and one day before the meeting (docs/decisions/0040). */
  meetingReminder: MeetingReminderMail;
  /** The weekly alert (bulk: it carries a one-click unsubscribe): slots published last week near the teacher. */
  weeklyAlert: WeeklyAlertMail;
}

/** A meeting's reminder: who comes, what to get ready, and the two links that act without a login. */
export interface MeetingReminderMail extends Omit<MeetingMail, 'calendar'> {
  kind: '3d' | '1d';
  meetingType: MeetingType;
  participantsCount: number;
  /** The group's public ("Collégiens"…). */
  publicLabel: string;
  /** Who comes for the company: name, role and phone. */
  speaker: { name: string; role: string; phone: string };
  checklist: readonly string[];
  /** « Je confirme » and « Je ne peux plus venir »: signed links to the meeting-action page. */
  confirmUrl: string;
  releaseUrl: string;
}

/** A teacher's weekly alert: the slots listed, soonest first, and how many more the search shows. */
export interface WeeklyAlertMail {
  firstName: string;
  slots: {
    companyName: string;
    /** The slot's start, ISO-8601 UTC; shown in `timeZone`. */
    startsAt: string;
    timeZone: string;
    meetingTypeLabel: string;
    /** Rounded to the kilometre. */
    distanceKm: number;
    city: string | null;
    /** The company's page, at the slot's week. */
    url: string;
  }[];
  /** Matching slots left out of the e-mail (it lists the first ones). */
  moreCount: number;
  searchUrl: string;
  unsubscribeUrl: string;
}

/** The contact form's e-mails: whom they greet, who wrote, and about what (a ContactSubject's label). */
export interface ContactMail {
  firstName: string;
  senderName: string;
  subjectLabel: string;
}

/** The questionnaire's e-mails: which meeting, and the link to its form. */
export interface FeedbackMail {
  firstName: string;
  companyName: string;
  meetingTypeLabel: string;
  /** The meeting's start, ISO-8601 UTC; shown in `timeZone`. */
  startsAt: string;
  timeZone: string;
  feedbackUrl: string;
}

/** What every e-mail about a transport request says: its meeting, and where to see it. */
export interface TransportMail {
  firstName: string;
  companyName: string;
  /** The meeting's start, ISO-8601 UTC; shown in `timeZone`. */
  startsAt: string;
  timeZone: string;
  /** The meeting for the teacher, the requests' screen for an operator. */
  url: string;
}

/** What every e-mail about one meeting says; times are ISO-8601 UTC, shown in `timeZone`. */
export interface MeetingMail {
  audience: 'teacher' | 'company';
  firstName: string;
  companyName: string;
  companyPhone: string | null;
  establishmentName: string;
  teacherName: string;
  meetingTypeLabel: string;
  startsAt: string;
  durationMinutes: number;
  timeZone: string;
  place: string | null;
  detailsUrl: string;
  calendar: MailCalendarEvent;
}

/** A calendar event carried in an e-mail's data (JSON); its `.ics` is made when the e-mail is rendered. */
export interface MailCalendarEvent {
  uid: string;
  sequence: number;
  startsAt: string;
  endsAt: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  cancelled?: boolean;
  stamp: string;
}
export type MailTemplate = keyof MailTemplates;

export interface OutgoingMail<T extends MailTemplate = MailTemplate> {
  template: T;
  to: string;
  data: MailTemplates[T];
}

export const MAIL_TOPIC = 'mail';

/** Records many e-mails in one statement (a bulk job's batch), in the caller's transaction. */
export async function enqueueMails(db: DbOrTx, mails: OutgoingMail[], now: Date): Promise<void> {
  await recordOutbox(db, MAIL_TOPIC, mails, now);
}

/**
 * Records an e-mail in the outbox. Call it with the transaction that makes the change the e-mail reports:
 * both are written, or neither. Delivery happens afterwards, with retries.
 */
export async function enqueueMail<T extends MailTemplate>(
  db: DbOrTx,
  mail: OutgoingMail<T>,
  now: Date,
): Promise<void> {
  await recordOutbox(db, MAIL_TOPIC, [mail], now);
}
