import type { InValue } from '@libsql/client';
import type { SearchInput } from '../../common/search.ts';
import { sqlPlaceholders } from '../../db/client.ts';
import { outsideRangesSql } from './availability.ts';
import { onOfferSql, openSlotSql } from './open.ts';

/** A piece of a WHERE clause and the arguments of its `?`, in order. */
export interface SqlCondition {
  sql: string;
  args: InValue[];
}

/**
 * The search's slot criteria on company row `c` (PRODUCT.md, Discovery: meeting types, publics, subjects,
 * dates, "with available slots"): the company has a slot on offer that meets them, from the day asked but
 * never before now — an open one when only available slots are asked — and outside the `holidays` ranges
 * when given. Null when nothing is asked of slots.
 */
export function slotCriteriaOf(
  c: string,
  input: SearchInput,
  now: Date,
  /** [from, to) instants whose slots do not count (a teacher's school holidays). */
  holidays: readonly (readonly [number, number])[] = [],
): SqlCondition | null {
  const conditions: string[] = [];
  const args: InValue[] = [];
  if (input.meetingTypes?.length) {
    conditions.push(`s.meeting_type IN (${sqlPlaceholders(input.meetingTypes)})`);
    args.push(...input.meetingTypes);
  }
  if (input.publicCategories?.length) {
    conditions.push(
      `EXISTS (SELECT 1 FROM json_each(s.public_categories) WHERE value IN (${sqlPlaceholders(input.publicCategories)}))`,
    );
    args.push(...input.publicCategories);
  }
  if (input.subjects?.length) {
    conditions.push(
      `EXISTS (SELECT 1 FROM json_each(s.subjects) WHERE value IN (${sqlPlaceholders(input.subjects)}))`,
    );
    args.push(...input.subjects);
  }
  if (input.to) {
    conditions.push('s.starts_at <= ?');
    args.push(input.to.getTime());
  }
  if (conditions.length === 0 && !input.from && !input.withAvailableSlots) return null;
  if (holidays.length > 0) {
    conditions.push(outsideRangesSql('s', holidays.length).replace(/^ AND /, ''));
    args.push(...holidays.flat());
  }
  const from = Math.max(now.getTime(), (input.from?.getTime() ?? 0) - 1);
  const rule = input.withAvailableSlots ? openSlotSql('s') : onOfferSql('s');
  return {
    sql: `EXISTS (SELECT 1 FROM slots s WHERE s.company_id = ${c}.id AND ${rule} AND s.starts_at > ?${conditions.map((condition) => ` AND ${condition}`).join('')})`,
    args: [from, ...args],
  };
}
