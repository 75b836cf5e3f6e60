import type { MonitorPoint, MonitorSeries } from '@qiming/shared';
import { describe, expect, it } from 'vitest';
import { liveWindowMs, mergeLiveSeries, newestPointAt } from './liveSeries.ts';

const second = 1000;
const start = 1_700_000_000_000;
const points = (from: number, count: number, passed = 1): MonitorPoint[] =>
  Array.from({ length: count }, (_, index) => ({ at: start + (from + index) * second, values: { passed } }));
const answer = (series: MonitorSeries['series'], kind: MonitorSeries['kind'] = 'route'): MonitorSeries => ({
  kind,
  stepMs: second,
  series,
});

describe('merging polled live points', () => {
  it('takes the first answer whole and asks for points after its newest', () => {
    const held = mergeLiveSeries(null, answer([{ target: 'a', points: points(0, 5) }]));
    expect(held.series[0]?.points).toHaveLength(5);
    expect(newestPointAt(held)).toBe(start + 4 * second);
    expect(newestPointAt(null)).toBeUndefined();
  });

  it('appends each poll to its target and adds targets new to the window', () => {
    let held = mergeLiveSeries(null, answer([{ target: 'a', points: points(0, 3) }]));
    held = mergeLiveSeries(
      held,
      answer([
        { target: 'a', points: points(3, 2) },
        { target: 'b', points: points(4, 1) },
      ]),
    );
    expect(held.series.map((line) => [line.target, line.points.map((point) => (point.at - start) / second)])).toEqual([
      ['a', [0, 1, 2, 3, 4]],
      ['b', [4]],
    ]);
  });

  it('keeps a target the poll did not mention, and lets a repeated second replace the one held', () => {
    let held = mergeLiveSeries(
      null,
      answer([
        { target: 'a', points: points(0, 3) },
        { target: 'b', points: points(0, 3) },
      ]),
    );
    held = mergeLiveSeries(held, answer([{ target: 'a', points: points(2, 2, 9) }]));
    const a = held.series.find((line) => line.target === 'a');
    expect(a?.points.map((point) => point.values.passed)).toEqual([1, 1, 9, 9]);
    expect(held.series.find((line) => line.target === 'b')?.points).toHaveLength(3);
  });

  it('drops points older than ten minutes before the newest, and targets left with none', () => {
    let held = mergeLiveSeries(
      null,
      answer([
        { target: 'a', points: points(0, 600) },
        { target: 'quiet', points: points(0, 1) },
      ]),
    );
    expect(held.series.map((line) => line.points.length)).toEqual([600, 1]);
    held = mergeLiveSeries(held, answer([{ target: 'a', points: points(600, 5) }]));
    expect(held.series.map((line) => line.target)).toEqual(['a']);
    const kept = held.series[0]?.points ?? [];
    expect(kept).toHaveLength(liveWindowMs / second);
    expect(kept[0]?.at).toBe(start + 5 * second);
  });

  it('measures age on the server clock: an empty poll drops nothing', () => {
    const held = mergeLiveSeries(null, answer([{ target: 'a', points: points(0, 3) }]));
    expect(mergeLiveSeries(held, answer([]))).toEqual(held);
  });

  it('starts again when the answer is of another kind', () => {
    const held = mergeLiveSeries(null, answer([{ target: 'a', points: points(0, 3) }]));
    const server = mergeLiveSeries(held, answer([{ target: 'node-1', points: points(3, 1) }], 'server'));
    expect(server.kind).toBe('server');
    expect(server.series.map((line) => line.target)).toEqual(['node-1']);
  });
});
