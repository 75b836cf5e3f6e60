import { FolderOpenOutlined, RocketOutlined } from '@ant-design/icons';
import type { BpmTask } from '@qiming/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../core/i18n/formatTimeAgo.ts';
import { cautionTagStyle } from '../../../core/ui/tagStyles.ts';
import { Access } from '../../crud/Access.tsx';
import { ResourceTable } from '../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../crud/resource.ts';
import { bpmAccess } from '../bpmAccess.ts';
import { bpmPaths } from '../bpmApi.ts';
import { StartDialog } from './StartDialog.tsx';
import { TaskDrawer } from './TaskDrawer.tsx';

/** The signed-in user's to-do (assigned, or candidate through their roles) or done tasks; a row opens the task. */
export function TaskList({ kind }: { kind: 'todo' | 'done' }) {
  const { t } = useTranslation();
  const [openTask, setOpenTask] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const queries = useQueryClient();
  const resource: ResourceDeclaration<BpmTask> = {
    name: kind === 'todo' ? 'bpm.task.todoEntity' : 'bpm.task.doneEntity',
    apiPath: kind === 'todo' ? bpmPaths.todo : bpmPaths.done,
    permissions: {},
    columns: [
      { key: 'name', title: 'bpm.task.name' },
      { key: 'definitionName', title: 'bpm.task.process' },
      { key: 'businessKey', title: 'bpm.task.businessKey' },
      {
        key: 'assignee',
        title: 'bpm.task.assignee',
        render: (row) => row.assignee ?? <Tag style={cautionTagStyle}>{t('bpm.task.toClaim')}</Tag>,
      },
      { key: 'createdAt', title: 'bpm.task.createdAt', sortable: true, render: (row) => formatDateTime(row.createdAt) },
      ...(kind === 'todo'
        ? [
            {
              key: 'dueAt' as const,
              title: 'bpm.task.dueAt',
              sortable: true,
              render: (row: BpmTask) => (row.dueAt ? formatDateTime(row.dueAt) : '-'),
            },
          ]
        : [
            {
              key: 'endedAt' as const,
              title: 'bpm.task.endedAt',
              sortable: true,
              render: (row: BpmTask) => (row.endedAt ? formatDateTime(row.endedAt) : '-'),
            },
            {
              key: 'outcome' as const,
              title: 'bpm.task.outcome',
              render: (row: BpmTask) => (row.outcome ? t(`bpm.task.outcomes.${row.outcome}`) : '-'),
            },
          ]),
    ],
    searchFields: [
      { name: 'name', label: 'bpm.task.name' },
      { name: 'definitionKey', label: 'bpm.task.definitionKey' },
      { name: 'businessKey', label: 'bpm.task.businessKey' },
    ],
    toolbar:
      kind === 'todo'
        ? () => (
            <Access code={bpmAccess.instanceStart}>
              <Button type="primary" icon={<RocketOutlined />} onClick={() => setStarting(true)}>
                {t('bpm.task.startProcess')}
              </Button>
            </Access>
          )
        : undefined,
    rowActions: (row) => (
      <Button
        type="link"
        size="small"
        icon={<FolderOpenOutlined />}
        aria-label={t('bpm.task.openOf', { name: row.name, id: row.id })}
        onClick={() => setOpenTask(row.id)}
      >
        {t('bpm.task.open')}
      </Button>
    ),
  };
  return (
    <>
      <ResourceTable resource={resource} />
      <TaskDrawer taskId={openTask} onClose={() => setOpenTask(null)} />
      {kind === 'todo' && (
        <StartDialog
          open={starting}
          onClose={() => setStarting(false)}
          onStarted={() => void queries.invalidateQueries({ queryKey: [bpmPaths.todo] })}
        />
      )}
    </>
  );
}
