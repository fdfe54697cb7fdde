/**
 * The demo data set: five active departments (one overseas), 65 validated companies with their recruiters,
 * teachers and their establishments, slots over the past 45 and the next 60 days, bookings, feedback and
 * content. Everything is drawn from a fixed seed; only the dates follow `now`.
 */
import type { Db } from '../client.ts';
import { users } from '../schema.ts';
import {
  DEMO_OPERATOR_EMAIL,
  DEMO_OPERATOR_REGION,
  DEMO_RECRUITER_EMAIL,
  DEMO_TEACHER_EMAIL,
} from './demo/accounts.ts';
import { timeOf } from './demo/helpers.ts';
import { planDemo } from './demo/plan.ts';
import { seedDemoGroups, seedDemoTeamMember, writePlan } from './demo/write.ts';
import { DEMO_DEPARTMENTS } from './lists/places.ts';
import { JOBS } from './lists/sectors.ts';

export {
  DEMO_FUTURE_DAYS,
  DEMO_OPERATOR_EMAIL,
  DEMO_OPERATOR_REGION,
  DEMO_PAST_DAYS,
  DEMO_PENDING_RECRUITER_EMAIL,
  DEMO_RECRUITER_EMAIL,
  DEMO_TEACHER_EMAIL,
  DEMO_TEAM_MEMBER_EMAIL,
} from './demo/accounts.ts';

export interface DemoCounts {
  departmentsActivated: number;
  jobs: number;
  companies: number;
  pendingCompanies: number;
  recruiters: number;
  establishments: number;
  teachers: number;
  slots: number;
  futureSlots: number;
  pastSlots: number;
  meetings: number;
  futureMeetings: number;
  pastMeetings: number;
  feedback: number;
  favorites: number;
  transportRequests: number;
  contactMessages: number;
  faqEntries: number;
  articles: number;
}

export interface DemoAccounts {
  teacher: { email: string };
  recruiter: { email: string };
  pendingRecruiter: { email: string };
  counts: DemoCounts;
}

/** Fills an empty database with the demo data, in one transaction. The caller checks that it is empty. */
export async function seedDemo(db: Db, options: { now: Date; passwordHash: string }): Promise<DemoAccounts> {
  const plan = planDemo(options.now, options.passwordHash);
  await db.transaction(async (tx) => {
    await writePlan(tx, plan);
    await seedDemoTeamMember(tx, options);
    await seedDemoGroups(tx, options.now);
    await tx.insert(users).values({
      kind: 'admin',
      email: DEMO_OPERATOR_EMAIL,
      passwordHash: options.passwordHash,
      firstName: 'Claire',
      lastName: 'Vidal',
      operatorRegion: DEMO_OPERATOR_REGION,
      createdAt: options.now,
    });
  });
  const now = options.now.getTime();
  const futureSlots = plan.slots.filter((s) => !s.past).length;
  return {
    teacher: { email: DEMO_TEACHER_EMAIL },
    recruiter: { email: DEMO_RECRUITER_EMAIL },
    pendingRecruiter: { email: plan.pending.recruiter.email },
    counts: {
      departmentsActivated: DEMO_DEPARTMENTS.length,
      jobs: JOBS.length,
      companies: plan.companies.length,
      pendingCompanies: 1,
      // The demo company's team has a second member (issue 21).
      recruiters: plan.companies.length + 2,
      establishments: plan.establishments.length,
      teachers: plan.teachers.length,
      slots: plan.slots.length,
      futureSlots,
      pastSlots: plan.slots.length - futureSlots,
      meetings: plan.meetings.length,
      futureMeetings: plan.meetings.filter((m) => timeOf(plan.slots[m.slot]?.row.startsAt) > now).length,
      pastMeetings: plan.meetings.filter((m) => timeOf(plan.slots[m.slot]?.row.startsAt) <= now).length,
      feedback: plan.feedback.length,
      favorites: plan.favorites.length,
      transportRequests: plan.transport.length,
      contactMessages: plan.contacts.length,
      faqEntries: plan.faq.length,
      articles: plan.articles.length,
    },
  };
}
