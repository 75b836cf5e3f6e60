import { describe, expect, it } from 'vitest';
import { durationParts, monthBefore, monthsBetween, seriesByMonth } from './statisticsFigures.ts';

describe('statistics figures', () => {
  it('lists months across a year end', () => {
    expect(monthsBetween('2024-11', '2025-02')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(monthBefore('2025-02', 3)).toBe('2024-11');
  });

  it('folds definitions into one series per month, weighting averages by ended instances', () => {
    const hour = 3_600_000;
    const series = seriesByMonth(
      [
        { month: '2025-01', started: 3, ended: 1, avgMs: 2 * hour, p90Ms: 2 * hour },
        { month: '2025-01', started: 1, ended: 3, avgMs: 4 * hour, p90Ms: 6 * hour },
      ],
      ['2025-01', '2025-02'],
    );
    expect(series.started).toEqual([4, 0]);
    expect(series.ended).toEqual([4, 0]);
    expect(series.avgHours).toEqual([3.5, null]);
    expect(series.p90Hours).toEqual([6, null]);
  });

  it('reads durations in the unit that fits', () => {
    expect(durationParts(45_000)).toEqual({ unit: 'seconds', n: 45 });
    expect(durationParts(90 * 60_000)).toEqual({ unit: 'hours', n: 1.5 });
    expect(durationParts(3 * 86_400_000)).toEqual({ unit: 'days', n: 3 });
  });
});
