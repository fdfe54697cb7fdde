import { describe, expect, it } from 'vitest';
import type { CompanyPageSlot } from '../../server/meetings/index.ts';
import { filterSlots, monthLabel, SLOTS_SHOWN_STEP, slotFiltersOf, slotHref } from './slot-filters.ts';

const slot = (id: number, startsAt: string, meetingType: CompanyPageSlot['meetingType']) =>
  ({ id, startsAt, timeZone: 'Europe/Paris', meetingType }) as CompanyPageSlot;

// 30 November 23:30 UTC is already December in Paris.
const SLOTS = [
  slot(1, '2026-11-30T23:30:00.000Z', 'CompanyVisit'),
  slot(2, '2026-11-30T08:00:00.000Z', 'Webinar'),
  ...Array.from({ length: 10 }, (_, i) =>
    slot(10 + i, `2027-01-${String(10 + i).padStart(2, '0')}T08:00:00.000Z`, 'CompanyVisit'),
  ),
];

describe('the company page’s slot filters', () => {
  it('reads the query, ignoring what is not a filter', () => {
    expect(slotFiltersOf({ type: 'Webinar', mois: '2026-12', voir: '12' })).toEqual({
      type: 'Webinar',
      month: '2026-12',
      shown: 12,
    });
    expect(slotFiltersOf({ type: 'Bidule', mois: '2026-13', voir: '-1' })).toEqual({
      type: null,
      month: null,
      shown: SLOTS_SHOWN_STEP,
    });
  });

  it('filters by type and by month in the slot’s zone, and shows the first ones', () => {
    const december = filterSlots(SLOTS, { type: null, month: '2026-12', shown: 6 });
    expect(december.items.map((s) => s.id)).toEqual([1]);
    expect(filterSlots(SLOTS, { type: 'Webinar', month: null, shown: 6 }).items.map((s) => s.id)).toEqual([
      2,
    ]);
    const all = filterSlots(SLOTS, { type: null, month: null, shown: 6 });
    expect(all).toMatchObject({ matching: 12, total: 12, months: ['2026-11', '2026-12', '2027-01'] });
    expect(all.items).toHaveLength(6);
    expect(all.types).toEqual(['CompanyVisit', 'Webinar']);
    expect(monthLabel('2026-12')).toBe('décembre 2026');
  });

  it('links a slot the list does not show to a list long enough to show it', () => {
    const list = filterSlots(SLOTS, { type: null, month: null, shown: 6 });
    expect(slotHref(7, SLOTS, list, 1)).toBe('#creneau-1');
    expect(slotHref(7, SLOTS, list, 19)).toBe('/company-details?id=7&voir=12#creneau-19');
  });
});
