import type { FlowRule } from '@qiming/shared';
import { describe, expect, it } from 'vitest';
import { WarmUps } from './warmUps.ts';

const rule = { count: 30, intervalSec: 1, warmUpPeriodSec: 2 } as FlowRule;

describe('warm-up thresholds on a clock the test moves', () => {
  it('starts cold at a third of the count and rises evenly to the count while traffic keeps coming', () => {
    const warmUps = new WarmUps();
    expect(warmUps.threshold('route', rule, 0)).toBe(10);
    // Every 500 ms (never a whole interval apart) a quarter of the warm-up period passes.
    expect(warmUps.threshold('route', rule, 500)).toBe(15);
    expect(warmUps.threshold('route', rule, 1_000)).toBe(20);
    expect(warmUps.threshold('route', rule, 1_500)).toBe(25);
    expect(warmUps.threshold('route', rule, 2_000)).toBe(30);
    expect(warmUps.threshold('route', rule, 2_500)).toBe(30);
  });

  it('cools by as long as a gap of more than one interval lasted, and keeps each key apart', () => {
    const warmUps = new WarmUps();
    for (let at = 0; at <= 2_000; at += 500) warmUps.threshold('busy', rule, at);
    expect(warmUps.threshold('other', rule, 2_000)).toBe(10);
    // 1.5 s of silence cools three quarters of the period: level 1 - 0.75.
    expect(warmUps.threshold('busy', rule, 3_500)).toBe(15);
    expect(warmUps.threshold('busy', rule, 13_500)).toBe(10);
  });
});
