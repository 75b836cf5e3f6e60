import { type BpmListener, listenerKinds, listenerScopes, requiredSelect } from '@qiming/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { bpmAccess } from '../../../bpm/bpmAccess.ts';
import { bpmPaths } from '../../../bpm/bpmApi.ts';
import { bpmKeyRules, optionalActivityRules } from '../../../bpm/bpmRules.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import { type ResourceDeclaration, yesNoOptions } from '../../../crud/resource.ts';

const eventsOf = { execution: ['start', 'end'], task: ['create', 'assignment', 'complete'] } as const;
const eventOptions = (scope: 'execution' | 'task') =>
  eventsOf[scope].map((event) => ({ value: event, label: `bpm.listener.events.${event}` }));

/** Execution and task listeners per definition key: call an HTTP endpoint (allow-listed hosts) or write a log entry. */
export default function BpmListenerPage() {
  const { t } = useTranslation();
  const resource: ResourceDeclaration<BpmListener> = {
    name: 'bpm.listener.entity',
    apiPath: bpmPaths.listeners,
    permissions: { create: bpmAccess.listenerAdd, update: bpmAccess.listenerEdit, delete: bpmAccess.listenerDelete },
    columns: [
      { key: 'definitionKey', title: 'bpm.listener.definitionKey' },
      { key: 'activityId', title: 'bpm.listener.activityId', render: (row) => row.activityId || t('bpm.listener.wholeProcess') },
      { key: 'scope', title: 'bpm.listener.scope', render: (row) => t(`bpm.listener.scopes.${row.scope}`) },
      { key: 'event', title: 'bpm.listener.event', render: (row) => t(`bpm.listener.events.${row.event}`) },
      { key: 'kind', title: 'bpm.listener.kind', render: (row) => t(`bpm.listener.kinds.${row.kind}`) },
      { key: 'url', title: 'bpm.listener.url' },
      {
        key: 'enabled',
        title: 'bpm.listener.enabled',
        render: (row) => (row.enabled ? <Tag color="success">{t('identity.yes')}</Tag> : <Tag>{t('identity.no')}</Tag>),
      },
      { key: 'createdAt', title: 'bpm.listener.createdAt', render: (row) => formatDateTime(row.createdAt) },
    ],
    searchFields: [
      { name: 'definitionKey', label: 'bpm.listener.definitionKey' },
      {
        name: 'scope',
        label: 'bpm.listener.scope',
        input: 'select',
        options: listenerScopes.map((scope) => ({ value: scope, label: `bpm.listener.scopes.${scope}` })),
      },
    ],
    formFields: [
      { name: 'definitionKey', label: 'bpm.listener.definitionKey', rules: bpmKeyRules },
      { name: 'activityId', label: 'bpm.listener.activityIdHint', rules: optionalActivityRules },
      {
        name: 'scope',
        label: 'bpm.listener.scope',
        input: 'select',
        options: listenerScopes.map((scope) => ({ value: scope, label: `bpm.listener.scopes.${scope}` })),
        rules: requiredSelect(),
      },
      {
        name: 'event',
        label: 'bpm.listener.event',
        input: 'select',
        options: eventOptions('execution'),
        rules: requiredSelect(),
        shownWhen: (values) => values.scope !== 'task',
      },
      {
        name: 'taskEvent',
        label: 'bpm.listener.event',
        input: 'select',
        options: eventOptions('task'),
        rules: requiredSelect(),
        shownWhen: (values) => values.scope === 'task',
      },
      {
        name: 'kind',
        label: 'bpm.listener.kind',
        input: 'select',
        options: listenerKinds.map((kind) => ({ value: kind, label: `bpm.listener.kinds.${kind}` })),
        rules: requiredSelect(),
      },
      { name: 'url', label: 'bpm.listener.url', shownWhen: (values) => values.kind === 'http' },
      { name: 'enabled', label: 'bpm.listener.enabled', input: 'select', options: yesNoOptions },
    ],
    createValues: () => ({ scope: 'execution', event: 'start', taskEvent: 'create', kind: 'log', activityId: '', enabled: 'true' }),
    formValues: (row) => ({
      ...row,
      taskEvent: row.scope === 'task' ? row.event : 'create',
      event: row.scope === 'task' ? 'start' : row.event,
      enabled: String(row.enabled),
    }),
    submitValues: ({ taskEvent, ...values }) => ({
      ...values,
      event: values.scope === 'task' ? taskEvent : values.event,
      activityId: values.activityId ?? '',
    }),
  };
  return <ResourceTable resource={resource} />;
}
