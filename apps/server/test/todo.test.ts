import type { TodoTask, WorkflowTasks } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoWorkflowAccounts } from '../src/bootstrap/demoWorkflow.ts';
import { bearer, createTestApp, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';
import { fillTodos } from './todoFiller.ts';

/** The personal to-do list: levels, statuses, buckets, order by drag and drop, and nobody else's tasks. */
describe(`to-do list (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let mine: Tokens;
  let other: Tokens;

  const call = (tokens: Tokens, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, language = 'en') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(tokens), 'accept-language': language } });
  const add = async (title: string, bucket: number, extra: object = {}) => {
    const response = await call(mine, 'POST', '/api/admin/todos', { title, description: '', level: 2, status: 1, bucket, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as TodoTask;
  };
  const board = async (query = '') => (await call(mine, 'GET', `/api/admin/todos${query}`)).json().data.records as TodoTask[];
  const titlesIn = async (bucket: number) => (await board(`?bucket=${bucket}`)).map((task) => task.title);

  beforeAll(async () => {
    t = await createTestApp();
    other = await signIn(t.app, sysadmin);
    // A new account with no grants at all: the list needs none, and starts empty (demo accounts have tasks).
    const password = 'Todo@2026x';
    const created = await call(other, 'POST', '/api/admin/accounts', {
      userName: 'todo_owner',
      name: 'Todo owner',
      password,
      confirmPassword: password,
      maxSessionNumber: -1,
    });
    expect(created.statusCode, created.body).toBe(200);
    mine = await signIn(t.app, { userName: 'todo_owner', password });
  });
  afterAll(async () => t.close());

  it('keeps each bucket in the order tasks were added, with counts per bucket under the filters', async () => {
    await add('Write the report', 1, { level: 1 });
    await add('Call the supplier', 1);
    await add('Book the room', 2, { level: 3, status: 2, dueDate: '2026-12-01' });
    expect(await titlesIn(1)).toEqual(['Write the report', 'Call the supplier']);
    expect((await board('?bucket=2'))[0]).toMatchObject({ level: 3, status: 2, dueDate: '2026-12-01', position: 0 });

    const counts = (await call(mine, 'GET', '/api/admin/todos/counts')).json().data;
    expect(counts).toEqual({ all: 3, 1: 2, 2: 1, 3: 0, 4: 0 });
    const high = (await call(mine, 'GET', '/api/admin/todos/counts?level=1&status=all')).json().data;
    expect(high).toEqual({ all: 1, 1: 1, 2: 0, 3: 0, 4: 0 });
    expect((await board('?status=2')).map((task) => task.title)).toEqual(['Book the room']);
  });

  it('moves a task between buckets and within one by drag and drop, closing up behind it', async () => {
    const [first] = await board('?bucket=1');
    const moved = await call(mine, 'POST', `/api/admin/todos/${first?.id}/move`, { bucket: 2, index: 0 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await titlesIn(1)).toEqual(['Call the supplier']);
    expect(await titlesIn(2)).toEqual(['Write the report', 'Book the room']);
    expect((await board('?bucket=1'))[0]?.position).toBe(0);

    const [, room] = await board('?bucket=2');
    await call(mine, 'POST', `/api/admin/todos/${room?.id}/move`, { bucket: 2, index: 0 });
    expect(await titlesIn(2)).toEqual(['Book the room', 'Write the report']);
    // An index past the end puts it last.
    await call(mine, 'POST', `/api/admin/todos/${room?.id}/move`, { bucket: 2, index: 99 });
    expect(await titlesIn(2)).toEqual(['Write the report', 'Book the room']);
  });

  it('moves an edited task whose bucket changed to the end of the new bucket', async () => {
    const [supplier] = await board('?bucket=1');
    const edited = await call(mine, 'PUT', `/api/admin/todos/${supplier?.id}`, {
      title: 'Call the supplier again',
      description: 'About the late delivery',
      level: 1,
      status: 2,
      bucket: 2,
      dueDate: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ bucket: 2, position: 2, status: 2, dueDate: null });
    expect(await titlesIn(2)).toEqual(['Write the report', 'Book the room', 'Call the supplier again']);
  });

  it('refuses bad input in the caller language and changes nothing', async () => {
    const before = await board();
    const untitled = await call(mine, 'POST', '/api/admin/todos', { title: '', level: 1, status: 1, bucket: 1 }, 'zh');
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().message).toContain('必填项不能为空');
    const badDate = await call(mine, 'POST', '/api/admin/todos', { title: 'x', level: 1, status: 1, bucket: 1, dueDate: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toContain('Dates are YYYY-MM-DD');
    const badLevel = await call(mine, 'POST', '/api/admin/todos', { title: 'x', level: 4, status: 1, bucket: 1 });
    expect(badLevel.statusCode).toBe(400);
    const badBucket = await call(mine, 'POST', `/api/admin/todos/${before[0]?.id}/move`, { bucket: 5, index: 0 });
    expect(badBucket.statusCode).toBe(400);
    expect(await board()).toEqual(before);
  });

  it("never shows or changes another person's task, whoever asks", async () => {
    const [task] = await board();
    const id = task?.id as number;
    const theirs = (await call(other, 'GET', '/api/admin/todos')).json().data.records as TodoTask[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.map((row) => row.id)).not.toContain(id);
    const attempts = [
      call(other, 'PUT', `/api/admin/todos/${id}`, { title: 'taken', level: 1, status: 1, bucket: 1 }),
      call(other, 'POST', `/api/admin/todos/${id}/move`, { bucket: 4, index: 0 }),
      call(other, 'POST', '/api/admin/todos/delete', { ids: [id] }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(404);
    expect((await board()).find((row) => row.id === id)).toEqual(task);
  });

  it('shows the open workflow tasks of a task:view holder beside the list: assigned, or candidate through a role', async () => {
    const workflowTasks = async (tokens: Tokens) => {
      const response = await call(tokens, 'GET', '/api/admin/todos/workflow-tasks');
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as WorkflowTasks | null;
    };
    const workflowTodo = async (tokens: Tokens) =>
      (await call(tokens, 'GET', '/api/admin/bpm/tasks/todo?size=100')).json().data as { total: number; records: { id: number }[] };

    // No task:view: no workflow tasks, and the to-do answers are what they were.
    const list = (await call(mine, 'GET', '/api/admin/todos')).json();
    const counts = (await call(mine, 'GET', '/api/admin/todos/counts')).json();
    expect(await workflowTasks(mine)).toBeNull();
    expect(Object.keys(list.data)).toEqual(['total', 'records']);
    expect((await call(mine, 'GET', '/api/admin/todos')).json()).toEqual(list);
    expect((await call(mine, 'GET', '/api/admin/todos/counts')).json()).toEqual(counts);

    // The demo's manager approves as a candidate of leave_manager: QJ-2026-0106 waits, two days past due.
    const manager = await signIn(t.app, demoWorkflowAccounts.manager);
    const managers = await workflowTasks(manager);
    expect(managers).toMatchObject({ total: 1, overdue: 1 });
    expect(managers?.records).toEqual([
      expect.objectContaining({ name: '经理审批', definitionName: '请假审批', businessKey: 'QJ-2026-0106' }),
    ]);
    expect(managers?.records[0]?.dueAt).toBeLessThan(t.context.now());
    expect(managers?.records.map((task) => task.id)).toEqual((await workflowTodo(manager)).records.map((task) => task.id));

    // staff01 holds task:view through leave_applicant, but no approver role: only what is assigned to them.
    const applicant = await signIn(t.app, staff);
    expect(await workflowTasks(applicant)).toEqual({ total: 0, overdue: 0, records: [] });
    const started = await call(applicant, 'POST', '/api/admin/bpm/instances', {
      definitionKey: 'leave_approval',
      businessKey: 'QJ-TODO-1',
      variables: {},
    });
    expect(started.statusCode, started.body).toBe(200);
    const own = await workflowTasks(applicant);
    expect(own).toMatchObject({ total: 1, overdue: 0 });
    expect(own?.records).toEqual([expect.objectContaining({ name: '填写请假单', businessKey: 'QJ-TODO-1', dueAt: null })]);
    expect(own?.records.map((task) => task.id)).toEqual((await workflowTodo(applicant)).records.map((task) => task.id));
    expect((await workflowTasks(manager))?.records.map((task) => task.businessKey)).toEqual(['QJ-2026-0106']);
  });

  it('deletes tasks and closes the gaps they leave', async () => {
    const [first] = await board('?bucket=2');
    const deleted = await call(mine, 'POST', '/api/admin/todos/delete', { ids: [first?.id] });
    expect(deleted.json().data).toEqual({ deleted: 1 });
    expect((await board('?bucket=2')).map((task) => task.position)).toEqual([0, 1]);
  });

  it('keeps a list a list: past the limit a new task is refused with its message', async () => {
    await fillTodos(t, 'todo_owner', 2000 - (await board()).length, 3);
    const refused = await call(mine, 'POST', '/api/admin/todos', { title: 'one more', level: 1, status: 1, bucket: 1 }, 'zh');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('待办任务最多2000条，请先删除已完成的任务');
  });
});
