/** The plan of the demo data: every row drawn from a fixed seed, only the dates following `now`. */
import { createRng } from '../prng.ts';
import { planBookings } from './bookings.ts';
import { planCompanies } from './companies.ts';
import { planContent } from './content.ts';
import { planSlots } from './slots.ts';
import { planEstablishments, planTeachers } from './teachers.ts';
import type { Plan } from './types.ts';

/** The whole demo, planned before anything is written: each part from its own fork of one seed. */
export function planDemo(now: Date, passwordHash: string): Plan {
  const root = createRng('passerelle-industrie/demo/v1');
  const nowMs = now.getTime();
  const { companies: plannedCompanies, pending } = planCompanies(root, nowMs, passwordHash);
  const establishmentRows = planEstablishments(root, nowMs);

  const teachers = planTeachers(root.fork('teachers'), nowMs, passwordHash, establishmentRows);
  const slotPlan = planSlots(root.fork('slots'), now, plannedCompanies);
  const bookings = planBookings(root.fork('bookings'), now, plannedCompanies, teachers, slotPlan);
  const content = planContent(
    root.fork('content'),
    nowMs,
    plannedCompanies,
    bookings.meetings,
    slotPlan,
    teachers,
    establishmentRows,
  );

  return {
    companies: plannedCompanies,
    pending,
    establishments: establishmentRows,
    teachers,
    slots: slotPlan,
    ...bookings,
    ...content,
  };
}
