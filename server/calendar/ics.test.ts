import { describe, expect, it } from 'vitest';
import { calendarFile, escapeText, fold, utc } from './ics.ts';

const event = {
  uid: 'rencontre-1@passerelle-industrie.fr',
  sequence: 3,
  startsAt: new Date('2026-04-14T07:00:00Z'),
  endsAt: new Date('2026-04-14T08:30:00Z'),
  // check-french-ignore: the « ; » that iCalendar escapes
  summary: 'Visite — Forges de Vénissieux, atelier; soudure',
  location: '1 rue de l’Usine, 69200 Vénissieux',
  url: 'https://passerelle.example/meetings-teacher/meeting-details?id=1',
  stamp: new Date('2026-03-10T09:00:00Z'),
};

/** RFC 5545 §3.1: a folded line continues on the next one, after a space. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describe('calendarFile', () => {
  it('writes a VCALENDAR with CRLF lines and the times in UTC', () => {
    const ics = calendarFile([event], { method: 'REQUEST' });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    const lines = unfold(ics).split('\r\n');
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain('DTSTART:20260414T070000Z');
    expect(lines).toContain('DTEND:20260414T083000Z');
    expect(lines).toContain('SEQUENCE:3');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines).toContain('SUMMARY:Visite — Forges de Vénissieux\\, atelier\\; soudure');
    expect(lines).not.toContain('BEGIN:VTIMEZONE');
  });

  it('marks a cancelled event, for METHOD:CANCEL', () => {
    const ics = calendarFile([{ ...event, cancelled: true }], { method: 'CANCEL' });
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('METHOD:CANCEL');
  });

  it('names a feed and holds every event', () => {
    const ics = calendarFile([event, { ...event, uid: 'rencontre-2@passerelle-industrie.fr' }], {
      name: 'Mes rendez-vous',
    });
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain('X-WR-CALNAME:Mes rendez-vous');
    expect(ics).not.toContain('METHOD:');
  });
});

describe('the pieces', () => {
  it('formats an instant as UTC basic time', () => {
    expect(utc(new Date('2026-10-25T01:30:00.123Z'))).toBe('20261025T013000Z');
  });

  it('escapes backslashes, semicolons, commas and newlines', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds at 75 octets without cutting a UTF-8 character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = fold(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(unfold(folded)).toBe(line);
  });

  it('leaves a short line as it is', () => {
    expect(fold('SUMMARY:Visite')).toBe('SUMMARY:Visite');
  });
});
