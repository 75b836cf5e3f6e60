import { ArrowLeftOutlined, PauseCircleOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { type MonitorKind, monitorKinds } from '@qiming/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Radio, Select, Space, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { FigureCharts } from './FigureCharts.tsx';
import { buildFigureCharts } from './figureCharts.ts';
import { liveWindowMs } from './liveSeries.ts';
import { useLiveSeries } from './useLiveSeries.ts';

interface ViewProps {
  kind: MonitorKind;
  target: string | undefined;
  onTarget(target: string): void;
}

function LiveFigures({ kind, target, onTarget }: ViewProps) {
  const { t, i18n } = useTranslation();
  const [paused, setPaused] = useState(false);
  const { series, failed } = useLiveSeries(kind, target, paused);
  const charts = useMemo(() => (series ? buildFigureCharts(series, target, t) : []), [series, target, t]);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Button
          icon={paused ? <PlayCircleOutlined /> : <PauseCircleOutlined />}
          onClick={() => setPaused(!paused)}
          data-testid="live-pause"
        >
          {t(paused ? 'monitor.resume' : 'monitor.pause')}
        </Button>
        <Typography.Text type="secondary" aria-live="polite">
          {t(paused ? 'monitor.pausedNote' : 'monitor.liveNote')}
        </Typography.Text>
      </Space>
      {failed && <Alert type="warning" showIcon title={t('monitor.liveFailed')} />}
      {series ? (
        <FigureCharts
          charts={charts}
          format={{ language: i18n.language, live: true, spanMs: liveWindowMs }}
          onTarget={onTarget}
          firstTestId="live-chart"
        />
      ) : (
        !failed && <Typography.Text type="secondary">{t('app.loading')}</Typography.Text>
      )}
    </Space>
  );
}

interface TimeRange {
  from: number;
  to: number;
  /** Ends now: a refresh moves it to the new now. */
  endsNow: boolean;
}

const lastHour = (): TimeRange => ({ from: Date.now() - 3_600_000, to: Date.now(), endsNow: true });
const presetSpans = [
  ['hour', 1, 'hour'],
  ['sixHours', 6, 'hour'],
  ['day', 24, 'hour'],
  ['week', 7, 'day'],
  ['month', 30, 'day'],
] as const;

function HistoryFigures({ kind, target, onTarget }: ViewProps) {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<TimeRange>(lastHour);
  const history = useQuery({
    queryKey: ['/admin/monitor/history', kind, target, range.from, range.to],
    queryFn: () => api.get('/api/admin/monitor/history', { query: { kind, target, from: range.from, to: range.to } }),
    placeholderData: keepPreviousData,
  });
  const charts = useMemo(() => (history.data ? buildFigureCharts(history.data, target, t) : []), [history.data, target, t]);
  const choose = (dates: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = dates ?? [];
    if (!from || !to) return;
    setRange({ from: from.valueOf(), to: to.valueOf(), endsNow: Math.abs(to.valueOf() - Date.now()) < 60_000 });
  };
  const refresh = () => {
    if (range.endsNow) setRange({ from: Date.now() - (range.to - range.from), to: Date.now(), endsNow: true });
    else void history.refetch();
  };
  const stepMinutes = history.data ? Math.round(history.data.stepMs / 60_000) : undefined;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Form layout="inline" name="monitor-history" style={{ rowGap: 8 }}>
        <Form.Item label={t('monitor.range')} htmlFor="monitor-history-range">
          <DatePicker.RangePicker
            id={{ start: 'monitor-history-range', end: 'monitor-history-range-end' }}
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowClear={false}
            value={[dayjs(range.from), dayjs(range.to)]}
            onChange={choose}
            disabledDate={(date) => date.isAfter(dayjs(), 'day')}
            presets={presetSpans.map(([key, amount, unit]) => ({
              label: t(`monitor.presets.${key}`),
              value: () => [dayjs().subtract(amount, unit), dayjs()] as [Dayjs, Dayjs],
            }))}
          />
        </Form.Item>
        <Form.Item>
          <Button icon={<ReloadOutlined />} onClick={refresh} loading={history.isFetching}>
            {t('monitor.refresh')}
          </Button>
        </Form.Item>
        {stepMinutes !== undefined && (
          <Form.Item>
            <Typography.Text type="secondary">{t('monitor.stepNote', { minutes: stepMinutes })}</Typography.Text>
          </Form.Item>
        )}
      </Form>
      {history.data && (
        <FigureCharts
          charts={charts}
          format={{ language: i18n.language, live: false, spanMs: range.to - range.from, range }}
          onTarget={onTarget}
          firstTestId="history-chart"
        />
      )}
    </Space>
  );
}

/**
 * Live and history figures of gateway routes, API groups, Qiming's API, servers and services: every
 * target's main figure, or all figures of one target chosen in the picker or by a click on its line.
 */
export default function MonitorFiguresPage() {
  const { t } = useTranslation();
  const [chosenKind, setKind] = useState<MonitorKind>();
  const [target, setTarget] = useState<string | undefined>();
  const [tab, setTab] = useState('live');
  const targets = useQuery({
    queryKey: ['/admin/monitor/targets'],
    queryFn: () => api.get('/api/admin/monitor/targets', { quiet: true }),
    refetchInterval: 10_000,
  });
  // Until the user picks a kind, the page opens on the first that has figures: a first view of empty
  // gateway charts (no traffic yet) would not show what the page is for.
  const firstWithData = useRef<MonitorKind>(undefined);
  if (!firstWithData.current && targets.data) {
    firstWithData.current = monitorKinds.find((candidate) => (targets.data[candidate] ?? []).length > 0) ?? 'route';
  }
  const kind = chosenKind ?? firstWithData.current ?? 'route';
  const kindKnown = chosenKind !== undefined || !targets.isPending;
  const choices = targets.data?.[kind] ?? [];
  // A chosen target that left the live window stays choosable.
  const options = (target && !choices.includes(target) ? [target, ...choices] : choices).map((value) => ({ value, label: value }));
  const view = { kind, target, onTarget: setTarget };

  return (
    <Card>
      <Form layout="inline" name="monitor-figures" style={{ rowGap: 8, marginBottom: 8 }}>
        <Form.Item label={t('monitor.kind')}>
          <Radio.Group
            aria-label={t('monitor.kind')}
            optionType="button"
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as MonitorKind);
              setTarget(undefined);
            }}
            options={monitorKinds.map((value) => ({ value, label: t(`monitor.kinds.${value}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('monitor.target')} htmlFor="monitor-target">
          <Select
            id="monitor-target"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('monitor.allTargets')}
            style={{ width: 320 }}
            value={target}
            onChange={(value?: string) => setTarget(value || undefined)}
            options={options}
            data-testid="monitor-target"
          />
        </Form.Item>
        {target !== undefined && (
          <Form.Item>
            <Button icon={<ArrowLeftOutlined />} onClick={() => setTarget(undefined)}>
              {t('monitor.backToAll')}
            </Button>
          </Form.Item>
        )}
      </Form>
      {target === undefined && <Typography.Paragraph type="secondary">{t('monitor.drillHint')}</Typography.Paragraph>}
      {kindKnown && (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'live', label: t('monitor.live'), children: <LiveFigures {...view} /> },
            { key: 'history', label: t('monitor.history'), children: <HistoryFigures {...view} /> },
          ]}
        />
      )}
    </Card>
  );
}
