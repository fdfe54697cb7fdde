import { type CalendarEvent, calendarFile } from '../calendar/index.ts';
import type { MailAttachment } from '../kernel/ports/mail.ts';

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

/** The meeting's `.ics`: an invitation (REQUEST), or a CANCEL that removes it from the calendar. */
export function invitation(event: MailCalendarEvent): MailAttachment {
  const calendarEvent: CalendarEvent = {
    ...event,
    startsAt: new Date(event.startsAt),
    endsAt: new Date(event.endsAt),
    stamp: new Date(event.stamp),
  };
  return {
    filename: event.cancelled ? 'annulation.ics' : 'rendez-vous.ics',
    contentType: `text/calendar; charset=utf-8; method=${event.cancelled ? 'CANCEL' : 'REQUEST'}`,
    content: calendarFile([calendarEvent], { method: event.cancelled ? 'CANCEL' : 'REQUEST' }),
  };
}
