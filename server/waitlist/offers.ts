import { and, asc, count, eq, inArray, lte } from 'drizzle-orm';
import { ROUTES } from '../../common/routes.ts';
import { WAITLIST_OFFER_HOURS, WAITLIST_SECTION_ID } from '../../common/waitlist.ts';
import type { DbOrTx } from '../../db/client.ts';
import { waitlistEntries } from '../../db/schema/waitlist.ts';
import { findUserById } from '../accounts/index.ts';
import { companyRowById } from '../companies/index.ts';
import { type Deps, eventContext } from '../kernel/context.ts';
import type { EventContext, Subscriber } from '../kernel/events.ts';
import { enqueueMail, type MailData } from '../mail/index.ts';
import { growBookingFromLine, liveMeetingOfTeacher } from '../meetings/index.ts';
import { holdSeats, releaseHeldSeats, type SlotView, slotViewById, slotViewsByIds } from '../slots/index.ts';
import { type LineEndedMail, waitlistMails } from './mails.ts';

const HOUR_MS = 3_600_000;

/** Where an offer's e-mail leads: the teacher's meetings, whose waitlist section accepts or declines it. */
const offerUrlOf = (publicUrl: string) => `${publicUrl}${ROUTES.meetingsTeacher}#${WAITLIST_SECTION_ID}`;

/** No slot has more teachers offered seats in one go than this (a guard, far above any capacity's worth). */
const MAX_OFFERS_PER_RUN = 100;

type Entry = typeof waitlistEntries.$inferSelect;

/**
 * Offers the free seats of an open slot to its line, in order (docs/decisions/0041, 0043): the first waiting
 * teacher whose group fits the seats left is offered them, held for 24 hours (less if the slot starts
 * sooner), and told by e-mail; then the next, while a group fits. Holding is the slots domain's conditional
 * update, so the seats held and booked never exceed the capacity. Runs in the caller's transaction — the
 * one that freed the seats — so that nobody books around the line; returns how many offers it made.
 */
async function offerFreeSeats(tx: DbOrTx, slotId: number, context: EventContext): Promise<number> {
  const { now } = context;
  let offered = 0;
  // The slot's company, looked up once (at the first offer): every offer of the slot names it.
  let companyName: string | undefined;
  for (let turn = 0; turn < MAX_OFFERS_PER_RUN; turn++) {
    const slot = await slotViewById(tx, slotId, now);
    if (!slot?.open) return offered;
    const [entry] = await tx
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.slotId, slotId),
          eq(waitlistEntries.status, 'waiting'),
          lte(waitlistEntries.groupSize, slot.seatsLeft),
        ),
      )
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      .limit(1);
    if (!entry) return offered;
    if (entry.meetingId !== null) {
      // A booking waiting for more seats (docs/decisions/0048): they are added to it, in this write.
      const live = await liveMeetingOfTeacher(tx, slotId, entry.teacherId);
      if (live?.id !== entry.meetingId) {
        await closeEntry(tx, entry.id, 'waiting', 'left', now);
        continue;
      }
      if (!(await growBookingFromLine(tx, context, entry.meetingId, entry.groupSize))) return offered;
      await tx
        .update(waitlistEntries)
        .set({ status: 'booked', closedAt: now })
        .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, 'waiting')));
      offered++;
      continue;
    }
    const teacher = await findUserById(tx, entry.teacherId);
    if (!teacher || teacher.anonymizedAt || (await liveMeetingOfTeacher(tx, slotId, entry.teacherId))) {
      // Booked meanwhile by the ordinary way, or the account is gone: the teacher no longer waits.
      await closeEntry(tx, entry.id, 'waiting', 'left', now);
      continue;
    }
    if (!(await holdSeats(tx, slotId, entry.groupSize, now))) return offered;
    const expiresAt = new Date(
      Math.min(now.getTime() + WAITLIST_OFFER_HOURS * HOUR_MS, new Date(slot.startsAt).getTime()),
    );
    await tx
      .update(waitlistEntries)
      .set({ status: 'offered', offeredAt: now, offerExpiresAt: expiresAt })
      .where(eq(waitlistEntries.id, entry.id));
    companyName ??= (await companyRowById(tx, slot.companyId))?.name ?? '';
    await enqueueMail(
      tx,
      waitlistMails.waitlistOffer,
      {
        to: teacher.email,
        data: {
          firstName: teacher.firstName,
          companyName,
          startsAt: slot.startsAt,
          timeZone: slot.timeZone,
          groupSize: entry.groupSize,
          expiresAt: expiresAt.toISOString(),
          offerUrl: offerUrlOf(context.publicUrl),
        },
      },
      now,
    );
    offered++;
  }
  return offered;
}

/** Closes an entry that is still in `from`; false when someone else closed or changed it first. */
export async function closeEntry(
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
 * then only does it give its seats back — which the slots domain publishes, so that they go to the next in
 * line in this same write. A second call does nothing.
 */
export async function endOffer(
  tx: DbOrTx,
  entry: Pick<Entry, 'id' | 'slotId' | 'groupSize'>,
  to: 'declined' | 'lapsed',
  context: EventContext,
): Promise<boolean> {
  if (!(await closeEntry(tx, entry.id, 'offered', to, context.now))) return false;
  await releaseHeldSeats(tx, context, entry.slotId, entry.groupSize);
  return true;
}

/** `slot.seatsFreed` → the seats held for the line first, in the write that freed them (subscribers.ts). */
export const holdFreedSeats: Subscriber<'slot.seatsFreed'> = {
  name: 'waitlist.holdFreedSeats',
  runs: 'inTransaction',
  // A waiting group's booking grown by the seats (growBookingFromLine): a change without a line request.
  publishes: ['meeting.changed'],
  async handle(tx, events, context) {
    for (const slotId of new Set(events.map((event) => event.slotId))) {
      await offerFreeSeats(tx, slotId, context);
    }
  },
};

/**
 * `slot.deleted` → its line closes: every waiting or offered teacher is told (PRODUCT.md, Third wave). The
 * seats an offer held went with the slot.
 */
export const closeLineOfDeletedSlot: Subscriber<'slot.deleted'> = {
  name: 'waitlist.closeLineOfDeletedSlot',
  runs: 'inTransaction',
  async handle(tx, events, context) {
    for (const { slotId } of events) {
      const open = and(
        eq(waitlistEntries.slotId, slotId),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
      );
      // Read before they close: whether each was waiting or held an offer is what its e-mail says.
      const closed = await tx.select().from(waitlistEntries).where(open);
      await tx.update(waitlistEntries).set({ status: 'closed', closedAt: context.now }).where(open);
      if (closed.length === 0) continue;
      const slot = await slotViewById(tx, slotId, context.now, { includeDeleted: true });
      if (!slot) continue;
      const company = await companyRowById(tx, slot.companyId);
      for (const entry of closed) {
        await tellLineEnded(tx, context, entry.teacherId, slot, company?.name ?? '', 'waitlistClosed', {
          wasOffered: entry.status === 'offered',
        });
      }
    }
  },
};

/** The two e-mails that end a teacher's wait and send them looking elsewhere. */
type LineEnded = 'waitlistClosed' | 'waitlistOfferLapsed';

/**
 * Tells the teacher of an entry that their wait on the slot is over (`extra`: what that e-mail adds), with
 * the way back to the search; nobody is told on an account that is gone.
 */
async function tellLineEnded<T extends LineEnded>(
  tx: DbOrTx,
  context: EventContext,
  teacherId: number,
  slot: SlotView,
  companyName: string,
  template: T,
  extra: Omit<MailData<(typeof waitlistMails)[T]>, keyof LineEndedMail>,
) {
  const teacher = await findUserById(tx, teacherId);
  if (!teacher || teacher.anonymizedAt) return;
  const data = {
    firstName: teacher.firstName,
    companyName,
    startsAt: slot.startsAt,
    timeZone: slot.timeZone,
    searchUrl: `${context.publicUrl}${ROUTES.searchCompanies}`,
    ...extra,
  } as MailData<(typeof waitlistMails)[T]>;
  await enqueueMail(tx, waitlistMails[template], { to: teacher.email, data }, context.now);
}

/**
 * The `waitlist-offers` job: offers not answered in time lapse (the teacher is told; their seats go to the
 * next in line, in the same write), and any slot that has free seats and a waitlist gets its offers (what a
 * seat-freeing write did already, should one have been missed). Each slot in a transaction of its own;
 * idempotent: a lapsed offer is lapsed once, and seats are offered only while free.
 */
export async function runWaitlistOffers(deps: Deps): Promise<Record<string, number>> {
  const now = deps.clock.now();
  const context = eventContext(deps, now);
  const offeredBefore = await offersInHand(deps);
  const expired = await deps.db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now)))
    .orderBy(asc(waitlistEntries.offerExpiresAt), asc(waitlistEntries.id));
  let lapsed = 0;
  let failed = 0;
  for (const entry of expired) {
    try {
      const done = await deps.db.transaction(async (tx) => {
        if (!(await endOffer(tx, entry, 'lapsed', context))) return false;
        await tellLapse(tx, context, entry);
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
  // Every open line: its free seats offered; a line whose slot has started or is gone is closed.
  const lines = await deps.db
    .selectDistinct({ slotId: waitlistEntries.slotId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.status, 'waiting'));
  const slotsById = await slotViewsByIds(
    deps.db,
    lines.map((line) => line.slotId),
    now,
  );
  const over: number[] = [];
  for (const { slotId } of lines) {
    const slot = slotsById.get(slotId);
    if (!slot || slot.started) {
      over.push(slotId);
      continue;
    }
    if (!slot.open) continue;
    try {
      await deps.db.transaction((tx) => offerFreeSeats(tx, slotId, context));
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
  // The offers this run made: those in hand now, less those before, plus those it lapsed.
  const offered = (await offersInHand(deps)) - offeredBefore + lapsed;
  return { lapsed, offered, closed, failed };
}

async function offersInHand(deps: Deps): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.status, 'offered'));
  return row?.n ?? 0;
}

/** The teacher whose offer lapsed is told, unless the slot has started meanwhile. */
async function tellLapse(tx: DbOrTx, context: EventContext, entry: Entry) {
  const slot = await slotViewById(tx, entry.slotId, context.now);
  if (!slot || slot.started) return;
  const company = await companyRowById(tx, slot.companyId);
  await tellLineEnded(tx, context, entry.teacherId, slot, company?.name ?? '', 'waitlistOfferLapsed', {});
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

/**
 * What the booking of an offer needs of the waitlist (meetings' bookSlot puts them in its one write): the
 * condition that the offer still stands, for the seats' statement, and the statement that marks it booked
 * once the meeting is inserted (`last_insert_rowid()` is the meeting's id).
 */
export function offerBooking(entry: Entry, now: Date) {
  const args = {
    entry: entry.id,
    teacher: entry.teacherId,
    groupSize: entry.groupSize,
    offerNow: now.getTime(),
  };
  return {
    offerStands: {
      sql: `EXISTS (SELECT 1 FROM waitlist_entries WHERE id = :entry AND slot_id = :slot AND teacher_id = :teacher
    AND status = 'offered' AND group_size = :groupSize AND offer_expires_at > :offerNow)`,
      args,
    },
    markBooked: {
      sql: `UPDATE waitlist_entries SET status = 'booked', closed_at = :offerNow, meeting_id = last_insert_rowid()
WHERE id = :entry AND status = 'offered' AND changes() = 1`,
      args: { entry: entry.id, offerNow: now.getTime() },
    },
  };
}
