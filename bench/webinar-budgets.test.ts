import { describe, expect, it } from 'vitest';
import { chromiumThreadPart } from './cpu.ts';
import {
  brokenBudgets,
  largestKept,
  median,
  serverCostPerClass,
  type WebinarStep,
} from './webinar-budgets.ts';

/** A step that keeps every budget, on a machine of 2 cores; `changes` laid over it. */
function step(audience: number, changes: Partial<WebinarStep> = {}, cpu: Partial<WebinarStep['cpu']> = {}) {
  const fine: WebinarStep = {
    audience,
    seconds: 20,
    nominalFps: 30,
    hostFps: 29.8,
    hostWidth: 1280,
    hostLimitation: 'none',
    audienceFps: Array.from({ length: audience }, () => 29.7),
    audienceWidth: 1280,
    audienceMbps: 1.2,
    loss: 0,
    cpu: {
      server: 5 + audience * 0.5,
      host: 35,
      audience: audience * 15,
      hostParts: {},
      audienceParts: {},
      bench: 1,
      ours: 50,
      machine: 55,
      others: 5,
      cores: 2,
    },
  };
  return { ...fine, ...changes, cpu: { ...fine.cpu, ...cpu } };
}

describe('the webinar size’s budgets (decision 0104)', () => {
  it('keeps a step whose host, classes, packets, LiveKit and machine are within their budgets', () => {
    expect(brokenBudgets(step(4))).toEqual([]);
  });

  it('says which budget a step breaks, with its figure', () => {
    expect(brokenBudgets(step(4, { hostFps: 24 }))).toEqual(["host sends 80 % of its camera's fps"]);
    expect(brokenBudgets(step(4, { audienceFps: [29, 26, 26, 24] }))).toEqual([
      "classes' median decodes 87 % of the host's fps",
    ]);
    expect(brokenBudgets(step(4, { audienceFps: [29, 29, 29, 20] }))).toEqual([
      "a class decodes 67 % of the host's fps",
    ]);
    expect(brokenBudgets(step(4, { loss: 0.02 }))).toEqual(['2 % of the packets lost']);
    // 60 % of a core on 2 cores is 30 % of the machine.
    expect(brokenBudgets(step(4, {}, { server: 60 }))).toEqual(['LiveKit takes 30 % of the machine']);
    // The bench's own processes count, not the others' work on a shared machine.
    expect(brokenBudgets(step(4, {}, { ours: 60, machine: 100, others: 40 }))).toEqual([]);
    expect(brokenBudgets(step(4, {}, { ours: 95, machine: 97 }))).toEqual([
      'the bench takes 95 % of the machine',
    ]);
  });

  it('gives the largest audience before the first step that breaks one', () => {
    expect(largestKept([step(2), step(5), step(10, { hostFps: 20 }), step(20)])).toBe(5);
    expect(largestKept([step(2, { loss: 0.5 })])).toBe(0);
    expect(largestKept([step(2), step(5)])).toBe(5);
  });

  it('gives LiveKit’s cost per class: at most its time over its classes, and the slope between steps', () => {
    expect(serverCostPerClass([step(2), step(10)])).toEqual({ atMost: 1, slope: 0.5 });
    expect(serverCostPerClass([step(4)])).toEqual({ atMost: 1.75, slope: null });
    expect(serverCostPerClass([])).toEqual({ atMost: 0, slope: null });
  });

  it('takes the median of an even or odd count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('tells what Chromium’s threads do by their names', () => {
    expect(chromiumThreadPart('ThreadPoolForeg')).toBe('codecs (thread pool)');
    expect(chromiumThreadPart('WebRTC_W_and_N')).toBe('RTP (WebRTC thread)');
    expect(chromiumThreadPart('VizCompositorTh')).toBe('painting frames');
    expect(chromiumThreadPart('VideoFrameCompo')).toBe('painting frames');
    expect(chromiumThreadPart('AudioOutputDevi')).toBe('audio');
    expect(chromiumThreadPart('Chrome_ChildIOT')).toBe('IPC (IO threads)');
    expect(chromiumThreadPart('chromium')).toBe('other');
  });
});
