// The floor of the workflow benchmark: the API's start and completion with nothing of Qiming's around the
// engine. A bare Fastify app (no hooks, guard, validation or audit) answers the same two requests through
// app.inject; each runs the same engine the same way (runEngine, its waiting engine kept between the two)
// and writes the rows the API writes for the bench process in one transaction of prepared statements on
// its own connection to the same SQLite file: a start its instance, its two history rows, its task and an
// operation-log row; a completion the instance's new state, the task closed, the history ended and added to,
// a log row. What is left is what any server pays to run this workflow durably over HTTP on this machine.
import path from 'node:path';
import Fastify from 'fastify';
import { SqliteDatabase } from '../../apps/server/src/db/sqliteDriver.ts';
import { LiveEngines, type RunnableDefinition, runEngine } from '../../apps/server/src/modules/bpm/engineRunner.ts';

interface InstanceRow {
  id: number;
  engine_state: string;
  variables: string;
  version: number;
}

interface TaskRow {
  id: number;
  instance_id: number;
  execution_id: string;
}

export interface WorkflowFloor {
  /** One instance started, its task completed, through the floor's two routes. */
  run(): Promise<void>;
  close(): Promise<void>;
}

const noService = async () => {};

/** The floor on the SQLite database in `dataDir`, where `definition` is released under `key`. */
export async function workflowFloor(dataDir: string, definition: RunnableDefinition, key: string): Promise<WorkflowFloor> {
  const sqlite = new SqliteDatabase(path.join(dataDir, 'qiming.sqlite'));
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const definitionId = (sqlite.prepare('select id from bpm_definition where def_key = ?').get(key) as { id: number }).id;
  const statement = {
    begin: sqlite.prepare('begin'),
    commit: sqlite.prepare('commit'),
    insertInstance: sqlite.prepare(
      'insert into bpm_instance (definition_id, def_key, business_key, state, engine_state, variables, version, started_by, started_at) ' +
        "values (?, ?, ?, 'running', ?, ?, 0, 'bench', ?)",
    ),
    insertActivity: sqlite.prepare(
      'insert into bpm_activity (instance_id, execution_id, activity_id, activity_name, activity_type, state, started_at, ended_at) ' +
        "values (?, ?, ?, '', ?, ?, ?, ?)",
    ),
    insertTask: sqlite.prepare(
      'insert into bpm_task (instance_id, execution_id, activity_id, task_name, assignee, candidate_users, candidate_groups, created_at, status, engine_snapshot) ' +
        "values (?, ?, ?, ?, 'bench', '[]', '[]', ?, 'open', '')",
    ),
    insertLog: sqlite.prepare(
      'insert into audit_operation_log (op_time, account_id, user_name, operation, target, params, before_value, after_value, result, duration_ms) ' +
        "values (?, 1, 'bench', ?, ?, '{}', 'null', ?, 'success', 0)",
    ),
    task: sqlite.prepare('select id, instance_id, execution_id from bpm_task where id = ?'),
    taskOf: sqlite.prepare('select id from bpm_task where instance_id = ?'),
    instance: sqlite.prepare('select id, engine_state, variables, version from bpm_instance where id = ?'),
    saveInstance: sqlite.prepare(
      'update bpm_instance set engine_state = ?, variables = ?, state = ?, ended_at = ?, version = version + 1 where id = ? and version = ?',
    ),
    closeTask: sqlite.prepare(
      "update bpm_task set status = 'closed', outcome = 'completed', ended_at = ?, completed_by = 'bench' where id = ?",
    ),
    endActivity: sqlite.prepare(
      "update bpm_activity set state = ?, ended_at = ? where instance_id = ? and execution_id = ? and state = 'active'",
    ),
  };
  const live = new LiveEngines();
  const app = Fastify();

  app.post('/instances', async (request) => {
    const { businessKey } = request.body as { businessKey: string };
    const variables = { initiator: 'bench' };
    const outcome = await runEngine(definition, { variables }, { kind: 'resume' }, noService, live);
    const now = Date.now();
    statement.begin.run();
    const id = Number(
      statement.insertInstance.run(definitionId, key, businessKey, outcome.engineState, JSON.stringify(variables), now).lastInsertRowid,
    );
    const waiting = new Set(outcome.waiting.map((task) => task.executionId));
    for (const event of outcome.events) {
      if (event.kind !== 'start') continue;
      const active = waiting.has(event.executionId);
      statement.insertActivity.run(
        id,
        event.executionId,
        event.activityId,
        event.activityType,
        active ? 'active' : 'completed',
        now,
        active ? null : now,
      );
    }
    for (const task of outcome.waiting) statement.insertTask.run(id, task.executionId, task.activityId, task.activityId, now);
    statement.insertLog.run(now, 'task:start', `bpm:${key}`, JSON.stringify({ id }));
    statement.commit.run();
    outcome.keep(id);
    return { data: { id, state: 'running' } };
  });

  app.post('/tasks/:id/complete', async (request) => {
    const task = statement.task.get(Number((request.params as { id: string }).id)) as TaskRow;
    const instance = statement.instance.get(task.instance_id) as InstanceRow;
    const command = { kind: 'signal' as const, executionId: task.execution_id, output: {} };
    const outcome = await runEngine(definition, { engineState: instance.engine_state, instanceId: instance.id }, command, noService, live);
    const now = Date.now();
    statement.begin.run();
    statement.saveInstance.run(
      outcome.engineState,
      instance.variables,
      outcome.ended ? 'completed' : 'running',
      outcome.ended ? now : null,
      instance.id,
      instance.version,
    );
    statement.closeTask.run(now, task.id);
    // An activity started and ended by this command (the end event) is written ended; one started before is ended.
    const startedHere = new Set(outcome.events.filter((event) => event.kind === 'start').map((event) => event.executionId));
    for (const event of outcome.events) {
      if (event.kind === 'start')
        statement.insertActivity.run(instance.id, event.executionId, event.activityId, event.activityType, 'completed', now, now);
      else if (!startedHere.has(event.executionId)) statement.endActivity.run('completed', now, instance.id, event.executionId);
    }
    statement.insertLog.run(now, 'task:complete', `bpm-instance:${instance.id}`, '{}');
    statement.commit.run();
    return { data: { id: instance.id, state: outcome.ended ? 'completed' : 'running' } };
  });
  await app.ready();

  const post = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, payload });
    if (response.statusCode !== 200) throw new Error(`floor ${url}: ${response.body}`);
    return response.json().data;
  };
  return {
    async run() {
      const instance = await post('/instances', { definitionKey: key, businessKey: 'b' });
      const { id } = statement.taskOf.get(instance.id) as { id: number };
      const completed = await post(`/tasks/${id}/complete`, {});
      if (completed.state !== 'completed') throw new Error('the floor did not end its instance');
    },
    async close() {
      await app.close();
      sqlite.close();
    },
  };
}
