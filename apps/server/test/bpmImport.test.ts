import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuntimeService } from '../src/modules/bpm/runtimeService.ts';
import { TimerStartScheduler } from '../src/modules/bpm/timerStarts.ts';
import { FormService } from '../src/modules/forms/formService.ts';
import { bpmCalls } from './bpmModels.ts';
import { collaboration, cronStartedDemoTask, demoAccountsTask, file, pool, refused, releasable, warned } from './bpmn/importModels.ts';
import { createTestApp, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

/** Models users bring from Camunda 7: imported and released as written, or refused naming what would run code. */
describe(`workflow import (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  const { call, data, openTasks } = bpmCalls(
    () => t,
    () => admin,
  );

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
  });
  afterAll(async () => t.close());

  /** Imports the file as a model and releases it: the release's answer, or the refusal's status and message. */
  const importAndRelease = async (xml: string, language = 'en') => {
    const imported = await call(admin, 'POST', '/models/import', { xml }, language);
    if (imported.statusCode !== 200) return { status: imported.statusCode, message: imported.json().message as string };
    const released = await call(admin, 'POST', `/models/${imported.json().data.id}/release`, undefined, language);
    const body = released.json();
    return { status: released.statusCode, message: body.message as string, release: body.data };
  };

  it.each(releasable)('releases a $kind', async ({ xml }) => {
    const outcome = await importAndRelease(xml);
    expect(outcome.message).toBe('success');
    expect(outcome.status).toBe(200);
    expect(outcome.release.version).toBe(1);
  });

  it.each(warned)('releases $kind with a warning', async ({ xml, warning }) => {
    const outcome = await importAndRelease(xml);
    expect(outcome.status).toBe(200);
    expect(outcome.release.warnings).toEqual(expect.arrayContaining([expect.stringMatching(warning)]));
  });

  it.each(refused)('refuses $kind, naming the element', async ({ xml, message }) => {
    const before = await data(admin, 'GET', '/definitions?limit=100');
    const outcome = await importAndRelease(xml);
    expect(outcome.status).toBe(422);
    expect(outcome.message).toMatch(message);
    expect((await data(admin, 'GET', '/definitions?limit=100')).total).toBe(before.total);
  });

  it('warns and refuses in the caller’s language', async () => {
    const unassigned = file({ processes: [pool('unassigned_zh', ['<bpmn:userTask id="solo" name="Solo" />'], ['solo'])] });
    expect((await importAndRelease(unassigned, 'zh')).release.warnings).toEqual([
      '用户任务 Solo (solo) 没有处理人和候选人：只有任务管理员可以签收',
    ]);
    const javaClass = refused.find((entry) => entry.kind === 'a Java class');
    expect((await importAndRelease(String(javaClass?.xml).replaceAll('javaclass', 'javaclass_es'), 'es')).message).toMatch(
      /^El elemento Pay \(pay\) ejecutaría código en el servidor \(camunda:class\)/,
    );
  });

  const todoIds = async (tokens: Tokens) =>
    (await data(tokens, 'GET', '/tasks/todo?limit=100')).records.map((row: { id: number }) => row.id);

  it('releases a task naming Camunda’s demo accounts with a warning and gives it to the task administrators', async () => {
    const outcome = await importAndRelease(demoAccountsTask('demo_accounts'));
    expect(outcome.status).toBe(200);
    expect(outcome.release.warnings).toEqual(
      expect.arrayContaining([
        'The account demo named by Approve (approve) does not exist (a Camunda demo account, say): its tasks go to the task administrators',
        expect.stringMatching(/^The role management named by Approve \(approve\) does not exist/),
      ]),
    );
    const instance = await data(admin, 'POST', '/instances', { definitionKey: 'demo_accounts', businessKey: 'DEMO-1', variables: {} });
    const [task] = await openTasks(instance.id);
    expect(task).toMatchObject({ activityId: 'approve', assignee: null });
    const staffTokens = await signIn(t.app, staff);
    expect(await todoIds(staffTokens)).not.toContain(task.id);
    expect(await todoIds(admin)).toContain(task.id);
    expect((await data(admin, 'POST', `/tasks/${task.id}/claim`)).assignee).toBe('sysadmin');
    await data(admin, 'POST', `/tasks/${task.id}/complete`, {});
    expect((await data(admin, 'GET', `/instances/${instance.id}`)).state).toBe('completed');
  });

  it('schedules a Quartz cron timer start at its next time, starts the instance then and schedules the next one', async () => {
    const fiveMinutes = 300_000;
    const outcome = await importAndRelease(cronStartedDemoTask('cron_start'));
    expect(outcome.status).toBe(200);
    // `0 0/5 * * * ?`: second 0 of every fifth minute, the first one after the release.
    const firstDue = Math.floor(t.clock.now() / fiveMinutes) * fiveMinutes + fiveMinutes;
    const dueAt = async () =>
      Number(
        (
          await t.context.db
            .selectFrom('bpm_start_timer')
            .select('due_at')
            .where('definition_id', '=', outcome.release.id)
            .executeTakeFirstOrThrow()
        ).due_at,
      );
    expect(await dueAt()).toBe(firstDue);
    const scheduler = new TimerStartScheduler(t.context, new RuntimeService(t.context, new FormService(t.context)), (error) => {
      throw error;
    });
    expect(await scheduler.poll()).toBe(0);
    t.clock.advance(firstDue - t.clock.now());
    expect(await scheduler.poll()).toBe(1);
    expect(await dueAt()).toBe(firstDue + fiveMinutes);
    const [instance] = (await data(admin, 'GET', '/instances?definitionKey=cron_start&limit=20')).records;
    expect(instance).toMatchObject({ state: 'running', startedBy: 'system' });
    // demo, kermit and management do not exist; staff01, the one candidate that does, gets the task.
    const [task] = await openTasks(instance.id);
    expect(task).toMatchObject({ activityId: 'review', assignee: null });
    expect(await todoIds(await signIn(t.app, staff))).toContain(task.id);
  });

  it('lets an intermediate timer on a Quartz cron cycle wait for its next time, at most one cycle away', async () => {
    const cycle = releasable.find((entry) => entry.kind === 'Quartz cron timer cycle');
    expect((await importAndRelease(String(cycle?.xml).replaceAll('cron_cycle', 'cron_wait'))).status).toBe(200);
    const instance = await data(admin, 'POST', '/instances', { definitionKey: 'cron_wait', businessKey: 'CRON-1', variables: {} });
    expect(instance.state).toBe('running');
    const timer = await t.context.db
      .selectFrom('bpm_timer')
      .select('due_at')
      .where('instance_id', '=', instance.id)
      .executeTakeFirstOrThrow();
    // bpmn-engine counts from the wall clock, the scheduler from the test clock: the wait is what must hold.
    const wait = Number(timer.due_at) - t.clock.now();
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(300_000);
  });

  it('makes each executable process of a collaboration its own definition, running only itself', async () => {
    const outcome = await importAndRelease(collaboration);
    expect(outcome.status).toBe(200);
    expect(outcome.release.key).toBe('shop');
    expect(outcome.release.others.map((other: { key: string }) => other.key)).toEqual(['stock']);
    expect(outcome.release.warnings).toEqual(
      expect.arrayContaining([expect.stringMatching(/process customer \(customer\) is not executable/)]),
    );
    const stock = await data(admin, 'GET', `/definitions/${outcome.release.others[0].id}/xml`);
    const executable = (xml: string) => [...xml.matchAll(/<bpmn:process id="(\w+)"[^>]*isExecutable="true"/g)].map((match) => match[1]);
    expect(executable(stock.bpmn20Xml)).toEqual(['stock']);
    expect(executable((await data(admin, 'GET', `/definitions/${outcome.release.id}/xml`)).bpmn20Xml)).toEqual(['shop']);
    // The shop's definition knows the tasks of the stock process it calls inside the same file.
    expect(outcome.release.userTasks.map((task: { activityId: string }) => task.activityId)).toEqual(['pack', 'count']);
    // A second release of the file is the next version of both keys.
    const model = (await data(admin, 'GET', '/models?key=shop')).records[0];
    const again = await data(admin, 'POST', `/models/${model.id}/release`);
    expect([again.version, again.others[0].version]).toEqual([2, 2]);
  });

  it('seeds every demo model with its diagram, released: a message catch, an external task, a call activity and a timer start', async () => {
    const models = (await data(admin, 'GET', '/models?limit=100')).records as Array<{ id: number; key: string }>;
    const demo = ['leave_approval', 'demo_order', 'demo_invoice', 'demo_equipment', 'demo_onboarding', 'demo_daily_check'];
    expect(models.map((model) => model.key)).toEqual(expect.arrayContaining(demo));
    for (const model of models.filter((candidate) => demo.includes(candidate.key))) {
      const { xml } = await data(admin, 'GET', `/models/${model.id}`);
      // Every flow node and flow has its shape or edge, so the diagram draws it.
      const ids = [...xml.matchAll(/<bpmn:(?!definitions|process|message|conditionExpression|extensionElements)\w+ id="([^"]+)"/g)].map(
        (match) => match[1],
      );
      const drawn = new Set([...xml.matchAll(/bpmnElement="([^"]+)"/g)].map((match) => match[1]));
      expect(ids.length).toBeGreaterThan(4);
      expect(ids.filter((id) => !drawn.has(id))).toEqual([]);
    }
    const definitions = (await data(admin, 'GET', '/definitions?limit=100&latestOnly=true')).records as Array<{ key: string }>;
    expect(definitions.map((definition) => definition.key)).toEqual(expect.arrayContaining(demo));
    const invoice = await data(admin, 'GET', `/models/${models.find((model) => model.key === 'demo_invoice')?.id}`);
    expect(invoice.xml).toContain('camunda:type="external" camunda:topic="demo-invoice"');
  });

  it('imports a model that holds code as a draft to fix: release refuses it until the class becomes an external task', async () => {
    const withClass = file({
      processes: [pool('fixme', ['<bpmn:serviceTask id="pay" name="Pay" camunda:class="org.example.Pay" />'], ['pay'])],
    });
    const imported = await data(admin, 'POST', '/models/import', { xml: withClass });
    expect(imported.key).toBe('fixme');
    const refusal = await call(admin, 'POST', `/models/${imported.id}/release`);
    expect([refusal.statusCode, refusal.json().message]).toEqual([422, expect.stringMatching(/Pay \(pay\) would run code/)]);
    const fixed = withClass.replace('camunda:class="org.example.Pay"', 'camunda:type="external" camunda:topic="pay"');
    await data(admin, 'PUT', `/models/${imported.id}`, { key: 'fixme', name: 'fixme', category: '', description: '', xml: fixed });
    expect((await data(admin, 'POST', `/models/${imported.id}/release`)).version).toBe(1);
    const badId = file({ processes: [pool('x'.repeat(70), [], [])] });
    const unusable = await call(admin, 'POST', '/models/import', { xml: badId });
    expect([unusable.statusCode, unusable.json().message]).toEqual([422, expect.stringContaining('cannot be a key')]);
  });

  it('refuses a file whose second process is another model’s key, releasing nothing', async () => {
    await data(admin, 'POST', '/models', {
      key: 'taken_stock',
      name: 'taken',
      category: '',
      description: '',
      xml: file({ processes: [pool('taken_stock', [], [])] }),
    });
    const xml = file({ processes: [pool('owner', [], []), pool('taken_stock', [], [])] });
    const before = (await data(admin, 'GET', '/definitions?limit=100')).total;
    const outcome = await importAndRelease(xml);
    expect(outcome.status).toBe(409);
    expect(outcome.message).toMatch(/taken_stock/);
    expect((await data(admin, 'GET', '/definitions?limit=100')).total).toBe(before);
  });
});
