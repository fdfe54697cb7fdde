import { useEffect, useRef, useState } from 'react';
import { plural } from '../../common/format.ts';

/** The countdown ticks each second (the seconds are shown in the last hour). */
const TICK_MS = 1000;

/** "2 jours 3 h", "1 h 05 min", "4 min 12 s", "12 s" (with no-break spaces): what is left before the room opens. */
export function timeLeftText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const [days, hours, minutes, rest] = [
    Math.floor(seconds / 86_400),
    Math.floor((seconds % 86_400) / 3600),
    Math.floor((seconds % 3600) / 60),
    seconds % 60,
  ];
  const two = (n: number) => String(n).padStart(2, '0');
  // No-break spaces: a number is never cut from its unit at the end of a line.
  const text =
    days > 0
      ? `${plural(days, 'jour')}${hours > 0 ? ` ${hours} h` : ''}`
      : hours > 0
        ? `${hours} h ${two(minutes)} min`
        : minutes > 0
          ? `${minutes} min ${two(rest)} s`
          : `${rest} s`;
  return text.replaceAll(' ', '\u00a0');
}

/**
 * The closed room's countdown to its opening (`opensAt`, from the server), then `onOpened` once, on time:
 * the room's flow goes back to its pre-join screen, the closed page loads the room. The clock is read on
 * each tick, so a computer that slept catches up at once.
 */
export function OpensCountdown({ opensAt, onOpened }: { opensAt: string; onOpened(): void }) {
  const [now, setNow] = useState(() => Date.now());
  const left = new Date(opensAt).getTime() - now;
  const open = left <= 0;
  const told = useRef(false);
  useEffect(() => {
    if (open) {
      if (!told.current) onOpened();
      told.current = true;
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.min(TICK_MS, left));
    return () => clearTimeout(timer);
  }, [open, left, onOpened]);
  // role="timer" is not announced at each tick; the room that opens says so itself.
  return (
    <p role="timer" className="text-lg font-semibold">
      {open ? 'La salle ouvre…' : `La salle ouvre dans ${timeLeftText(left)}.`}
    </p>
  );
}

/** The closed room page's island: the countdown, then the page again, which now shows the room. */
export function RoomOpening({ opensAt }: { opensAt: string }) {
  return <OpensCountdown opensAt={opensAt} onOpened={reload} />;
}

const reload = () => window.location.reload();
