import type { EChartsCoreOption } from 'echarts/core';

/** Height of one legend row (a scrolling legend never wraps to a second one). */
const legendBand = 28;
/** Room an axis name takes above the plot (ECharts' nameGap 15 plus a line of 12 px text). */
const axisNameBand = 28;
/** Room of one line of axis labels below the plot. */
const axisLabelBand = 24;

type Box = Record<string, unknown>;
const isBox = (value: unknown): value is Box => typeof value === 'object' && value !== null && !Array.isArray(value);
const px = (value: unknown) => (typeof value === 'number' ? value : 0);
const hasName = (axis: unknown) => (Array.isArray(axis) ? axis : [axis]).some((one) => isBox(one) && Boolean(one.name));

/**
 * Keeps a chart's legend in a band of its own, so it never covers the axis labels or the y axis'
 * name: one scrolling row (long or translated names never wrap over the plot), and the plot moved
 * off it by that row plus what the axis puts on that side.
 */
export function separateLegend(option: EChartsCoreOption): EChartsCoreOption {
  const { legend, grid } = option as { legend?: unknown; grid?: unknown };
  if (!isBox(legend)) return option;
  const laidLegend = { type: 'scroll', ...legend };
  if (!isBox(grid)) return { ...option, legend: laidLegend };
  const atBottom = legend.bottom !== undefined && legend.top === undefined;
  const laidGrid = atBottom
    ? { ...grid, bottom: Math.max(px(grid.bottom), legendBand + axisLabelBand) }
    : { ...grid, top: Math.max(px(grid.top), legendBand + (hasName(option.yAxis) ? axisNameBand : 8)) };
  return { ...option, legend: { top: atBottom ? undefined : 0, ...laidLegend }, grid: laidGrid };
}
