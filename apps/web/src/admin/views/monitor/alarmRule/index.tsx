import { type AlarmRule, alarmComparisons, alarmLevels, alarmRuleRules, alarmTargetKinds, requiredSelect } from '@qiming/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { useAccess } from '../../../crud/Access.tsx';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import { type ResourceDeclaration, yesNoOptions } from '../../../crud/resource.ts';
import { alarmPaths, listsIndexed } from '../shared/alarmApi.ts';
import { AlarmTargetInput, MetricSelect, ReceiverSelect, useAlarmReceivers } from '../shared/alarmInputs.tsx';
import { AlarmLevelTag } from '../shared/alarmTags.tsx';
import { conditionText } from '../shared/conditionText.ts';

const options = (values: readonly string[], prefix: string) => values.map((value) => ({ value, label: `${prefix}.${value}` }));

/** The spec's in-use toggle, right in the list. */
function EnabledSwitch({ rule }: { rule: AlarmRule }) {
  const { t } = useTranslation();
  const can = useAccess();
  const queries = useQueryClient();
  const [busy, setBusy] = useState(false);
  const toggle = async (enabled: boolean) => {
    setBusy(true);
    try {
      await api.post('/api/admin/alarms/rules/{id}/enabled', { path: { id: rule.id }, body: { enabled } });
      toastSuccess(t(enabled ? 'alarm.ruleOn' : 'alarm.ruleOff', { name: rule.ruleName }));
      await queries.invalidateQueries({ queryKey: [alarmPaths.rules] });
    } catch {
      // The request client has told the user why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      size="small"
      checked={rule.enabled}
      loading={busy}
      disabled={!can('alarm:edit')}
      aria-label={t('alarm.enabledOf', { name: rule.ruleName })}
      onChange={(enabled) => void toggle(enabled)}
    />
  );
}

/** Alarm rules: a figure of a kind of target compared with a threshold for a while, told to receivers. */
export default function AlarmRulesPage() {
  const { t } = useTranslation();
  const receivers = useAlarmReceivers();
  const receiverName = (id: number) => receivers.data?.records.find((receiver) => receiver.id === id)?.receiverName ?? `#${id}`;

  const resource: ResourceDeclaration<AlarmRule> = {
    name: 'alarm.rule',
    apiPath: alarmPaths.rules,
    permissions: { create: 'alarm:edit', update: 'alarm:edit', delete: 'alarm:edit' },
    columns: [
      { key: 'ruleName', title: 'alarm.ruleName' },
      {
        key: 'target',
        title: 'alarm.target',
        render: (row) => `${t(`alarm.targetKinds.${row.targetKind}`)}: ${row.target || t('alarm.everyTarget')}`,
      },
      {
        key: 'metric',
        title: 'alarm.condition',
        render: (row) => t('alarm.conditionFor', { condition: conditionText(t, row), duration: row.durationSec }),
      },
      { key: 'level', title: 'alarm.level', render: (row) => <AlarmLevelTag level={row.level} /> },
      { key: 'receiverIds', title: 'alarm.receivers', render: (row) => row.receiverIds.map(receiverName).join(', ') || '-' },
      { key: 'enabled', title: 'alarm.enabled', render: (row) => <EnabledSwitch rule={row} /> },
      { key: 'updatedAt', title: 'alarm.updatedAt', render: (row) => formatDateTime(row.updatedAt) },
    ],
    formFields: [
      { name: 'ruleName', label: 'alarm.ruleName', rules: alarmRuleRules.ruleName },
      {
        name: 'targetKind',
        label: 'alarm.targetKind',
        input: 'select',
        options: options(alarmTargetKinds, 'alarm.targetKinds'),
        rules: requiredSelect(),
      },
      { name: 'target', label: 'alarm.target', component: AlarmTargetInput, rules: alarmRuleRules.target },
      { name: 'metric', label: 'alarm.metric', component: MetricSelect, rules: requiredSelect() },
      {
        name: 'comparison',
        label: 'alarm.comparison',
        input: 'select',
        options: options(alarmComparisons, 'alarm.comparisons'),
        rules: requiredSelect(),
      },
      { name: 'threshold', label: 'alarm.threshold', rules: alarmRuleRules.threshold },
      { name: 'durationSec', label: 'alarm.durationSec', input: 'number', rules: alarmRuleRules.durationSec },
      { name: 'level', label: 'alarm.level', input: 'select', options: options(alarmLevels, 'alarm.levels'), rules: requiredSelect() },
      { name: 'receiverIds', label: 'alarm.receivers', component: ReceiverSelect },
      { name: 'enabled', label: 'alarm.enabled', input: 'select', options: yesNoOptions },
    ],
    createValues: () => ({
      targetKind: 'route',
      target: '',
      metric: 'errorRatio',
      comparison: 'gt',
      durationSec: 60,
      level: 'general',
      receiverIds: [],
      enabled: 'true',
    }),
    formValues: (row) => ({ ...row, threshold: String(row.threshold), enabled: String(row.enabled) }),
    submitValues: listsIndexed,
    dialogWidth: 640,
  };
  return <ResourceTable resource={resource} />;
}
