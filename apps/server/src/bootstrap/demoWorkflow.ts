// biome-ignore-all lint/suspicious/noTemplateCurlyInString: BPMN expressions are written ${...}, as Camunda Modeler writes them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Caller } from '../http/caller.ts';
import * as configRepo from '../modules/bpm/configRepo.ts';
import * as modelRepo from '../modules/bpm/modelRepo.ts';
import { ModelService } from '../modules/bpm/modelService.ts';
import * as pluginRepo from '../modules/bpm/pluginRepo.ts';
import { RuntimeService } from '../modules/bpm/runtimeService.ts';
import { FormService } from '../modules/forms/formService.ts';
import { insertAccount } from '../modules/iam/accountRepo.ts';
import { hashPassword } from '../modules/iam/passwords.ts';
import { assignRole, grantOperations, insertRole } from '../modules/iam/roleRepo.ts';
import { demoActors } from './demoActors.ts';
import { type DemoProcess, demoBpmn } from './demoDiagram.ts';

/** The workflow demo's approvers; staff01 applies. */
export const demoWorkflowAccounts = {
  manager: { userName: 'manager01', password: 'Manager@2026', name: '王磊', role: 'leave_manager', roleName: '部门经理' },
  director: { userName: 'director01', password: 'Director@2026', name: '李娜', role: 'leave_director', roleName: '总监' },
};

/** What staff01 gets to apply for leave: start the process, fill and complete its own tasks. */
export const leaveApplicantOperations = ['task:view', 'task:start', 'task:complete', 'task:comment', 'form:fill'];
const approverOperations = [
  'task:view',
  'task:claim',
  'task:complete',
  'task:comment',
  'task:assignee',
  'task:unclaim',
  'task:recall',
  'task:return',
  'form:fill',
];

/**
 * Leave approval as Camunda Modeler writes it, diagram included: the applicant fills the leave request, a
 * manager agrees or rejects, and over three days a director decides too.
 */
export function leaveApprovalXml(formId: number): string {
  const buttons =
    '<bpmn:extensionElements><camunda:properties><camunda:property name="buttons" value="agree,reject"/></camunda:properties></bpmn:extensionElements>';
  const approver = (group: string) => `camunda:candidateGroups="${group}" camunda:dueDate="P2D"`;
  return demoBpmn({
    id: 'leave_approval',
    name: '请假审批',
    nodes: [
      // The applicant fills the leave request's cloud form in the first task, not at the start.
      { id: 'start', kind: 'startEvent', name: '提交请假', at: [0, 0] },
      {
        id: 'apply',
        kind: 'userTask',
        name: '填写请假单',
        attributes: `camunda:assignee="\${initiator}" camunda:formKey="form:${formId}"`,
        at: [1, 0],
      },
      { id: 'managerApprove', kind: 'userTask', name: '经理审批', attributes: approver('leave_manager'), inner: buttons, at: [2, 0] },
      { id: 'managerDecision', kind: 'exclusiveGateway', name: '经理同意？', attributes: 'default="toDays"', at: [3, 0] },
      { id: 'daysCheck', kind: 'exclusiveGateway', name: '超过三天？', attributes: 'default="toApproved"', at: [4, 0] },
      { id: 'directorApprove', kind: 'userTask', name: '总监审批', attributes: approver('leave_director'), inner: buttons, at: [5, 1] },
      { id: 'directorDecision', kind: 'exclusiveGateway', name: '总监同意？', attributes: 'default="directorToApproved"', at: [6, 1] },
      { id: 'approved', kind: 'endEvent', name: '已批准', at: [7, 0] },
      { id: 'rejected', kind: 'endEvent', name: '已驳回', at: [7, 2] },
    ],
    flows: [
      { id: 'toApply', from: 'start', to: 'apply' },
      { id: 'toManager', from: 'apply', to: 'managerApprove' },
      { id: 'toManagerDecision', from: 'managerApprove', to: 'managerDecision' },
      { id: 'managerRejects', from: 'managerDecision', to: 'rejected', condition: '${approved == false}' },
      { id: 'toDays', from: 'managerDecision', to: 'daysCheck' },
      { id: 'toDirector', from: 'daysCheck', to: 'directorApprove', condition: '${days &gt; 3}' },
      { id: 'toApproved', from: 'daysCheck', to: 'approved' },
      { id: 'toDirectorDecision', from: 'directorApprove', to: 'directorDecision' },
      { id: 'directorRejects', from: 'directorDecision', to: 'rejected', condition: '${approved == false}' },
      { id: 'directorToApproved', from: 'directorDecision', to: 'approved' },
    ],
  });
}

/** The invoice request's fields (`camunda:formData`): whom to invoice, how much, and which kind of invoice. */
const invoiceStartForm = `<bpmn:extensionElements><camunda:formData>
  <camunda:formField id="customer" label="客户" type="string"><camunda:validation><camunda:constraint name="required" /><camunda:constraint name="maxlength" config="100" /></camunda:validation></camunda:formField>
  <camunda:formField id="amount" label="金额（元）" type="long"><camunda:validation><camunda:constraint name="required" /><camunda:constraint name="min" config="1" /></camunda:validation></camunda:formField>
  <camunda:formField id="invoiceType" label="发票类型" type="enum" defaultValue="normal"><camunda:value id="normal" name="增值税普通发票" /><camunda:value id="special" name="增值税专用发票" /></camunda:formField>
  <camunda:formField id="urgent" label="加急" type="boolean" defaultValue="false" />
</camunda:formData></bpmn:extensionElements>`;

/** The message the order process waits for; `POST /message` with this name moves it on. */
export const demoPaymentMessage = 'demo_payment_received';
/** The topic of the demo's external task; the demo worker fetches and completes it. */
export const demoInvoiceTopic = 'demo-invoice';

/**
 * The other demo processes, one per feature users bring from Camunda: a message catch, an external task, a
 * call activity calling another demo process, and a timer start. Released with the demo, no instances here
 * (the runtime's demo starts them).
 */
export const demoProcesses: Array<{ process: DemoProcess; category: string; description: string; starters: boolean }> = [
  {
    category: '销售',
    description: '登记订单后等待付款消息（消息中间捕获事件）。',
    starters: true,
    process: {
      id: 'demo_order',
      name: '订单付款',
      roots: [`<bpmn:message id="Message_payment" name="${demoPaymentMessage}" />`],
      nodes: [
        { id: 'start', kind: 'startEvent', name: '收到订单', at: [0, 0] },
        { id: 'register', kind: 'userTask', name: '登记订单', attributes: 'camunda:assignee="${initiator}"', at: [1, 0] },
        {
          id: 'awaitPayment',
          kind: 'intermediateCatchEvent',
          name: '等待付款',
          inner: '<bpmn:messageEventDefinition messageRef="Message_payment" />',
          at: [2, 0],
        },
        { id: 'paid', kind: 'endEvent', name: '已付款', at: [3, 0] },
      ],
      flows: [
        { id: 'toRegister', from: 'start', to: 'register' },
        { id: 'toAwait', from: 'register', to: 'awaitPayment' },
        { id: 'toPaid', from: 'awaitPayment', to: 'paid' },
      ],
    },
  },
  {
    category: '财务',
    description: '开票由外部工作者按主题 demo-invoice 领取并完成（外部任务）。',
    starters: true,
    process: {
      id: 'demo_invoice',
      name: '开具发票',
      nodes: [
        // Camunda's generated form: the start dialog shows these fields, and the server checks a start against them.
        { id: 'start', kind: 'startEvent', name: '申请发票', inner: invoiceStartForm, at: [0, 0] },
        {
          id: 'issueInvoice',
          kind: 'serviceTask',
          name: '开具发票',
          attributes: `camunda:type="external" camunda:topic="${demoInvoiceTopic}"`,
          at: [1, 0],
        },
        { id: 'sendInvoice', kind: 'userTask', name: '寄送发票', attributes: 'camunda:assignee="${initiator}"', at: [2, 0] },
        { id: 'done', kind: 'endEvent', name: '已寄出', at: [3, 0] },
      ],
      flows: [
        { id: 'toIssue', from: 'start', to: 'issueInvoice' },
        { id: 'toSend', from: 'issueInvoice', to: 'sendInvoice' },
        { id: 'toDone', from: 'sendInvoice', to: 'done' },
      ],
    },
  },
  {
    category: '人事',
    description: '由入职流程调用：经理准备设备。',
    starters: false,
    process: {
      id: 'demo_equipment',
      name: '准备设备',
      nodes: [
        { id: 'start', kind: 'startEvent', name: '需要设备', at: [0, 0] },
        { id: 'prepare', kind: 'userTask', name: '准备电脑与门禁', attributes: 'camunda:candidateGroups="leave_manager"', at: [1, 0] },
        { id: 'ready', kind: 'endEvent', name: '设备就绪', at: [2, 0] },
      ],
      flows: [
        { id: 'toPrepare', from: 'start', to: 'prepare' },
        { id: 'toReady', from: 'prepare', to: 'ready' },
      ],
    },
  },
  {
    category: '人事',
    description: '新员工入职：调用“准备设备”流程（调用活动），再由本人确认。',
    starters: true,
    process: {
      id: 'demo_onboarding',
      name: '员工入职',
      nodes: [
        { id: 'start', kind: 'startEvent', name: '新员工报到', at: [0, 0] },
        {
          id: 'callEquipment',
          kind: 'callActivity',
          name: '准备设备',
          attributes: 'calledElement="demo_equipment"',
          inner: '<bpmn:extensionElements><camunda:in variables="all" /></bpmn:extensionElements>',
          at: [1, 0],
        },
        { id: 'confirm', kind: 'userTask', name: '确认入职', attributes: 'camunda:assignee="${initiator}"', at: [2, 0] },
        { id: 'onboarded', kind: 'endEvent', name: '已入职', at: [3, 0] },
      ],
      flows: [
        { id: 'toCall', from: 'start', to: 'callEquipment' },
        { id: 'toConfirm', from: 'callEquipment', to: 'confirm' },
        { id: 'toOnboarded', from: 'confirm', to: 'onboarded' },
      ],
    },
  },
  {
    category: '运营',
    description: '每天自动开始（定时启动事件）：经理记录巡检结果。',
    starters: false,
    process: {
      id: 'demo_daily_check',
      name: '每日巡检',
      nodes: [
        {
          id: 'everyDay',
          kind: 'startEvent',
          name: '每天',
          inner:
            '<bpmn:timerEventDefinition><bpmn:timeCycle xsi:type="bpmn:tFormalExpression">R/P1D</bpmn:timeCycle></bpmn:timerEventDefinition>',
          at: [0, 0],
        },
        { id: 'inspect', kind: 'userTask', name: '记录巡检', attributes: 'camunda:candidateGroups="leave_manager"', at: [1, 0] },
        { id: 'checked', kind: 'endEvent', name: '已巡检', at: [2, 0] },
      ],
      flows: [
        { id: 'toInspect', from: 'everyDay', to: 'inspect' },
        { id: 'toChecked', from: 'inspect', to: 'checked' },
      ],
    },
  },
];

const leaves = {
  short: { leaveType: 'annual', days: 2, period: ['2026-12-07', '2026-12-08'], reason: '家中有事。', phone: '13812345678' },
  long: { leaveType: 'annual', days: 5, period: ['2026-12-21', '2026-12-25'], reason: '年底回乡探亲。', handover: '王磊' },
  sick: { leaveType: 'sick', days: 1, period: ['2026-11-24', '2026-11-24'], reason: '感冒就医。' },
  personal: { leaveType: 'personal', days: 3, period: ['2026-12-14', '2026-12-16'], reason: '办理搬家手续。' },
};

/**
 * The workflow demo: approver accounts and roles, the applicant's role for staff01, the approval
 * buttons, the leave-approval process released with the demo's leave-request form, and instances in
 * every state, each produced by the engine through the runtime's own commands. Runs inside the first
 * start's transaction, on a clock of its own so the history has durations.
 */
export async function seedDemoWorkflow(db: Kysely<Database>, menuTypeId: number, now: number, staffAccountId: number): Promise<void> {
  const applicantRole = await insertRole(db, { roleCode: 'leave_applicant', roleName: '请假申请人', roleType: 'common' });
  await grantOperations(db, applicantRole, leaveApplicantOperations);
  await assignRole(db, staffAccountId, applicantRole);
  const technology = await db.selectFrom('iam_organ').select('id').where('organ_code', '=', 'QM_TECH').executeTakeFirst();
  const people: Record<string, { id: number; userName: string }> = {};
  for (const [key, person] of Object.entries(demoWorkflowAccounts)) {
    const role = await insertRole(db, { roleCode: person.role, roleName: person.roleName, roleType: 'common' });
    await grantOperations(db, role, approverOperations);
    const id = await insertAccount(
      db,
      {
        userName: person.userName,
        name: person.name,
        passwordHash: await hashPassword(person.password),
        menuTypeId,
        introduction: 'Demo approver: decides leave requests.',
        now,
      },
      { organ_id: technology?.id ?? null },
    );
    await assignRole(db, id, role);
    people[key] = { id, userName: person.userName };
  }

  await pluginRepo.insertType(db, { code: 'approval', name: '审批', description: '同意或驳回申请。', sort: 1 });
  for (const [sort, [code, name, approved]] of (
    [
      ['agree', '同意', true],
      ['reject', '驳回', false],
    ] as const
  ).entries()) {
    await pluginRepo.insertButton(db, {
      code,
      name,
      typeCode: 'approval',
      action: 'complete',
      variables: { approved },
      sort,
      enabled: true,
    });
  }
  await configRepo.insertParticipant(db, { definitionKey: 'leave_approval', kind: 'role', ref: 'leave_applicant' }, now);

  // Everything happened over the last ten days, an hour or a day apart.
  const { context, later, callerOf } = demoActors(db, now, 10 * 24);
  const admin = await db.selectFrom('iam_account').select('id').where('user_name', '=', 'sysadmin').executeTakeFirstOrThrow();
  const sysadmin = callerOf(admin.id, 'sysadmin', true);
  const staff = callerOf(staffAccountId, 'staff01');
  const manager = callerOf(people.manager?.id ?? 0, 'manager01');
  const director = callerOf(people.director?.id ?? 0, 'director01');

  const form = await db.selectFrom('form_def').select('id').where('model_name', '=', 'LeaveRequest').executeTakeFirstOrThrow();
  const forms = new FormService(context);
  const modelId = await modelRepo.insertModel(
    db,
    {
      key: 'leave_approval',
      name: '请假审批',
      category: '人事',
      description: '员工请假：经理审批，超过三天再由总监审批。',
      xml: leaveApprovalXml(form.id),
    },
    'sysadmin',
    context.now(),
  );
  const models = new ModelService(context, forms);
  await models.release(sysadmin, modelId);
  for (const { process, category, description, starters } of demoProcesses) {
    const id = await modelRepo.insertModel(
      db,
      { key: process.id, name: process.name, category, description, xml: demoBpmn(process) },
      'sysadmin',
      context.now(),
    );
    await models.release(sysadmin, id);
    if (starters) await configRepo.insertParticipant(db, { definitionKey: process.id, kind: 'role', ref: 'leave_applicant' }, now);
  }

  const runtime = new RuntimeService(context, forms);
  const openTask = async (instanceId: number, activityId: string) => {
    const task = await db
      .selectFrom('bpm_task')
      .select('id')
      .where('instance_id', '=', instanceId)
      .where('activity_id', '=', activityId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    return task.id;
  };
  /** staff01 starts a request and sends its form; answers the instance id. */
  const apply = async (businessKey: string, values: Record<string, unknown>) => {
    later(1);
    const instance = await runtime.start(staff, { definitionKey: 'leave_approval', businessKey, variables: {} });
    const id = instance?.id ?? 0;
    later(1);
    await runtime.complete(staff, await openTask(id, 'apply'), { variables: {}, values, comment: '' });
    return id;
  };
  const decide = async (caller: Caller, instanceId: number, activityId: string, button: 'agree' | 'reject', comment: string) => {
    later(20);
    const taskId = await openTask(instanceId, activityId);
    await runtime.claim(caller, taskId);
    later(2);
    await runtime.complete(caller, taskId, { variables: {}, button, comment });
  };

  const completed = await apply('QJ-2026-0101', leaves.short);
  await decide(manager, completed, 'managerApprove', 'agree', '同意，注意交接。');
  const rejected = await apply('QJ-2026-0102', leaves.long);
  await decide(manager, rejected, 'managerApprove', 'agree', '');
  await decide(director, rejected, 'directorApprove', 'reject', '年底项目上线，请改期。');
  const terminated = await apply('QJ-2026-0103', leaves.personal);
  later(3);
  await runtime.transition(sysadmin, terminated, 'terminate');
  const suspended = await apply('QJ-2026-0104', leaves.sick);
  later(1);
  await runtime.transition(sysadmin, suspended, 'suspend');
  const atDirector = await apply('QJ-2026-0105', leaves.long);
  await decide(manager, atDirector, 'managerApprove', 'agree', '同意，转总监审批。');
  await apply('QJ-2026-0106', leaves.short);
}
