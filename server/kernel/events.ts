import type { CompanyStatus } from '../../common/constants.ts';
import type { Db, DbOrTx } from '../../db/client.ts';

/**
 * What a domain tells the others about a change it made (ARCHITECTURE.md, One door per rule;
 * docs/decisions/0043). The topics and their payloads are the contract every domain shares; the machinery
 * (publishing, the outbox, its delivery) is `server/events/`, and the table of who reacts to what is
 * `server/main/subscribers.ts`, the one place that names every domain's subscribers.
 */
export interface EventPayloads {
  /** A teacher booked a slot; recorded by the booking's own write (meetings/booking.ts). */
  'meeting.booked': { meetingId: number };
  /**
   * A meeting was cancelled, whoever did it (either side, a reminder's link, a deleted slot or account, the
   * operators removing a company): its seats are already given back.
   */
  'meeting.cancelled': {
    meetingId: number;
    cancelledBy: CancelledBy;
    reason: string | null;
    /** Why: one side cancelled it (on the site or from a reminder), or its slot, its company or its teacher went. */
    cause: 'side' | 'slotDeleted' | 'companyLeft' | 'accountDeleted';
    /** How many of its seats the waitlist took in the same write (absent in rows written before it existed). */
    seatsToLine?: number;
  };
  /**
   * A booking changed (meetings/change.ts, docs/decisions/0048): `changes` says what its company cares about,
   * old → new (empty when only the teacher's own filing changed, or only the line's request). `line` is the
   * teacher's word on the waitlist, when they set the group's size: the extra seats to wait for on the slot's
   * line (0: none; any earlier request is replaced). `fromLine`: the line gave the extra seats, not the
   * teacher (both sides are told then).
   */
  'meeting.changed': {
    meetingId: number;
    slotId: number;
    teacherId: number;
    changes: SlotChange[];
    line: { extra: number } | null;
    fromLine: boolean;
  };
  /**
   * A company changed what a booked group cares about: each change in French, old → new; `moved` when the
   * date, the time or the duration changed (the bookings are then postponed).
   */
  'slot.changed': {
    slotId: number;
    changes: SlotChange[];
    /** `previousEndsAt`: absent from events recorded before it existed. */
    moved: { previousStartsAt: string; previousEndsAt?: string } | null;
  };
  /**
   * A company published a slot (created it, or copied it onto other dates): one event per slot, in the write
   * that creates it. Partners hear of it (server/webhooks/, issue 37).
   */
  'slot.published': { slotId: number };
  /** A company deleted a slot (or left the platform, which closes its slots): `by`, the recruiter, if one. */
  'slot.deleted': { slotId: number; by: number | null };
  /**
   * Seats of a slot came free (a booking cancelled, the capacity raised, an offer declined or lapsed, the slot
   * listed again): the waitlist holds them for the first group that fits, in the same write (decisions 0041,
   * 0043).
   */
  'slot.seatsFreed': { slotId: number };
  /** A company signed up: it waits for the operators' validation. */
  'company.signedUp': { companyId: number };
  /** The operators changed a company's status (validated, refused, archived, restored). */
  'company.statusChanged': { companyId: number; from: CompanyStatus; to: CompanyStatus };
  /**
   * A company's team changed (issue 21): someone invited, joined, asked to join, was answered, changed role
   * or was removed. The back-office's audit log records it (admin/team-audit.ts). `target` and `details` in
   * French; `actor` is who did it (the admin, or the colleague joining).
   */
  'company.teamChanged': {
    companyId: number;
    companyName: string;
    departmentCode: string | null;
    action: TeamAuditAction;
    actor: { id: number | null; name: string };
    target: string;
    details: string | null;
  };
  /** An operator opened or closed a department. */
  'department.toggled': { code: string; active: boolean };
}

/** What a team change's audit entry says (common/admin.ts labels them). */
export type TeamAuditAction =
  | 'team.invited'
  | 'team.invitationWithdrawn'
  | 'team.joined'
  | 'team.joinRequested'
  | 'team.joinAccepted'
  | 'team.joinRefused'
  | 'team.roleChanged'
  | 'team.removed';

/** Who cancelled a meeting, as the pages and the API say it: the platform when the operators did. */
export type CancelledBy = 'teacher' | 'company' | 'platform';

/** One thing of a slot a booked group cares about, as its e-mail says it (« Type : Visite → Intervention »). */
export interface SlotChange {
  label: string;
  before: string;
  after: string;
}

export type Topic = keyof EventPayloads;

/** What every subscriber may need beside the transaction: the moment, the links' base, and the bus. */
export interface EventContext {
  now: Date;
  publicUrl: string;
  /** Whether the platform has its video room (LiveKit configured); absent: it has (a webinar's place). */
  builtInRoom?: boolean;
  events: EventBus;
}

/**
 * A consequence of a change. `inTransaction`: part of the change itself, run in the change's own
 * transaction when it is published (seats held for the waitlist, a transport request closed), so that
 * nothing can happen in between; `publishes` names the topics it may publish there in turn, the links of
 * the chains `npm run check` prints (scripts/check-event-chains.ts) and the bus holds it to. `afterCommit`:
 * run later from the outbox, each event acknowledged in the transaction of what the subscriber wrote, so a
 * retry repeats nothing (docs/decisions/0078); it may not publish in the change's write.
 */
export interface Subscriber<T extends Topic> {
  name: string;
  runs: 'inTransaction' | 'afterCommit';
  publishes?: readonly Topic[];
  handle(tx: DbOrTx, events: EventPayloads[T][], context: EventContext): Promise<void>;
}

/** Topic → its subscribers, in the order they run. */
export type SubscriberTable = { [T in Topic]: Subscriber<T>[] };

/** A row of the outbox as its handler sees it: its id (an e-mail's Message-ID), its payload, its tries so far. */
export interface OutboxItem {
  id: number;
  topic: string;
  payload: Record<string, unknown>;
  /** This try included. */
  attempts: number;
  createdAt: Date;
}

/** How many tries a handler gets, and the wait after each failed one (the last wait repeats). */
export interface RetryPolicy {
  maxAttempts: number;
  delaysMs: readonly number[];
}

/**
 * What hands a topic's rows to the world outside the database (an e-mail leaves by the transport): it cannot
 * share a transaction with the acknowledgement, so a crash between the two does it again; it must carry
 * what makes the copy harmless (an e-mail's Message-ID, from the row's id). It throws `SetAside` for what
 * no retry will mend (a template that is gone).
 */
export interface Sender {
  topic: string;
  name: string;
  retries: RetryPolicy;
  send(item: OutboxItem): Promise<void>;
  /** What the logs say of a row besides its topic and id (an e-mail's template). */
  describe?(item: OutboxItem): Record<string, unknown>;
}

/** A failure that no retry will mend: the row is set aside at once. */
export class SetAside extends Error {}

/** What one delivery did with the rows it claimed. */
export interface DeliveryReport {
  delivered: number;
  /** Failed, to be tried again later. */
  retried: number;
  /** Failed for the last time, or for good: left for an operator. */
  setAside: number;
}

export interface EventBus {
  /**
   * Publishes a change, in its transaction: the topic's in-transaction subscribers run now, on `tx`; the
   * event is recorded in the outbox for each after-commit one. All of it happens, or none.
   */
  publish<T extends Topic>(tx: DbOrTx, topic: T, payload: EventPayloads[T], now: Date): Promise<void>;
  /**
   * The statement that records the event inside a `batch` of plain SQL (the booking's one write), its
   * payload a JSON expression of that batch. Only for a topic whose subscribers all run after commit: a
   * batch cannot run code between its statements.
   */
  recordStatement(topic: Topic, payloadJson: string): string;
  /**
   * The delivery's part: claims up to `batch` due rows of the outbox and hands each to its handler, an
   * after-commit subscriber or a sender; each row is acknowledged, retried or set aside on its own.
   */
  deliver(
    db: Db,
    now: Date,
    options?: { batch?: number; pause?: () => Promise<void> },
  ): Promise<DeliveryReport>;
  /** Whether anything is due now (a cheap read, to skip a delivery with nothing to do). */
  hasDue(db: Db, now: Date): Promise<boolean>;
}

/**
 * The outbox's delivery: events to their after-commit subscribers, then e-mails to the transport. Started
 * after every mutation from one place (server/main/app.ts) and by the `outbox` job.
 */
export interface Outbox {
  /**
   * Delivers what is due, soon: the wakes of a burst share one run. Never rejects (on Workers, hand it to
   * waitUntil).
   */
  wake(): Promise<void>;
  /** Waits for the current run. */
  stop(): Promise<void>;
}
