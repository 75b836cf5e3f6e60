import { describe, expect, it } from 'vitest';
import { abbreviateNumber } from './abbreviateNumber.ts';
import { timeAgo } from './timeAgo.ts';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('time ago', () => {
  it.each([
    [29_000, { kind: 'justNow' }],
    [30_000, { kind: 'minutes', count: 1 }],
    [90_000, { kind: 'minutes', count: 2 }],
    [3_600_000, { kind: 'hours', count: 1 }],
    [86_399_000, { kind: 'hours', count: 24 }],
    [86_400_000, { kind: 'oneDay' }],
    [172_799_000, { kind: 'oneDay' }],
  ])('%i ms ago -> %o', (ago, expected) => {
    expect(timeAgo(now - ago, now)).toEqual(expected);
  });

  it('falls back to the date from 48 hours on', () => {
    expect(timeAgo(now - 172_800_000, now)).toEqual({ kind: 'date', date: new Date(now - 172_800_000) });
  });

  it('treats a 10-digit timestamp as seconds', () => {
    expect(timeAgo(String((now - 120_000) / 1000), now)).toEqual({ kind: 'minutes', count: 2 });
    expect(timeAgo((now - 120_000) / 1000, now)).toEqual({ kind: 'minutes', count: 2 });
  });
});

describe('number abbreviation', () => {
  it.each([
    [999, '999'],
    [1000, '1k'],
    [1234, '1.2k'],
    [1_500_000, '1.5M'],
    [2e9, '2G'],
    [3.45e12, '3.5T'],
    [1e15, '1P'],
    [1e18, '1E'],
    [-2500, '-2.5k'],
  ])('%d -> %s', (value, text) => {
    expect(abbreviateNumber(value)).toBe(text);
  });
});
