import { ApartmentOutlined } from '@ant-design/icons';
import type { OpenWorkflowTask } from '@qiming/shared';
import { Card, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './todo.module.css';

/** Where a workflow task is opened and acted on. */
export const workflowTodoPath = '/bpm/todo';

/** A workflow task in the inbox: read-only, not draggable, opened on the workflow's to-do page. */
export function WorkflowTaskCard({ task, now = Date.now() }: { task: OpenWorkflowTask; now?: number }) {
  const { t } = useTranslation();
  const overdue = task.dueAt !== null && task.dueAt < now;
  return (
    <li className={styles.item} data-workflow-task={task.id}>
      <Card size="small" className={`${styles.card} ${styles.workflowCard}`}>
        <div className={styles.cardHead}>
          <ApartmentOutlined className={styles.workflowIcon} aria-hidden />
          <Link to={workflowTodoPath} className={styles.cardTitle} aria-label={t('todo.openWorkflowTask', { name: task.name })}>
            <Typography.Text strong>{task.name}</Typography.Text>
          </Link>
        </div>
        <Typography.Paragraph type="secondary" className={styles.description} style={{ margin: '6px 0' }}>
          {task.businessKey ? `${task.definitionName} · ${task.businessKey}` : task.definitionName}
        </Typography.Paragraph>
        <Space size={4} wrap>
          <Tag color="purple">{t('todo.workflowTask')}</Tag>
          {task.dueAt !== null && (
            <Tag color={overdue ? 'error' : 'default'}>
              {overdue ? t('todo.overdue') : t('todo.due', { date: dayjs(task.dueAt).format('YYYY-MM-DD HH:mm') })}
            </Tag>
          )}
        </Space>
      </Card>
    </li>
  );
}
