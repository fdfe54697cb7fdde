import { type ReactNode, useState } from 'react';
import {
  MEETING_TYPE_LABELS,
  type MeetingType,
  PUBLIC_CATEGORY_LABELS,
  type PublicCategory,
  SLOT_SUBJECT_LABELS,
  type SlotState,
  type SlotSubject,
} from '../../common/constants.ts';
import { formatDuration } from '../../common/format.ts';
import { SLOT_STATE_LABELS } from '../../common/slots.ts';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { Card } from '../ui/Card.tsx';
import { cx } from '../ui/cx.ts';
import { BookingForm, type BookingGroup, type PostedBooking, type SlotSeats } from './BookingForm.tsx';
import {
  OfferBooked,
  type PlainWaitlist,
  type WaitlistEntryData,
  WaitlistPanel,
  waitlistNoticeOf,
} from './Waitlist.tsx';

/** What a slot's card shows on the company page: no more (its props travel in the page). */
export interface SlotCardData {
  id: number;
  /**
   * "mardi 24 novembre 2026" and "09:00 – 10:30", formatted by the page in the slot's zone: the browser's
   * Intl may word them differently, and the hydrated card must read as the server's.
   */
  date: string;
  hours: string;
  durationMinutes: number;
  meetingType: MeetingType;
  publicCategories: PublicCategory[];
  subjects: SlotSubject[];
  maxParticipants: number;
  seatsLeft: number;
  state: SlotState;
  description: string | null;
  /** The teacher's meeting on this slot, if they have one. */
  myMeetingUrl: string | null;
  /** The teacher's place in the slot's waitlist, if they are in it (decision 0041). */
  waitlist?: WaitlistEntryData | null;
  /** The teacher's groups of the slot's school year, one of which the booking may be filed in. */
  groups?: BookingGroup[];
  /** The company page's URL, where the booking form works without JavaScript; its state there. */
  booking?: { pageUrl: string; open: boolean; posted: PostedBooking | null };
  /** This slot's part of the page's waitlist forms without JavaScript. */
  waitlistPlain?: PlainWaitlist;
}

const STATE_COLORS: Record<SlotState, string> = {
  free: 'bg-green-light text-green-text',
  notComplete: 'bg-blue-light text-blue',
  reserved: 'bg-grey text-grey-dark',
};

function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span className={cx('inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold', className)}>
      {children}
    </span>
  );
}

/**
 * A slot of the company page. For a teacher it is an island with the booking form: once booked (or refused
 * for want of seats), the seats left and the card's state are the server's new ones, without a reload.
 */
export function SlotCard({
  slot,
  bookable,
  companyName,
}: {
  slot: SlotCardData;
  bookable: boolean;
  companyName: string;
}) {
  const [{ seatsLeft, state }, setSeats] = useState<SlotSeats>(slot);
  const headingId = `creneau-${slot.id}`;
  const { date, hours } = slot;
  return (
    <Card as="article" aria-labelledby={headingId} className="flex h-full flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={headingId} className="scroll-mt-24 text-lg font-bold">
          {date}
          <br />
          <span className="font-semibold">{hours}</span>
        </h3>
        <div className="flex flex-wrap gap-2">
          <Badge className="bg-purple-light text-purple-dark">{MEETING_TYPE_LABELS[slot.meetingType]}</Badge>
          <Badge className={STATE_COLORS[state]}>
            <span className="sr-only">État : </span>
            {SLOT_STATE_LABELS[state]}
          </Badge>
        </div>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold">Durée</dt>
          <dd>{formatDuration(slot.durationMinutes)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Places restantes</dt>
          <dd>
            {seatsLeft} sur {slot.maxParticipants}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Public</dt>
          <dd>{slot.publicCategories.map((c) => PUBLIC_CATEGORY_LABELS[c]).join(', ')}</dd>
        </div>
        {slot.subjects.length > 0 && (
          <div>
            <dt className="font-semibold">Thèmes</dt>
            <dd>{slot.subjects.map((s) => SLOT_SUBJECT_LABELS[s]).join(', ')}</dd>
          </div>
        )}
      </dl>
      {slot.description && <p>{slot.description}</p>}
      {bookable &&
        (slot.waitlistPlain?.booked ? (
          <OfferBooked booked={slot.waitlistPlain.booked} />
        ) : slot.myMeetingUrl ? (
          <p className="flex flex-wrap items-center gap-3">
            <Badge className="bg-green-light text-green-text">Déjà réservé</Badge>
            <a className="link font-semibold" href={slot.myMeetingUrl}>
              Voir mon rendez-vous
            </a>
          </p>
        ) : slot.seatsLeft <= 0 || slot.waitlist ? (
          <WaitlistPanel
            slot={{
              id: slot.id,
              maxParticipants: slot.maxParticipants,
              publicCategories: slot.publicCategories,
              when: `${date}, ${hours}`,
            }}
            companyName={companyName}
            entry={slot.waitlist ?? null}
            pageUrl={slot.booking?.pageUrl}
            plain={slot.waitlistPlain}
          />
        ) : (
          <>
            {/* An offer declined, or accepted too late: its seats are open again, and the card says why. */}
            {slot.waitlistPlain?.offer?.alert && <FormAlert message={slot.waitlistPlain.offer.alert} />}
            {slot.waitlistPlain?.done && (
              <p role="status" className="font-semibold">
                {waitlistNoticeOf(slot.waitlistPlain.done)}
              </p>
            )}
            <BookingForm
              slot={{
                id: slot.id,
                seatsLeft: slot.seatsLeft,
                publicCategories: slot.publicCategories,
                date,
                hours,
                meetingType: slot.meetingType,
              }}
              companyName={companyName}
              groups={slot.groups ?? []}
              onSlotChange={setSeats}
              pageUrl={slot.booking?.pageUrl}
              plain={slot.booking}
            />
          </>
        ))}
    </Card>
  );
}
