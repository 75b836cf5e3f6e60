import type { BpmPluginButton, BpmTaskDetail } from '@qiming/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Form, Input, List, Modal, Radio, Select, Space, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../core/i18n/formatTimeAgo.ts';
import { toastSuccess } from '../../../core/request/notify.ts';
import { useUserStore } from '../../../core/stores/userStore.ts';
import { Access, useAccess } from '../../crud/Access.tsx';
import { confirmAction } from '../../crud/confirmAction.ts';
import { useSubmit } from '../../crud/useSubmit.ts';
import { FormRenderer } from '../../formRenderer/FormRenderer.tsx';
import { bpmAccess } from '../bpmAccess.ts';
import { bpmApi, bpmPaths } from '../bpmApi.ts';
import { lookupLabel, useAssignableAccounts } from '../bpmLookups.ts';
import { bpmFormApi } from './formApi.ts';
import { offeredCommands, splitButtons } from './taskActions.ts';
import { VariableEditor } from './VariableEditor.tsx';
import { rowsToVariables, type VariableRow } from './variableRows.ts';

const BpmnDiagram = lazy(() => import('../diagram/BpmnDiagram.tsx'));

interface Props {
  taskId: number | null;
  onClose(): void;
}

/** One task: where it stands in the diagram, its form (or variables), its buttons, hand-over actions and comments. */
export function TaskDrawer({ taskId, onClose }: Props) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const detail = useQuery({
    queryKey: ['bpmTask', taskId],
    queryFn: () => bpmApi.task(taskId as number),
    enabled: taskId !== null,
    gcTime: 0,
  });
  const task = detail.data;
  const done = async (message: string, close = true) => {
    toastSuccess(message);
    await queries.invalidateQueries({ queryKey: [bpmPaths.todo] });
    await queries.invalidateQueries({ queryKey: [bpmPaths.done] });
    if (close) onClose();
    else await detail.refetch();
  };
  return (
    <Drawer
      open={taskId !== null}
      onClose={onClose}
      size={980}
      title={task ? t('bpm.task.titleOf', { name: task.name }) : t('bpm.task.title')}
      destroyOnHidden
    >
      {!task ? (
        detail.isError ? (
          <Alert type="error" showIcon title={t('bpm.task.loadFailed')} />
        ) : (
          <Spin />
        )
      ) : (
        <TaskBody task={task} onDone={done} />
      )}
    </Drawer>
  );
}

function TaskBody({ task, onDone }: { task: BpmTaskDetail; onDone(message: string, close?: boolean): Promise<void> }) {
  const { t } = useTranslation();
  const me = useUserStore((state) => state.user?.userName ?? '');
  const can = useAccess();
  const commands = offeredCommands(task, me, task.returnTargets.length);
  const buttons = splitButtons(task.buttons);
  const [decision, setDecision] = useState<string | undefined>(buttons.completing[0]?.code);
  const [comment, setComment] = useState('');
  const [variablesForm] = Form.useForm<{ variables: VariableRow[] }>();
  const [dialog, setDialog] = useState<'assign' | 'return' | null>(null);
  const { busy, submit } = useSubmit();
  const diagram = useQuery({
    queryKey: ['bpmTaskDiagram', task.id, task.status, task.assignee],
    queryFn: () => bpmApi.taskDiagram(task.id),
    retry: false,
  });

  const run = async (action: () => Promise<unknown>, message: string, close = true) => {
    if (await submit(action)) await onDone(message, close);
  };

  const completeWith = async (input: { values?: Record<string, unknown>; variables?: Record<string, unknown>; button?: string }) => {
    const problems = await bpmApi.complete(task.id, { ...input, comment });
    if (!problems) await onDone(t('bpm.task.completed'));
    return problems;
  };

  const completeWithVariables = async (button?: BpmPluginButton) => {
    const rows = await variablesForm.validateFields().catch(() => undefined);
    if (!rows) return;
    await submit(() => completeWith({ variables: rowsToVariables(rows.variables), button: button?.code }));
  };

  const canComplete = commands.includes('complete') && can(bpmAccess.taskComplete);
  // Who completes gets the task's form as the model gives it (cloud, generated or none); others read what was kept.
  const taskForm = useQuery({
    queryKey: ['bpmTaskForm', task.id],
    queryFn: () => bpmFormApi.taskForm(task.id),
    enabled: canComplete,
    gcTime: 0,
  });
  const schema = canComplete ? (taskForm.data?.schema ?? null) : task.form;
  const formValues = canComplete ? (taskForm.data?.values ?? {}) : task.variables;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions size="small" bordered column={2}>
        <Descriptions.Item label={t('bpm.task.process')}>{task.definitionName}</Descriptions.Item>
        <Descriptions.Item label={t('bpm.task.businessKey')}>{task.businessKey || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('bpm.task.assignee')}>{task.assignee ?? <Tag>{t('bpm.task.unassigned')}</Tag>}</Descriptions.Item>
        <Descriptions.Item label={t('bpm.task.candidates')}>
          {[...task.candidateUsers, ...task.candidateGroups].join(', ') || '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('bpm.task.createdAt')}>{formatDateTime(task.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('bpm.task.dueAt')}>{task.dueAt ? formatDateTime(task.dueAt) : '-'}</Descriptions.Item>
        <Descriptions.Item label={t('bpm.task.status')}>
          {task.status === 'open' ? (
            <Tag color="processing">{t('bpm.task.statusOpen')}</Tag>
          ) : (
            <Tag>{t(`bpm.task.outcomes.${task.outcome ?? 'completed'}`)}</Tag>
          )}
        </Descriptions.Item>
      </Descriptions>

      <Space wrap>
        {commands.includes('claim') && can(bpmAccess.taskClaim) && (
          <Button type="primary" loading={busy} onClick={() => void run(() => bpmApi.claim(task.id), t('bpm.task.claimed'), false)}>
            {t('bpm.task.claim')}
          </Button>
        )}
        {commands.includes('unclaim') && can(bpmAccess.taskUnclaim) && (
          <Button loading={busy} onClick={() => void run(() => bpmApi.unclaim(task.id), t('bpm.task.unclaimed'))}>
            {t('bpm.task.unclaim')}
          </Button>
        )}
        {commands.includes('assign') && can(bpmAccess.taskAssign) && (
          <Button onClick={() => setDialog('assign')}>{buttons.transferring[0]?.name ?? t('bpm.task.reassign')}</Button>
        )}
        {commands.includes('return') && can(bpmAccess.taskReturn) && (
          <Button onClick={() => setDialog('return')}>{buttons.returning[0]?.name ?? t('bpm.task.return')}</Button>
        )}
        {commands.includes('recall') && can(bpmAccess.taskRecall) && (
          <Button
            danger
            loading={busy}
            onClick={async () => {
              if (await confirmAction(t, t('bpm.task.recall'), t('bpm.task.recallConfirm')))
                await run(() => bpmApi.recall(task.id), t('bpm.task.recalled'));
            }}
          >
            {t('bpm.task.recall')}
          </Button>
        )}
      </Space>

      <section aria-label={t('bpm.task.diagram')}>
        <Typography.Title level={5}>{t('bpm.task.diagram')}</Typography.Title>
        {diagram.data ? (
          <Suspense fallback={<Spin />}>
            <BpmnDiagram
              xml={diagram.data.bpmn20Xml}
              label={t('bpm.diagram.labelOf', { name: task.definitionName })}
              markers={{ done: diagram.data.completed, active: diagram.data.active }}
              height={320}
            />
          </Suspense>
        ) : diagram.isError ? (
          <Typography.Text type="secondary">{t('bpm.task.noDiagram')}</Typography.Text>
        ) : (
          <Spin />
        )}
      </section>

      <section aria-label={t('bpm.task.handle')}>
        <Typography.Title level={5}>{schema ? t('bpm.task.form') : t('bpm.task.variablesTitle')}</Typography.Title>
        {canComplete && buttons.completing.length > 0 && schema && (
          <Form.Item label={t('bpm.task.decision')}>
            <Radio.Group
              aria-label={t('bpm.task.decision')}
              value={decision}
              onChange={(event) => setDecision(event.target.value)}
              options={buttons.completing.map((button) => ({ value: button.code, label: button.name }))}
            />
          </Form.Item>
        )}
        {canComplete && (
          <Form.Item label={t('bpm.task.comment')} htmlFor="bpm-task-comment">
            <Input.TextArea
              id="bpm-task-comment"
              value={comment}
              maxLength={1000}
              autoSize={{ minRows: 2 }}
              onChange={(event) => setComment(event.target.value)}
            />
          </Form.Item>
        )}
        {canComplete && !taskForm.data ? (
          taskForm.isError ? (
            <Alert type="error" showIcon title={t('bpm.forms.loadFailed')} />
          ) : (
            <Spin />
          )
        ) : schema ? (
          <FormRenderer
            schema={schema}
            mode={canComplete ? 'edit' : 'readOnly'}
            values={formValues}
            submitLabel={t('bpm.task.complete')}
            onSubmit={async (values) => {
              try {
                return await completeWith({ values, button: decision });
              } catch (error) {
                // A refusal that is not about a field (409: someone else completed it) shows above the form.
                return [{ field: '', message: (error as Error).message }];
              }
            }}
          />
        ) : canComplete ? (
          <>
            <Form form={variablesForm} name="bpm-task-variables" layout="vertical" initialValues={{ variables: [] }}>
              <VariableEditor name="variables" />
            </Form>
            <Space wrap style={{ marginTop: 16 }}>
              {buttons.completing.length > 0 ? (
                buttons.completing.map((button) => (
                  <Button key={button.code} type="primary" loading={busy} onClick={() => void completeWithVariables(button)}>
                    {button.name}
                  </Button>
                ))
              ) : (
                <Button type="primary" loading={busy} onClick={() => void completeWithVariables()}>
                  {t('bpm.task.complete')}
                </Button>
              )}
            </Space>
          </>
        ) : (
          <pre style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(task.variables, null, 2)}</pre>
        )}
      </section>

      <Comments task={task} />

      <AssignDialog
        open={dialog === 'assign'}
        onClose={() => setDialog(null)}
        onAssign={(userName) => run(() => bpmApi.assign(task.id, userName), t('bpm.task.reassigned', { userName }))}
      />
      <Modal
        open={dialog === 'return'}
        title={t('bpm.task.returnTitle')}
        okText={t('bpm.task.return')}
        cancelText={t('table.cancel')}
        onCancel={() => setDialog(null)}
        destroyOnHidden
        okButtonProps={{ form: 'bpm-return', htmlType: 'submit', loading: busy }}
      >
        <Form
          id="bpm-return"
          name="bpm-return"
          layout="vertical"
          initialValues={{ activityId: task.returnTargets[task.returnTargets.length - 1]?.activityId }}
          onFinish={(values: { activityId: string; comment?: string }) =>
            void run(() => bpmApi.returnTo(task.id, values.activityId, values.comment ?? ''), t('bpm.task.returned'))
          }
        >
          <Form.Item name="activityId" label={t('bpm.task.returnTo')} rules={[{ required: true, message: t('validation.selectRequired') }]}>
            <Select options={task.returnTargets.map((target) => ({ value: target.activityId, label: target.name || target.activityId }))} />
          </Form.Item>
          <Form.Item name="comment" label={t('bpm.task.comment')}>
            <Input.TextArea maxLength={1000} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

function AssignDialog({ open, onClose, onAssign }: { open: boolean; onClose(): void; onAssign(userName: string): Promise<void> }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [userName, setUserName] = useState<string>();
  const accounts = useAssignableAccounts(text, open);
  return (
    <Modal
      open={open}
      title={t('bpm.task.reassignTitle')}
      okText={t('bpm.task.reassign')}
      cancelText={t('table.cancel')}
      okButtonProps={{ disabled: !userName }}
      onOk={() => userName && void onAssign(userName)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('bpm.task.reassignTo')} htmlFor="bpm-assign-user">
          <Select
            id="bpm-assign-user"
            showSearch={{ filterOption: false, onSearch: setText }}
            value={userName}
            onChange={setUserName}
            loading={accounts.isFetching}
            options={(accounts.data ?? []).map((account) => ({ value: account.value, label: lookupLabel(account) }))}
            notFoundContent={text ? t('bpm.task.noAccount') : t('bpm.task.typeToSearch')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Comments({ task }: { task: BpmTaskDetail }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const { busy, submit } = useSubmit();
  const queries = useQueryClient();
  const add = async () => {
    if (!message.trim()) return;
    if (await submit(() => bpmApi.addComment(task.id, message.trim()))) {
      setMessage('');
      // The task's answer carries the instance's comments; there is no list of its own.
      await queries.invalidateQueries({ queryKey: ['bpmTask', task.id] });
    }
  };
  return (
    <section aria-label={t('bpm.task.comments')}>
      <Typography.Title level={5}>{t('bpm.task.comments')}</Typography.Title>
      <List
        size="small"
        dataSource={task.comments}
        locale={{ emptyText: t('bpm.task.noComments') }}
        renderItem={(comment) => (
          <List.Item>
            <List.Item.Meta
              title={`${comment.userName} · ${comment.activityName} · ${formatDateTime(comment.createdAt)}`}
              description={comment.message}
            />
          </List.Item>
        )}
      />
      <Access code={bpmAccess.taskComment}>
        <Space.Compact style={{ width: '100%', marginTop: 8 }}>
          <Input
            aria-label={t('bpm.task.newComment')}
            placeholder={t('bpm.task.newComment')}
            value={message}
            maxLength={1000}
            onChange={(event) => setMessage(event.target.value)}
            onPressEnter={() => void add()}
          />
          <Button loading={busy} disabled={!message.trim()} onClick={() => void add()}>
            {t('bpm.task.addComment')}
          </Button>
        </Space.Compact>
      </Access>
    </section>
  );
}
