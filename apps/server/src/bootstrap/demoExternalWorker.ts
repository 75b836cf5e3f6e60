import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ExternalTaskService } from '../modules/bpm/externalTasks/externalTaskService.ts';
import { RuntimeService } from '../modules/bpm/runtimeService.ts';
import { FormService } from '../modules/forms/formService.ts';
import { insertAccount } from '../modules/iam/accountRepo.ts';
import { hashPassword } from '../modules/iam/passwords.ts';
import { assignRole, grantOperations, insertRole } from '../modules/iam/roleRepo.ts';
import { demoActors } from './demoActors.ts';
import { demoInvoiceTopic } from './demoWorkflow.ts';

/** The demo's worker account: Basic credentials for camunda-external-task-client-js on topic demo-invoice. */
export const demoWorker = { userName: 'worker01', password: 'Worker@2026', role: 'bpm_worker' };

/**
 * The external tasks of the demo, without a worker running inside the product (a worker is a client and
 * calls over HTTP; the server calls no address for it): a worker role and account, one invoice whose task
 * the demo's worker id completed during seeding (the instance waits at "send the invoice"), and one still
 * waiting for any worker to fetch it.
 */
export async function seedDemoExternalTasks(db: Kysely<Database>, menuTypeId: number, now: number): Promise<void> {
  const role = await insertRole(db, { roleCode: demoWorker.role, roleName: '流程外部任务执行者', roleType: 'common' });
  await grantOperations(db, role, ['externalTask:work']);
  const worker = await insertAccount(db, {
    userName: demoWorker.userName,
    name: '开票服务',
    passwordHash: await hashPassword(demoWorker.password),
    menuTypeId,
    introduction: '演示用外部任务账号：通过 /engine-rest 领取并完成开票任务。',
    now,
  });
  await assignRole(db, worker, role);

  const { context, later, callerOf } = demoActors(db, now, 2 * 24);
  const runtime = new RuntimeService(context, new FormService(context));
  // The finance office (sysadmin in the demo) asks for the invoices and sends them once issued.
  const admin = await db.selectFrom('iam_account').select('id').where('user_name', '=', 'sysadmin').executeTakeFirstOrThrow();
  const finance = callerOf(admin.id, 'sysadmin', true);
  const invoices = [
    { businessKey: 'FP-2026-0001', variables: { customer: '杭州市西湖区教育局', amount: 12800 } },
    { businessKey: 'FP-2026-0002', variables: { customer: '宁波市鄞州区教育局', amount: 5600 } },
  ];
  for (const invoice of invoices) {
    later(1);
    await runtime.start(finance, { definitionKey: 'demo_invoice', ...invoice });
  }
  later(1);
  const tasks = new ExternalTaskService(context, runtime);
  const workerId = 'demo-invoice-worker';
  const [first] = await tasks.fetchAndLock(
    {
      workerId,
      maxTasks: 1,
      usePriority: false,
      asyncResponseTimeout: 0,
      topics: [{ topicName: demoInvoiceTopic, lockDuration: 60_000, businessKey: 'FP-2026-0001' }],
    },
    new AbortController().signal,
  );
  if (!first) throw new Error('demo: the first invoice has no external task');
  await tasks.complete(callerOf(worker, demoWorker.userName), first.task.id, workerId, { invoiceNumber: '33010026110001' });
}
