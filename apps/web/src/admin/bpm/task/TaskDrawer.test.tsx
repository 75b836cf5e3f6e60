import type { BpmTaskDetail } from '@qiming/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../core/i18n/i18n.ts';
import { usePermissionStore } from '../../../core/stores/permissionStore.ts';
import { useUserStore } from '../../../core/stores/userStore.ts';
import { bpmApi } from '../bpmApi.ts';
import { TaskDrawer } from './TaskDrawer.tsx';

vi.mock('../bpmApi.ts', () => ({
  bpmPaths: { todo: '/admin/bpm/tasks/todo', done: '/admin/bpm/tasks/done' },
  bpmApi: { task: vi.fn(), taskDiagram: vi.fn(), complete: vi.fn(), claim: vi.fn(), addComment: vi.fn() },
}));
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
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('completes the assignee’s task with a plugin button and the variables typed in', async () => {
    useUserStore
      .getState()
      .setUser({ id: 2, userName: 'manager01', name: 'M', avatar: '', introduction: '', roles: [], menuTypeId: 1, isSuper: false });
    vi.mocked(bpmApi.task).mockResolvedValue(task);
    renderDrawer();
    fireEvent.change(await screen.findByLabelText('Variables (JSON)'), { target: { value: '{"note": "ok"}' } });
    // Found by text: role queries over the whole drawer cost seconds in jsdom.
    fireEvent.click(screen.getByText('Reject'));
    await waitFor(() => expect(bpmApi.complete).toHaveBeenCalledWith(7, { variables: { note: 'ok' }, button: 'reject', comment: '' }));
  });

  it('offers a claim, not completion, on a task waiting for one', async () => {
    useUserStore
      .getState()
      .setUser({ id: 2, userName: 'manager01', name: 'M', avatar: '', introduction: '', roles: [], menuTypeId: 1, isSuper: false });
    vi.mocked(bpmApi.task).mockResolvedValue({ ...task, assignee: null, candidateGroups: ['manager'] });
    vi.mocked(bpmApi.claim).mockResolvedValue(task);
    renderDrawer();
    fireEvent.click(await screen.findByText('Claim'));
    await waitFor(() => expect(bpmApi.claim).toHaveBeenCalledWith(7));
    expect(screen.queryByText('Agree')).toBeNull();
  });
});
