import { alarmMetrics, type MonitorKind, type MonitorSeries, monitorKinds, monitorMetrics } from '@qiming/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../core/i18n/i18n.ts';
import { buildFigureCharts, chartOption, figuresByKind, hasLonePoints, mainFigure } from './figureCharts.ts';

const t = i18n.getFixedT('en');
const at = 1_700_000_000_000;

function series(kind: MonitorKind, stepMs: number, targets: string[]): MonitorSeries {
  const values = Object.fromEntries(monitorMetrics[kind].map((metric, index) => [metric, (index + 1) * 60]));
  return {
    kind,
    stepMs,
    series: targets.map((target) => ({
      target,
      points: [
        { at, values },
        { at: at + stepMs, values: { ...values, avgMs: null } },
      ],
    })),
  };
}

describe('figure charts by kind', () => {
  it('draws every metric of every kind in one of its charts', () => {
    for (const kind of monitorKinds) {
      expect(figuresByKind[kind].flatMap((figure) => figure.metrics).sort()).toEqual([...monitorMetrics[kind]].sort());
    }
  });

  it('without a target draws the main figure with one line per target, which a click can choose', () => {
    const [chart, ...others] = buildFigureCharts(series('route', 1000, ['r1', 'r2']), undefined, t);
    expect(others).toEqual([]);
    expect(chart?.title).toBe('Passed requests per second, by target');
    expect(chart?.byTarget).toBe(true);
    expect(chart?.lines.map((line) => line.name)).toEqual(['r1', 'r2']);
    expect(chart?.lines[0]?.data).toEqual([
      [at, 60],
      [at + 1000, 60],
    ]);
    expect(chart?.points).toBe(4);
    expect(chart?.newestAt).toBe(at + 1000);
    expect(mainFigure('server').metric).toBe('cpuPercent');
    expect(mainFigure('service').metric).toBe('healthy');
  });

  it('with a target draws all of its charts, one line per metric, gaps where nothing was measured', () => {
    const charts = buildFigureCharts(series('api', 1000, ['GET /api/x', 'GET /api/y']), 'GET /api/y', t);
    expect(charts.map((chart) => chart.key)).toEqual(['requests', 'responseTime']);
    expect(charts[0]?.lines.map((line) => line.name)).toEqual(['Passed', 'Blocked', 'Succeeded', 'Failed']);
    expect(charts[1]?.lines[0]?.data).toEqual([
      [at, 300],
      [at + 1000, null],
    ]);
    // A gap is not a point drawn.
    expect(charts[1]?.points).toBe(3);
    const server = buildFigureCharts(series('server', 1000, ['node-1']), 'node-1', t);
    expect(server.map((chart) => chart.title)).toEqual(['CPU', 'Memory', 'Event-loop delay (p99)', 'Database pool', 'Redis']);
    expect(buildFigureCharts(series('service', 1000, ['public/DEFAULT@@shop']), 'public/DEFAULT@@shop', t)[0]?.lines).toHaveLength(2);
  });

  it('draws a history step as the server averaged it, requests per second like live', () => {
    const [requests, responseTime] = buildFigureCharts(series('route', 5 * 60_000, ['r1']), 'r1', t);
    expect(requests?.lines[0]?.data[0]).toEqual([at, 60]);
    expect(responseTime?.lines[1]?.data[0]).toEqual([at, 360]);
  });

  it('names axes and lines in the UI language and keeps line ids across languages', () => {
    const data = series('route', 1000, ['r1']);
    const format = { language: 'zh', live: true, spanMs: 600_000 };
    type Drawn = { yAxis: { name: string }; series: Array<{ id: string; name: string }>; animation: boolean };
    const draw = (language: string) => {
      const translate = i18n.getFixedT(language);
      const [requests] = buildFigureCharts(data, 'r1', translate);
      if (!requests) throw new Error('no chart');
      return chartOption(requests, format, translate) as Drawn;
    };
    const english = draw('en');
    const chinese = draw('zh');
    expect(english.yAxis.name).toBe('req/s');
    expect(chinese.yAxis.name).toBe('次/秒');
    expect(chinese.series.map((line) => line.name)).toEqual(['通过', '拦截', '成功', '失败']);
    expect(chinese.series.map((line) => line.id)).toEqual(english.series.map((line) => line.id));
    expect(chinese.animation).toBe(false);
  });

  it('has a name for every kind, metric and chart in every language', () => {
    const metrics = new Set([...Object.values(monitorMetrics).flat(), ...Object.values(alarmMetrics).flat()]);
    const keys = [
      ...monitorKinds.map((kind) => `monitor.kinds.${kind}`),
      ...[...metrics].map((metric) => `monitor.metrics.${metric}`),
      ...Object.values(figuresByKind)
        .flat()
        .flatMap((figure) => [`monitor.charts.${figure.key}`, `monitor.units.${figure.unit}`]),
      ...monitorKinds.map((kind) => `monitor.overview.${mainFigure(kind).figure.key}`),
    ];
    for (const language of ['en', 'zh', 'es', 'ja']) {
      for (const key of keys) expect(i18n.exists(key, { lng: language }), `${language}: ${key}`).toBe(true);
    }
  });

  it('shows a value between gaps as a dot, since no line reaches it', () => {
    expect(
      hasLonePoints([
        [1, null],
        [2, 5],
        [3, null],
      ]),
    ).toBe(true);
    expect(hasLonePoints([[1, 5]])).toBe(true);
    expect(
      hasLonePoints([
        [1, 4],
        [2, 5],
        [3, null],
      ]),
    ).toBe(false);
    expect(hasLonePoints([[1, null]])).toBe(false);
  });
});
