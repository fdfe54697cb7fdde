import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { JOBS } from '../main/scheduled.ts';
import { nextRunOf } from './next-run.ts';

describe('nextRunOf', () => {
  const instants = [
    '2026-11-29T07:35:12Z',
    '2026-11-30T05:59:59Z',
    '2026-11-30T06:00:00Z',
    '2026-11-30T07:30:00Z',
    '2026-12-31T23:59:30Z',
    '2027-10-31T00:34:00Z',
    '2028-02-28T23:05:00Z',
  ];
  it('agrees with croner, the Node scheduler, on every job’s cron', () => {
    for (const job of JOBS) {
      for (const instant of instants) {
        const expected = new Cron(job.cron, { timezone: 'UTC', paused: true }).nextRun(new Date(instant));
        expect(nextRunOf(job.cron, new Date(instant)), `${job.name} after ${instant}`).toEqual(expected);
      }
    }
  });

  it('reads lists, ranges and steps', () => {
    const after = new Date('2026-11-29T10:07:00Z');
    expect(nextRunOf('*/15 * * * *', after)).toEqual(new Date('2026-11-29T10:15:00Z'));
    expect(nextRunOf('0 9-11 * * MON-FRI', after)).toEqual(new Date('2026-11-30T09:00:00Z'));
    expect(nextRunOf('30 8 1 * *', after)).toEqual(new Date('2026-12-01T08:30:00Z'));
  });
});
