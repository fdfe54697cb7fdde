import { and, gt, inArray, isNull, ne } from 'drizzle-orm';
import { seatsLeft } from '../../common/slots.ts';
import type { DbOrTx } from '../../db/client.ts';
import { slots } from '../../db/schema/slots.ts';
import { companyIdsIn, companyRowById } from '../companies/index.ts';
import type { EventContext, Subscriber } from '../kernel/events.ts';
import { isDepartmentActive } from '../territory/index.ts';

/**
 * A slot's `listed` flag: its company is validated in an active department (open.ts). Kept here, in the
 * writes that change it: a slot is created listed or not, and the companies' and departments' events list or
 * unlist their slots in their own transaction (docs/decisions/0043).
 */
export async function isCompanyListed(db: DbOrTx, companyId: number): Promise<boolean> {
  const company = await companyRowById(db, companyId);
  return company?.status === 'validated' && (await isDepartmentActive(db, company.departmentCode));
}

/**
 * Lists or unlists these companies' slots to come. Seats left on a slot listed again come free for its
 * waitlist first (`slot.seatsFreed`): while unlisted, nobody could take them.
 */
async function setListed(tx: DbOrTx, context: EventContext, companyIds: number[], listed: boolean) {
  if (companyIds.length === 0) return;
  const changed = await tx
    .update(slots)
    .set({ listed })
    .where(
      and(
        inArray(slots.companyId, companyIds),
        ne(slots.listed, listed),
        isNull(slots.deletedAt),
        gt(slots.startsAt, context.now),
      ),
    )
    .returning({ id: slots.id, seatsTaken: slots.seatsTaken, maxParticipants: slots.maxParticipants });
  if (!listed) return;
  for (const slot of changed) {
    if (seatsLeft(slot) > 0)
      await context.events.publish(tx, 'slot.seatsFreed', { slotId: slot.id }, context.now);
  }
}

/** `company.statusChanged` → its slots listed while it is validated (server/main/subscribers.ts). */
export const relistOnCompanyStatus: Subscriber<'company.statusChanged'> = {
  name: 'slots.relistOnCompanyStatus',
  runs: 'inTransaction',
  publishes: ['slot.seatsFreed'],
  async handle(tx, events, context) {
    for (const { companyId } of events) {
      await setListed(tx, context, [companyId], await isCompanyListed(tx, companyId));
    }
  },
};

/** `department.toggled` → the slots of its validated companies listed while it is open. */
export const relistOnDepartment: Subscriber<'department.toggled'> = {
  name: 'slots.relistOnDepartment',
  runs: 'inTransaction',
  publishes: ['slot.seatsFreed'],
  async handle(tx, events, context) {
    for (const { code, active } of events) {
      await setListed(tx, context, await companyIdsIn(tx, [code], 'validated'), active);
    }
  },
};
