import { DeleteSlot } from './DeleteSlot.tsx';
import { DuplicateSlot } from './DuplicateSlot.tsx';

interface SlotActionsProps {
  slotId: number;
  /** "mardi 14 avril 2026 à 09:00", in the slot's zone. */
  when: string;
  /** The slot's wall-clock date in its zone, YYYY-MM-DD. */
  date: string;
  /** The company's day in the slot's zone, YYYY-MM-DD. */
  today: string;
  bookingsCount: number;
  seatsTaken: number;
  /** The teachers on the slot's line. */
  waitingCount: number;
  /** The company's department: the holidays the weekly series may skip. */
  departmentCode: string | null;
}

/** The buttons of a slot's card that need the browser: one island per card rather than two. */
export function SlotActions({
  slotId,
  when,
  date,
  today,
  bookingsCount,
  seatsTaken,
  waitingCount,
  departmentCode,
}: SlotActionsProps) {
  return (
    <>
      <DuplicateSlot slotId={slotId} when={when} date={date} today={today} departmentCode={departmentCode} />
      <DeleteSlot
        slotId={slotId}
        when={when}
        bookingsCount={bookingsCount}
        seatsTaken={seatsTaken}
        waitingCount={waitingCount}
      />
    </>
  );
}
