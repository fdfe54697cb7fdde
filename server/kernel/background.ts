import type { Context } from 'hono';
import type { AppEnv } from './context.ts';
import { runsOnWorkers } from './runtime.ts';

/**
 * Work that may finish after the answer (sending queued e-mails): a Worker must be told to wait for it
 * (waitUntil); on Node the process simply goes on.
 */
export function inBackground(c: Context<AppEnv>, work: Promise<unknown>): void {
  // On Node the promise runs on its own, and never rejects: there is nothing to wait for. Node's requests
  // carry a context whose waitUntil does nothing (server/main/node-requests.ts), but one made without it
  // (a test's `app.request`) has none, and making Hono's error then was 1 % of the booking benchmark's CPU.
  if (!runsOnWorkers()) return;
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // A request made without one (a test's `app.request`).
  }
}

/** Waits, or not, before background work goes on (sharesTheLoop). */
export type Pause = () => Promise<void>;

/**
 * A pause for background work done in small units (the outbox's delivery), which shares the event loop
 * evenly with the requests waiting: after a pause that let requests in for some time, the work goes on
 * for as long (between MIN_SLICE_MS and MAX_SLICE_MS) before it pauses again. A local libSQL database
 * answers within the same turn of the event loop, so a run that never waits on the network would
 * otherwise hold the loop from its first unit to its last (80 ms for the e-mails of 110 bookings, in the
 * booking benchmark); pausing after every unit, or after a fixed 5 or 20 ms, let the requests starve it
 * there, where the delivery is half the server's work (docs/decisions/0070). On Workers the clock stands
 * still between I/O, and every query there is I/O anyway: it never pauses. `now`: the clock in milliseconds
 * (a test's own, so that no slow turn of a loaded machine decides the test).
 */
export function sharesTheLoop(now: () => number = () => performance.now()): Pause {
  let sliceStart = now();
  let slice = MIN_SLICE_MS;
  return async () => {
    const pausedAt = now();
    if (pausedAt - sliceStart < slice) return;
    await new Promise((resolve) =>
      typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0),
    );
    sliceStart = now();
    slice = Math.min(Math.max(sliceStart - pausedAt, MIN_SLICE_MS), MAX_SLICE_MS);
  };
}

/** The shortest and longest a background job holds the event loop before it pauses (sharesTheLoop). */
export const MIN_SLICE_MS = 5;
export const MAX_SLICE_MS = 40;
