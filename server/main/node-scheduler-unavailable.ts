import type { Deps } from '../kernel/context.ts';

/**
 * Stands in for ./node-scheduler.ts in the Worker build (vite.config.ts): Cron Triggers run the jobs there
 * (runJobsOfCron), so croner stays out of the Worker.
 */
export function startScheduler(_deps: Deps): never {
  throw new Error('No in-process scheduler on Workers: Cron Triggers run the jobs (wrangler.toml)');
}
