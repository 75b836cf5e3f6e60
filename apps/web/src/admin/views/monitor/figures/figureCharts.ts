import { abbreviateNumber, type MonitorKind, type MonitorSeries } from '@qiming/shared';
import type { EChartsCoreOption } from 'echarts/core';
import type { TFunction } from 'i18next';

export type FigureUnit = 'perSecond' | 'ms' | 'percent' | 'mb' | 'count';

/** One chart of a target's figures: which metrics it draws, in what unit. */
export interface FigureDeclaration {
  key: 'requests' | 'responseTime' | 'cpu' | 'memory' | 'eventLoop' | 'dbPool' | 'redis' | 'instances';
  metrics: readonly string[];
  unit: FigureUnit;
}

const trafficFigures: FigureDeclaration[] = [
  { key: 'requests', metrics: ['passed', 'blocked', 'succeeded', 'failed'], unit: 'perSecond' },
  { key: 'responseTime', metrics: ['avgMs', 'p99Ms'], unit: 'ms' },
];

/** The charts of one target, by kind; the first metric of the first chart is the kind's main figure. */
export const figuresByKind: Record<MonitorKind, FigureDeclaration[]> = {
  route: trafficFigures,
  apiGroup: trafficFigures,
  api: trafficFigures,
  server: [
    { key: 'cpu', metrics: ['cpuPercent'], unit: 'percent' },
    { key: 'memory', metrics: ['rssMb', 'heapMb'], unit: 'mb' },
    { key: 'eventLoop', metrics: ['eventLoopP99Ms'], unit: 'ms' },
    { key: 'dbPool', metrics: ['dbPoolBusy', 'dbPoolWaiting'], unit: 'count' },
    { key: 'redis', metrics: ['redisDown'], unit: 'count' },
  ],
  service: [{ key: 'instances', metrics: ['healthy', 'unhealthy'], unit: 'count' }],
};

export function mainFigure(kind: MonitorKind): { figure: FigureDeclaration; metric: string } {
  const figure = figuresByKind[kind][0] as FigureDeclaration;
  return { figure, metric: figure.metrics[0] as string };
}

// Dark enough to read on white; the metric colours say good (green), bad (red), refused (amber).
const metricColours: Record<string, string> = {
  passed: '#096dd9',
  blocked: '#d48806',
  succeeded: '#237804',
  failed: '#cf1322',
  avgMs: '#096dd9',
  p99Ms: '#531dab',
  cpuPercent: '#096dd9',
  rssMb: '#096dd9',
  heapMb: '#531dab',
  eventLoopP99Ms: '#d46b08',
  dbPoolBusy: '#096dd9',
  dbPoolWaiting: '#cf1322',
  redisDown: '#cf1322',
  healthy: '#237804',
  unhealthy: '#cf1322',
};
const targetPalette = ['#096dd9', '#237804', '#d4380d', '#531dab', '#08979c', '#c41d7f', '#d48806', '#1d39c4', '#5b8c00', '#874d00'];

export interface ChartLine {
  id: string;
  name: string;
  colour: string;
  data: Array<[number, number | null]>;
}

/** One chart ready to draw: its title, unit and lines. */
export interface FigureChart {
  key: string;
  title: string;
  unit: FigureUnit;
  lines: ChartLine[];
  /** Lines are targets: a click on one chooses it. */
  byTarget: boolean;
  /** How many points the chart draws (values, not gaps), and the start of the newest. */
  points: number;
  newestAt: number | undefined;
}

function summarise(lines: ChartLine[]): Pick<FigureChart, 'points' | 'newestAt'> {
  let points = 0;
  let newestAt: number | undefined;
  for (const line of lines) {
    for (const [at, value] of line.data) {
      if (value === null) continue;
      points += 1;
      if (newestAt === undefined || at > newestAt) newestAt = at;
    }
  }
  return { points, newestAt };
}

/**
 * The charts of a kind's figures: without a target one chart of the main figure with a line per
 * target; with one, every chart of that target with a line per metric.
 */
export function buildFigureCharts(data: MonitorSeries, target: string | undefined, t: TFunction): FigureChart[] {
  // Requests come per second, live and in history (averaged over a step of minutes) alike.
  const value = (found: number | null | undefined) => found ?? null;

  if (target === undefined) {
    const { figure, metric } = mainFigure(data.kind);
    const lines = data.series.map((line, index) => ({
      id: `target:${line.target}`,
      name: line.target,
      colour: targetPalette[index % targetPalette.length] as string,
      data: line.points.map((point): [number, number | null] => [point.at, value(point.values[metric])]),
    }));
    return [
      {
        key: `${figure.key}:byTarget`,
        title: t(`monitor.overview.${figure.key}`),
        unit: figure.unit,
        lines,
        byTarget: true,
        ...summarise(lines),
      },
    ];
  }

  const points = data.series.find((line) => line.target === target)?.points ?? [];
  return figuresByKind[data.kind].map((figure) => {
    const lines = figure.metrics.map((metric) => ({
      id: `metric:${metric}`,
      name: t(`monitor.metrics.${metric}`),
      colour: metricColours[metric] ?? '#096dd9',
      data: points.map((point): [number, number | null] => [point.at, value(point.values[metric])]),
    }));
    return { key: figure.key, title: t(`monitor.charts.${figure.key}`), unit: figure.unit, lines, byTarget: false, ...summarise(lines) };
  });
}

/** How a chart writes times and numbers: in the UI language, to the second when live. */
export interface ChartFormat {
  language: string;
  live: boolean;
  /** How long the drawn range is, to show dates on ranges longer than a day. */
  spanMs: number;
  /** The range asked for: the time axis spans it even where nothing was measured. */
  range?: { from: number; to: number };
}

export function timeFormatter(format: ChartFormat, detailed = false): (time: number) => string {
  const withDate = format.spanMs > 24 * 3_600_000;
  const intl = new Intl.DateTimeFormat(format.language, {
    ...(withDate || detailed ? { month: 'short', day: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    ...(format.live || detailed ? { second: '2-digit' } : {}),
  });
  return (time) => intl.format(time);
}

/** Whether a value stands between gaps: a line without symbols would not draw it at all. */
export function hasLonePoints(data: ChartLine['data']): boolean {
  return data.some(([, value], index) => value !== null && data[index - 1]?.[1] == null && data[index + 1]?.[1] == null);
}

/** The ECharts option of one chart; lines keep their ids, so a new option redraws them in place. */
export function chartOption(chart: FigureChart, format: ChartFormat, t: TFunction): EChartsCoreOption {
  const axisTime = timeFormatter(format);
  const fullTime = timeFormatter(format, true);
  const number = new Intl.NumberFormat(format.language, { maximumFractionDigits: 2 });
  return {
    // A chart fed every second would spend its time animating.
    animation: !format.live,
    tooltip: {
      trigger: 'axis',
      confine: true,
      valueFormatter: (value: unknown) => (typeof value === 'number' ? number.format(value) : '-'),
    },
    legend: {
      type: 'scroll',
      bottom: 0,
      // Long target names (`namespace/group@@service`, `GET /api/...`) are cut in the legend, whole in its tooltip.
      textStyle: { width: 200, overflow: 'truncate' },
      tooltip: { show: chart.byTarget },
    },
    grid: { left: 56, right: 24, top: 40, bottom: 64 },
    xAxis: {
      type: 'time',
      min: format.range?.from,
      max: format.range?.to,
      axisLabel: { formatter: (time: number) => axisTime(time), hideOverlap: true },
      axisPointer: { label: { formatter: ({ value }: { value: number }) => fullTime(value) } },
    },
    yAxis: {
      type: 'value',
      min: 0,
      max: chart.unit === 'percent' ? (extent: { max: number }) => Math.max(100, Math.ceil(extent.max)) : undefined,
      minInterval: chart.unit === 'count' ? 1 : undefined,
      name: t(`monitor.units.${chart.unit}`),
      nameTextStyle: { align: 'left' },
      axisLabel: { formatter: (value: number) => abbreviateNumber(value) },
    },
    series: chart.lines.map((line) => ({
      id: line.id,
      name: line.name,
      type: 'line',
      color: line.colour,
      // A response time exists only in seconds with requests: lone ones show as dots.
      showSymbol: hasLonePoints(line.data),
      symbolSize: 4,
      lineStyle: { width: 1.5 },
      sampling: 'lttb',
      // A click on a target's line chooses the target.
      triggerEvent: chart.byTarget ? 'line' : undefined,
      emphasis: { focus: 'series' },
      data: line.data,
    })),
  };
}
