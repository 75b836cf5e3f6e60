import type { Dashboard } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoWorkflowAccounts } from '../src/bootstrap/demoWorkflow.ts';
import { bearer, createTestApp, requestToken, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const client = `username=${sysadmin.userName}&password=${encodeURIComponent(sysadmin.password)}`;

/** The dashboard's cards: real figures, each only for those granted the page it summarises. */
describe(`dashboard (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let reader: Tokens;

  const dashboard = async (tokens: Tokens, offset = 0) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/dashboard?offset=${offset}`, headers: bearer(tokens) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Dashboard;
  };
  const today = (days: { date: string; count: number }[]) => days.at(-1)?.count ?? 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
    reader = await signIn(t.app, staff);
  });
  afterAll(async () => t.close());

  it('gives a dictionary reader only their own to-dos and workflow tasks, and the super administrator every card', async () => {
    const mine = await dashboard(reader);
    expect(Object.keys(mine)).toEqual(['todos', 'workflowTasks']);
    expect(mine.todos).toMatchObject({ all: 3, open: 2 });
    // staff01 may open workflow tasks (leave_applicant) but none is assigned to them.
    expect(mine.workflowTasks).toEqual({ total: 0, overdue: 0 });
    const everything = await dashboard(admin);
    expect(Object.keys(everything).sort()).toEqual(['configChanges', 'recentChanges', 'registry', 'signIns', 'todos', 'workflowTasks']);
    expect(everything.signIns?.succeeded).toHaveLength(7);
    expect(everything.todos.overdue).toBe(1);
  });

  it("counts an approver's open workflow tasks on the to-dos card, and none for an account without task:view", async () => {
    const manager = await dashboard(await signIn(t.app, demoWorkflowAccounts.manager));
    expect(manager.workflowTasks).toEqual({ total: 1, overdue: 1 });

    const password = 'Board@2026x';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts',
      payload: { userName: 'board_plain', name: 'No grants', password, confirmPassword: password, maxSessionNumber: -1 },
      headers: bearer(admin),
    });
    expect(created.statusCode, created.body).toBe(200);
    const plain = await dashboard(await signIn(t.app, { userName: 'board_plain', password }));
    expect(plain).toEqual({ todos: { all: 0, 1: 0, 2: 0, 3: 0, 4: 0, open: 0, overdue: 0 } });
  });

  it('counts what happens: sign-ins, config changes, instances and changes appear at once', async () => {
    const before = await dashboard(admin);
    await signIn(t.app, staff);
    const failed = await requestToken(t.app, staff.userName, 'Wrong@2026');
    expect(failed.statusCode).toBe(400);
    await t.app.inject({
      method: 'POST',
      url: `/nacos/v1/cs/configs?${client}`,
      payload: 'dataId=dashboard.yaml&group=DEFAULT_GROUP&content=a%3A%201',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await t.app.inject({ method: 'POST', url: `/nacos/v1/ns/instance?${client}&serviceName=dashboard-svc&ip=10.9.0.1&port=80` });
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/todos',
      payload: { title: 'x', level: 1, status: 1, bucket: 1 },
      headers: bearer(admin),
    });

    const after = await dashboard(admin);
    // Today's bars hold exactly today's rows of the login log, the new ones included.
    const midnight = Math.floor(t.context.now() / 86_400_000) * 86_400_000;
    const logged = await t.context.db.selectFrom('audit_login_log').select('result').where('login_time', '>=', midnight).execute();
    const succeeded = logged.filter((row) => row.result === 'success').length;
    expect(today(after.signIns?.succeeded ?? [])).toBe(succeeded);
    expect(today(after.signIns?.failed ?? [])).toBe(logged.length - succeeded);
    expect(today(after.signIns?.succeeded ?? [])).toBeGreaterThan(today(before.signIns?.succeeded ?? []));
    expect(today(after.signIns?.failed ?? [])).toBe(today(before.signIns?.failed ?? []) + 1);
    expect(after.configChanges?.total).toBe((before.configChanges?.total ?? 0) + 1);
    expect(after.registry?.healthy).toBe((before.registry?.healthy ?? 0) + 1);
    expect(after.registry?.services).toBe((before.registry?.services ?? 0) + 1);
    expect(after.todos.all).toBe(before.todos.all + 1);
    expect(after.recentChanges?.[0]).toMatchObject({ userName: 'sysadmin', operation: 'todo:edit', result: 'success' });
  });

  it("ends each day at the reader's midnight and refuses an offset no time zone has", async () => {
    const days = (await dashboard(admin, 840)).signIns?.succeeded.map((day) => day.date) ?? [];
    const expected = new Date(t.context.now() + 840 * 60_000).toISOString().slice(0, 10);
    expect(days.at(-1)).toBe(expected);
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard?offset=9999', headers: bearer(admin) });
    expect(refused.statusCode).toBe(400);
  });
});
