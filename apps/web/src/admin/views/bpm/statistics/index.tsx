import type { BpmActivityStatistics, BpmDefinitionStatistics, BpmIncidentStatistics } from '@qiming/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Form, Input, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bpmApi, bpmPaths } from '../../../bpm/bpmApi.ts';
import { durationParts, monthsBetween, seriesByMonth } from '../../../bpm/statistics/statisticsFigures.ts';
import { EChart } from '../../../charts/EChart.tsx';

const monthFormat = 'YYYY-MM';

/** Performance statistics: per definition and per activity, counts and durations (average, p90) by month. */
export default function BpmStatisticsPage() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(5, 'month'), dayjs()]);
  const [definitionKey, setDefinitionKey] = useState('');
  const from = range[0].format(monthFormat);
  const to = range[1].format(monthFormat);
  const figures = useQuery({
    queryKey: [bpmPaths.statistics, from, to, definitionKey],
    queryFn: () => bpmApi.statistics({ from, to, definitionKey: definitionKey || undefined }),
    placeholderData: keepPreviousData,
  });
  const duration = (ms: number | null) => {
    if (ms === null) return '-';
    const { unit, n } = durationParts(ms);
    return t(`bpm.statistics.units.${unit}`, { n });
  };

  const months = useMemo(() => monthsBetween(from, to), [from, to]);
  const series = useMemo(() => seriesByMonth(figures.data?.definitions ?? [], months), [figures.data, months]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the chart's words follow the language
  const countOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { data: [t('bpm.statistics.started'), t('bpm.statistics.ended')] },
      grid: { left: 40, right: 20, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: series.months },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('bpm.statistics.started'), type: 'bar', data: series.started },
        { name: t('bpm.statistics.ended'), type: 'bar', data: series.ended },
      ],
    }),
    [series, i18n.language],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the chart's words follow the language
  const durationOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { data: [t('bpm.statistics.avgHours'), t('bpm.statistics.p90Hours')] },
      grid: { left: 50, right: 20, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: series.months },
      yAxis: { type: 'value', name: t('bpm.statistics.hours') },
      series: [
        { name: t('bpm.statistics.avgHours'), type: 'line', connectNulls: true, data: series.avgHours },
        { name: t('bpm.statistics.p90Hours'), type: 'line', connectNulls: true, data: series.p90Hours },
      ],
    }),
    [series, i18n.language],
  );
  const activityTotals = useMemo(() => {
    const byActivity = new Map<string, { name: string; ended: number; weighted: number; p90: number | null }>();
    for (const row of figures.data?.activities ?? []) {
      const id = `${row.definitionKey}/${row.activityId}`;
      const entry = byActivity.get(id) ?? {
        name: `${row.activityName || row.activityId} (${row.definitionKey})`,
        ended: 0,
        weighted: 0,
        p90: null,
      };
      entry.ended += row.ended;
      entry.weighted += (row.avgMs ?? 0) * row.ended;
      if (row.p90Ms !== null) entry.p90 = Math.max(entry.p90 ?? 0, row.p90Ms);
      byActivity.set(id, entry);
    }
    return [...byActivity.values()];
  }, [figures.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the chart's words follow the language
  const activityOption = useMemo(() => {
    const toHours = (ms: number | null) => (ms === null ? null : Math.round((ms / 3_600_000) * 100) / 100);
    return {
      tooltip: { trigger: 'axis' },
      legend: { data: [t('bpm.statistics.avgHours'), t('bpm.statistics.p90Hours')] },
      grid: { left: 50, right: 20, top: 40, bottom: 60 },
      xAxis: { type: 'category', data: activityTotals.map((entry) => entry.name), axisLabel: { interval: 0, rotate: 20 } },
      yAxis: { type: 'value', name: t('bpm.statistics.hours') },
      series: [
        {
          name: t('bpm.statistics.avgHours'),
          type: 'bar',
          data: activityTotals.map((entry) => toHours(entry.ended ? entry.weighted / entry.ended : null)),
        },
        { name: t('bpm.statistics.p90Hours'), type: 'bar', data: activityTotals.map((entry) => toHours(entry.p90)) },
      ],
    };
  }, [activityTotals, i18n.language]);

  const common = [
    { key: 'month', dataIndex: 'month', title: t('bpm.statistics.month') },
    { key: 'started', dataIndex: 'started', title: t('bpm.statistics.started') },
    { key: 'ended', dataIndex: 'ended', title: t('bpm.statistics.ended') },
    { key: 'avgMs', title: t('bpm.statistics.avg'), render: (_value: unknown, row: { avgMs: number | null }) => duration(row.avgMs) },
    { key: 'p90Ms', title: t('bpm.statistics.p90'), render: (_value: unknown, row: { p90Ms: number | null }) => duration(row.p90Ms) },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Form layout="inline" role="search" name="bpm-statistics">
        <Form.Item label={t('bpm.statistics.months')} htmlFor="bpm-statistics-from">
          <DatePicker.RangePicker
            id={{ start: 'bpm-statistics-from', end: 'bpm-statistics-to' }}
            picker="month"
            allowClear={false}
            value={range}
            onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
          />
        </Form.Item>
        <Form.Item label={t('bpm.statistics.definitionKey')} htmlFor="bpm-statistics-key">
          <Input.Search
            id="bpm-statistics-key"
            allowClear
            enterButton={t('table.search')}
            onSearch={(value) => setDefinitionKey(value.trim())}
          />
        </Form.Item>
      </Form>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', gap: 16 }}>
        <Card title={t('bpm.statistics.countsTitle')} size="small">
          <EChart option={countOption} label={t('bpm.statistics.countsTitle')} height={260} />
        </Card>
        <Card title={t('bpm.statistics.durationsTitle')} size="small">
          <EChart option={durationOption} label={t('bpm.statistics.durationsTitle')} height={260} />
        </Card>
      </div>
      <Card title={t('bpm.statistics.activitiesTitle')} size="small">
        <EChart option={activityOption} label={t('bpm.statistics.activitiesTitle')} height={280} />
      </Card>
      <Typography.Title level={5}>{t('bpm.statistics.definitionsTable')}</Typography.Title>
      <Table<BpmDefinitionStatistics>
        size="small"
        rowKey={(row) => `${row.definitionKey}-${row.month}`}
        loading={figures.isFetching}
        dataSource={figures.data?.definitions ?? []}
        columns={[
          {
            key: 'definition',
            title: t('bpm.statistics.definition'),
            render: (_value, row) => `${row.definitionName} (${row.definitionKey})`,
          },
          ...common,
        ]}
        pagination={{ pageSize: 12 }}
      />
      <Typography.Title level={5}>{t('bpm.statistics.activitiesTable')}</Typography.Title>
      <Table<BpmActivityStatistics>
        size="small"
        rowKey={(row) => `${row.definitionKey}-${row.activityId}-${row.month}`}
        loading={figures.isFetching}
        dataSource={figures.data?.activities ?? []}
        columns={[
          {
            key: 'activity',
            title: t('bpm.statistics.activity'),
            render: (_value, row) => `${row.activityName || row.activityId} (${row.definitionKey})`,
          },
          ...common,
        ]}
        pagination={{ pageSize: 12 }}
      />
      <Typography.Title level={5}>{t('bpm.runtime.incidentsTable')}</Typography.Title>
      <Table<BpmIncidentStatistics>
        size="small"
        rowKey="definitionKey"
        loading={figures.isFetching}
        dataSource={figures.data?.incidents ?? []}
        locale={{ emptyText: t('bpm.runtime.noIncidents') }}
        columns={[
          { key: 'definitionKey', dataIndex: 'definitionKey', title: t('bpm.statistics.definitionKey') },
          { key: 'raised', dataIndex: 'raised', title: t('bpm.runtime.raisedInPeriod') },
          { key: 'open', dataIndex: 'open', title: t('bpm.runtime.openNow') },
        ]}
        pagination={false}
      />
    </Space>
  );
}
