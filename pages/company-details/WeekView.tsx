import { MEETING_TYPE_LABELS } from '../../common/constants.ts';
import { frenchDateFormat, plural } from '../../common/format.ts';
import { addDays, utcToZonedWallClock } from '../../common/time.ts';
import type { SlotItem } from './+data.ts';

const dayFormat = frenchDateFormat({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const fullDayFormat = frenchDateFormat({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const shortDayFormat = frenchDateFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' });
const asUtcDay = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * The company's slots as a week (issue 14: "a week view beside the list"), one line a day from Monday to
 * Sunday in the slots' zone, each slot a link to its card. Plain links move from week to week: no script.
 */
export function WeekView({
  items,
  monday,
  weekUrl,
  slotUrl = (id) => `#creneau-${id}`,
}: {
  items: SlotItem[];
  /** YYYY-MM-DD */
  monday: string;
  weekUrl: (monday: string) => string;
  /** Where a slot's link leads: its card (the list may not show it yet). */
  slotUrl?: (slotId: number) => string;
}) {
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const byDay = new Map<string, SlotItem[]>();
  for (const slot of items) {
    const { date } = utcToZonedWallClock(new Date(slot.startsAt), slot.timeZone);
    byDay.set(date, [...(byDay.get(date) ?? []), slot]);
  }
  const sunday = days[6] ?? monday;
  const title = `Semaine du ${shortDayFormat.format(asUtcDay(monday))} au ${shortDayFormat.format(asUtcDay(sunday))}`;
  return (
    <section
      aria-labelledby="semaine"
      className="flex flex-col gap-3 rounded-2xl border border-grey bg-white p-5"
    >
      <div className="flex items-center justify-between gap-2">
        <a
          href={weekUrl(addDays(monday, -7))}
          className="rounded-full px-3 py-1 text-lg font-bold text-purple hover:bg-purple-light"
          aria-label="Semaine précédente"
        >
          ‹
        </a>
        <h3 id="semaine" className="text-center text-base font-bold">
          {title}
        </h3>
        <a
          href={weekUrl(addDays(monday, 7))}
          className="rounded-full px-3 py-1 text-lg font-bold text-purple hover:bg-purple-light"
          aria-label="Semaine suivante"
        >
          ›
        </a>
      </div>
      <ol className="flex flex-col divide-y divide-grey">
        {days.map((day) => {
          const slots = byDay.get(day) ?? [];
          return (
            <li key={day} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span
                className={`w-24 text-sm first-letter:uppercase ${slots.length ? 'font-bold' : 'text-grey-text'}`}
              >
                <span aria-hidden="true">{dayFormat.format(asUtcDay(day))}</span>
                <span className="sr-only">{fullDayFormat.format(asUtcDay(day))}</span>
              </span>
              {slots.length === 0 ? (
                <span className="text-sm text-grey-text">
                  <span className="sr-only">Aucun créneau</span>
                  <span aria-hidden="true">—</span>
                </span>
              ) : (
                <ul className="flex flex-wrap gap-1.5">
                  {slots.map((slot) => {
                    const { time } = utcToZonedWallClock(new Date(slot.startsAt), slot.timeZone);
                    const full = slot.seatsLeft === 0;
                    return (
                      <li key={slot.id}>
                        <a
                          href={slotUrl(slot.id)}
                          className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${
                            full
                              ? 'bg-grey-light text-grey-text'
                              : 'bg-green-light text-green-text hover:bg-green-text hover:text-white'
                          }`}
                        >
                          {time}
                          <span className="sr-only">
                            {'\u00a0'}: {MEETING_TYPE_LABELS[slot.meetingType]},{' '}
                            {full ? 'complet' : plural(slot.seatsLeft, 'place')}
                          </span>
                        </a>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
