import { DeleteOutlined, EditOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TodoTask } from '@qiming/shared';
import { Button, Card, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Access } from '../../crud/Access.tsx';
import styles from './todo.module.css';

const levelColours = { 1: 'error', 2: 'processing', 3: 'default' } as const;
const statusColours = { 1: 'default', 2: 'processing', 3: 'success' } as const;

interface Props {
  task: TodoTask;
  onEdit(task: TodoTask): void;
  onDelete(task: TodoTask): void;
}

/** One task on the board, dragged by its handle (mouse, touch or keyboard). */
export function TodoCard({ task, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: task.id });
  const overdue = task.dueDate !== null && task.status !== 3 && dayjs(task.dueDate).isBefore(dayjs(), 'day');

  return (
    <li
      ref={setNodeRef}
      className={styles.item}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
      data-task={task.title}
    >
      <Card size="small" className={styles.card}>
        <div className={styles.cardHead}>
          <button
            type="button"
            ref={setActivatorNodeRef}
            className={styles.handle}
            aria-label={t('todo.handle', { title: task.title })}
            {...attributes}
            {...listeners}
          >
            <HolderOutlined />
          </button>
          <Typography.Text strong delete={task.status === 3} className={styles.cardTitle}>
            {task.title}
          </Typography.Text>
        </div>
        {task.description && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className={styles.description} style={{ margin: '6px 0' }}>
            {task.description}
          </Typography.Paragraph>
        )}
        <Space size={4} wrap>
          <Tag color={levelColours[task.level]}>{t(`todo.levels.${task.level}`)}</Tag>
          <Tag color={statusColours[task.status]}>{t(`todo.statuses.${task.status}`)}</Tag>
          {task.dueDate && (
            <Tag color={overdue ? 'error' : 'default'}>{overdue ? t('todo.overdue') : t('todo.due', { date: task.dueDate })}</Tag>
          )}
        </Space>
        <Access code="todo:edit">
          <div className={styles.cardActions}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => onEdit(task)}
              aria-label={`${t('table.edit')} ${task.title}`}
            >
              {t('table.edit')}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => onDelete(task)}
              aria-label={`${t('table.delete')} ${task.title}`}
            >
              {t('table.delete')}
            </Button>
          </div>
        </Access>
      </Card>
    </li>
  );
}
