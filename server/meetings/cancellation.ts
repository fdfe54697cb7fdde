import { and, asc, eq, gt, inArray, ne, type SQL } from 'drizzle-orm';
import { leavesPlatform } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import type { DbOrTx } from '../../db/client.ts';
import { meetingFacts, meetings } from '../../db/schema/meetings.ts';
import { findEstablishmentById, findUserById, recruitersOf } from '../accounts/index.ts';
import type { CancelledBy, EventContext, EventPayloads, Subscriber } from '../kernel/events.ts';
import { enqueueMail } from '../mail/index.ts';
import { releaseSeats } from '../slots/index.ts';
import { findMeetingFact } from './facts.ts';
import { meetingMails } from './mail-templates.ts';
import { tellBothSides } from './mails.ts';

/** A live booking of a future slot, with what its other side needs to be told. */
export type FutureBooking = typeof meetingFacts.$inferSelect;

/** Live bookings of slots that have not started yet, soonest first. */
function futureBookings(tx: DbOrTx, owner: SQL, now: Date): Promise<FutureBooking[]> {
  return tx
    .select()
    .from(meetingFacts)
    .where(and(owner, ne(meetingFacts.status, 'cancelled'), gt(meetingFacts.startsAt, now)))
    .orderBy(asc(meetingFacts.startsAt), asc(meetingFacts.id));
}

/** How a cancellation is recorded and told: who did it (the person, or none: the platform), why, and the cause. */
export interface Cancellation {
  by: CancelledBy;
  actorId: number | null;
  reason: string | null;
  cause: EventPayloads['meeting.cancelled']['cause'];
}

/**
 * The one door of every cancellation (docs/decisions/0043): either side, a reminder's link, a deleted slot,
 * a deleted account, the operators removing a company. The conditional update is the check: a booking
 * cancelled meanwhile by someone else is left as it is and gives nothing back twice. Each cancelled booking
 * gives its seats back (the slots domain, which offers them to the waitlist first, in this same write) and
 * is published (`meeting.cancelled`: its e-mails, its transport request). Returns the bookings it cancelled.
 */
export async function cancelMeetings<B extends { id: number; slotId: number; participantsCount: number }>(
  tx: DbOrTx,
  context: EventContext,
  bookings: B[],
  cancellation: Cancellation,
): Promise<B[]> {
  if (bookings.length === 0) return [];
  const cancelled = await tx
    .update(meetings)
    .set({
      status: 'cancelled',
      cancelReason: cancellation.reason,
      cancelledBy: cancellation.actorId,
      cancelledAt: context.now,
    })
    .where(
      and(
        inArray(
          meetings.id,
          bookings.map((b) => b.id),
        ),
        ne(meetings.status, 'cancelled'),
      ),
    )
    .returning({ id: meetings.id });
  const ids = new Set(cancelled.map((row) => row.id));
  const done = bookings.filter((b) => ids.has(b.id));
  for (const booking of done) {
    const seatsToLine = await releaseSeats(tx, context, booking.slotId, booking.participantsCount);
    await context.events.publish(
      tx,
      'meeting.cancelled',
      {
        meetingId: booking.id,
        cancelledBy: cancellation.by,
        reason: cancellation.reason,
        cause: cancellation.cause,
        seatsToLine,
      },
      context.now,
    );
  }
  return done;
}

/** The reason teachers read when a company deletes a slot they had booked. */
export const SLOT_DELETED_REASON = 'L’entreprise a supprimé ce créneau';

/** The name of the teacher's own establishment (a meeting booked without one), before the account goes. */
async function teacherEstablishmentName(tx: DbOrTx, teacherId: number): Promise<string> {
  const teacher = await findUserById(tx, teacherId);
  const establishment = teacher?.establishmentId
    ? await findEstablishmentById(tx, teacher.establishmentId)
    : null;
  return establishment?.name ?? '(établissement non précisé)';
}

/**
 * `meeting.cancelled` → who is told, as the cause says (PRODUCT.md, Third wave): both sides when one side
 * cancelled or the company deleted the slot; the teacher when the company left the platform; the company's
 * recruiters when the teacher deleted their account. In the cancellation's transaction, before whatever
 * follows it (an account anonymised) changes what the e-mails say.
 */
export const tellCancellation: Subscriber<'meeting.cancelled'> = {
  name: 'meetings.tellCancellation',
  runs: 'inTransaction',
  async handle(tx, events, context) {
    for (const event of events) {
      if (event.cause === 'side' || event.cause === 'slotDeleted') {
        const cancelledBy = event.cancelledBy === 'teacher' ? ('teacher' as const) : ('company' as const);
        await tellBothSides(tx, context, 'meetingCancelled', [event.meetingId], (meeting) => ({
          cancelledBy,
          reason: event.reason,
          participantsCount: meeting.participantsCount,
          seatsToLine: event.seatsToLine ?? 0,
        }));
        continue;
      }
      const meeting = await findMeetingFact(tx, event.meetingId);
      if (!meeting) continue;
      if (event.cause === 'companyLeft') {
        await enqueueMail(
          tx,
          meetingMails.meetingCancelledByPlatform,
          {
            to: meeting.teacherEmail,
            data: {
              firstName: meeting.teacherFirstName,
              companyName: meeting.companyName,
              startsAt: meeting.startsAt.toISOString(),
              timeZone: meeting.timeZone,
              reason: event.reason ?? '',
              searchUrl: `${context.publicUrl}${ROUTES.searchCompanies}`,
            },
          },
          context.now,
        );
        continue;
      }
      const establishmentName =
        meeting.establishmentName ?? (await teacherEstablishmentName(tx, meeting.teacherId));
      for (const recruiter of await recruitersOf(tx, meeting.companyId)) {
        await enqueueMail(
          tx,
          meetingMails.meetingCancelledByTeacherDeletion,
          {
            to: recruiter.email,
            data: {
              firstName: recruiter.firstName,
              establishmentName,
              startsAt: meeting.startsAt.toISOString(),
              timeZone: meeting.timeZone,
              participantsCount: meeting.participantsCount,
              seatsToLine: event.seatsToLine ?? 0,
              meetingsUrl: `${context.publicUrl}${ROUTES.meetingsCompany}`,
            },
          },
          context.now,
        );
      }
    }
  },
};

/** The reason given to teachers whose booking disappears with its company. */
const COMPANY_GONE_REASON = 'L’entreprise n’est plus présente sur la plateforme';

/**
 * `company.statusChanged` → a company that leaves the platform (refused or archived) has its future bookings
 * cancelled by the platform, each teacher told; before its slots close, so that the e-mails say why.
 */
export const cancelBookingsOfCompanyThatLeft: Subscriber<'company.statusChanged'> = {
  name: 'meetings.cancelBookingsOfCompanyThatLeft',
  runs: 'inTransaction',
  publishes: ['meeting.cancelled', 'slot.seatsFreed'],
  async handle(tx, events, context) {
    for (const { companyId, to } of events) {
      if (!leavesPlatform(to)) continue;
      const bookings = await futureBookings(tx, eq(meetingFacts.companyId, companyId), context.now);
      await cancelMeetings(tx, context, bookings, {
        by: 'platform',
        actorId: null,
        reason: COMPANY_GONE_REASON,
        cause: 'companyLeft',
      });
    }
  },
};

/** A teacher who deletes their account: their future bookings cancelled, their companies told. */
export async function cancelFutureBookingsOfTeacher(
  tx: DbOrTx,
  context: EventContext,
  teacherId: number,
  reason: string,
): Promise<number> {
  const bookings = await futureBookings(tx, eq(meetingFacts.teacherId, teacherId), context.now);
  const cancelled = await cancelMeetings(tx, context, bookings, {
    by: 'teacher',
    actorId: teacherId,
    reason,
    cause: 'accountDeleted',
  });
  return cancelled.length;
}
