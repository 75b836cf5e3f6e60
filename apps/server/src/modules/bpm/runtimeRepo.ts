import type {
  ActivityState,
  BpmActivity,
  BpmChildInstance,
  BpmComment,
  BpmInstance,
  BpmInstanceSearch,
  BpmTask,
  BpmTaskSearch,
  InstanceState,
  OpenWorkflowTask,
  PageQuery,
  TaskOutcome,
} from '@qiming/shared';
import { type Kysely, type Selectable, sql } from 'kysely';
import { insertCompiled, insertCompiledId } from '../../db/compiledInsert.ts';
import { placeholder, placeholderList, runCompiled, runCompiledChange } from '../../db/compiledQuery.ts';
import { containsText } from '../../db/containsText.ts';
import { paginate } from '../../db/paginate.ts';
import type { BpmInstanceTable, BpmTaskTable, Database } from '../../db/schema.ts';
import { activityActionsFrom, instanceActionsFrom } from './instanceTransitions.ts';

export type InstanceRow = Selectable<BpmInstanceTable>;
export type TaskRow = Selectable<BpmTaskTable>;

const parseList = (text: string): string[] => JSON.parse(text) as string[];

/** Every command reads its instance: built and compiled once (see compiledQuery), prepared once per PostgreSQL connection. */
export async function findInstance(db: Kysely<Database>, id: number): Promise<InstanceRow | undefined> {
  const build = () => db.selectFrom('bpm_instance').selectAll().where('id', '=', placeholder<number>('id'));
  const [row] = await runCompiled(db, 'bpm_instance by id', build, { id });
  return row;
}

export async function insertInstance(db: Kysely<Database>, row: Omit<InstanceRow, 'id'>): Promise<number> {
  return insertCompiledId(db, 'bpm_instance', row);
}

/**
 * The optimistic write: true when the instance was still at `version`, and is now at `version + 1`. A new
 * engine state first hands the one it replaces to the tasks created in it (see pendingSnapshot), unless it is
 * the empty state of an ended instance, whose tasks no recall or return can reach.
 */
export async function saveInstance(
  db: Kysely<Database>,
  id: number,
  version: number,
  changes: Partial<Pick<InstanceRow, 'state' | 'engine_state' | 'variables' | 'ended_at'>>,
): Promise<boolean> {
  if (changes.engine_state) await keepPendingSnapshots(db, id);
  const columns = Object.keys(changes).sort() as Array<keyof typeof changes>;
  const build = () =>
    db
      .updateTable('bpm_instance')
      .set({ ...Object.fromEntries(columns.map((column) => [column, placeholder(column)])), version: placeholder<number>('next') })
      .where('id', '=', placeholder<number>('id'))
      .where('version', '=', placeholder<number>('version'));
  const changed = await runCompiledChange(db, `bpm_instance save ${columns.join(',')}`, build, {
    ...changes,
    next: version + 1,
    id,
    version,
  });
  return changed === 1;
}

export async function deleteInstances(db: Kysely<Database>, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('bpm_instance').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const instanceColumns = [
  'i.id',
  'i.definition_id',
  'i.def_key',
  'd.def_name',
  'd.version as def_version',
  'i.business_key',
  'i.state',
  'i.started_by',
  'i.started_at',
  'i.ended_at',
  'i.version',
] as const;

type InstanceListRow = {
  id: number;
  definition_id: number;
  def_key: string;
  def_name: string;
  def_version: number;
  business_key: string;
  state: string;
  started_by: string;
  started_at: number;
  ended_at: number | null;
  version: number;
};

export function toInstance(row: InstanceListRow): BpmInstance {
  const state = row.state as InstanceState;
  return {
    id: row.id,
    definitionId: row.definition_id,
    definitionKey: row.def_key,
    definitionName: row.def_name,
    definitionVersion: row.def_version,
    businessKey: row.business_key,
    state,
    startedBy: row.started_by,
    startedAt: Number(row.started_at),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
    version: row.version,
    actions: instanceActionsFrom(state),
  };
}

export async function instanceSummary(db: Kysely<Database>, id: number): Promise<BpmInstance | undefined> {
  const row = await db
    .selectFrom('bpm_instance as i')
    .innerJoin('bpm_definition as d', 'd.id', 'i.definition_id')
    .select(instanceColumns)
    .where('i.id', '=', id)
    .executeTakeFirst();
  return row && toInstance(row);
}

export async function pageInstances(db: Kysely<Database>, query: PageQuery & BpmInstanceSearch) {
  let base = db.selectFrom('bpm_instance as i').innerJoin('bpm_definition as d', 'd.id', 'i.definition_id');
  if (query.definitionKey) base = base.where('i.def_key', '=', query.definitionKey);
  if (query.state) base = base.where('i.state', '=', query.state);
  if (query.startedBy) base = base.where('i.started_by', '=', query.startedBy);
  if (query.businessKey) base = base.where(containsText('i.business_key', query.businessKey));
  const page = await paginate(base, query, {
    columns: { startedAt: 'i.started_at', endedAt: 'i.ended_at' },
    defaultSort: { column: 'i.started_at', order: 'desc' },
    tieBreaker: 'i.id',
    select: (q) => q.select(instanceColumns),
  });
  return { total: page.total, records: page.records.map(toInstance) };
}

// ---------------------------------------------------------------- activities

export async function listActivities(db: Kysely<Database>, instanceId: number, instanceState: InstanceState): Promise<BpmActivity[]> {
  const rows = await db
    .selectFrom('bpm_activity as a')
    .leftJoin('bpm_task as t', (join) => join.onRef('t.instance_id', '=', 'a.instance_id').onRef('t.execution_id', '=', 'a.execution_id'))
    .select(['a.id', 'a.activity_id', 'a.activity_name', 'a.activity_type', 'a.state', 'a.started_at', 'a.ended_at', 't.id as task_id'])
    .where('a.instance_id', '=', instanceId)
    .orderBy('a.started_at')
    .orderBy('a.id')
    .execute();
  const seen = new Set<number>();
  return rows
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .map((row) => ({
      id: row.id,
      activityId: row.activity_id,
      activityName: row.activity_name,
      activityType: row.activity_type,
      state: row.state as ActivityState,
      startedAt: Number(row.started_at),
      endedAt: row.ended_at === null ? null : Number(row.ended_at),
      taskId: row.task_id ?? null,
      actions: activityActionsFrom(instanceState, row.state as ActivityState),
    }));
}

export async function activeActivities(db: Kysely<Database>, instanceId: number) {
  return db
    .selectFrom('bpm_activity')
    .select(['id', 'execution_id', 'activity_id'])
    .where('instance_id', '=', instanceId)
    .where('state', '=', 'active')
    .execute();
}

export async function insertActivities(db: Kysely<Database>, rows: Array<Omit<Selectable<Database['bpm_activity']>, 'id'>>) {
  await insertCompiled(db, 'bpm_activity', rows);
}

export async function endActivities(db: Kysely<Database>, instanceId: number, executionIds: string[], state: ActivityState, now: number) {
  if (executionIds.length === 0) return;
  const executions = placeholderList('execution', executionIds);
  const build = () =>
    db
      .updateTable('bpm_activity')
      .set({ state: placeholder<ActivityState>('state'), ended_at: placeholder<number>('now') })
      .where('instance_id', '=', placeholder<number>('instanceId'))
      .where('execution_id', 'in', executions.placeholders())
      .where('state', '=', 'active');
  await runCompiledChange(db, `bpm_activity end x${executionIds.length}`, build, { ...executions.values, state, now, instanceId });
}

// ---------------------------------------------------------------- tasks

const taskColumns = [
  't.id',
  't.instance_id',
  'i.def_key',
  'd.def_name',
  'i.business_key',
  't.activity_id',
  't.task_name',
  't.assignee',
  't.candidate_users',
  't.candidate_groups',
  't.form_key',
  't.form_id',
  't.form_version',
  't.due_at',
  't.created_at',
  't.claimed_at',
  't.ended_at',
  't.status',
  't.outcome',
  't.button',
] as const;

type TaskListRow = Pick<
  TaskRow,
  | 'id'
  | 'instance_id'
  | 'activity_id'
  | 'task_name'
  | 'assignee'
  | 'candidate_users'
  | 'candidate_groups'
  | 'form_key'
  | 'form_id'
  | 'form_version'
  | 'due_at'
  | 'created_at'
  | 'claimed_at'
  | 'ended_at'
  | 'status'
  | 'outcome'
  | 'button'
> & { def_key: string; def_name: string; business_key: string };

const millisOrNull = (value: number | null) => (value === null ? null : Number(value));

export function toTask(row: TaskListRow): BpmTask {
  return {
    id: row.id,
    instanceId: row.instance_id,
    definitionKey: row.def_key,
    definitionName: row.def_name,
    businessKey: row.business_key,
    activityId: row.activity_id,
    name: row.task_name,
    assignee: row.assignee,
    candidateUsers: parseList(row.candidate_users),
    candidateGroups: parseList(row.candidate_groups),
    formKey: row.form_key,
    formId: row.form_id,
    formVersion: row.form_version,
    dueAt: millisOrNull(row.due_at),
    createdAt: Number(row.created_at),
    claimedAt: millisOrNull(row.claimed_at),
    endedAt: millisOrNull(row.ended_at),
    status: row.status as BpmTask['status'],
    outcome: row.outcome as TaskOutcome | null,
    button: row.button,
  };
}

const tasksWithInstance = (db: Kysely<Database>) =>
  db
    .selectFrom('bpm_task as t')
    .innerJoin('bpm_instance as i', 'i.id', 't.instance_id')
    .innerJoin('bpm_definition as d', 'd.id', 'i.definition_id');

const taskRowColumns = [
  'id',
  'instance_id',
  'execution_id',
  'activity_id',
  'task_name',
  'assignee',
  'candidate_users',
  'candidate_groups',
  'form_key',
  'form_id',
  'form_version',
  'due_at',
  'created_at',
  'claimed_at',
  'ended_at',
  'status',
  'outcome',
  'button',
  'completed_by',
  'previous_task_id',
] as const;

/** A task's row without the engine state it keeps for recall and return: every task command reads it, two need the state. */
export async function findTaskRow(db: Kysely<Database>, id: number): Promise<Omit<TaskRow, 'engine_snapshot'> | undefined> {
  const build = () => db.selectFrom('bpm_task').select(taskRowColumns).where('id', '=', placeholder<number>('id'));
  const [row] = await runCompiled(db, 'bpm_task by id', build, { id });
  return row;
}

/**
 * What a new task's engine_snapshot holds: nothing yet. The state it was created in is its instance's own until
 * the next command replaces that (saveInstance copies it then), so a command writes the 5 KB state once, on the
 * instance, however many tasks it creates, and an instance that ends at its next command never copies it.
 */
export const pendingSnapshot = '';

/** Copies the instance's engine state, as saved, into its tasks created in it: saveInstance, before replacing it. */
async function keepPendingSnapshots(db: Kysely<Database>, instanceId: number): Promise<void> {
  const build = () =>
    db
      .updateTable('bpm_task')
      .set((eb) => ({
        engine_snapshot: eb.selectFrom('bpm_instance').select('engine_state').where('id', '=', placeholder<number>('instanceId')),
      }))
      .where('instance_id', '=', placeholder<number>('instanceId'))
      .where('engine_snapshot', '=', pendingSnapshot);
  await runCompiledChange(db, 'bpm_task keep pending snapshots', build, { instanceId });
}

/** The engine state saved when the task was created, which recall and return restore (its instance's, while pending). */
export async function taskSnapshot(db: Kysely<Database>, id: number): Promise<string> {
  const row = await db
    .selectFrom('bpm_task as t')
    .innerJoin('bpm_instance as i', 'i.id', 't.instance_id')
    .select(['t.engine_snapshot', 'i.engine_state'])
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!row) return '';
  return row.engine_snapshot === pendingSnapshot ? row.engine_state : row.engine_snapshot;
}

export async function taskSummary(db: Kysely<Database>, id: number): Promise<BpmTask | undefined> {
  const row = await tasksWithInstance(db).select(taskColumns).where('t.id', '=', id).executeTakeFirst();
  return row && toTask(row);
}

export async function instanceTasks(db: Kysely<Database>, instanceId: number): Promise<BpmTask[]> {
  const rows = await tasksWithInstance(db).select(taskColumns).where('t.instance_id', '=', instanceId).orderBy('t.id').execute();
  return rows.map(toTask);
}

export async function openTaskRows(db: Kysely<Database>, instanceId: number) {
  const build = () =>
    db
      .selectFrom('bpm_task')
      .select(['id', 'execution_id', 'activity_id', 'claimed_at', 'previous_task_id'])
      .where('instance_id', '=', placeholder<number>('instanceId'))
      .where('status', '=', 'open');
  return runCompiled(db, 'bpm_task open of instance', build, { instanceId });
}

function searched<Q extends ReturnType<typeof tasksWithInstance>>(query: Q, search: BpmTaskSearch): Q {
  let result = query;
  if (search.definitionKey) result = result.where('i.def_key', '=', search.definitionKey) as Q;
  if (search.name) result = result.where(containsText('t.task_name', search.name)) as Q;
  if (search.businessKey) result = result.where(containsText('i.business_key', search.businessKey)) as Q;
  return result;
}

/**
 * Open tasks of running instances that wait for the user: assigned to them, or unassigned with them or
 * one of their roles a candidate. The to-do list, the personal to-do board and the dashboard read this one rule.
 */
function openTasksFor(db: Kysely<Database>, userName: string, roleCodes: string[], taskAdmin = false) {
  return tasksWithInstance(db)
    .where('t.status', '=', 'open')
    .where('i.state', '=', 'running')
    .where((eb) =>
      eb.or([
        eb('t.assignee', '=', userName),
        // Nobody's task (no assignee, no candidate) is the task administrators'.
        ...(taskAdmin
          ? [
              eb.and([
                eb('t.assignee', 'is', null),
                eb.not(eb.exists(eb.selectFrom('bpm_task_candidate as n').select('n.task_id').whereRef('n.task_id', '=', 't.id'))),
              ]),
            ]
          : []),
        eb.and([
          eb('t.assignee', 'is', null),
          eb(
            't.id',
            'in',
            eb
              .selectFrom('bpm_task_candidate as c')
              .select('c.task_id')
              .where((inner) =>
                inner.or([
                  inner.and([inner('c.kind', '=', 'user'), inner('c.ref', '=', userName)]),
                  ...(roleCodes.length > 0 ? [inner.and([inner('c.kind', '=', 'group'), inner('c.ref', 'in', roleCodes)])] : []),
                ]),
              ),
          ),
        ]),
      ]),
    );
}

/** Open tasks of running instances assigned to the user, or unassigned with the user or one of their roles as candidate. */
export async function pageTodo(
  db: Kysely<Database>,
  userName: string,
  roleCodes: string[],
  query: PageQuery & BpmTaskSearch,
  taskAdmin = false,
) {
  const base = searched(openTasksFor(db, userName, roleCodes, taskAdmin), query);
  const page = await paginate(base, query, {
    columns: { createdAt: 't.created_at', dueAt: 't.due_at', endedAt: 't.ended_at' },
    defaultSort: { column: 't.created_at', order: 'desc' },
    tieBreaker: 't.id',
    select: (q) => q.select(taskColumns),
  });
  return { total: page.total, records: page.records.map(toTask) };
}

/** What another module shows of an open task: enough to name it, date it and open it on the to-do page. */
/**
 * The tasks `pageTodo` lists for the user (the same rule), counted, with those due before `now`,
 * and the first `limit` of them, soonest due first (no due date last), then oldest first.
 */
export async function openTasksOf(db: Kysely<Database>, userName: string, roleCodes: string[], now: number, limit: number) {
  const open = openTasksFor(db, userName, roleCodes);
  const [counts, rows] = await Promise.all([
    open
      .select([
        (eb) => eb.fn.countAll<number>().as('total'),
        sql<number>`coalesce(sum(case when t.due_at < ${Math.trunc(now)} then 1 else 0 end), 0)`.as('overdue'),
      ])
      .executeTakeFirstOrThrow(),
    limit > 0
      ? open
          .select(['t.id', 't.task_name', 'd.def_name', 'i.business_key', 't.created_at', 't.due_at'])
          .orderBy(sql`case when t.due_at is null then 1 else 0 end`)
          .orderBy('t.due_at')
          .orderBy('t.created_at')
          .orderBy('t.id')
          .limit(limit)
          .execute()
      : [],
  ]);
  const records: OpenWorkflowTask[] = rows.map((row) => ({
    id: row.id,
    name: row.task_name,
    definitionName: row.def_name,
    businessKey: row.business_key,
    createdAt: Number(row.created_at),
    dueAt: millisOrNull(row.due_at),
  }));
  return { total: Number(counts.total), overdue: Number(counts.overdue), records };
}

/** Tasks the user completed. */
export async function pageDone(db: Kysely<Database>, userName: string, query: PageQuery & BpmTaskSearch) {
  const base = searched(tasksWithInstance(db).where('t.completed_by', '=', userName), query);
  const page = await paginate(base, query, {
    columns: { createdAt: 't.created_at', dueAt: 't.due_at', endedAt: 't.ended_at' },
    defaultSort: { column: 't.ended_at', order: 'desc' },
    tieBreaker: 't.id',
    select: (q) => q.select(taskColumns),
  });
  return { total: page.total, records: page.records.map(toTask) };
}

export async function insertTask(
  db: Kysely<Database>,
  row: Omit<TaskRow, 'id'>,
  candidates: { users: string[]; groups: string[] },
): Promise<number> {
  const id = await insertCompiledId(db, 'bpm_task', row);
  const values = [
    ...new Set(candidates.users.map((ref) => `user\u0000${ref}`)),
    ...new Set(candidates.groups.map((ref) => `group\u0000${ref}`)),
  ].map((entry) => {
    const [kind = '', ref = ''] = entry.split('\u0000');
    return { task_id: id, kind, ref };
  });
  await insertCompiled(db, 'bpm_task_candidate', values);
  return id;
}

export async function closeTasks(
  db: Kysely<Database>,
  ids: number[],
  changes: { outcome: TaskOutcome; ended_at: number; completed_by?: string | null; button?: string | null },
) {
  if (ids.length === 0) return;
  const columns = Object.keys(changes).sort() as Array<keyof typeof changes>;
  const tasks = placeholderList('id', ids);
  const build = () =>
    db
      .updateTable('bpm_task')
      .set({ status: 'closed', ...Object.fromEntries(columns.map((column) => [column, placeholder(column)])) })
      .where('id', 'in', tasks.placeholders())
      .where('status', '=', 'open');
  await runCompiledChange(db, `bpm_task close ${columns.join(',')} x${ids.length}`, build, { ...tasks.values, ...changes });
}

/**
 * Takes the open task for the one acting on it, inside the command's transaction: false when another
 * account claimed it, or a command closed it, since the caller's checks were read.
 */
export async function holdTask(db: Kysely<Database>, id: number, userName: string): Promise<boolean> {
  const build = () =>
    db
      .updateTable('bpm_task')
      .set({ assignee: placeholder<string>('userName') })
      .where('id', '=', placeholder<number>('id'))
      .where('status', '=', 'open')
      .where((eb) => eb.or([eb('assignee', 'is', null), eb('assignee', '=', placeholder<string>('userName'))]));
  return (await runCompiledChange(db, 'bpm_task hold', build, { id, userName })) === 1;
}

/**
 * Closes the open task that `userName` acts on, taking it as holdTask does: false when another account
 * claimed it, or a command closed it, since the caller's checks were read.
 */
export async function closeHeldTask(
  db: Kysely<Database>,
  id: number,
  userName: string,
  changes: { outcome: TaskOutcome; ended_at: number; completed_by: string; button: string | null },
): Promise<boolean> {
  const build = () =>
    db
      .updateTable('bpm_task')
      .set({
        status: 'closed',
        assignee: placeholder<string>('userName'),
        outcome: placeholder<TaskOutcome>('outcome'),
        ended_at: placeholder<number>('ended_at'),
        completed_by: placeholder<string>('completed_by'),
        button: placeholder<string | null>('button'),
      })
      .where('id', '=', placeholder<number>('id'))
      .where('status', '=', 'open')
      .where((eb) => eb.or([eb('assignee', 'is', null), eb('assignee', '=', placeholder<string>('userName'))]));
  return (await runCompiledChange(db, 'bpm_task close held', build, { id, userName, ...changes })) === 1;
}

/** Sets the assignee when the task is still open and its assignee still `expected`: false when someone came first. */
export async function setAssignee(
  db: Kysely<Database>,
  id: number,
  expected: string | null,
  assignee: string | null,
  claimedAt: number | null,
): Promise<boolean> {
  let update = db.updateTable('bpm_task').set({ assignee, claimed_at: claimedAt }).where('id', '=', id).where('status', '=', 'open');
  update = expected === null ? update.where('assignee', 'is', null) : update.where('assignee', '=', expected);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the task names any candidate: one without (and without an assignee) is the task administrators'. */
export async function hasCandidates(db: Kysely<Database>, taskId: number): Promise<boolean> {
  const row = await db.selectFrom('bpm_task_candidate').select('task_id').where('task_id', '=', taskId).executeTakeFirst();
  return row !== undefined;
}

export async function isCandidate(db: Kysely<Database>, taskId: number, userName: string, roleCodes: string[]): Promise<boolean> {
  const row = await db
    .selectFrom('bpm_task_candidate')
    .select('task_id')
    .where('task_id', '=', taskId)
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'user'), eb('ref', '=', userName)]),
        ...(roleCodes.length > 0 ? [eb.and([eb('kind', '=', 'group'), eb('ref', 'in', roleCodes)])] : []),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

export type ChildInstance = BpmChildInstance;

/** The instances this one's call activities started, oldest first. */
export async function childInstances(db: Kysely<Database>, parentId: number): Promise<ChildInstance[]> {
  const rows = await db
    .selectFrom('bpm_instance')
    .select(['id', 'def_key', 'state', 'parent_execution_id'])
    .where('parent_instance_id', '=', parentId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    definitionKey: row.def_key,
    state: row.state,
    parentExecutionId: row.parent_execution_id ?? '',
  }));
}

/** A call activity of a running instance that waits with no called instance and no incident. */
export interface PendingCall {
  /** The activity row's id: where the next page starts. */
  id: number;
  instanceId: number;
  executionId: string;
  activityId: string;
}

/**
 * Call activities whose called instance was never started: the caller's step committed and the process died
 * before the start. Only those entered before `enteredBefore`, so a start still under way in a live process is
 * left to it; a page after `afterId` (a call of the same file, which bpmn-engine runs itself, shows here too and
 * is passed over). The literal predicates let the partial index serve.
 */
export function pendingCalls(
  db: Kysely<Database>,
  page: { enteredBefore: number; afterId: number; limit: number },
): Promise<PendingCall[]> {
  return db
    .selectFrom('bpm_activity as a')
    .innerJoin('bpm_instance as i', 'i.id', 'a.instance_id')
    .select(['a.id', 'a.instance_id as instanceId', 'a.execution_id as executionId', 'a.activity_id as activityId'])
    .where(sql<boolean>`a.activity_type = 'bpmn:CallActivity' and a.state = 'active'`)
    .where('a.started_at', '<', page.enteredBefore)
    .where('a.id', '>', page.afterId)
    .where('i.state', '=', 'running')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bpm_instance as c')
            .select('c.id')
            .whereRef('c.parent_instance_id', '=', 'a.instance_id')
            .whereRef('c.parent_execution_id', '=', 'a.execution_id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bpm_incident as n')
            .select('n.id')
            .whereRef('n.instance_id', '=', 'a.instance_id')
            .where('n.state', '=', 'open')
            .whereRef('n.execution_id', '=', 'a.execution_id'),
        ),
      ),
    )
    .orderBy('a.id')
    .limit(page.limit)
    .execute();
}

// ---------------------------------------------------------------- timers

/** The timers an instance waits on, as last saved. */
export function instanceTimers(db: Kysely<Database>, instanceId: number) {
  return db.selectFrom('bpm_timer').select(['execution_id', 'due_at']).where('instance_id', '=', instanceId).execute();
}

export async function replaceTimers(
  db: Kysely<Database>,
  instanceId: number,
  timers: Array<{ execution_id: string; activity_id: string; due_at: number }>,
) {
  await db.deleteFrom('bpm_timer').where('instance_id', '=', instanceId).execute();
  if (timers.length > 0)
    await db
      .insertInto('bpm_timer')
      .values(timers.map((timer) => ({ ...timer, instance_id: instanceId })))
      .execute();
}

/** Stops one timer: it fired into an incident, whose retry fires it again. */
export async function deleteTimer(db: Kysely<Database>, instanceId: number, executionId: string) {
  await db.deleteFrom('bpm_timer').where('instance_id', '=', instanceId).where('execution_id', '=', executionId).execute();
}

export async function dueTimers(db: Kysely<Database>, now: number, limit: number) {
  return db
    .selectFrom('bpm_timer')
    .select(['id', 'instance_id', 'execution_id'])
    .where('due_at', '<=', now)
    .where('claimed_until', '<', now)
    .orderBy('due_at')
    .limit(limit)
    .execute();
}

/** Claims a due timer for `ttlMs`: of processes asking at once, one gets it. */
export async function claimTimer(db: Kysely<Database>, id: number, now: number, ttlMs: number): Promise<boolean> {
  const result = await db
    .updateTable('bpm_timer')
    .set({ claimed_until: now + ttlMs })
    .where('id', '=', id)
    .where('claimed_until', '<', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------- comments

export async function insertComment(db: Kysely<Database>, row: Omit<Selectable<Database['bpm_comment']>, 'id'>) {
  await db.insertInto('bpm_comment').values(row).execute();
}

export async function listComments(db: Kysely<Database>, instanceId: number): Promise<BpmComment[]> {
  const rows = await db
    .selectFrom('bpm_comment')
    .selectAll()
    .where('instance_id', '=', instanceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    instanceId: row.instance_id,
    taskId: row.task_id,
    activityName: row.activity_name,
    userName: row.user_name,
    message: row.message,
    createdAt: Number(row.created_at),
  }));
}
