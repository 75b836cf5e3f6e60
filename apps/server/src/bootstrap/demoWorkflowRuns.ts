// biome-ignore-all lint/suspicious/noTemplateCurlyInString: BPMN expressions are written ${...}, as Camunda Modeler writes them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { EventService } from '../modules/bpm/messageCorrelation.ts';
import * as modelRepo from '../modules/bpm/modelRepo.ts';
import { ModelService } from '../modules/bpm/modelService.ts';
import { RuntimeService } from '../modules/bpm/runtimeService.ts';
import { nextDue } from '../modules/bpm/timerStarts.ts';
import { FormService } from '../modules/forms/formService.ts';
import { demoActors } from './demoActors.ts';
import { demoBpmn } from './demoDiagram.ts';
import { demoPaymentMessage } from './demoWorkflow.ts';

/** A refund routed by its amount: a request whose amount names no route stops at the gateway with an incident. */
const refundProcess = {
  id: 'demo_refund',
  name: '退款审核',
  nodes: [
    { id: 'start', kind: 'startEvent', name: '申请退款', at: [0, 1] as [number, number] },
    { id: 'route', kind: 'exclusiveGateway', name: '金额？', at: [1, 1] as [number, number] },
    {
      id: 'review',
      kind: 'userTask',
      name: '经理审核',
      attributes: 'camunda:candidateGroups="leave_manager"',
      at: [2, 0] as [number, number],
    },
    { id: 'autoRefund', kind: 'endEvent', name: '自动退款', at: [2, 2] as [number, number] },
    { id: 'refunded', kind: 'endEvent', name: '已退款', at: [3, 0] as [number, number] },
  ],
  flows: [
    { id: 'toRoute', from: 'start', to: 'route' },
    { id: 'large', from: 'route', to: 'review', condition: '${amount &gt;= 1000}' },
    { id: 'small', from: 'route', to: 'autoRefund', condition: '${amount &gt; 0 &amp;&amp; amount &lt; 1000}' },
    { id: 'toRefunded', from: 'review', to: 'refunded' },
  ],
};

/**
 * The workflow runtime's demo, run after the processes are released (demoWorkflow.ts), through the runtime's own
 * commands: an order waiting for its payment message and one paid by it, an onboarding whose call activity
 * started the equipment process (prepared, so the onboarding waits for sysadmin's confirmation), and refunds with incidents: one open (no route for a zero amount), one
 * retried with a corrected amount.
 */
export async function seedDemoWorkflowRuns(db: Kysely<Database>, now: number, staffAccountId: number): Promise<void> {
  const { context, later, callerOf } = demoActors(db, now, 2 * 24);
  const admin = await db.selectFrom('iam_account').select('id').where('user_name', '=', 'sysadmin').executeTakeFirstOrThrow();
  const sysadmin = callerOf(admin.id, 'sysadmin', true);
  const staff = callerOf(staffAccountId, 'staff01');
  const forms = new FormService(context);
  const runtime = new RuntimeService(context, forms);
  const events = new EventService(context, runtime);
  const openTask = async (instanceId: number, activityId: string) =>
    (
      await db
        .selectFrom('bpm_task')
        .select('id')
        .where('instance_id', '=', instanceId)
        .where('activity_id', '=', activityId)
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow()
    ).id;

  const order = async (businessKey: string) => {
    later(1);
    const instance = await runtime.start(staff, { definitionKey: 'demo_order', businessKey, variables: { amount: 2680 } });
    later(1);
    await runtime.complete(staff, await openTask(instance.id, 'register'), { variables: {}, comment: '' });
    return instance.id;
  };
  await order('DD-2026-0201');
  await order('DD-2026-0202');
  later(3);
  await events.correlateMessage(sysadmin, {
    messageName: demoPaymentMessage,
    businessKey: 'DD-2026-0202',
    processVariables: { paidAt: '2026-11-26' },
  });

  // The onboarding's call activity starts the equipment process; the manager prepares it, so onboarding waits for its confirmation.
  later(2);
  const onboarding = await runtime.start(sysadmin, {
    definitionKey: 'demo_onboarding',
    businessKey: 'RZ-2026-0301',
    variables: { employee: '李娜' },
  });
  const [equipment] = (await runtime.detail(onboarding.id)).children;
  const managerAccount = await db.selectFrom('iam_account').select('id').where('user_name', '=', 'manager01').executeTakeFirstOrThrow();
  const manager = callerOf(managerAccount.id, 'manager01');
  if (equipment) {
    later(5);
    const prepare = await openTask(equipment.id, 'prepare');
    await runtime.claim(manager, prepare);
    later(1);
    await runtime.complete(manager, prepare, { variables: { laptop: 'ThinkPad X1' }, comment: '' });
  }

  const refundModel = await modelRepo.insertModel(
    db,
    {
      key: refundProcess.id,
      name: refundProcess.name,
      category: '财务',
      description: '退款按金额分流；金额为 0 时没有可走的分支（事件）。',
      xml: demoBpmn(refundProcess),
    },
    'sysadmin',
    context.now(),
  );
  await new ModelService(context, forms).release(sysadmin, refundModel);
  later(1);
  await runtime.start(sysadmin, { definitionKey: 'demo_refund', businessKey: 'TK-2026-0401', variables: { amount: 0 } });
  later(1);
  const corrected = await runtime.start(sysadmin, { definitionKey: 'demo_refund', businessKey: 'TK-2026-0402', variables: { amount: 0 } });
  const [incident] = (await runtime.detail(corrected.id)).incidents;
  later(2);
  if (incident) await runtime.retryIncident(sysadmin, incident.id, { amount: 80 });

  // Timer starts were released on the demo's clock, days ago: their next start is the next one from now, not the missed ones.
  const timers = await db
    .selectFrom('bpm_start_timer as s')
    .innerJoin('bpm_definition as d', 'd.id', 's.definition_id')
    .select(['s.id', 's.kind', 's.spec', 'd.deployed_at'])
    .execute();
  for (const timer of timers) {
    const due = nextDue(timer.kind, timer.spec, Number(timer.deployed_at), 0, now);
    if (due !== null) await db.updateTable('bpm_start_timer').set({ due_at: due }).where('id', '=', timer.id).execute();
  }
}
