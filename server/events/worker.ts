import type { Db } from '../../db/client.ts';
import { type Pause, sharesTheLoop } from '../kernel/background.ts';
import type { Clock } from '../kernel/clock.ts';
import type { EventBus, Outbox } from '../kernel/events.ts';
import type { Logger } from '../kernel/logger.ts';

/**
 * How long a wake waits before its run: the wakes of a burst (bookings arriving together) share one run,
 * whose delivery costs a few commits in all instead of a few per request.
 */
export const WAKE_COALESCE_MS = 100;

/**
 * One step of a delivery run: the events' subscribers, then the e-mails (deliverAllDue). It calls
 * `pause` between its units of work, so the run shares the event loop with the requests (sharesTheLoop).
 */
export type DeliveryStep = (pause: Pause) => Promise<unknown>;

/**
 * The rows handed on in one claim: few enough that a subscriber's transaction, which holds the event loop on
 * a local database, stays short beside the requests waiting (sharesTheLoop).
 */
const DELIVERY_BATCH = 20;

/**
 * The bus's delivery on one database, as a step: every due row to its handler, a claim at a time, until none
 * is due. Here beside the loop that runs it, so that a run goes from the wake to the bus without leaving events/.
 */
export function deliverAllDue(
  events: Pick<EventBus, 'hasDue' | 'deliver'>,
  db: Db,
  clock: Clock,
): DeliveryStep {
  return async (pause) => {
    while (await events.hasDue(db, clock.now())) {
      await events.deliver(db, clock.now(), { batch: DELIVERY_BATCH, pause });
      await pause();
    }
  };
}

/**
 * The outbox's delivery loop over its steps, each run in turn; a step that fails is logged and the next
 * still runs. Wakes during a run make it look once more, so a row recorded meanwhile is not left for the
 * timer (the `outbox` job).
 */
export function createOutbox(steps: DeliveryStep[], options: { log: Logger; coalesceMs?: number }): Outbox {
  const coalesceMs = options.coalesceMs ?? WAKE_COALESCE_MS;
  let running: Promise<void> | undefined;
  let again = false;

  async function runSteps(): Promise<void> {
    const pause = sharesTheLoop();
    for (const step of steps) {
      try {
        await step(pause);
      } catch (error) {
        options.log.error('outbox delivery failed', {
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
      }
    }
  }

  async function run(): Promise<void> {
    try {
      await new Promise((resolve) => setTimeout(resolve, coalesceMs));
      while (again) {
        again = false;
        await runSteps();
      }
    } finally {
      running = undefined;
    }
  }

  return {
    wake() {
      again = true;
      running ??= run();
      return running;
    },
    async stop() {
      await running;
    },
  };
}

/**
 * Two delivery loops, the second woken each time a run of the first ends: what the first's subscribers
 * queued for the second (the partners' webhooks) leaves at once, while the second's slowness (a partner
 * that hangs until its timeout) never holds back the first's next run, nor its e-mails.
 */
export function followedBy(first: Outbox, then: Outbox): Outbox {
  return {
    async wake() {
      await first.wake();
      await then.wake();
    },
    async stop() {
      await first.stop();
      await then.stop();
    },
  };
}
