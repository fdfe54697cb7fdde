import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { Sector } from '../../common/constants.ts';
import { companies } from './companies.ts';

/** The reference list of jobs (métiers) that companies offer and teachers follow. */
export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    label: text('label').notNull(),
    sector: text('sector').$type<Sector>(),
  },
  (t) => [uniqueIndex('jobs_label_idx').on(t.label)],
);

/** Which jobs each company offers (its profile's jobs block). */
export const companyJobs = sqliteTable(
  'company_jobs',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.jobId] }), index('company_jobs_job_idx').on(t.jobId)],
);
