import type { Context } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { holdTheLoop } from '../../tests/fixtures/loop.ts';
import { inBackground, MAX_SLICE_MS, MIN_SLICE_MS, sharesTheLoop } from './background.ts';
import type { AppEnv } from './context.ts';

/** Whether a callback queued now (a request waiting) ran while `work` was awaited. */
async function letIn(work: () => Promise<void>): Promise<boolean> {
  let ran = false;
  setImmediate(() => {
    ran = true;
  });
  await work();
  return ran;
}

/**
 * A clock that moves only when told: `hold(ms)` stands for work holding the event loop that long. With the
 * real clock, a loaded machine's slow turn (a GC, the other tests) decided these tests on some runs.
 */
function testClock() {
  let ms = 0;
  return {
    now: () => ms,
    hold: (by: number) => {
      ms += by;
    },
  };
}

describe('sharesTheLoop, the pause of background work', () => {
  it('goes on without letting anything in within its first slice', async () => {
    const clock = testClock();
    const pause = sharesTheLoop(clock.now);
    clock.hold(MIN_SLICE_MS / 2);
    expect(await letIn(pause)).toBe(false);
  });

  it('lets waiting requests in once its slice is used', async () => {
    const clock = testClock();
    const pause = sharesTheLoop(clock.now);
    clock.hold(MIN_SLICE_MS + 1);
    expect(await letIn(pause)).toBe(true);
  });

  it('then goes on for as long as the requests held the loop, up to its longest slice', async () => {
    const clock = testClock();
    const pause = sharesTheLoop(clock.now);
    clock.hold(MIN_SLICE_MS + 1);
    setImmediate(() => clock.hold(30));
    await pause();
    clock.hold(20);
    expect(await letIn(pause)).toBe(false);
    clock.hold(MAX_SLICE_MS - 20 + 1);
    expect(await letIn(pause)).toBe(true);

    setImmediate(() => clock.hold(3 * MAX_SLICE_MS));
    clock.hold(MIN_SLICE_MS + 1);
    await pause();
    clock.hold(MAX_SLICE_MS + 5);
    expect(await letIn(pause)).toBe(true);
  });

  it('pauses on the real clock too', async () => {
    const pause = sharesTheLoop();
    holdTheLoop(MIN_SLICE_MS + 1);
    expect(await letIn(pause)).toBe(true);
  });
});

describe('inBackground, work that may finish after the answer', () => {
  /** A request's context whose execution context throws as Hono's does without one, counting the asks. */
  function contextWithout() {
    const asked = { count: 0 };
    const c = {
      get executionCtx(): never {
        asked.count++;
        throw new Error('This context has no ExecutionContext');
      },
    } as unknown as Context<AppEnv>;
    return { c, asked };
  }

  it('on Node lets the work run on its own, without asking for an execution context it has not got', async () => {
    const { c, asked } = contextWithout();
    let done = false;
    inBackground(
      c,
      Promise.resolve().then(() => {
        done = true;
      }),
    );
    await Promise.resolve();
    expect(done).toBe(true);
    expect(asked.count).toBe(0);
  });

  it('on Workers hands the work to waitUntil', () => {
    const navigator = vi.spyOn(globalThis, 'navigator', 'get').mockReturnValue({
      userAgent: 'Cloudflare-Workers',
    } as Navigator);
    try {
      const waited: Promise<unknown>[] = [];
      const work = Promise.resolve();
      inBackground({ executionCtx: { waitUntil: (p: Promise<unknown>) => waited.push(p) } } as never, work);
      expect(waited).toEqual([work]);
      // A request made without one (a test's app.request) is not an error either.
      expect(() => inBackground(contextWithout().c, work)).not.toThrow();
    } finally {
      navigator.mockRestore();
    }
  });
});
