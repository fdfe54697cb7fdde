import { and, eq, exists, gt, inArray, isNull, lte, ne, not, or, sql } from 'drizzle-orm';
import { PUBLIC_CATEGORY_LABELS } from '../../common/constants.ts';
import { inBuiltInRoom, preparationChecklist } from '../../common/meetings.ts';
import { ROUTES } from '../../common/routes.ts';
import { calendarDaysBetween } from '../../common/time.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  type MeetingReminderKind,
  meetingFacts,
  meetingReminders,
  meetings,
} from '../../db/schema/meetings.ts';
import { recruitersByCompany } from '../accounts/index.ts';
import { hasBuiltInRoom } from '../kernel/config.ts';
import type { Deps } from '../kernel/context.ts';
import { type AddressedMail, enqueueMails } from '../mail/index.ts';
import { signLink } from '../signed-links.ts';
import type { MeetingFact } from './facts.ts';
import { type MeetingReminderMail, meetingMails } from './mail-templates.ts';
import { type MeetingRecipient, meetingMailBase, meetingRows, recipientsOf } from './mails.ts';

const DAY_MS = 86_400_000;

/** How long before the start each reminder is due (docs/decisions/0040). */
export const REMINDER_LEADS_MS: Record<MeetingReminderKind, number> = { '3d': 3 * DAY_MS, '1d': DAY_MS };

/** Meetings whose reminders are queued in one transaction: a crash loses at most one chunk's work, never twice. */
export const REMINDER_CHUNK = 50;

/** Whether this reminder of the meeting was already sent. */
const reminded = (db: DbOrTx, kind: MeetingReminderKind) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(meetingReminders)
      .where(and(eq(meetingReminders.meetingId, meetingFacts.id), eq(meetingReminders.kind, kind))),
  );

/**
 * The meetings with a reminder due now, in one query, soonest first (docs/decisions/0040):
 * - the one-day reminder from 24 hours before the start until the start, whenever the meeting was booked;
 * - the three-day reminder from 72 hours before the start until 24 hours before, for meetings booked before
 *   that 72-hour mark only: one booked closer has just had its booking e-mail, and gets the one-day one.
 * A meeting still standing (confirmed, or moved and not yet kept), whose teacher's account is there.
 */
export function dueReminders(db: DbOrTx, now: Date) {
  const t = now.getTime();
  const oneDay = new Date(t + REMINDER_LEADS_MS['1d']);
  return meetingRows(
    db,
    and(
      ne(meetingFacts.status, 'cancelled'),
      isNull(meetingFacts.teacherAnonymizedAt),
      gt(meetingFacts.startsAt, now),
      lte(meetingFacts.startsAt, new Date(t + REMINDER_LEADS_MS['3d'])),
      or(
        and(lte(meetingFacts.startsAt, oneDay), not(reminded(db, '1d'))),
        and(
          gt(meetingFacts.startsAt, oneDay),
          lte(meetingFacts.createdAt, sql`${meetingFacts.startsAt} - ${REMINDER_LEADS_MS['3d']}`),
          not(reminded(db, '3d')),
        ),
      ),
    ),
  );
}

/** Which reminder a due meeting gets now. */
export const reminderKindOf = (meeting: { startsAt: Date }, now: Date): MeetingReminderKind =>
  meeting.startsAt.getTime() - now.getTime() <= REMINDER_LEADS_MS['1d'] ? '1d' : '3d';

/** The reminder's e-mail for one recipient, with its two signed links (expiring at the start). */
export function reminderMail(
  meeting: MeetingFact,
  kind: MeetingReminderKind,
  recipient: MeetingRecipient,
  config: { PUBLIC_URL: string; JWT_SECRET: string } & Parameters<typeof hasBuiltInRoom>[0]['config'],
  now: Date,
): MeetingReminderMail {
  const publicUrl = config.PUBLIC_URL;
  const link = (purpose: 'meeting-confirm' | 'meeting-release') =>
    `${publicUrl}${ROUTES.meetingAction(
      signLink(config.JWT_SECRET, {
        purpose,
        subject: meeting.id,
        actor: recipient.userId,
        expiresAt: meeting.startsAt.getTime(),
      }),
    )}`;
  const builtInRoom = hasBuiltInRoom({ config });
  return {
    kind,
    daysAway: calendarDaysBetween(now, meeting.startsAt, meeting.timeZone),
    ...meetingMailBase(meeting, recipient, publicUrl, builtInRoom),
    meetingType: meeting.meetingType,
    participantsCount: meeting.participantsCount,
    publicLabel: PUBLIC_CATEGORY_LABELS[meeting.publicCategory],
    speaker: {
      name: `${meeting.speakerFirstname} ${meeting.speakerName}`,
      role: meeting.speakerRole,
      phone: meeting.speakerPhone,
    },
    checklist: preparationChecklist(meeting.meetingType, recipient.audience),
    confirmUrl: link('meeting-confirm'),
    releaseUrl: link('meeting-release'),
    ...(inBuiltInRoom(meeting, builtInRoom)
      ? { connectionTestUrl: `${publicUrl}${ROUTES.connectionTest}` }
      : {}),
  };
}

/**
 * The `meeting-reminders` job: three days and one day before each standing meeting, its teacher and its
 * company's recruiters (whom every e-mail of the meeting goes to, mails.ts) get a reminder with « Je
 * confirme » and « Je ne peux plus venir ». One query finds what is due and one reads the recruiters; each
 * chunk of meetings is one transaction that records the reminders and queues their e-mails together, a
 * row written only if absent: a rerun, a second scheduler or a crash halfway then a rerun sends each once.
 */
export async function sendMeetingReminders(deps: Deps) {
  const now = deps.clock.now();
  const due = await dueReminders(deps.db, now);
  const recruiters = await recruitersByCompany(deps.db, [...new Set(due.map((m) => m.companyId))]);
  let sent = 0;
  let mails = 0;
  let failed = 0;
  for (let start = 0; start < due.length; start += REMINDER_CHUNK) {
    const chunk = due.slice(start, start + REMINDER_CHUNK);
    try {
      const done = await deps.db.transaction(async (tx) => {
        // Cancelled since the query: no reminder.
        const standing = new Set(
          (
            await tx
              .select({ id: meetings.id })
              .from(meetings)
              .where(
                and(
                  inArray(
                    meetings.id,
                    chunk.map((m) => m.id),
                  ),
                  ne(meetings.status, 'cancelled'),
                ),
              )
          ).map((row) => row.id),
        );
        const live = chunk.filter((meeting) => standing.has(meeting.id));
        if (live.length === 0) return { sent: 0, mails: 0 };
        const recorded = await tx
          .insert(meetingReminders)
          .values(live.map((m) => ({ meetingId: m.id, kind: reminderKindOf(m, now), sentAt: now })))
          .onConflictDoNothing()
          .returning({ meetingId: meetingReminders.meetingId, kind: meetingReminders.kind });
        const liveById = new Map(live.map((meeting) => [meeting.id, meeting]));
        const queued: AddressedMail<MeetingReminderMail>[] = [];
        for (const { meetingId, kind } of recorded) {
          const meeting = liveById.get(meetingId);
          if (!meeting) continue;
          for (const recipient of recipientsOf(meeting, recruiters.get(meeting.companyId) ?? [])) {
            queued.push({
              to: recipient.email,
              data: reminderMail(meeting, kind, recipient, deps.config, now),
            });
          }
        }
        await enqueueMails(tx, meetingMails.meetingReminder, queued, now);
        return { sent: recorded.length, mails: queued.length };
      });
      sent += done.sent;
      mails += done.mails;
    } catch (error) {
      failed += chunk.length;
      deps.log.error('meeting reminders not queued', {
        job: 'meeting-reminders',
        meetingIds: chunk.map((m) => m.id).join(','),
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { due: due.length, sent, mails, failed };
}

/**
 * A slot moved: its meetings' reminders and confirmations were for the old time. The new date gets its
 * own reminders, and each side confirms again (called in the move's transaction).
 */
export async function forgetRemindersOf(tx: DbOrTx, meetingIds: number[]): Promise<void> {
  if (meetingIds.length === 0) return;
  await tx.delete(meetingReminders).where(inArray(meetingReminders.meetingId, meetingIds));
  await tx
    .update(meetings)
    .set({ teacherConfirmedAt: null, companyConfirmedAt: null, companyConfirmedBy: null })
    .where(inArray(meetings.id, meetingIds));
}
