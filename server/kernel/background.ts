import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

/**
 * Work that may finish after the answer (sending queued e-mails): a Worker must be told to wait for it
 * (waitUntil); on Node the process simply goes on.
 */
export function inBackground(c: Context<AppEnv>, work: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context outside Workers; the promise runs on its own and never rejects.
  }
}
