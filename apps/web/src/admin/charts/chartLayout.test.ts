import { describe, expect, it } from 'vitest';
import { separateLegend } from './chartLayout.ts';

describe('separateLegend', () => {
  it('moves the plot below a top legend and the y axis name', () => {
    const laid = separateLegend({ legend: { data: ['a'] }, grid: { top: 40 }, yAxis: { type: 'value', name: 'hours' } }) as {
      legend: Record<string, unknown>;
      grid: { top: number };
    };
    expect(laid.legend).toMatchObject({ type: 'scroll', top: 0 });
    expect(laid.grid.top).toBeGreaterThanOrEqual(56);
  });

  it('keeps a bottom legend below the axis labels', () => {
    const laid = separateLegend({ legend: { bottom: 0 }, grid: { bottom: 20 }, xAxis: { type: 'category' } }) as {
      legend: Record<string, unknown>;
      grid: { bottom: number };
    };
    expect(laid.legend).toMatchObject({ type: 'scroll', bottom: 0 });
    expect(laid.legend.top).toBeUndefined();
    expect(laid.grid.bottom).toBeGreaterThanOrEqual(52);
  });

  it('leaves a roomier layout and charts without a legend as they are', () => {
    const roomy = { legend: {}, grid: { top: 90 }, yAxis: { name: 'n' } };
    expect((separateLegend(roomy) as { grid: { top: number } }).grid.top).toBe(90);
    const bare = { series: [] };
    expect(separateLegend(bare)).toBe(bare);
  });
});
