import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebinar, type Webinar } from '../../bench/webinar-measure.ts';

/**
 * Issue 38, decision 0104: `npm run bench:webinar-size` measures how many classes this machine holds in a
 * webinar. This is its first step, short, on the real server: what the bench reads must be what happens.
 * Its budgets are not asserted here (the machine is shared in CI); the bench says them.
 */
let webinar: Webinar;

beforeAll(async () => {
  webinar = await startWebinar();
}, 120_000);

afterAll(async () => {
  await webinar?.close();
});

describe('the webinar’s size, one step', () => {
  it('reads the host’s frames, each class’s, and the CPU of LiveKit and of each browser by part', async () => {
    // LiveKit begins from the project's livekit.yaml: the room's cap is the production one.
    expect(webinar.liveKit.settings.room).toMatchObject({ max_participants: 120 });
    // The host publishes what the platform's room asks of a camera.
    expect(webinar.capture).toEqual({ width: 1280, height: 720, frameRate: 30 });
    await webinar.growTo(2);
    const step = await webinar.measure(4);
    expect(step.audience).toBe(2);
    // Both classes decode the host's top layer: the stage is shown at 1280×720.
    expect(step.hostWidth).toBe(1280);
    expect(step.audienceWidth).toBe(1280);
    expect(step.hostFps).toBeGreaterThan(5);
    expect(step.audienceFps).toHaveLength(2);
    for (const fps of step.audienceFps) expect(fps).toBeGreaterThan(5);
    expect(step.audienceMbps).toBeGreaterThan(0.1);
    // LiveKit's own process, each browser's tree, and in them the threads that encode and decode.
    expect(step.cpu.server).toBeGreaterThan(0);
    expect(step.cpu.host).toBeGreaterThan(0);
    expect(step.cpu.audience).toBeGreaterThan(0);
    expect(step.cpu.hostParts['codecs (thread pool)']).toBeGreaterThan(0);
    expect(step.cpu.audienceParts['codecs (thread pool)']).toBeGreaterThan(0);
    expect(step.cpu.ours).toBeGreaterThan(0);
    // Ours is read process by process, the machine from /proc/stat a moment apart, both in clock ticks: on a
    // loaded run they differ by a few points (40.9 against 39.9 seen), never by more.
    expect(step.cpu.ours).toBeLessThanOrEqual(step.cpu.machine + 5);
  });
});
