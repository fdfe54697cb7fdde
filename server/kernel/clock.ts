/** The one source of "now", so tests can stand at any instant. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: Date | string): Clock & { set(at: Date | string): void } {
  let current = new Date(at);
  return {
    now: () => new Date(current),
    set(next) {
      current = new Date(next);
    },
  };
}

/**
 * The real clock moved by `offsetMs`, running at the real pace: the clock a test server shares with its
 * tests and their browser, to play the suite on any day (TEST_CLOCK_OFFSET_MS, docs/decisions/0077).
 */
export function shiftedClock(offsetMs: number): Clock {
  return { now: () => new Date(Date.now() + offsetMs) };
}

/** The server's clock from its settings: the real one, unless a test moved it (readConfig refuses that outside tests). */
export function clockOf(config: { TEST_CLOCK_OFFSET_MS?: number }): Clock {
  return config.TEST_CLOCK_OFFSET_MS ? shiftedClock(config.TEST_CLOCK_OFFSET_MS) : systemClock;
}
