import type { Hono } from 'hono';
import { requestScopedDatabase, startCheckpointer } from '../../db/client.ts';
import type { CacheLike } from '../http/page-cache.ts';
import type { AppEnv } from '../kernel/context.ts';
import { runsOnWorkers } from '../kernel/runtime.ts';
import { createApp } from './app.ts';
import { createDeps, createServices, type EdgeBindings, edgeDeps } from './deps.ts';
import { startScheduler } from './node-scheduler.ts';
import { runJobsOfCron } from './scheduled.ts';

export { RateLimitWindow } from '../http/rate-limit-object.ts';
export { nodeRequestRouting } from './node-requests.ts';

/** What workerd hands a `scheduled` handler (a Cron Trigger, or /cdn-cgi/local/scheduled in wrangler dev). */
interface ScheduledController {
  cron: string;
}

export interface Runtime {
  app: Hono<AppEnv>;
  /**
   * Workers only: runs the jobs of the Cron Trigger that fired (server/main/scheduled.ts). A failure is logged
   * and rethrown, so that the invocation's outcome says so.
   */
  scheduled?: (controller: ScheduledController, env: EdgeBindings) => Promise<void>;
}

/**
 * The app, wired for where it runs (docs/decisions/0025). On Node: one set of dependencies for the process
 * and the jobs on croner. On Workers: the settings and outside services once per isolate, and everything
 * that does I/O (the database client first) made for each request and each scheduled run from the
 * bindings workerd passes in, so no request ever touches another's connections (the database handle is the
 * isolate's, its client the request's: db/client.ts `requestScopedDatabase`); the jobs run on Cron
 * Triggers (wrangler.toml).
 */
export function createRuntime(env: Record<string, string | undefined>): Runtime {
  if (!runsOnWorkers()) {
    const deps = createDeps(env);
    startScheduler(deps);
    if (deps.db.isFile) startCheckpointer(deps.config.DATABASE_URL);
    return { app: createApp(deps) };
  }
  const services = createServices(env, { onWorkers: true });
  const cache = (globalThis.caches as unknown as { default: CacheLike }).default;
  const database = requestScopedDatabase(services.config.DATABASE_URL, services.config.DATABASE_AUTH_TOKEN);
  const app = createApp({
    config: services.config,
    log: services.log,
    forRequest: (c) => edgeDeps(services, (c.env ?? {}) as EdgeBindings, cache, database.db),
    within: database.run,
  });
  return {
    app,
    async scheduled(controller, bindings) {
      const deps = edgeDeps(services, bindings, cache, database.db);
      try {
        await database.run(() => runJobsOfCron(controller.cron, deps));
      } catch (error) {
        deps.log.error('scheduled run failed', {
          cron: controller.cron,
          error: error instanceof Error ? error.stack : String(error),
        });
        throw error;
      }
    },
  };
}
