import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { BpmExternalTaskTable, Database } from '../../../db/schema.ts';
import type { ExternalWait } from '../engineRunner.ts';

export type ExternalTaskRow = Selectable<BpmExternalTaskTable>;

/** A task row with what a worker and the query see of its instance. */
export type ExternalTaskView = ExternalTaskRow & {
  def_key: string;
  definition_id: number;
  business_key: string;
  instance_state: string;
  variables: string;
};

/**
 * Brings the instance's external task rows in line with what the engine waits on after a command, in the
 * command's transaction: a new wait gets a row, a wait that ended (completed, or cancelled by a boundary
 * event or a termination) loses its row, so no worker can fetch it any more.
 */
export async function syncExternalTasks(trx: Kysely<Database>, instanceId: number, waits: ExternalWait[], now: number): Promise<void> {
  const rows = await trx.selectFrom('bpm_external_task').select(['id', 'execution_id']).where('instance_id', '=', instanceId).execute();
  const waiting = new Set(waits.map((wait) => wait.executionId));
  const gone = rows.filter((row) => !waiting.has(row.execution_id)).map((row) => row.id);
  if (gone.length > 0) await trx.deleteFrom('bpm_external_task').where('id', 'in', gone).execute();
  const known = new Set(rows.map((row) => row.execution_id));
  const added = waits.filter((wait) => !known.has(wait.executionId));
  if (added.length === 0) return;
  await trx
    .insertInto('bpm_external_task')
    .values(
      added.map((wait) => ({
        id: randomUUID(),
        instance_id: instanceId,
        execution_id: wait.executionId,
        activity_id: wait.activityId,
        topic: wait.topic,
        priority: wait.priority,
        retries: null,
        worker_id: null,
        lock_expires_at: null,
        error_message: null,
        error_details: null,
        created_at: now,
      })),
    )
    .execute();
}

/** Tasks of instances still going: an ended instance's tasks are gone, as in Camunda (its rows go with the instance). */
function viewQuery(db: Kysely<Database>) {
  return db
    .selectFrom('bpm_external_task as t')
    .innerJoin('bpm_instance as i', 'i.id', 't.instance_id')
    .where('i.state', 'in', ['running', 'suspended'])
    .selectAll('t')
    .select(['i.def_key', 'i.definition_id', 'i.business_key', 'i.state as instance_state', 'i.variables']);
}

export async function findExternalTask(db: Kysely<Database>, id: string): Promise<ExternalTaskView | undefined> {
  return viewQuery(db).where('t.id', '=', id).executeTakeFirst();
}

export interface FetchableFilter {
  topic: string;
  businessKey?: string;
  processDefinitionKey?: string;
  processDefinitionKeyIn?: string[];
  processInstanceId?: string;
}

/**
 * Tasks of one topic a worker may lock now: not locked (or its lock expired), retries left, instance running.
 * With usePriority, highest priority first, as Camunda orders; otherwise oldest first.
 */
export async function fetchableTasks(
  db: Kysely<Database>,
  filter: FetchableFilter,
  now: number,
  limit: number,
  usePriority: boolean,
): Promise<ExternalTaskView[]> {
  let query = viewQuery(db)
    .where('t.topic', '=', filter.topic)
    .where('i.state', '=', 'running')
    .where((eb) => eb.or([eb('t.lock_expires_at', 'is', null), eb('t.lock_expires_at', '<=', now)]))
    .where((eb) => eb.or([eb('t.retries', 'is', null), eb('t.retries', '>', 0)]));
  if (filter.businessKey !== undefined) query = query.where('i.business_key', '=', filter.businessKey);
  if (filter.processDefinitionKey !== undefined) query = query.where('i.def_key', '=', filter.processDefinitionKey);
  if (filter.processDefinitionKeyIn?.length) query = query.where('i.def_key', 'in', filter.processDefinitionKeyIn);
  if (filter.processInstanceId !== undefined) query = query.where('i.id', '=', Number(filter.processInstanceId));
  if (usePriority) query = query.orderBy('t.priority', 'desc');
  return query.orderBy('t.created_at', 'asc').orderBy('t.id', 'asc').limit(limit).execute();
}

/** Locks the task for the worker if nobody holds it now; false when another worker was faster. */
export async function lockExternalTask(db: Kysely<Database>, id: string, workerId: string, until: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('bpm_external_task')
    .set({ worker_id: workerId, lock_expires_at: until })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lock_expires_at', 'is', null), eb('lock_expires_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Changes a task only while the worker still holds its lock (checked in the same statement, so a lock
 * lost in between refuses the change); false otherwise.
 */
export async function updateLocked(
  db: Kysely<Database>,
  id: string,
  workerId: string,
  now: number,
  changes: Partial<Pick<ExternalTaskRow, 'worker_id' | 'lock_expires_at' | 'retries' | 'error_message' | 'error_details'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('bpm_external_task')
    .set(changes)
    .where('id', '=', id)
    .where('worker_id', '=', workerId)
    .where('lock_expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setRetries(db: Kysely<Database>, id: string, retries: number): Promise<void> {
  await db.updateTable('bpm_external_task').set({ retries }).where('id', '=', id).execute();
}

/**
 * Retries for the external task waiting at an element of an instance, for monitoring's incident page: an
 * incident of kind externalTask is over only when its task may be fetched again.
 */
export async function setRetriesAt(db: Kysely<Database>, instanceId: number, activityId: string, retries: number): Promise<void> {
  await db
    .updateTable('bpm_external_task')
    .set({ retries })
    .where('instance_id', '=', instanceId)
    .where('activity_id', '=', activityId)
    .execute();
}

export async function unlockExternalTask(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('bpm_external_task').set({ worker_id: null, lock_expires_at: null }).where('id', '=', id).execute();
}

export interface ExternalTaskQuery {
  topicName?: string;
  workerId?: string;
  processInstanceId?: string;
  processDefinitionKey?: string;
  activityId?: string;
  locked?: boolean;
  notLocked?: boolean;
  withRetriesLeft?: boolean;
  noRetriesLeft?: boolean;
  firstResult: number;
  maxResults: number;
}

/** Camunda's GET /external-task: the filters it documents that Qiming keeps, oldest first. */
export async function queryExternalTasks(db: Kysely<Database>, query: ExternalTaskQuery, now: number): Promise<ExternalTaskView[]> {
  let select = viewQuery(db);
  if (query.topicName !== undefined) select = select.where('t.topic', '=', query.topicName);
  if (query.workerId !== undefined) select = select.where('t.worker_id', '=', query.workerId);
  if (query.processInstanceId !== undefined) select = select.where('t.instance_id', '=', Number(query.processInstanceId));
  if (query.processDefinitionKey !== undefined) select = select.where('i.def_key', '=', query.processDefinitionKey);
  if (query.activityId !== undefined) select = select.where('t.activity_id', '=', query.activityId);
  if (query.locked) select = select.where('t.lock_expires_at', '>', now).where('t.worker_id', 'is not', null);
  if (query.notLocked) select = select.where((eb) => eb.or([eb('t.lock_expires_at', 'is', null), eb('t.lock_expires_at', '<=', now)]));
  if (query.withRetriesLeft) select = select.where((eb) => eb.or([eb('t.retries', 'is', null), eb('t.retries', '>', 0)]));
  if (query.noRetriesLeft) select = select.where('t.retries', '=', 0);
  return select.orderBy('t.created_at', 'asc').orderBy('t.id', 'asc').offset(query.firstResult).limit(query.maxResults).execute();
}
