import { Hono } from 'hono';
import { serve } from 'srvx';

/** The reference: a bare Hono route on the same HTTP stack (srvx) as the built server. */
const app = new Hono();
app.get('/hello', (c) => c.text('hello'));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1', silent: true });
