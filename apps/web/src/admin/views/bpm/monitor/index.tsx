import { DeleteOutlined, EyeOutlined, PauseCircleOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { type BpmActivity, type BpmInstance, type BpmInstanceDetail, type InstanceAction, instanceStates } from '@qiming/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { instanceActionAccess } from '../../../bpm/bpmAccess.ts';
import { bpmApi, bpmPaths } from '../../../bpm/bpmApi.ts';
import { InstanceDrawer } from '../../../bpm/monitor/InstanceDrawer.tsx';
import { InstanceStateTag } from '../../../bpm/monitor/InstanceStateTag.tsx';
import { Access } from '../../../crud/Access.tsx';
import { confirmAction } from '../../../crud/confirmAction.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';

const actionIcons: Record<InstanceAction, ReactNode> = {
  suspend: <PauseCircleOutlined />,
  activate: <PlayCircleOutlined />,
  terminate: <StopOutlined />,
  delete: <DeleteOutlined />,
};

/** Process monitoring: instances by state; hang up, recover, terminate, delete as the transition table allows. */
export default function BpmMonitorPage() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [openId, setOpenId] = useState<number | null>(null);
  const reload = () => queries.invalidateQueries({ queryKey: [bpmPaths.instances] });

  const act = async (row: BpmInstance, action: InstanceAction) => {
    const label = t(`bpm.monitor.actions.${action}`);
    if (!(await confirmAction(t, label, t(`bpm.monitor.confirm.${action}`, { id: row.id })))) return;
    try {
      if (action === 'delete') await bpmApi.deleteInstance(row.id);
      else await bpmApi.instanceAction(row.id, action);
      toastSuccess(t('bpm.monitor.done', { action: label }));
      await reload();
      await queries.invalidateQueries({ queryKey: ['bpmInstance', row.id] });
    } catch {
      // The request client has shown the server's reason (409 for a transition the table refuses).
    }
  };

  const interrupt = async (instance: BpmInstanceDetail, activity: BpmActivity) => {
    const name = activity.activityName || activity.activityId;
    if (!(await confirmAction(t, t('bpm.monitor.interrupt'), t('bpm.monitor.confirm.interrupt', { name })))) return false;
    try {
      await bpmApi.interruptActivity(instance.id, activity.activityId);
      toastSuccess(t('bpm.monitor.done', { action: t('bpm.monitor.interrupt') }));
      await reload();
      return true;
    } catch {
      return false;
    }
  };

  const resource: ResourceDeclaration<BpmInstance> = {
    name: 'bpm.monitor.entity',
    apiPath: bpmPaths.instances,
    permissions: {},
    columns: [
      { key: 'id', title: 'bpm.monitor.id' },
      {
        key: 'definitionName',
        title: 'bpm.monitor.definition',
        render: (row) => `${row.definitionName} (${row.definitionKey} v${row.definitionVersion})`,
      },
      { key: 'businessKey', title: 'bpm.monitor.businessKey' },
      { key: 'state', title: 'bpm.monitor.state', render: (row) => <InstanceStateTag state={row.state} /> },
      { key: 'startedBy', title: 'bpm.monitor.startedBy' },
      { key: 'startedAt', title: 'bpm.monitor.startedAt', sortable: true, render: (row) => formatDateTime(row.startedAt) },
      { key: 'endedAt', title: 'bpm.monitor.endedAt', sortable: true, render: (row) => (row.endedAt ? formatDateTime(row.endedAt) : '-') },
    ],
    searchFields: [
      {
        name: 'state',
        label: 'bpm.monitor.state',
        input: 'select',
        options: instanceStates.map((state) => ({ value: state, label: `bpm.monitor.states.${state}` })),
      },
      { name: 'businessKey', label: 'bpm.monitor.businessKey' },
      { name: 'definitionKey', label: 'bpm.monitor.definitionKey' },
    ],
    rowActions: (row) => (
      <>
        <Button
          type="link"
          size="small"
          icon={<EyeOutlined />}
          aria-label={t('bpm.monitor.detailOf', { id: row.id })}
          onClick={() => setOpenId(row.id)}
        >
          {t('bpm.monitor.detail')}
        </Button>
        {row.actions.map((action) => (
          <Access key={action} code={instanceActionAccess[action]}>
            <Button
              type="link"
              size="small"
              danger={action === 'terminate' || action === 'delete'}
              icon={actionIcons[action]}
              aria-label={t('bpm.monitor.actionOf', { action: t(`bpm.monitor.actions.${action}`), id: row.id })}
              onClick={() => void act(row, action)}
            >
              {t(`bpm.monitor.actions.${action}`)}
            </Button>
          </Access>
        ))}
      </>
    ),
  };

  return (
    <>
      <ResourceTable resource={resource} />
      <InstanceDrawer instanceId={openId} onClose={() => setOpenId(null)} onInterrupt={interrupt} onOpenInstance={setOpenId} />
    </>
  );
}
