import type { TodoTask } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxTasksPerAccount } from '../src/modules/todo/todoService.ts';
import { createTestApp, namedCalls, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';
import { fillTodos } from './todoFiller.ts';

const password = 'Todo@2026x';

/** The to-do list as a signed-in user without any grant would abuse it: a full list, other people's tasks. */
describe(`to-do abuse (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const tokens: Record<string, Tokens> = {};
  const { call, ok, createAccount } = namedCalls(() => t, tokens);
  const board = async (who: string, query = '') => (await ok(await call(who, 'GET', `/api/admin/todos${query}`))).records as TodoTask[];

  beforeAll(async () => {
    t = await createTestApp();
    tokens.sysadmin = await signIn(t.app, sysadmin);
    for (const userName of ['todo_flood', 'todo_owner', 'todo_thief']) {
      await createAccount({ userName, password, organId: null });
      tokens[userName] = await signIn(t.app, { userName, password });
    }
  });
  afterAll(async () => t.close());

  it('drags the first card of a full list to its end fifty times at once, keeps the list whole, and marks only that card changed', async () => {
    await fillTodos(t, 'todo_flood', maxTasksPerAccount);
    const [first] = await board('todo_flood', '?bucket=4');
    const filled = t.clock.now();
    t.clock.advance(60_000);
    // The drags arrive together; someone else reads their list meanwhile (SQLite has one connection for everybody).
    const moves = Array.from({ length: 50 }, () =>
      call('todo_flood', 'POST', `/api/admin/todos/${first?.id}/move`, { bucket: 4, index: 5000 }),
    );
    const othersRead = call('todo_owner', 'GET', '/api/admin/todos');
    for (const response of await Promise.all(moves)) expect(response.statusCode, response.body).toBe(200);
    expect((await othersRead).statusCode).toBe(200);
    const after = await board('todo_flood', '?bucket=4');
    expect(after.map((task) => task.position)).toEqual(after.map((_, index) => index));
    expect(after.at(-1)?.id).toBe(first?.id);
    expect(after[0]?.title).toBe('filler 1');
    // A drag rewrites one card, not the list: the others keep the time they were last changed.
    expect(after.filter((task) => task.updatedAt !== filled).map((task) => task.id)).toEqual([first?.id]);
  }, 60_000);

  it('keeps every bucket in order with no gaps through moves across buckets and deletes here and there', async () => {
    const add = async (title: string, bucket: number) =>
      (await ok(await call('todo_owner', 'POST', '/api/admin/todos', { title, description: '', level: 2, status: 1, bucket }))) as TodoTask;
    const tasks: TodoTask[] = [];
    for (const title of ['a', 'b', 'c', 'd', 'e', 'f']) tasks.push(await add(title, 1));
    const [a, b, c, , e, f] = tasks;
    await add('x', 2);
    const y = await add('y', 2);
    await ok(await call('todo_owner', 'POST', `/api/admin/todos/${b?.id}/move`, { bucket: 2, index: 1 }));
    await ok(await call('todo_owner', 'POST', `/api/admin/todos/${f?.id}/move`, { bucket: 1, index: 0 }));
    await ok(await call('todo_owner', 'POST', `/api/admin/todos/${a?.id}/move`, { bucket: 1, index: 3 }));
    await ok(await call('todo_owner', 'POST', '/api/admin/todos/delete', { ids: [c?.id, e?.id, y?.id] }));
    const placed = async (bucket: number) =>
      (await board('todo_owner', `?bucket=${bucket}`)).map((task) => `${task.position}:${task.title}`);
    expect(await placed(1)).toEqual(['0:f', '1:d', '2:a']);
    expect(await placed(2)).toEqual(['0:x', '1:b']);
  });

  it("deletes nothing when one of the ids is another person's task, and never reorders their list", async () => {
    const own = (await ok(
      await call('todo_thief', 'POST', '/api/admin/todos', { title: 'mine', description: '', level: 1, status: 1, bucket: 1 }),
    )) as TodoTask;
    const before = await board('todo_owner');
    const [victim] = before;
    const refused = await call('todo_thief', 'POST', '/api/admin/todos/delete', { ids: [own.id, victim?.id] });
    expect(refused.statusCode).toBe(404);
    const moved = await call('todo_thief', 'POST', `/api/admin/todos/${victim?.id}/move`, { bucket: 1, index: 0 });
    expect(moved.statusCode).toBe(404);
    expect(await board('todo_owner')).toEqual(before);
    expect((await board('todo_thief')).map((task) => task.title)).toEqual(['mine']);
  });

  it("keeps a person's own words out of the operation log that administrators read", async () => {
    const words = { title: '看牙医 secret', description: '私事 private note' };
    const task = (await ok(await call('todo_owner', 'POST', '/api/admin/todos', { ...words, level: 2, status: 1, bucket: 3 }))) as TodoTask;
    await ok(await call('todo_owner', 'PUT', `/api/admin/todos/${task.id}`, { ...words, level: 1, status: 2, bucket: 3 }));
    await ok(await call('todo_owner', 'POST', `/api/admin/todos/${task.id}/move`, { bucket: 2, index: 0 }));
    await ok(await call('todo_owner', 'POST', '/api/admin/todos/delete', { ids: [task.id] }));
    const logged = await ok(await call('sysadmin', 'GET', `/api/admin/operation-logs?operation=todo:edit&limit=100`));
    // Created, edited, moved and deleted: four rows, each naming the task by its id alone.
    const ofTask = logged.records.filter(
      (record: { target: string; after: string }) =>
        record.target === `todo:${task.id}` || (record.target === 'todo:new' && record.after.includes(`"id":${task.id},`)),
    );
    expect(ofTask).toHaveLength(4);
    const text = JSON.stringify(logged.records);
    expect(text).not.toMatch(/secret|private|看牙医|私事/);
  });
});
