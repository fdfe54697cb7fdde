import { count } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { companies, users } from '../schema.ts';
import {
  DEMO_OPERATOR_EMAIL,
  DEMO_PENDING_RECRUITER_EMAIL,
  DEMO_RECRUITER_EMAIL,
  DEMO_TEACHER_EMAIL,
} from './demo.ts';

export { type DemoAccounts, type DemoCounts, seedDemo } from './demo.ts';
export { type FileWriter, seedDemoDocuments, tinyPdf } from './documents.ts';
export { seedDemoJobOffers } from './job-offers.ts';
export { addWeeklyMailTeachers } from './large/weekly-mail.ts';
export { LARGE_DATA_VERSION, type LargeCounts, seedLarge } from './large.ts';
export { demoPicture, seedDemoPictures, tinyPng } from './pictures.ts';

/** The e-mail addresses of the demo accounts (their password is the one given to `seedDemo`). */
export const DEMO_ACCOUNTS = {
  teacher: DEMO_TEACHER_EMAIL,
  recruiter: DEMO_RECRUITER_EMAIL,
  pendingRecruiter: DEMO_PENDING_RECRUITER_EMAIL,
  regionalOperator: DEMO_OPERATOR_EMAIL,
} as const;

/** True when no company and no user exist yet: the only state in which a seed may run. */
export async function isDatabaseEmpty(db: DbOrTx): Promise<boolean> {
  const [companyRows] = await db.select({ n: count() }).from(companies);
  const [userRows] = await db.select({ n: count() }).from(users);
  return (companyRows?.n ?? 0) === 0 && (userRows?.n ?? 0) === 0;
}
