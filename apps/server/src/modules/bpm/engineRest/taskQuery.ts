import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { accountByUserName, roleCodesOf } from '../../iam/directoryLookup.ts';
import { camundaDate, definitionIdOf } from './camundaShapes.ts';

export interface TaskQuery {
  processInstanceId?: string;
  processDefinitionKey?: string;
  taskDefinitionKey?: string;
  assignee?: string;
  candidateUser?: string;
  candidateGroup?: string;
  unassigned?: boolean;
  firstResult: number;
  maxResults: number;
}

/**
 * Camunda's GET /task over Qiming's open tasks of running instances: `candidateUser` finds the tasks offered
 * to that user by name or through one of their roles (Camunda's groups), unassigned ones only, as Camunda does.
 */
export async function queryTasks(db: Kysely<Database>, query: TaskQuery) {
  let select = db
    .selectFrom('bpm_task as t')
    .innerJoin('bpm_instance as i', 'i.id', 't.instance_id')
    .select([
      't.id',
      't.task_name',
      't.assignee',
      't.created_at',
      't.due_at',
      't.execution_id',
      't.activity_id',
      't.form_key',
      'i.id as instance_id',
      'i.def_key',
      'i.definition_id',
      'i.state as instance_state',
    ])
    .where('t.status', '=', 'open')
    .where('i.state', 'in', ['running', 'suspended']);
  if (query.processInstanceId !== undefined) select = select.where('i.id', '=', Number(query.processInstanceId));
  if (query.processDefinitionKey !== undefined) select = select.where('i.def_key', '=', query.processDefinitionKey);
  if (query.taskDefinitionKey !== undefined) select = select.where('t.activity_id', '=', query.taskDefinitionKey);
  if (query.assignee !== undefined) select = select.where('t.assignee', '=', query.assignee);
  if (query.unassigned) select = select.where('t.assignee', 'is', null);
  if (query.candidateGroup !== undefined) {
    const group = query.candidateGroup;
    select = select
      .where('t.assignee', 'is', null)
      .where('t.id', 'in', (eb) =>
        eb.selectFrom('bpm_task_candidate').select('task_id').where('kind', '=', 'group').where('ref', '=', group),
      );
  }
  if (query.candidateUser !== undefined) {
    const user = query.candidateUser;
    const account = await accountByUserName(db, user);
    const roles = account ? await roleCodesOf(db, account.id) : [];
    select = select.where('t.assignee', 'is', null).where('t.id', 'in', (eb) =>
      eb
        .selectFrom('bpm_task_candidate as c')
        .select('c.task_id')
        .where((inner) =>
          inner.or([
            inner.and([inner('c.kind', '=', 'user'), inner('c.ref', '=', user)]),
            ...(roles.length > 0 ? [inner.and([inner('c.kind', '=', 'group'), inner('c.ref', 'in', roles)])] : []),
          ]),
        ),
    );
  }
  const rows = await select
    .orderBy('t.created_at', 'asc')
    .orderBy('t.id', 'asc')
    .offset(query.firstResult)
    .limit(query.maxResults)
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    name: row.task_name,
    assignee: row.assignee,
    owner: null,
    created: camundaDate(row.created_at),
    due: camundaDate(row.due_at),
    followUp: null,
    delegationState: null,
    description: null,
    executionId: row.execution_id,
    parentTaskId: null,
    priority: 50,
    processDefinitionId: definitionIdOf(row.def_key, row.definition_id),
    processInstanceId: String(row.instance_id),
    taskDefinitionKey: row.activity_id,
    formKey: row.form_key,
    suspended: row.instance_state === 'suspended',
    tenantId: null,
  }));
}
