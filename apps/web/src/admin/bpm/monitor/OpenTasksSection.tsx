import type { BpmTask } from '@qiming/shared';
import { Button, Form, Input, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../core/i18n/formatTimeAgo.ts';
import { toastSuccess } from '../../../core/request/notify.ts';
import { Access } from '../../crud/Access.tsx';
import { bpmAccess } from '../bpmAccess.ts';
import { bpmApi } from '../bpmApi.ts';

interface Props {
  instanceId: number;
  tasks: BpmTask[];
  onChanged(): Promise<unknown>;
}

/** The instance's open tasks and who holds them; task administrators re-assign one, or give it back to its candidates. */
export function OpenTasksSection({ instanceId, tasks, onChanged }: Props) {
  const { t } = useTranslation();
  const [task, setTask] = useState<BpmTask | null>(null);
  const [userName, setUserName] = useState('');
  const [busy, setBusy] = useState(false);
  const open = tasks.filter((row) => row.status === 'open');
  if (open.length === 0) return null;

  const reassign = async () => {
    if (!task) return;
    setBusy(true);
    try {
      await bpmApi.reassignTask(instanceId, task.id, userName.trim() || null);
      toastSuccess(t('bpm.runtime.reassigned'));
      setTask(null);
    } finally {
      setBusy(false);
      await onChanged();
    }
  };

  return (
    <section aria-label={t('bpm.runtime.openTasks')}>
      <Typography.Title level={5}>{t('bpm.runtime.openTasks')}</Typography.Title>
      <Table<BpmTask>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={open}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('bpm.runtime.task') },
          { key: 'assignee', title: t('bpm.runtime.assignee'), render: (_value, row) => row.assignee ?? t('bpm.runtime.unassigned') },
          { key: 'createdAt', title: t('bpm.monitor.startedAt'), render: (_value, row) => formatDateTime(row.createdAt) },
          {
            key: 'actions',
            title: t('table.actions'),
            render: (_value, row) => (
              <Access code={bpmAccess.taskAdmin}>
                <Button
                  type="link"
                  size="small"
                  aria-label={t('bpm.runtime.reassignOf', { name: row.name })}
                  onClick={() => {
                    setUserName(row.assignee ?? '');
                    setTask(row);
                  }}
                >
                  {t('bpm.runtime.reassign')}
                </Button>
              </Access>
            ),
          },
        ]}
      />
      <Modal
        open={task !== null}
        title={t('bpm.runtime.reassignOf', { name: task?.name ?? '' })}
        okButtonProps={{ loading: busy }}
        onOk={() => void reassign()}
        onCancel={() => setTask(null)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('bpm.runtime.assignee')} help={t('bpm.runtime.reassignHelp')}>
            <Input value={userName} maxLength={50} onChange={(event) => setUserName(event.target.value)} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
