// biome-ignore-all lint/suspicious/noTemplateCurlyInString: BPMN expressions are written ${...}, as Camunda Modeler writes them.
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { Caller } from '../http/caller.ts';
import type { AccessCache } from '../modules/auth/accessCache.ts';
import * as configRepo from '../modules/bpm/configRepo.ts';
import * as modelRepo from '../modules/bpm/modelRepo.ts';
import { ModelService } from '../modules/bpm/modelService.ts';
import * as pluginRepo from '../modules/bpm/pluginRepo.ts';
import { RuntimeService } from '../modules/bpm/runtimeService.ts';
import { FormService } from '../modules/forms/formService.ts';
import { insertAccount } from '../modules/iam/accountRepo.ts';
import { hashPassword } from '../modules/iam/passwords.ts';
import { assignRole, grantOperations, insertRole } from '../modules/iam/roleRepo.ts';

const hour = 3_600_000;

/** The workflow demo's approvers; staff01 applies. */
export const demoWorkflowAccounts = {
  manager: { userName: 'manager01', password: 'Manager@2026', name: 'Manager One', role: 'leave_manager' },
  director: { userName: 'director01', password: 'Director@2026', name: 'Director One', role: 'leave_director' },
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
 * Leave approval as Camunda Modeler writes it: the applicant fills the leave request, a manager agrees
 * or rejects, and over three days a director decides too.
 */
export function leaveApprovalXml(formId: number): string {
  const buttons =
    '<extensionElements><camunda:properties><camunda:property name="buttons" value="agree,reject"/></camunda:properties></extensionElements>';
  const condition = (text: string) => `<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${text}</bpmn:conditionExpression>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="Definitions_leave_approval" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="leave_approval" name="请假审批" isExecutable="true">
    <bpmn:startEvent id="start" name="提交请假" camunda:formKey="form:${formId}" />
    <bpmn:userTask id="apply" name="填写请假单" camunda:assignee="\${initiator}" camunda:formKey="form:${formId}" />
    <bpmn:userTask id="managerApprove" name="经理审批" camunda:candidateGroups="leave_manager" camunda:dueDate="P2D">${buttons}</bpmn:userTask>
    <bpmn:exclusiveGateway id="managerDecision" name="经理同意？" default="toDays" />
    <bpmn:exclusiveGateway id="daysCheck" name="超过三天？" default="toApproved" />
    <bpmn:userTask id="directorApprove" name="总监审批" camunda:candidateGroups="leave_director" camunda:dueDate="P2D">${buttons}</bpmn:userTask>
    <bpmn:exclusiveGateway id="directorDecision" name="总监同意？" default="directorToApproved" />
    <bpmn:endEvent id="approved" name="已批准" />
    <bpmn:endEvent id="rejected" name="已驳回" />
    <bpmn:sequenceFlow id="toApply" sourceRef="start" targetRef="apply" />
    <bpmn:sequenceFlow id="toManager" sourceRef="apply" targetRef="managerApprove" />
    <bpmn:sequenceFlow id="toManagerDecision" sourceRef="managerApprove" targetRef="managerDecision" />
    <bpmn:sequenceFlow id="managerRejects" sourceRef="managerDecision" targetRef="rejected">${condition('${approved == false}')}</bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="toDays" sourceRef="managerDecision" targetRef="daysCheck" />
    <bpmn:sequenceFlow id="toDirector" sourceRef="daysCheck" targetRef="directorApprove">${condition('${days &gt; 3}')}</bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="toApproved" sourceRef="daysCheck" targetRef="approved" />
    <bpmn:sequenceFlow id="toDirectorDecision" sourceRef="directorApprove" targetRef="directorDecision" />
    <bpmn:sequenceFlow id="directorRejects" sourceRef="directorDecision" targetRef="rejected">${condition('${approved == false}')}</bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="directorToApproved" sourceRef="directorDecision" targetRef="approved" />
  </bpmn:process>
</bpmn:definitions>`;
}

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
  const applicantRole = await insertRole(db, { roleCode: 'leave_applicant', roleName: 'Leave applicant', roleType: 'common' });
  await grantOperations(db, applicantRole, leaveApplicantOperations);
  await assignRole(db, staffAccountId, applicantRole);
  const technology = await db.selectFrom('iam_organ').select('id').where('organ_code', '=', 'QM_TECH').executeTakeFirst();
  const people: Record<string, { id: number; userName: string }> = {};
  for (const [key, person] of Object.entries(demoWorkflowAccounts)) {
    const role = await insertRole(db, { roleCode: person.role, roleName: `${person.name.split(' ')[0]}s`, roleType: 'common' });
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

  await pluginRepo.insertType(db, { code: 'approval', name: '审批', description: 'Approve or reject the request.', sort: 1 });
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
  let clock = now - 10 * 24 * hour;
  const later = (hours: number) => {
    clock += hours * hour;
  };
  const context = { db, now: () => clock } as unknown as AppContext;
  const callerOf = (accountId: number, userName: string, isSuper = false) =>
    new Caller(
      db,
      undefined as unknown as AccessCache,
      { sessionId: 'demo', accountId, userName, isSuper, expiresAt: now },
      null,
      '127.0.0.1',
      'zh',
    );
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
      category: 'HR',
      description: '员工请假：经理审批，超过三天再由总监审批。',
      xml: leaveApprovalXml(form.id),
    },
    'sysadmin',
    clock,
  );
  await new ModelService(context, forms).release(sysadmin, modelId);

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
