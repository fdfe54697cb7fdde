import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek, utcToZonedWallClock, zonedWallClockToUtc, zoneOffsetMinutes } from './time.ts';

const iso = (date: Date) => date.toISOString();

describe('zonedWallClockToUtc', () => {
  it('uses UTC+1 in Paris in winter and UTC+2 in summer', () => {
    expect(iso(zonedWallClockToUtc('2026-01-15', '10:00', 'Europe/Paris'))).toBe('2026-01-15T09:00:00.000Z');
    expect(iso(zonedWallClockToUtc('2026-07-15', '10:00', 'Europe/Paris'))).toBe('2026-07-15T08:00:00.000Z');
    expect(iso(zonedWallClockToUtc('2026-12-31', '08:30', 'Europe/Paris'))).toBe('2026-12-31T07:30:00.000Z');
  });

  it('switches offset on the spring-forward day, and pushes a skipped time forward', () => {
    expect(iso(zonedWallClockToUtc('2026-03-29', '01:30', 'Europe/Paris'))).toBe('2026-03-29T00:30:00.000Z');
    expect(iso(zonedWallClockToUtc('2026-03-29', '03:00', 'Europe/Paris'))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(zonedWallClockToUtc('2026-03-29', '08:00', 'Europe/Paris'))).toBe('2026-03-29T06:00:00.000Z');
    // 02:30 does not exist that night: it is read as 03:30 summer time.
    expect(iso(zonedWallClockToUtc('2026-03-29', '02:30', 'Europe/Paris'))).toBe('2026-03-29T01:30:00.000Z');
  });

  it('switches offset on the fall-back day, and takes the first of a repeated time', () => {
    expect(iso(zonedWallClockToUtc('2026-10-25', '01:30', 'Europe/Paris'))).toBe('2026-10-24T23:30:00.000Z');
    expect(iso(zonedWallClockToUtc('2026-10-25', '02:30', 'Europe/Paris'))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(zonedWallClockToUtc('2026-10-25', '03:30', 'Europe/Paris'))).toBe('2026-10-25T02:30:00.000Z');
    expect(iso(zonedWallClockToUtc('2026-10-25', '17:00', 'Europe/Paris'))).toBe('2026-10-25T16:00:00.000Z');
  });

  it('uses UTC+4 all year round in La Réunion, across the date line of UTC', () => {
    expect(iso(zonedWallClockToUtc('2026-01-15', '10:00', 'Indian/Reunion'))).toBe(
      '2026-01-15T06:00:00.000Z',
    );
    expect(iso(zonedWallClockToUtc('2026-07-15', '10:00', 'Indian/Reunion'))).toBe(
      '2026-07-15T06:00:00.000Z',
    );
    expect(iso(zonedWallClockToUtc('2026-03-29', '02:30', 'Indian/Reunion'))).toBe(
      '2026-03-28T22:30:00.000Z',
    );
    expect(iso(zonedWallClockToUtc('2026-01-01', '02:00', 'Indian/Reunion'))).toBe(
      '2025-12-31T22:00:00.000Z',
    );
  });

  it('handles the zones west of UTC', () => {
    expect(iso(zonedWallClockToUtc('2026-06-01', '09:00', 'America/Guadeloupe'))).toBe(
      '2026-06-01T13:00:00.000Z',
    );
    expect(iso(zonedWallClockToUtc('2026-06-01', '22:30', 'America/Cayenne'))).toBe(
      '2026-06-02T01:30:00.000Z',
    );
  });

  it('refuses malformed input', () => {
    expect(() => zonedWallClockToUtc('15/01/2026', '10:00', 'Europe/Paris')).toThrow(/YYYY-MM-DD/);
    expect(() => zonedWallClockToUtc('2026-01-15', '10h00', 'Europe/Paris')).toThrow(/HH:MM/);
  });
});

describe('utcToZonedWallClock', () => {
  it('gives the local date and time', () => {
    expect(utcToZonedWallClock(new Date('2026-07-15T22:30:00Z'), 'Europe/Paris')).toEqual({
      date: '2026-07-16',
      time: '00:30',
    });
    expect(utcToZonedWallClock(Date.parse('2026-01-15T21:00:00Z'), 'Indian/Reunion')).toEqual({
      date: '2026-01-16',
      time: '01:00',
    });
  });

  it('round-trips every half hour of a year in Paris, the skipped hour aside', () => {
    let checked = 0;
    for (let day = 0; day < 365; day += 1) {
      const date = addDays('2026-01-01', day);
      for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        if (date === '2026-03-29' && time.startsWith('02:')) continue;
        expect(utcToZonedWallClock(zonedWallClockToUtc(date, time, 'Europe/Paris'), 'Europe/Paris')).toEqual({
          date,
          time,
        });
        checked++;
      }
    }
    expect(checked).toBe(365 * 48 - 2);
  });
});

describe('zoneOffsetMinutes', () => {
  it('is the offset east of UTC', () => {
    expect(zoneOffsetMinutes(new Date('2026-01-15T12:00:00Z'), 'Europe/Paris')).toBe(60);
    expect(zoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'Europe/Paris')).toBe(120);
    expect(zoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'Indian/Reunion')).toBe(240);
    expect(zoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'Indian/Mayotte')).toBe(180);
    expect(zoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'America/Martinique')).toBe(-240);
  });
});

describe('calendar dates', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-28', 60)).toBe('2026-05-27');
  });

  it('names the day of the week', () => {
    expect(dayOfWeek('2026-03-29')).toBe(0);
    expect(dayOfWeek('2026-03-30')).toBe(1);
    expect(dayOfWeek('2026-10-24')).toBe(6);
  });
});
