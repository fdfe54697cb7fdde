import type { PageContextServer } from 'vike/types';
import { MAX_DUPLICATE_DATES } from '../../common/slots.ts';
import { utcToZonedWallClock } from '../../common/time.ts';
import { mySlotsWithBookings } from '../../server/meetings/index.ts';
import { lacksWorkingRoom, myCompanyDepartmentCode } from '../../server/slots/index.ts';
import { waitlistLengthsFor } from '../../server/waitlist/index.ts';

export type Period = 'upcoming' | 'past';

/** The word the list says after an action elsewhere left for it (?enregistre, ?supprime, ?duplique). */
function noticeOf(search: Record<string, string>): string | null {
  if (search.enregistre === 'deplace') {
    return 'Le créneau a été enregistré. Les enseignants qui l’avaient réservé sont prévenus du changement par e-mail.';
  }
  if (search.enregistre) return 'Le créneau a été enregistré.';
  if (search.supprime) return 'Le créneau a été supprimé.';
  const duplicated = Number(search.duplique);
  if (Number.isInteger(duplicated) && duplicated >= 1 && duplicated <= MAX_DUPLICATE_DATES) {
    return duplicated > 1 ? `${duplicated} créneaux ont été créés.` : 'Un créneau a été créé.';
  }
  return null;
}

export async function data(pageContext: PageContextServer) {
  const { viewer, deps, urlParsed } = pageContext;
  const period: Period = urlParsed.search.periode === 'passes' ? 'past' : 'upcoming';
  const notice = noticeOf(urlParsed.search);
  const now = deps.clock.now();
  const [views, departmentCode] = await Promise.all([
    mySlotsWithBookings(viewer, { period }, deps),
    myCompanyDepartmentCode(viewer, deps),
  ]);
  const waitlists = await waitlistLengthsFor(
    viewer,
    views.map((slot) => slot.id),
    deps,
  );
  return {
    period,
    notice,
    departmentCode,
    slots: views.map((slot) => ({
      ...slot,
      today: utcToZonedWallClock(now, slot.timeZone).date,
      waitlistLength: waitlists.get(slot.id) ?? 0,
      roomMissing: !slot.ended && lacksWorkingRoom(slot, deps),
    })),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
