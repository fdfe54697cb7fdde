import { describe, expect, it } from 'vitest';
import { MAX_SLICE_MS, MIN_SLICE_MS, sharesTheLoop } from './background.ts';

/** Holds the event loop for `ms`, as a request or a unit of background work does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Whether a callback queued now (a request waiting) ran while `work` was awaited. */
async function letIn(work: () => Promise<void>): Promise<boolean> {
  let ran = false;
  setImmediate(() => {
    ran = true;
  });
  await work();
  return ran;
}

describe('sharesTheLoop, the pause of background work', () => {
  it('goes on without letting anything in within its first slice', async () => {
    const pause = sharesTheLoop();
    busy(MIN_SLICE_MS / 2);
    expect(await letIn(pause)).toBe(false);
  });

  it('lets waiting requests in once its slice is used', async () => {
    const pause = sharesTheLoop();
    busy(MIN_SLICE_MS + 1);
    expect(await letIn(pause)).toBe(true);
  });

  it('then goes on for as long as the requests held the loop, up to its longest slice', async () => {
    const pause = sharesTheLoop();
    busy(MIN_SLICE_MS + 1);
    setImmediate(() => busy(30));
    await pause();
    busy(20);
    expect(await letIn(pause)).toBe(false);
    busy(MAX_SLICE_MS - 20 + 1);
    expect(await letIn(pause)).toBe(true);

    setImmediate(() => busy(3 * MAX_SLICE_MS));
    busy(MIN_SLICE_MS + 1);
    await pause();
    busy(MAX_SLICE_MS + 5);
    expect(await letIn(pause)).toBe(true);
  });
});
