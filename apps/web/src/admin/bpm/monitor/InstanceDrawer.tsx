import type { BpmActivity, BpmInstanceDetail } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Space, Spin, Table, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../core/i18n/formatTimeAgo.ts';
import { Access } from '../../crud/Access.tsx';
import { bpmAccess } from '../bpmAccess.ts';
import { bpmApi } from '../bpmApi.ts';
import { IncidentSection } from './IncidentSection.tsx';
import { InstanceStateTag } from './InstanceStateTag.tsx';
import { OpenTasksSection } from './OpenTasksSection.tsx';

const BpmnDiagram = lazy(() => import('../diagram/BpmnDiagram.tsx'));

interface Props {
  instanceId: number | null;
  onClose(): void;
  /** Interrupts an activity (asks first); the drawer reloads afterwards. */
  onInterrupt(instance: BpmInstanceDetail, activity: BpmActivity): Promise<boolean>;
  /** Opens another instance: the one that called this, or one it called. */
  onOpenInstance?(id: number): void;
}

const activityColours: Record<string, string> = { active: 'processing', completed: 'success', interrupted: 'error', terminated: 'default' };

/** One instance: the diagram with passed and active nodes marked, its variables and its activity history. */
export function InstanceDrawer({ instanceId, onClose, onInterrupt, onOpenInstance }: Props) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['bpmInstance', instanceId],
    queryFn: () => bpmApi.instance(instanceId as number),
    enabled: instanceId !== null,
    gcTime: 0,
  });
  const diagram = useQuery({
    queryKey: ['bpmInstanceDiagram', instanceId],
    queryFn: () => bpmApi.instanceDiagram(instanceId as number),
    enabled: instanceId !== null,
    gcTime: 0,
  });
  const instance = detail.data;
  return (
    <Drawer
      open={instanceId !== null}
      onClose={onClose}
      size={1000}
      destroyOnHidden
      title={instance ? t('bpm.monitor.detailTitle', { id: instance.id, name: instance.definitionName }) : t('bpm.monitor.detail')}
    >
      {!instance ? (
        detail.isError ? (
          <Alert type="error" showIcon title={t('bpm.monitor.loadFailed')} />
        ) : (
          <Spin />
        )
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item
              label={t('bpm.monitor.definition')}
            >{`${instance.definitionName} (${instance.definitionKey} v${instance.definitionVersion})`}</Descriptions.Item>
            <Descriptions.Item label={t('bpm.monitor.businessKey')}>{instance.businessKey || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('bpm.monitor.state')}>
              <InstanceStateTag state={instance.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('bpm.monitor.startedBy')}>{instance.startedBy}</Descriptions.Item>
            <Descriptions.Item label={t('bpm.monitor.startedAt')}>{formatDateTime(instance.startedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('bpm.monitor.endedAt')}>
              {instance.endedAt ? formatDateTime(instance.endedAt) : '-'}
            </Descriptions.Item>
            {instance.parentInstanceId !== null ? (
              <Descriptions.Item label={t('bpm.runtime.calledBy')}>
                <Button type="link" size="small" onClick={() => onOpenInstance?.(instance.parentInstanceId as number)}>
                  {t('bpm.runtime.instanceLink', { id: instance.parentInstanceId })}
                </Button>
              </Descriptions.Item>
            ) : null}
            {instance.children.length > 0 ? (
              <Descriptions.Item label={t('bpm.runtime.called')} span={2}>
                <Space wrap>
                  {instance.children.map((child) => (
                    <Button key={child.id} type="link" size="small" onClick={() => onOpenInstance?.(child.id)}>
                      {`${t('bpm.runtime.instanceLink', { id: child.id })} ${child.definitionKey} · ${t(`bpm.monitor.states.${child.state}`, { defaultValue: child.state })}`}
                    </Button>
                  ))}
                </Space>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <IncidentSection incidents={instance.incidents} onChanged={() => Promise.all([detail.refetch(), diagram.refetch()])} />
          <OpenTasksSection instanceId={instance.id} tasks={instance.tasks} onChanged={() => detail.refetch()} />
          <section aria-label={t('bpm.monitor.diagram')}>
            <Typography.Title level={5}>{t('bpm.monitor.diagram')}</Typography.Title>
            {diagram.data ? (
              <Suspense fallback={<Spin />}>
                <BpmnDiagram
                  xml={diagram.data.bpmn20Xml}
                  label={t('bpm.diagram.labelOf', { name: instance.definitionName })}
                  markers={{ done: diagram.data.completed, active: diagram.data.active }}
                />
              </Suspense>
            ) : diagram.isError ? (
              <Typography.Text type="secondary">{t('bpm.task.noDiagram')}</Typography.Text>
            ) : (
              <Spin />
            )}
          </section>
          <section aria-label={t('bpm.monitor.variables')}>
            <Typography.Title level={5}>{t('bpm.monitor.variables')}</Typography.Title>
            {Object.keys(instance.variables).length === 0 ? (
              <Typography.Text type="secondary">{t('bpm.monitor.noVariables')}</Typography.Text>
            ) : (
              <Descriptions size="small" bordered column={1}>
                {Object.entries(instance.variables).map(([name, value]) => (
                  <Descriptions.Item key={name} label={name}>
                    <code>{JSON.stringify(value)}</code>
                  </Descriptions.Item>
                ))}
              </Descriptions>
            )}
          </section>
          <section aria-label={t('bpm.monitor.history')}>
            <Typography.Title level={5}>{t('bpm.monitor.history')}</Typography.Title>
            <Table<BpmActivity>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={instance.activities}
              columns={[
                { key: 'activityName', title: t('bpm.monitor.activity'), render: (_value, row) => row.activityName || row.activityId },
                { key: 'activityType', dataIndex: 'activityType', title: t('bpm.monitor.activityType') },
                {
                  key: 'state',
                  title: t('bpm.monitor.state'),
                  render: (_value, row) => <Tag color={activityColours[row.state]}>{t(`bpm.monitor.activityStates.${row.state}`)}</Tag>,
                },
                { key: 'startedAt', title: t('bpm.monitor.startedAt'), render: (_value, row) => formatDateTime(row.startedAt) },
                {
                  key: 'endedAt',
                  title: t('bpm.monitor.endedAt'),
                  render: (_value, row) => (row.endedAt ? formatDateTime(row.endedAt) : '-'),
                },
                {
                  key: 'actions',
                  title: t('table.actions'),
                  render: (_value, row) =>
                    row.actions.includes('interrupt') ? (
                      <Access code={bpmAccess.instanceInterrupt}>
                        <Button
                          type="link"
                          size="small"
                          danger
                          aria-label={t('bpm.monitor.interruptOf', { name: row.activityName || row.activityId })}
                          onClick={async () => {
                            if (!(await onInterrupt(instance, row))) return;
                            await Promise.all([detail.refetch(), diagram.refetch()]);
                          }}
                        >
                          {t('bpm.monitor.interrupt')}
                        </Button>
                      </Access>
                    ) : null,
                },
              ]}
            />
          </section>
        </Space>
      )}
    </Drawer>
  );
}
