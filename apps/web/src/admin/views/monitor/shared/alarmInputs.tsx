import { type AlarmTargetKind, alarmMetrics, type MonitorKind } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Form, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { useAccess } from '../../../crud/Access.tsx';
import { alarmPaths } from './alarmApi.ts';

/** What a custom input of the CRUD dialog receives from its Form.Item. */
export interface InputProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

export const wide = { width: '100%' };

/** Every receiver a rule can name, for the picker and the names in the rule list (read with the rules' own grant). */
export function useAlarmReceivers() {
  return useQuery({
    queryKey: [alarmPaths.receiverOptions],
    queryFn: () => api.get('/api/admin/alarms/rules/receivers', { quiet: true }),
  });
}

/** Every rule, for the rule filter of the alarm history. */
export function useAlarmRules() {
  return useQuery({
    queryKey: [alarmPaths.rules, 'all'],
    queryFn: () => api.get('/api/admin/alarms/rules', { quiet: true }),
  });
}

/** The figures the chosen kind of target offers; a figure the new kind lacks is cleared. */
export function MetricSelect({ value, onChange, id }: InputProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const kind = Form.useWatch('targetKind', form) as AlarmTargetKind | undefined;
  const metrics: readonly string[] = kind ? alarmMetrics[kind] : [];
  useEffect(() => {
    // The form's own kind first: the watched one may lag a render behind values just set.
    const current = (form.getFieldValue('targetKind') as AlarmTargetKind | undefined) ?? kind;
    const currentMetric = form.getFieldValue('metric') as string | undefined;
    if (current && currentMetric && !(alarmMetrics[current] as readonly string[]).includes(currentMetric)) onChange?.(undefined);
  }, [kind, form, onChange]);
  return (
    <Select
      id={id}
      style={wide}
      value={value as string | undefined}
      onChange={(next) => onChange?.(next)}
      options={metrics.map((metric) => ({ value: metric, label: t(`monitor.metrics.${metric}`) }))}
    />
  );
}

const monitorKindOf: Partial<Record<AlarmTargetKind, MonitorKind>> = {
  route: 'route',
  apiGroup: 'apiGroup',
  service: 'service',
  server: 'server',
};

/** A target typed or chosen from those seen in the last ten minutes; empty watches every target. */
export function AlarmTargetInput({ value, onChange, id }: InputProps) {
  const { t } = useTranslation();
  const canSeeFigures = useAccess()('monitor:view');
  const kind = Form.useWatch('targetKind', Form.useFormInstance()) as AlarmTargetKind | undefined;
  const targets = useQuery({
    queryKey: ['/admin/monitor/targets'],
    queryFn: () => api.get('/api/admin/monitor/targets', { quiet: true }),
    enabled: canSeeFigures,
  });
  const monitorKind = kind ? monitorKindOf[kind] : undefined;
  const choices = monitorKind ? (targets.data?.[monitorKind] ?? []) : [];
  return (
    <AutoComplete
      id={id}
      style={wide}
      allowClear
      value={value as string | undefined}
      onChange={(next) => onChange?.(next ?? '')}
      placeholder={t('alarm.everyTarget')}
      options={choices.map((choice) => ({ value: choice, label: choice }))}
      showSearch={{ filterOption: (input, option) => String(option?.value ?? '').includes(input) }}
    />
  );
}

/** The receivers a rule tells, by name. */
export function ReceiverSelect({ value, onChange, id }: InputProps) {
  const receivers = useAlarmReceivers();
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      style={wide}
      value={(value as number[] | undefined) ?? []}
      onChange={(next) => onChange?.(next)}
      showSearch={{ optionFilterProp: 'label' }}
      options={(receivers.data?.records ?? []).map((receiver) => ({ value: receiver.id, label: receiver.receiverName }))}
    />
  );
}
