import fs from 'node:fs';
import { BasicAuthInterceptor, Client, Variables } from 'camunda-external-task-client-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { instanceIncidents } from '../src/modules/bpm/incidents.ts';
import { bpmCalls } from './bpmModels.ts';
import { createTestApp, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const invoiceXml = fs.readFileSync(new URL('./bpmn/camunda/invoice_external.bpmn', import.meta.url), 'utf8');

interface LockedTask {
  id: string;
  processInstanceId: string;
  businessKey: string | null;
  variables: { get(name: string): unknown; getAll(): Record<string, unknown> };
}
interface TaskService {
  complete(task: LockedTask, variables?: unknown): Promise<void>;
  handleFailure(
    task: LockedTask,
    options: { errorMessage: string; errorDetails?: string; retries: number; retryTimeout: number },
  ): Promise<void>;
  handleBpmnError(task: LockedTask, errorCode: string, errorMessage?: string, variables?: unknown): Promise<void>;
  extendLock(task: LockedTask, newDuration: number): Promise<void>;
}
type Handler = (args: { task: LockedTask; taskService: TaskService }) => Promise<void>;

/** Polls until `check` answers a value, for up to 20 s: the worker runs on its own schedule. */
async function eventually<T>(check: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + 20_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Camunda's own npm worker, unmodified, against a Qiming server listening on a port: it fetches and locks
 * tasks of a topic with Basic credentials of a Qiming account, and its completions, failures, BPMN errors
 * and lock extensions drive the instances as they would drive Camunda's.
 */
describe(`camunda-external-task-client-js drives Qiming (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let baseUrl: string;
  const clients: Array<{ stop(): void }> = [];
  const failures: unknown[] = [];
  const { data, release } = bpmCalls(
    () => t,
    () => admin,
  );

  /** A worker on the topic that hands each task to `handler`; stopped after the test. */
  /** An invoice with a business key of its own: each test's worker subscribes to its key only. */
  const startInvoice = (businessKey: string, variables: object) =>
    data(admin, 'POST', '/instances', { definitionKey: 'invoice_external', businessKey, variables });

  /**
   * A worker on the topic, for one business key, that hands each task to `handler`; stopped after the test.
   * The key keeps a stopped worker's last held fetch from locking the next test's task.
   */
  const worker = (businessKey: string, handler: Handler, workerId = 'invoice-worker') => {
    const client = new Client({
      baseUrl,
      workerId,
      interceptors: new BasicAuthInterceptor({ username: sysadmin.userName, password: sysadmin.password }),
      asyncResponseTimeout: 2000,
      lockDuration: 30_000,
      interval: 100,
      autoPoll: false,
    });
    // The client reports a refused poll or command only through its events: each one fails the test.
    const failed = (error: unknown) => failures.push(error instanceof Error ? error.message : String(error));
    client.on('poll:error', failed);
    client.on('handler:error', failed);
    client.subscribe('invoice-charge', { businessKey }, handler as never);
    client.start();
    clients.push(client);
    return client;
  };
  const stopWorkers = () => {
    for (const client of clients.splice(0)) client.stop();
  };

  beforeAll(async () => {
    t = await createTestApp({ realTime: true });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${address.port}/engine-rest`;
    admin = await signIn(t.app, sysadmin);
    await release('invoice_external', invoiceXml);
  });
  afterEach(() => {
    stopWorkers();
    expect(failures.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await t.close();
  });

  const instance = (id: number) => data(admin, 'GET', `/instances/${id}`);

  it('completes a task with typed variables: the instance goes on and the variables are process variables', async () => {
    const started = await startInvoice('INV-complete', { amount: 120, customer: 'ACME' });
    const seen: Array<Record<string, unknown>> = [];
    worker('INV-complete', async ({ task, taskService }) => {
      seen.push({ ...task.variables.getAll(), businessKey: task.businessKey, processInstanceId: task.processInstanceId });
      const variables = new Variables()
        .set('paid', true)
        .set('receipt', { number: 'R-1', lines: [1, 2] })
        .set('fee', 2.5);
      await taskService.complete(task, variables);
    });
    const detail = await eventually(async () => {
      const current = await instance(started.id);
      return current.tasks.some((task: { activityId: string }) => task.activityId === 'review') ? current : undefined;
    });
    stopWorkers();
    expect(seen).toEqual([
      expect.objectContaining({ amount: 120, customer: 'ACME', businessKey: 'INV-complete', processInstanceId: String(started.id) }),
    ]);
    expect(detail.variables).toMatchObject({ amount: 120, paid: true, receipt: { number: 'R-1', lines: [1, 2] }, fee: 2.5 });
    expect(detail.tasks).toEqual([expect.objectContaining({ activityId: 'review', status: 'open', assignee: 'sysadmin' })]);
    // The completed task is gone from the external task list.
    const open = await t.app.inject({ method: 'GET', url: `/engine-rest/external-task?processInstanceId=${started.id}`, headers: basic() });
    expect(open.json()).toEqual([]);
  });

  it('reports failures with retries, then an incident once no retry is left', async () => {
    const started = await startInvoice('INV-failure', { amount: 99 });
    const attempts: number[] = [];
    worker('INV-failure', async ({ task, taskService }) => {
      if (task.processInstanceId !== String(started.id)) return;
      attempts.push(attempts.length + 1);
      const retries = attempts.length === 1 ? 1 : 0;
      await taskService.handleFailure(task, {
        errorMessage: `gateway down (${attempts.length})`,
        errorDetails: 'HTTP 503',
        retries,
        retryTimeout: 0,
      });
    });
    const incidents = await eventually(async () => {
      const found = await instanceIncidents(t.context.db, started.id);
      return found.length > 0 ? found : undefined;
    });
    stopWorkers();
    expect(attempts).toEqual([1, 2]);
    expect(incidents).toEqual([
      expect.objectContaining({ elementId: 'charge', kind: 'externalTask', message: 'gateway down (2)', state: 'open' }),
    ]);
    const [task] = (
      await t.app.inject({ method: 'GET', url: `/engine-rest/external-task?processInstanceId=${started.id}`, headers: basic() })
    ).json();
    expect(task).toMatchObject({ retries: 0, errorMessage: 'gateway down (2)', topicName: 'invoice-charge', activityId: 'charge' });
    expect((await instance(started.id)).state).toBe('running');
  });

  it('throws a BPMN error that the boundary error event catches', async () => {
    const started = await startInvoice('INV-bpmn-error', { amount: 5000 });
    worker('INV-bpmn-error', async ({ task, taskService }) => {
      if (task.processInstanceId !== String(started.id)) return;
      await taskService.handleBpmnError(task, 'CARD_DECLINED', 'insufficient funds', new Variables().set('declineReason', 'funds'));
    });
    const detail = await eventually(async () => {
      const current = await instance(started.id);
      return current.state === 'completed' ? current : undefined;
    });
    stopWorkers();
    expect(detail.variables).toMatchObject({ declineReason: 'funds' });
    const passed = detail.activities.map((activity: { activityId: string }) => activity.activityId);
    expect(passed).toContain('declinedEnd');
    expect(passed).not.toContain('review');
  });

  it('extends its lock while it works, so no other worker takes the task', async () => {
    const started = await startInvoice('INV-extend', { amount: 1 });
    let expiresBefore = 0;
    let expiresAfter = 0;
    worker('INV-extend', async ({ task, taskService }) => {
      if (task.processInstanceId !== String(started.id)) return;
      expiresBefore = Date.parse((await lockOf(task.id)).lockExpirationTime);
      await taskService.extendLock(task, 600_000);
      expiresAfter = Date.parse((await lockOf(task.id)).lockExpirationTime);
    });
    await eventually(async () => (expiresAfter > 0 ? true : undefined));
    stopWorkers();
    expect(expiresAfter - expiresBefore).toBeGreaterThan(500_000);
  });

  const basic = () => ({
    authorization: `Basic ${Buffer.from(`${sysadmin.userName}:${sysadmin.password}`).toString('base64')}`,
  });
  const lockOf = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/engine-rest/external-task/${id}`, headers: basic() })).json();
});
