/** The plan of the demo's bookings: its accounts' first, then enough to fill the other companies' slots. */
import type { StoredMeetingStatus } from '../../../common/constants.ts';
import { mobile, randomPerson } from '../people.ts';
import type { Rng } from '../prng.ts';
import { at, DAY_MS, HOUR_MS, personName, timeOf } from './helpers.ts';
import { UNJOINABLE_WEBINAR, UNJOINABLE_WEBINAR_GROUPS } from './slots.ts';
import type { Plan, PlannedCompany, PlannedMeeting, PlannedSlot, PlannedTeacher } from './types.ts';

const BOOKING_MESSAGES: readonly string[] = [
  'Classe de 3e en découverte professionnelle, très curieuse des métiers de la production.',
  'Nous serons accompagnés de deux AESH ; un élève se déplace en fauteuil.',
  'Groupe de jeunes en réorientation : ils aimeraient connaître les formations en alternance.',
  'Les élèves ont préparé des questions sur les conditions de travail et l’apprentissage.',
  'Merci de nous indiquer le point de rendez-vous et le parking pour le car.',
];

const CANCEL_REASONS_TEACHER: readonly string[] = [
  'Le car n’est finalement pas disponible ce jour-là.',
  'Sortie annulée à cause des conseils de classe avancés.',
  'Grève des transports scolaires annoncée.',
];

const CANCEL_REASONS_COMPANY: readonly string[] = [
  'Arrêt exceptionnel de la ligne de production pour maintenance.',
  'Notre intervenant n’est plus disponible ; nous vous proposons un autre créneau.',
];

export function planBookings(
  rng: Rng,
  now: Date,
  plannedCompanies: PlannedCompany[],
  teachers: PlannedTeacher[],
  plannedSlots: PlannedSlot[],
): Pick<Plan, 'meetings' | 'waitlist'> {
  const nowMs = now.getTime();
  const planned: PlannedMeeting[] = [];
  const teacherDepartment = (t: number) => at(teachers, t).row.departmentCode;

  const book = (
    slotIndex: number,
    teacherIndex: number,
    options: { fill?: boolean; status?: StoredMeetingStatus; participants?: number; createdAt?: Date },
  ) => {
    const slot = at(plannedSlots, slotIndex);
    const remaining = slot.row.maxParticipants - (slot.row.seatsTaken ?? 0);
    if (remaining <= 0) return false;
    if (planned.some((m) => m.slot === slotIndex && m.teacher === teacherIndex)) return false;
    const status = options.status ?? 'confirmed';
    const participants = options.participants
      ? Math.min(options.participants, remaining)
      : options.fill
        ? remaining
        : status === 'cancelled'
          ? rng.int(1, slot.row.maxParticipants)
          : remaining === 1
            ? 1
            : rng.int(Math.max(1, Math.min(8, remaining - 1)), remaining - 1);
    const startsMs = slot.row.startsAt.getTime();
    const earliest = Math.max(timeOf(slot.row.createdAt) + HOUR_MS, teacherCreated(teacherIndex) + HOUR_MS);
    const latest = Math.min(nowMs - HOUR_MS, startsMs - 2 * DAY_MS);
    const createdAt =
      options.createdAt ??
      new Date(Math.min(latest > earliest ? rng.int(earliest, latest) : earliest, startsMs - HOUR_MS));
    const teacher = at(teachers, teacherIndex);
    const adult = randomPerson(rng);
    const cancelled = status === 'cancelled';
    const byCompany = cancelled && rng.chance(0.35);
    const cancelledAt = cancelled
      ? new Date(Math.min(nowMs - HOUR_MS, createdAt.getTime() + rng.int(1, 5) * DAY_MS))
      : null;
    planned.push({
      slot: slotIndex,
      teacher: teacherIndex,
      cancelledByCompany: byCompany,
      row: {
        status,
        participantsCount: participants,
        publicCategory: rng.pick(slot.row.publicCategories),
        message: rng.chance(0.5) ? rng.pick(BOOKING_MESSAGES) : null,
        accompanyingAdultName: personName(adult),
        accompanyingAdultPhone: mobile(rng, teacher.row.departmentCode === '974'),
        charterAcceptedAt: createdAt,
        cancelReason: cancelled
          ? rng.pick(byCompany ? CANCEL_REASONS_COMPANY : CANCEL_REASONS_TEACHER)
          : null,
        cancelledAt,
        createdAt,
      },
    });
    if (!cancelled) slot.row.seatsTaken = (slot.row.seatsTaken ?? 0) + participants;
    return true;
  };
  const teacherCreated = (t: number) => timeOf(at(teachers, t).row.createdAt);

  const slotIndexes = plannedSlots.map((_, i) => i);
  const isFuture = (i: number) => at(plannedSlots, i).row.startsAt.getTime() > nowMs;
  const departmentOfSlot = (i: number) => at(plannedCompanies, at(plannedSlots, i).company).department.code;
  const candidatesFor = (i: number) =>
    teachers
      .map((_, t) => t)
      .filter(
        (t) =>
          at(plannedSlots, i).row.meetingType === 'Webinar' || teacherDepartment(t) === departmentOfSlot(i),
      );

  // The demo accounts first, so that both see bookings, a full slot and a postponed meeting at login.
  const demoCompanySlots = slotIndexes.filter((i) => at(plannedSlots, i).company === 0);
  const demoFuture = demoCompanySlots.filter(isFuture);
  const demoPast = demoCompanySlots.filter((i) => !isFuture(i));
  book(at(demoFuture, 0), 0, {});
  book(at(demoFuture, 1), 0, { status: 'reported' });
  book(at(demoFuture, 2), 1, {});
  book(at(demoFuture, 2), 3, { fill: true });
  // Its line: another teacher, then the demo teacher, who sees their place in it; the company its length.
  const fullSlot = at(plannedSlots, at(demoFuture, 2)).row;
  const waitlist: Plan['waitlist'] = [2, 0].map((teacher, place) => ({
    slot: at(demoFuture, 2),
    teacher,
    row: {
      groupSize: Math.min(fullSlot.maxParticipants, 12 - 4 * place),
      publicCategory: at(fullSlot.publicCategories, 0),
      createdAt: new Date(nowMs - (2 - place) * DAY_MS),
    },
  }));
  book(at(demoFuture, 4), 2, {});
  UNJOINABLE_WEBINAR_GROUPS.forEach(({ teacher, participants }, order) => {
    const createdAt = new Date(nowMs - (UNJOINABLE_WEBINAR_GROUPS.length - order) * HOUR_MS);
    book(at(demoFuture, UNJOINABLE_WEBINAR), teacher, { participants, createdAt });
  });
  book(at(demoFuture, 5), 3, { status: 'cancelled' });
  for (const i of demoPast) book(i, 0, {});
  const teacherFuture = rng
    .shuffle(
      slotIndexes.filter(
        (i) => isFuture(i) && at(plannedSlots, i).company !== 0 && candidatesFor(i).includes(0),
      ),
    )
    .slice(0, 3);
  for (const i of teacherFuture) book(i, 0, {});
  const teacherPast = rng
    .shuffle(
      slotIndexes.filter(
        (i) => !isFuture(i) && at(plannedSlots, i).company !== 0 && candidatesFor(i).includes(0),
      ),
    )
    .slice(0, 1);
  for (const i of teacherPast) book(i, 0, {});

  const futurePool = rng.shuffle(slotIndexes.filter((i) => isFuture(i) && at(plannedSlots, i).company !== 0));
  for (const i of futurePool) {
    if (planned.filter((m) => isFuture(m.slot)).length >= 60) break;
    if (planned.some((m) => m.slot === i)) continue;
    const candidates = rng.shuffle(candidatesFor(i));
    const wanted = Math.min(
      candidates.length,
      rng.weighted([
        [1, 6],
        [2, 3],
        [3, 1],
      ] as const),
    );
    const fill = rng.chance(0.2);
    const moved = !fill && rng.chance(0.12);
    for (let k = 0; k < wanted; k++) {
      const status: StoredMeetingStatus = rng.chance(0.07) ? 'cancelled' : moved ? 'reported' : 'confirmed';
      book(i, at(candidates, k), { fill: fill && k === wanted - 1, status });
    }
  }

  const pastPool = rng.shuffle(slotIndexes.filter((i) => !isFuture(i) && at(plannedSlots, i).company !== 0));
  for (const i of pastPool) {
    if (planned.filter((m) => !isFuture(m.slot)).length >= 25) break;
    if (planned.some((m) => m.slot === i)) continue;
    const candidates = rng.shuffle(candidatesFor(i));
    if (candidates.length === 0) continue;
    book(i, at(candidates, 0), {
      status: rng.chance(0.08) ? 'cancelled' : 'confirmed',
      fill: rng.chance(0.2),
    });
  }

  for (const meeting of planned) {
    if (meeting.row.status !== 'reported') continue;
    const slot = at(plannedSlots, meeting.slot);
    slot.row.updatedAt = new Date(Math.max(timeOf(meeting.row.createdAt) + HOUR_MS, nowMs - 2 * DAY_MS));
  }
  return { meetings: planned, waitlist };
}
