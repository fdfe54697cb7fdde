import vike from '@vikejs/hono';
import type { Server } from 'vike/types';
import { createApp } from '../server/app.ts';
import { createDeps } from '../server/deps.ts';

const app = createApp(createDeps(process.env));
vike(app);

export default {
  fetch: app.fetch,
  prod: { port: process.env.PORT ? Number(process.env.PORT) : 3000 },
} satisfies Server;
