import type { BpmTaskDetail } from '@qiming/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../core/i18n/i18n.ts';
import { usePermissionStore } from '../../../core/stores/permissionStore.ts';
import { useUserStore } from '../../../core/stores/userStore.ts';
import { bpmApi } from '../bpmApi.ts';
import { bpmFormApi } from './formApi.ts';
import { TaskDrawer } from './TaskDrawer.tsx';

vi.mock('../bpmApi.ts', () => ({
  bpmPaths: { todo: '/admin/bpm/tasks/todo', done: '/admin/bpm/tasks/done' },
  bpmApi: { task: vi.fn(), taskDiagram: vi.fn(), complete: vi.fn(), claim: vi.fn(), addComment: vi.fn() },
}));
vi.mock('./formApi.ts', () => ({ bpmFormApi: { taskForm: vi.fn() } }));
vi.mock('../diagram/BpmnDiagram.tsx', () => ({ default: () => <div>diagram</div> }));

const task: BpmTaskDetail = {
  id: 7,
  instanceId: 3,
  definitionKey: 'leave',
  definitionName: 'Leave approval',
  businessKey: 'L-1',
  activityId: 'Approve',
  name: 'Manager approval',
  assignee: 'manager01',
  candidateUsers: [],
  candidateGroups: [],
  formKey: null,
  formId: null,
  formVersion: null,
  dueAt: null,
  createdAt: 0,
  claimedAt: null,
  endedAt: null,
  status: 'open',
  outcome: null,
  button: null,
  variables: { days: 2 },
  form: null,
  buttons: [
    {
      id: 1,
      code: 'agree',
      name: 'Agree',
      typeCode: 'approval',
      action: 'complete',
      variables: { approved: true },
      sort: 1,
      enabled: true,
    },
    {
      id: 2,
      code: 'reject',
      name: 'Reject',
      typeCode: 'approval',
      action: 'complete',
      variables: { approved: false },
      sort: 2,
      enabled: true,
    },
  ],
  comments: [],
  returnTargets: [],
};

function renderDrawer() {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queries}>
      <TaskDrawer taskId={7} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

describe('the task drawer', () => {
  beforeEach(() => {
    usePermissionStore.setState({ actions: new Set(['task:claim', 'task:complete', 'task:assignee', 'task:comment']) });
    vi.mocked(bpmApi.taskDiagram).mockResolvedValue({ bpmn20Xml: '<xml/>', active: ['Approve'], completed: [] });
    vi.mocked(bpmApi.complete).mockResolvedValue(undefined);
    vi.mocked(bpmFormApi.taskForm).mockResolvedValue({ source: 'none', schema: null, formKey: null, values: {}, businessKeyField: null });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('completes the assignee’s task with a plugin button and the variables added row by row', async () => {
    useUserStore.getState().setUser({
      id: 2,
      userName: 'manager01',
      name: 'M',
      avatar: '',
      introduction: '',
      roles: [],
      menuTypeId: 1,
      isSuper: false,
      passwordExpired: false,
    });
    vi.mocked(bpmApi.task).mockResolvedValue(task);
    renderDrawer();
    // The first drawer of the file loads antd's pieces: on a loaded machine that takes seconds.
    fireEvent.click(await screen.findByText('Add a variable', {}, { timeout: 30_000 }));
    fireEvent.change(await screen.findByPlaceholderText('Name'), { target: { value: 'note' } });
    fireEvent.change(screen.getByPlaceholderText('Value'), { target: { value: 'ok' } });
    // Found by text: role queries over the whole drawer cost seconds in jsdom.
    fireEvent.click(screen.getByText('Reject'));
    await waitFor(() => expect(bpmApi.complete).toHaveBeenCalledWith(7, { variables: { note: 'ok' }, button: 'reject', comment: '' }), {
      timeout: 10_000,
    });
  }, 60_000);

  it('shows a generated form where the model gives camunda:formData, and completes with its values', async () => {
    useUserStore.getState().setUser({
      id: 2,
      userName: 'manager01',
      name: 'M',
      avatar: '',
      introduction: '',
      roles: [],
      menuTypeId: 1,
      isSuper: false,
      passwordExpired: false,
    });
    vi.mocked(bpmApi.task).mockResolvedValue({ ...task, buttons: [] });
    const label = { zh: 'Note', en: 'Note', es: 'Note', ja: 'Note' };
    vi.mocked(bpmFormApi.taskForm).mockResolvedValue({
      source: 'generated',
      schema: { fields: [{ key: 'note', label, kind: 'text', required: true, hidden: false, readOnly: false, span: 24, validators: [] }] },
      formKey: null,
      values: { note: 'from the start' },
      businessKeyField: null,
    });
    renderDrawer();
    expect(await screen.findByDisplayValue('from the start', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Add a variable')).toBeNull();
    fireEvent.click(screen.getByText('Complete'));
    await waitFor(() => expect(bpmApi.complete).toHaveBeenCalledWith(7, { values: { note: 'from the start' }, comment: '' }));
  });

  it('offers a claim, not completion, on a task waiting for one', async () => {
    useUserStore.getState().setUser({
      id: 2,
      userName: 'manager01',
      name: 'M',
      avatar: '',
      introduction: '',
      roles: [],
      menuTypeId: 1,
      isSuper: false,
      passwordExpired: false,
    });
    vi.mocked(bpmApi.task).mockResolvedValue({ ...task, assignee: null, candidateGroups: ['manager'] });
    vi.mocked(bpmApi.claim).mockResolvedValue(task);
    renderDrawer();
    fireEvent.click(await screen.findByText('Claim'));
    await waitFor(() => expect(bpmApi.claim).toHaveBeenCalledWith(7));
    expect(screen.queryByText('Agree')).toBeNull();
  });
});
