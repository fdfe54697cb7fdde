/**
 * iCalendar (RFC 5545) files: one meeting attached to an e-mail or downloaded, or a user's whole feed.
 * Times are UTC (PRODUCT.md, Time), so no VTIMEZONE is needed and every calendar app reads them alike.
 */

export interface CalendarEvent {
  /** Stable across updates: an update or a cancellation replaces the event with the same uid. */
  uid: string;
  /** Grows with every change of the event (a move, a cancellation). */
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  cancelled?: boolean;
  /** When the event last changed. */
  stamp: Date;
}

export interface CalendarOptions {
  /** The calendar's name in apps that subscribe to it. */
  name?: string;
  /** REQUEST for an invitation, CANCEL for a cancellation; none for a feed. */
  method?: 'PUBLISH' | 'REQUEST' | 'CANCEL';
}

const PRODUCT_ID = '-//Passerelle Industrie//Rencontres//FR';

export function calendarFile(events: readonly CalendarEvent[], options: CalendarOptions = {}): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODUCT_ID}`, 'CALSCALE:GREGORIAN'];
  if (options.method) lines.push(`METHOD:${options.method}`);
  if (options.name) lines.push(`X-WR-CALNAME:${escapeText(options.name)}`);
  for (const event of events) lines.push(...eventLines(event));
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

function eventLines(event: CalendarEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.startsAt)}`,
    `DTEND:${utc(event.endsAt)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push('END:VEVENT');
  return lines;
}

/** 20260414T070000Z */
export function utc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newline are escaped in text values. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Octets of a character in UTF-8, from its code point (no encoder: this runs for every character of a mail's .ics). */
function utf8Size(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded, never inside a UTF-8 character. */
export function fold(line: string): string {
  // A UTF-16 unit is at most 3 octets in UTF-8 (a pair, 4): 25 units always fit.
  if (line.length <= 25) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const charSize = utf8Size(char.codePointAt(0) ?? 0);
    const limit = parts.length === 0 ? 75 : 74;
    if (size + charSize > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += charSize;
  }
  if (parts.length === 0) return line;
  parts.push(current);
  return parts.join('\r\n ');
}
