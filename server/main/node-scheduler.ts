import { Cron } from 'croner';
import type { Deps } from '../kernel/context.ts';
import { JOBS, runJob, type ScheduledJob } from './scheduled.ts';

/**
 * Node's scheduler: every job on its cron, in this process (croner, UTC). Node only:
 * the Worker build replaces this file (vite.config.ts), since Cron Triggers run the jobs there. A run that is still going when
 * its next time comes is not started twice; a failed run is logged and the next one tries again.
 * Returns what stops them all.
 */
export function startScheduler(deps: Deps, jobs: readonly ScheduledJob[] = JOBS): { stop(): void } {
  const crons = jobs.map(
    (job) =>
      new Cron(job.cron, { name: job.name, timezone: 'UTC', protect: true, unref: true }, async () => {
        try {
          await runJob(job.name, deps, jobs);
        } catch (error) {
          deps.log.error('job failed', {
            job: job.name,
            error: error instanceof Error ? error.stack : String(error),
          });
        }
      }),
  );
  return {
    stop() {
      for (const cron of crons) cron.stop();
    },
  };
}
