import vike from '@vikejs/hono';
import type { Server } from 'vike/types';
import { createRuntime, nodeRequestRouting, type Runtime } from '../server/main/runtime.ts';

// The Worker's Durable Object classes are exports of its main module (wrangler.toml).
export { RateLimitWindow } from '../server/main/runtime.ts';

const { app, scheduled } = createRuntime(process.env);
vike(app);

export default {
  fetch: app.fetch,
  // Workers call it for the Cron Triggers; Node runs the same jobs on its own scheduler.
  ...(scheduled ? { scheduled } : {}),
  prod: {
    port: process.env.PORT ? Number(process.env.PORT) : 3000,
    middleware: [nodeRequestRouting(app.fetch)],
  },
} satisfies Server & Pick<Runtime, 'scheduled'>;
