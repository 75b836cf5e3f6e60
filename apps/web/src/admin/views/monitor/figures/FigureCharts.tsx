import { Card, Col, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartEvent, EChart } from '../../../charts/EChart.tsx';
import { type ChartFormat, chartOption, type FigureChart } from './figureCharts.ts';

interface CardProps {
  chart: FigureChart;
  format: ChartFormat;
  onTarget(target: string): void;
  testId?: string;
}

/** The chart's title and what its lines are (targets or figures), for screen readers. */
function chartLabel(chart: FigureChart): string {
  const names = chart.lines.map((line) => line.name);
  const shown = names.slice(0, 10).join(', ');
  return names.length === 0 ? chart.title : `${chart.title}: ${shown}${names.length > 10 ? ', …' : ''}`;
}

function FigureCard({ chart, format, onTarget, testId }: CardProps) {
  const { t } = useTranslation();
  const { language, live, spanMs } = format;
  const from = format.range?.from;
  const to = format.range?.to;
  const option = useMemo(
    () => chartOption(chart, { language, live, spanMs, range: from !== undefined && to !== undefined ? { from, to } : undefined }, t),
    [chart, language, live, spanMs, from, to, t],
  );
  // On a chart of targets, a click on a line or on its legend entry drills down to that target.
  const onEvents = chart.byTarget
    ? {
        click: (event: ChartEvent) => {
          if (event.componentType === 'series' && event.seriesName) onTarget(event.seriesName);
        },
        legendselectchanged: (event: ChartEvent) => {
          if (event.name) onTarget(event.name);
        },
      }
    : undefined;
  return (
    <Card size="small" title={chart.title}>
      {chart.points === 0 && <Typography.Text type="secondary">{t('monitor.noData')}</Typography.Text>}
      <EChart
        option={option}
        label={chartLabel(chart)}
        height={chart.byTarget ? 360 : 280}
        onEvents={onEvents}
        boxProps={{ 'data-testid': testId, 'data-points': chart.points, 'data-newest-at': chart.newestAt, 'data-chart': chart.key }}
      />
    </Card>
  );
}

/** The charts of one view, two to a row on a wide screen; the first one carries `firstTestId`. */
export function FigureCharts({
  charts,
  format,
  onTarget,
  firstTestId,
}: {
  charts: FigureChart[];
  format: ChartFormat;
  onTarget(target: string): void;
  firstTestId?: string;
}) {
  return (
    <Row gutter={[16, 16]}>
      {charts.map((chart, index) => (
        <Col key={chart.key} xs={24} xl={charts.length > 1 ? 12 : 24}>
          <FigureCard chart={chart} format={format} onTarget={onTarget} testId={index === 0 ? firstTestId : undefined} />
        </Col>
      ))}
    </Row>
  );
}
