import { CheckOutlined } from '@ant-design/icons';
import { type AlarmDelivery, type AlarmEvent, alarmLevels } from '@qiming/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { Access } from '../../../crud/Access.tsx';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';
import { alarmPaths } from '../shared/alarmApi.ts';
import { useAlarmRules } from '../shared/alarmInputs.tsx';
import { AlarmLevelTag, AlarmStatusTag, DeliveryStatusTag } from '../shared/alarmTags.tsx';
import { comparisonSigns } from '../shared/conditionText.ts';

/** The rule filter of the search bar: every rule by name. */
function RuleFilter({ value, onChange, id }: { value?: unknown; onChange?: (value: unknown) => void; id?: string }) {
  const rules = useAlarmRules();
  return (
    <Select
      id={id}
      allowClear
      style={{ minWidth: 200 }}
      value={value as number | undefined}
      onChange={(next) => onChange?.(next)}
      showSearch={{ optionFilterProp: 'label' }}
      options={(rules.data?.records ?? []).map((rule) => ({ value: rule.id, label: rule.ruleName }))}
    />
  );
}

/** Who was told, and how it went: one row per receiver and phase (firing, then resolved). */
function Deliveries({ deliveries }: { deliveries: AlarmDelivery[] }) {
  const { t } = useTranslation();
  return (
    <Table<AlarmDelivery>
      size="small"
      pagination={false}
      rowKey={(delivery) => `${delivery.receiverName}:${delivery.phase}:${delivery.kind}`}
      dataSource={deliveries}
      locale={{ emptyText: t('alarm.noDeliveries') }}
      columns={[
        {
          key: 'receiver',
          title: t('alarm.deliveryReceiver'),
          render: (_value, delivery) => `${delivery.receiverName} (${t(`alarm.receiverKinds.${delivery.kind}`)})`,
        },
        { key: 'phase', title: t('alarm.phase'), render: (_value, delivery) => <AlarmStatusTag status={delivery.phase} /> },
        { key: 'status', title: t('alarm.deliveryStatus'), render: (_value, delivery) => <DeliveryStatusTag status={delivery.status} /> },
        { key: 'attempts', title: t('alarm.attempts'), dataIndex: 'attempts' },
        { key: 'error', title: t('alarm.deliveryError'), render: (_value, delivery) => delivery.error ?? '-' },
        { key: 'updatedAt', title: t('alarm.updatedAt'), render: (_value, delivery) => formatDateTime(delivery.updatedAt) },
      ]}
    />
  );
}

/** Alarm history: every firing and its resolution, who acknowledged it, and what each receiver was told. */
export default function AlarmEventsPage() {
  const { t, i18n } = useTranslation();
  const queries = useQueryClient();
  const [acknowledging, setAcknowledging] = useState<number | null>(null);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });

  const acknowledge = async (event: AlarmEvent) => {
    setAcknowledging(event.id);
    try {
      await api.post('/api/admin/alarms/events/{id}/acknowledge', { path: { id: event.id } });
      toastSuccess(t('alarm.acknowledgeDone'));
      await queries.invalidateQueries({ queryKey: [alarmPaths.events] });
    } catch {
      // The request client has told the user why.
    } finally {
      setAcknowledging(null);
    }
  };

  const resource: ResourceDeclaration<AlarmEvent> = {
    name: 'alarm.event',
    apiPath: alarmPaths.events,
    permissions: {},
    columns: [
      { key: 'ruleName', title: 'alarm.ruleName' },
      { key: 'level', title: 'alarm.level', render: (row) => <AlarmLevelTag level={row.level} /> },
      { key: 'target', title: 'alarm.target', render: (row) => `${t(`alarm.targetKinds.${row.targetKind}`)}: ${row.target}` },
      { key: 'status', title: 'alarm.status', render: (row) => <AlarmStatusTag status={row.status} /> },
      {
        key: 'firedValue',
        title: 'alarm.valueVsThreshold',
        render: (row) => (
          <Space orientation="vertical" size={0}>
            <span>
              {`${t(`monitor.metrics.${row.metric}`)}: ${number.format(row.firedValue)} ${comparisonSigns[row.comparison]} ${number.format(row.threshold)}`}
            </span>
            <Typography.Text type="secondary">{t('alarm.lastValue', { value: number.format(row.lastValue) })}</Typography.Text>
          </Space>
        ),
      },
      { key: 'firedAt', title: 'alarm.firedAt', render: (row) => formatDateTime(row.firedAt) },
      { key: 'resolvedAt', title: 'alarm.resolvedAt', render: (row) => (row.resolvedAt ? formatDateTime(row.resolvedAt) : '-') },
      {
        key: 'acknowledgedAt',
        title: 'alarm.acknowledged',
        render: (row) =>
          row.acknowledgedAt
            ? t('alarm.acknowledgedBy', { name: row.acknowledgedBy ?? '', time: formatDateTime(row.acknowledgedAt) })
            : '-',
      },
    ],
    searchFields: [
      {
        name: 'status',
        label: 'alarm.status',
        input: 'select',
        options: [
          { value: 'firing', label: 'alarm.statuses.firing' },
          { value: 'resolved', label: 'alarm.statuses.resolved' },
        ],
      },
      {
        name: 'level',
        label: 'alarm.level',
        input: 'select',
        options: alarmLevels.map((level) => ({ value: level, label: `alarm.levels.${level}` })),
      },
      { name: 'ruleId', label: 'alarm.ruleFilter', component: RuleFilter },
    ],
    rowActions: (row) =>
      row.acknowledgedAt === null && (
        <Access code="alarmEvent:acknowledge">
          <Button
            type="link"
            size="small"
            icon={<CheckOutlined />}
            loading={acknowledging === row.id}
            onClick={() => void acknowledge(row)}
          >
            {t('alarm.acknowledge')}
          </Button>
        </Access>
      ),
    expandedRow: (row) => <Deliveries deliveries={row.deliveries} />,
    // A firing alarm resolves by itself: the list follows.
    refreshEveryMs: 15_000,
  };
  return <ResourceTable resource={resource} />;
}
