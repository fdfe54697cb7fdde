import type { Hono } from 'hono';
import type { AppEnv } from '../kernel/context.ts';
import { backlogProblem } from './overview.ts';

/**
 * `GET /readyz` (issue 34): 200 `{ ok: true }` when the database answers and nothing has waited in the outbox
 * for more than 15 minutes; 503 `{ ok: false, reasons: [...] }` otherwise, the reasons in French, for a load
 * balancer or a monitoring service. `/healthz` stays the cheap liveness check (the database only).
 */
export function mountReadiness(app: Hono<AppEnv>): void {
  app.get('/readyz', async (c) => {
    const { deps } = c.var;
    const reasons: string[] = [];
    const headers = { 'Cache-Control': 'no-store' };
    try {
      await deps.db.client.execute('SELECT 1');
    } catch (error) {
      deps.log.error('readiness: database', { requestId: c.var.requestId, error: String(error) });
      return c.json({ ok: false, reasons: ['La base de données ne répond pas.'] }, 503, headers);
    }
    const backlog = await backlogProblem(deps, deps.clock.now());
    if (backlog) reasons.push(backlog);
    return reasons.length > 0
      ? c.json({ ok: false, reasons }, 503, headers)
      : c.json({ ok: true }, 200, headers);
  });
}
