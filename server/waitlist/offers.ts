import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { ROUTES } from '../../common/routes.ts';
import { WAITLIST_OFFER_HOURS, WAITLIST_SECTION_ID } from '../../common/waitlist.ts';
import type { DbOrTx } from '../../db/client.ts';
import { waitlistEntries } from '../../db/schema/waitlist.ts';
import { findUserById } from '../accounts/index.ts';
import { findCompanyById } from '../companies/index.ts';
import { type Deps, eventContext } from '../kernel/context.ts';
import type { EventContext, Subscriber } from '../kernel/events.ts';
import { enqueueMail } from '../mail/index.ts';
import { liveMeetingOfTeacher } from '../meetings/index.ts';
import { findSlotById, findSlotsByIds, holdSeats, releaseHeldSeats } from '../slots/index.ts';
import { waitlistMails } from './mails.ts';

const HOUR_MS = 3_600_000;

/** Where an offer's e-mail leads: the teacher's meetings, whose waitlist section accepts or declines it. */
const offerUrlOf = (publicUrl: string) => `${publicUrl}${ROUTES.meetingsTeacher}#${WAITLIST_SECTION_ID}`;

/** No slot has more teachers offered seats in one go than this (a guard, far above any capacity's worth). */
const MAX_OFFERS_PER_RUN = 100;

type Entry = typeof waitlistEntries.$inferSelect;

/**
 * Offers the free seats of a slot to its waitlist, in line (docs/decisions/0041): the first waiting teacher
 * whose group fits the seats left is offered them, held for 24 hours (less if the slot starts sooner), and
 * told by e-mail; then the next, while seats are left. Holding the seats is the slots domain's conditional
 * update, so the seats held and booked never exceed the capacity, whatever runs at the same time. Runs in
 * the caller's transaction; returns how many offers it made.
 */
async function offerFreeSeats(tx: DbOrTx, slotId: number, context: EventContext): Promise<number> {
  const { now } = context;
  let offered = 0;
  // The slot's company, looked up once (at the first offer): every offer of the slot names it.
  let companyName: string | undefined;
  for (let turn = 0; turn < MAX_OFFERS_PER_RUN; turn++) {
    const slot = await findSlotById(tx, slotId);
    if (!slot || slot.startsAt.getTime() <= now.getTime()) return offered;
    const free = slot.maxParticipants - slot.seatsTaken;
    if (free <= 0) return offered;
    const [entry] = await tx
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.slotId, slotId),
          eq(waitlistEntries.status, 'waiting'),
          lte(waitlistEntries.groupSize, free),
        ),
      )
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      .limit(1);
    if (!entry) return offered;
    const teacher = await findUserById(tx, entry.teacherId);
    if (!teacher || teacher.anonymizedAt || (await liveMeetingOfTeacher(tx, slotId, entry.teacherId))) {
      // Booked meanwhile by the ordinary way, or the account is gone: the teacher no longer waits.
      await closeEntry(tx, entry.id, 'waiting', 'left', now);
      continue;
    }
    if (!(await holdSeats(tx, slotId, entry.groupSize, now))) return offered;
    const expiresAt = new Date(
      Math.min(now.getTime() + WAITLIST_OFFER_HOURS * HOUR_MS, slot.startsAt.getTime()),
    );
    const [marked] = await tx
      .update(waitlistEntries)
      .set({ status: 'offered', offeredAt: now, offerExpiresAt: expiresAt })
      .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, 'waiting')))
      .returning({ id: waitlistEntries.id });
    if (!marked) {
      await releaseHeldSeats(tx, slotId, entry.groupSize);
      continue;
    }
    companyName ??= (await findCompanyById(tx, slot.companyId))?.name ?? '';
    await tellOffer(tx, context, teacher, { ...entry, offerExpiresAt: expiresAt }, slot, companyName);
    offered++;
  }
  return offered;
}

async function tellOffer(
  tx: DbOrTx,
  context: EventContext,
  teacher: { email: string; firstName: string },
  entry: Entry & { offerExpiresAt: Date },
  slot: { startsAt: Date; timeZone: string },
  companyName: string,
) {
  await enqueueMail(
    tx,
    waitlistMails.waitlistOffer,
    {
      to: teacher.email,
      data: {
        firstName: teacher.firstName,
        companyName,
        startsAt: slot.startsAt.toISOString(),
        timeZone: slot.timeZone,
        groupSize: entry.groupSize,
        expiresAt: entry.offerExpiresAt.toISOString(),
        offerUrl: offerUrlOf(context.publicUrl),
      },
    },
    context.now,
  );
}

/** Closes an entry that is still in `from`; false when someone else closed or changed it first. */
async function closeEntry(
  tx: DbOrTx,
  id: number,
  from: 'waiting' | 'offered',
  to: 'left' | 'declined' | 'lapsed',
  now: Date,
): Promise<boolean> {
  const [closed] = await tx
    .update(waitlistEntries)
    .set({ status: to, closedAt: now })
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.status, from)))
    .returning({ id: waitlistEntries.id });
  return Boolean(closed);
}

/**
 * Ends an offer (declined by its teacher, or lapsed): the entry is closed only if it is still offered, and
 * then only does it give its seats back and pass them on; a second call does nothing.
 */
export async function endOffer(
  tx: DbOrTx,
  entry: Pick<Entry, 'id' | 'slotId' | 'groupSize'>,
  to: 'declined' | 'lapsed',
  context: EventContext,
): Promise<boolean> {
  if (!(await closeEntry(tx, entry.id, 'offered', to, context.now))) return false;
  await releaseHeldSeats(tx, entry.slotId, entry.groupSize);
  await offerFreeSeats(tx, entry.slotId, context);
  return true;
}

/** `slot.seatsFreed` → the waitlist's offers (server/main/subscribers.ts). */
export const offerFreedSeats: Subscriber<'slot.seatsFreed'> = {
  name: 'waitlist.offerFreedSeats',
  runs: 'afterCommit',
  async handle(tx, events, context) {
    for (const slotId of new Set(events.map((event) => event.slotId))) {
      await offerFreeSeats(tx, slotId, context);
    }
  },
};

/**
 * The `waitlist-offers` job: offers not answered in time lapse (their seats go to the next in line, and
 * the teacher is told), and any slot that has free seats and a waitlist gets its offers (what an event
 * would have done, should one have failed). Each slot in a transaction of its own; idempotent: a lapsed
 * offer is lapsed once, and seats are offered only while free.
 */
export async function runWaitlistOffers(deps: Deps): Promise<Record<string, number>> {
  const now = deps.clock.now();
  const context = eventContext(deps, now);
  const expired = await deps.db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now)))
    .orderBy(asc(waitlistEntries.offerExpiresAt), asc(waitlistEntries.id));
  let lapsed = 0;
  let offered = 0;
  let failed = 0;
  for (const entry of expired) {
    try {
      const done = await deps.db.transaction(async (tx) => {
        if (!(await closeEntry(tx, entry.id, 'offered', 'lapsed', now))) return false;
        await releaseHeldSeats(tx, entry.slotId, entry.groupSize);
        await tellLapse(tx, context, entry);
        offered += await offerFreeSeats(tx, entry.slotId, context);
        return true;
      });
      if (done) lapsed++;
    } catch (error) {
      failed++;
      deps.log.error('waitlist offer not lapsed', {
        entryId: entry.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  // Every open line: its free seats offered (should an event have failed); a line whose slot has started
  // or is gone is closed.
  const lines = await deps.db
    .selectDistinct({ slotId: waitlistEntries.slotId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.status, 'waiting'));
  const lineSlotIds = lines.map((line) => line.slotId);
  const slotsById = new Map((await findSlotsByIds(deps.db, lineSlotIds)).map((slot) => [slot.id, slot]));
  const over: number[] = [];
  for (const { slotId } of lines) {
    const slot = slotsById.get(slotId);
    if (!slot || slot.startsAt.getTime() <= now.getTime()) {
      over.push(slotId);
      continue;
    }
    if (slot.seatsTaken >= slot.maxParticipants) continue;
    try {
      offered += await deps.db.transaction((tx) => offerFreeSeats(tx, slotId, context));
    } catch (error) {
      failed++;
      deps.log.error('waitlist offers not made', {
        slotId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  let closed = 0;
  if (over.length > 0) {
    const rows = await deps.db
      .update(waitlistEntries)
      .set({ status: 'lapsed', closedAt: now })
      .where(and(inArray(waitlistEntries.slotId, over), eq(waitlistEntries.status, 'waiting')))
      .returning({ id: waitlistEntries.id });
    closed = rows.length;
  }
  return { lapsed, offered, closed, failed };
}

async function tellLapse(tx: DbOrTx, context: EventContext, entry: Entry) {
  const slot = await findSlotById(tx, entry.slotId, { includeDeleted: true });
  if (!slot || slot.deletedAt || slot.startsAt.getTime() <= context.now.getTime()) return;
  const [teacher, company] = await Promise.all([
    findUserById(tx, entry.teacherId),
    findCompanyById(tx, slot.companyId),
  ]);
  if (!teacher || teacher.anonymizedAt) return;
  await enqueueMail(
    tx,
    waitlistMails.waitlistOfferLapsed,
    {
      to: teacher.email,
      data: {
        firstName: teacher.firstName,
        companyName: company?.name ?? '',
        startsAt: slot.startsAt.toISOString(),
        timeZone: slot.timeZone,
        searchUrl: `${context.publicUrl}${ROUTES.searchCompanies}`,
      },
    },
    context.now,
  );
}

/**
 * A teacher who leaves the platform leaves every line: waiting entries are closed, offers in hand are
 * declined and pass to the next in line (privacy's erasure, in its transaction).
 */
export async function leaveAllWaitlists(tx: DbOrTx, teacherId: number, context: EventContext): Promise<void> {
  const open = await tx
    .select()
    .from(waitlistEntries)
    .where(
      and(eq(waitlistEntries.teacherId, teacherId), inArray(waitlistEntries.status, ['waiting', 'offered'])),
    );
  // The waiting ones first: an offer declined below must not go to this same teacher.
  open.sort((a, b) => (a.status === b.status ? 0 : a.status === 'waiting' ? -1 : 1));
  for (const entry of open) {
    if (entry.status === 'offered') await endOffer(tx, entry, 'declined', context);
    else await closeEntry(tx, entry.id, 'waiting', 'left', context.now);
  }
}
