import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobRuns } from '../../db/schema/operations.ts';
import { nextRunOf } from './next-run.ts';

/** A scheduled job as the operators see it: when it last ran, how that went, and when it runs next. */
export interface JobRunView {
  name: string;
  lastRunAt: Date | null;
  lastOutcome: 'ok' | 'failed' | 'running' | null;
  lastError: string | null;
  nextRunAt: Date | null;
}

/** Records that a job starts (server/main/scheduled.ts, runJob). */
export async function recordJobStart(db: Db, name: string, now: Date): Promise<void> {
  await db
    .insert(jobRuns)
    .values({ name, lastStartedAt: now })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { lastStartedAt: now, lastFinishedAt: null, lastOutcome: null, lastError: null },
    });
}

/** Records how the job's run ended. */
export async function recordJobEnd(
  db: Db,
  name: string,
  outcome: { error: string | null },
  now: Date,
): Promise<void> {
  await db
    .update(jobRuns)
    .set({
      lastFinishedAt: now,
      lastOutcome: outcome.error === null ? 'ok' : 'failed',
      lastError: outcome.error === null ? null : outcome.error.slice(0, 1000),
    })
    .where(eq(jobRuns.name, name));
}

/** Every job of the schedule, with its last run (none yet: nulls) and its next one from its cron, in UTC. */
export async function jobRunViews(
  db: Db,
  schedule: readonly { name: string; cron: string }[],
  now: Date,
): Promise<JobRunView[]> {
  const runs = new Map((await db.select().from(jobRuns)).map((run) => [run.name, run]));
  return schedule.map(({ name, cron }) => {
    const run = runs.get(name);
    return {
      name,
      lastRunAt: run?.lastStartedAt ?? null,
      lastOutcome: run ? (run.lastOutcome ?? 'running') : null,
      lastError: run?.lastError ?? null,
      nextRunAt: nextRunOf(cron, now),
    };
  });
}
