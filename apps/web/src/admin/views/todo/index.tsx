import { PlusOutlined } from '@ant-design/icons';
import {
  type Announcements,
  type CollisionDetection,
  closestCorners,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  type UniqueIdentifier,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import {
  requiredSelect,
  type TodoBucket,
  type TodoTask,
  todoBuckets,
  todoLevels,
  todoRules,
  todoStatuses,
  type WorkflowTasks,
} from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, Input, Select, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../../../core/request/client.ts';
import { toastSuccess } from '../../../core/request/notify.ts';
import { Access } from '../../crud/Access.tsx';
import { confirmAndDelete } from '../../crud/dataProvider.ts';
import { ResourceFormDialog } from '../../crud/ResourceFormDialog.tsx';
import type { FieldDeclaration } from '../../crud/resource.ts';
import { useSubmit } from '../../crud/useSubmit.ts';
import { TodoCard } from './TodoCard.tsx';
import styles from './todo.module.css';
import { WorkflowTaskCard, workflowTodoPath } from './WorkflowTaskCard.tsx';

type Filters = { level: string; status: string; title: string };
const bucketKey = (bucket: TodoBucket) => `bucket:${bucket}`;

/**
 * What the dragged card is over: the card under the pointer, else the bucket under it (an empty
 * one, or below its last card); the keyboard, having no pointer, goes by the nearest corners.
 */
const overTarget: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const cards = hits.filter((hit) => !String(hit.id).startsWith('bucket:'));
  if (cards.length > 0) return cards;
  return hits.length > 0 ? hits : closestCorners(args);
};
const choices = (values: readonly number[], prefix: string) =>
  values.map((value) => ({ value: String(value), label: `${prefix}.${value}` }));

const fields: FieldDeclaration[] = [
  { name: 'title', label: 'todo.title', rules: todoRules.title },
  { name: 'description', label: 'todo.description', input: 'textarea', rules: todoRules.description },
  { name: 'level', label: 'todo.level', input: 'select', rules: requiredSelect(), options: choices(todoLevels, 'todo.levels') },
  { name: 'status', label: 'todo.status', input: 'select', rules: requiredSelect(), options: choices(todoStatuses, 'todo.statuses') },
  { name: 'bucket', label: 'todo.bucket', input: 'select', rules: requiredSelect(), options: choices(todoBuckets, 'todo.buckets') },
  { name: 'dueDate', label: 'todo.dueDate', input: 'date' },
];

/**
 * A bucket: its tasks in order, and a drop target of its own so that an empty bucket takes a task.
 * The inbox also lists the user's open workflow tasks, below and apart: they are not dragged.
 */
export function BucketColumn({
  bucket,
  tasks,
  count,
  workflow,
  children,
}: {
  bucket: TodoBucket;
  tasks: TodoTask[];
  count: number;
  workflow?: WorkflowTasks | undefined;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: bucketKey(bucket) });
  const headingId = useId();
  const workflowHeadingId = useId();
  const withWorkflow = workflow !== undefined && workflow.total > 0;
  return (
    <section className={styles.column} aria-labelledby={headingId} data-bucket={bucket}>
      <header className={styles.columnHead}>
        <h2 id={headingId} className={styles.columnTitle}>
          {t(`todo.buckets.${bucket}`)}
        </h2>
        <Badge count={withWorkflow ? t('todo.countWithWorkflow', { count, workflow: workflow.total }) : count} showZero color="#096dd9" />
      </header>
      <SortableContext items={tasks.map((task) => task.id)} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className={`${styles.list} ${isOver ? styles.over : ''}`}>
          {children}
          {tasks.length === 0 && !withWorkflow && (
            <li className={styles.empty}>
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('todo.empty')} />
            </li>
          )}
        </ul>
      </SortableContext>
      {withWorkflow && (
        <section aria-labelledby={workflowHeadingId} data-workflow-tasks>
          <h3 id={workflowHeadingId} className={styles.workflowHead}>
            {t('todo.workflowTasks')}
          </h3>
          <ul className={styles.list}>
            {workflow.records.map((task) => (
              <WorkflowTaskCard key={task.id} task={task} />
            ))}
          </ul>
          {workflow.total > workflow.records.length && (
            <Link to={workflowTodoPath}>{t('todo.moreWorkflowTasks', { count: workflow.total - workflow.records.length })}</Link>
          )}
        </section>
      )}
    </section>
  );
}

/**
 * The signed-in user's to-do list as a board of the spec's four buckets, filtered by level and status
 * ('all' by default). Cards are dragged between buckets and within one; the order is the server's.
 */
export default function TodoPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({ level: 'all', status: 'all', title: '' });
  const [editing, setEditing] = useState<{ task?: TodoTask } | null>(null);
  const { busy, submit } = useSubmit();
  const query = { level: filters.level, status: filters.status, title: filters.title || undefined };
  const tasks = useQuery({
    queryKey: ['/admin/todos', query],
    queryFn: () => api.get('/api/admin/todos', { query: query }).then((page) => page.records),
  });
  const counts = useQuery({
    queryKey: ['/admin/todos/counts', query],
    queryFn: () => api.get('/api/admin/todos/counts', { query: query }),
  });
  // Null for those without task:view: the server decides.
  const workflow = useQuery({
    queryKey: ['/admin/todos/workflow-tasks'],
    queryFn: () => api.get('/api/admin/todos/workflow-tasks'),
  });
  // Workflow tasks have no level, status or title of the user's: any filter leaves them out.
  const unfiltered = filters.level === 'all' && filters.status === 'all' && !filters.title;
  const inboxWorkflow = unfiltered ? (workflow.data ?? undefined) : undefined;
  const [dragged, setDragged] = useState<TodoTask[] | null>(null);
  const board = dragged ?? tasks.data ?? [];
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const reload = async () => {
    await Promise.all([tasks.refetch(), counts.refetch()]);
    setDragged(null);
  };

  const titleOf = (id: UniqueIdentifier) => board.find((task) => task.id === id)?.title ?? '';
  const placeOf = (id: UniqueIdentifier | undefined) => {
    if (id === undefined) return '';
    const bucket = String(id).startsWith('bucket:') ? Number(String(id).slice(7)) : board.find((task) => task.id === id)?.bucket;
    return bucket ? t(`todo.buckets.${bucket}`) : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('todo.dnd.picked', { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) => t('todo.dnd.over', { title: titleOf(active.id), place: placeOf(over?.id) }),
    onDragEnd: ({ active, over }) => t('todo.dnd.dropped', { title: titleOf(active.id), place: placeOf(over?.id) }),
    onDragCancel: ({ active }) => t('todo.dnd.cancelled', { title: titleOf(active.id) }),
  };

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    const task = board.find((candidate) => candidate.id === active.id);
    if (!task || !over) return;
    const overTask = board.find((candidate) => candidate.id === over.id);
    const bucket = (overTask?.bucket ?? Number(String(over.id).slice('bucket:'.length))) as TodoBucket;
    const column = board.filter((candidate) => candidate.bucket === bucket && candidate.id !== task.id);
    const index = overTask ? column.findIndex((candidate) => candidate.id === overTask.id) : column.length;
    // Dropped below the card it passed (moving down within the bucket): after it, not before.
    const after = overTask && task.bucket === bucket && task.position < overTask.position ? 1 : 0;
    const at = index < 0 ? column.length : index + after;
    if (task.bucket === bucket && task.position === at) return;
    // The board shows the move at once; the server's order replaces it when it answers.
    const moved = { ...task, bucket };
    column.splice(at, 0, moved);
    setDragged([...board.filter((candidate) => candidate.bucket !== bucket && candidate.id !== task.id), ...column]);
    try {
      await api.post('/api/admin/todos/{id}/move', { path: { id: task.id }, body: { bucket, index: at } });
    } finally {
      await reload();
    }
  };

  const save = (values: Record<string, unknown>) =>
    submit(async () => {
      const body = { description: '', dueDate: '', ...values };
      if (editing?.task) await api.put('/api/admin/todos/{id}', { path: { id: editing.task.id }, body: body });
      else await api.post('/api/admin/todos', { body: body });
      toastSuccess(t('confirm.saved'));
      setEditing(null);
      await reload();
    });
  const remove = async (task: TodoTask) => {
    if (await confirmAndDelete(t, '/admin/todos/delete', [task.id])) await reload();
  };

  const filterChoice = (name: 'level' | 'status', values: readonly number[], prefix: string) => (
    <Select
      aria-label={t(`todo.${name}`)}
      value={filters[name]}
      style={{ minWidth: 140 }}
      onChange={(value: string) => setFilters((current) => ({ ...current, [name]: value }))}
      options={[
        { value: 'all', label: t('todo.all') },
        ...choices(values, prefix).map((option) => ({ ...option, label: t(option.label) })),
      ]}
    />
  );

  return (
    <Card
      title={t('menu.todo')}
      extra={
        <Access code="todo:edit">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('todo.add')}
          </Button>
        </Access>
      }
    >
      <Space wrap className={styles.filters}>
        {filterChoice('level', todoLevels, 'todo.levels')}
        {filterChoice('status', todoStatuses, 'todo.statuses')}
        <Input.Search
          aria-label={t('todo.searchTitle')}
          placeholder={t('todo.searchTitle')}
          allowClear
          onSearch={(title) => setFilters((current) => ({ ...current, title }))}
        />
        <Typography.Text type="secondary">
          {t('todo.all')}: {counts.data?.all ?? 0}
        </Typography.Text>
      </Space>
      <Typography.Paragraph type="secondary">{t('todo.moveHint')}</Typography.Paragraph>
      <DndContext
        sensors={sensors}
        collisionDetection={overTarget}
        onDragEnd={(event) => void onDragEnd(event)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('todo.dnd.instructions') } }}
      >
        <div className={styles.board} aria-busy={tasks.isFetching}>
          {todoBuckets.map((bucket) => {
            const inBucket = board.filter((task) => task.bucket === bucket);
            return (
              <BucketColumn
                key={bucket}
                bucket={bucket}
                tasks={inBucket}
                count={counts.data?.[bucket] ?? 0}
                workflow={bucket === 1 ? inboxWorkflow : undefined}
              >
                {inBucket.map((task) => (
                  <TodoCard key={task.id} task={task} onEdit={(task) => setEditing({ task })} onDelete={(task) => void remove(task)} />
                ))}
              </BucketColumn>
            );
          })}
        </div>
      </DndContext>
      <ResourceFormDialog
        formName="todo"
        title={t(editing?.task ? 'table.editTitle' : 'table.createTitle', { name: t('todo.task') })}
        open={editing !== null}
        fields={fields}
        initialValues={
          editing?.task
            ? {
                ...editing.task,
                level: String(editing.task.level),
                status: String(editing.task.status),
                bucket: String(editing.task.bucket),
                dueDate: editing.task.dueDate ?? '',
              }
            : { level: '2', status: '1', bucket: '1' }
        }
        editing={editing?.task !== undefined}
        saving={busy}
        onSave={(values) => void save(values)}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
