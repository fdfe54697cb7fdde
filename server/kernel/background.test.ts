import { describe, expect, it } from 'vitest';
import { holdTheLoop } from '../../tests/fixtures/loop.ts';
import { MAX_SLICE_MS, MIN_SLICE_MS, sharesTheLoop } from './background.ts';

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
    holdTheLoop(MIN_SLICE_MS / 2);
    expect(await letIn(pause)).toBe(false);
  });

  it('lets waiting requests in once its slice is used', async () => {
    const pause = sharesTheLoop();
    holdTheLoop(MIN_SLICE_MS + 1);
    expect(await letIn(pause)).toBe(true);
  });

  it('then goes on for as long as the requests held the loop, up to its longest slice', async () => {
    const pause = sharesTheLoop();
    holdTheLoop(MIN_SLICE_MS + 1);
    setImmediate(() => holdTheLoop(30));
    await pause();
    holdTheLoop(20);
    expect(await letIn(pause)).toBe(false);
    holdTheLoop(MAX_SLICE_MS - 20 + 1);
    expect(await letIn(pause)).toBe(true);

    setImmediate(() => holdTheLoop(3 * MAX_SLICE_MS));
    holdTheLoop(MIN_SLICE_MS + 1);
    await pause();
    holdTheLoop(MAX_SLICE_MS + 5);
    expect(await letIn(pause)).toBe(true);
  });
});
