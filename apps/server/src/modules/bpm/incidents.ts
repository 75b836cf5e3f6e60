import type { BpmIncident } from '@qiming/shared';
import type { Insertable, Kysely, Selectable } from 'kysely';
import { placeholder, runCompiled } from '../../db/compiledQuery.ts';
import type { BpmIncidentTable, Database } from '../../db/schema.ts';

/**
 * Why an element failed: no flow left a gateway, a condition named a variable that does not exist, any
 * other model error met at run time, a service call or external task out of retries, a called process
 * that failed.
 */
export type IncidentKind = 'noFlow' | 'unknownVariable' | 'modelError' | 'serviceCall' | 'externalTask' | 'callActivity';

export interface IncidentInput {
  instanceId: number;
  elementId: string;
  elementType: string;
  kind: IncidentKind;
  message: string;
  executionId?: string | null;
  /** The command a retry runs again (engine-side incidents); none when the raiser retries on its own (external tasks). */
  command?: unknown;
  /** When it happened (the app's clock); now by default. */
  at?: number;
}

export type IncidentRow = Selectable<BpmIncidentTable>;

/** An incident as answers carry it. */
export type Incident = BpmIncident;

export function toIncident(row: IncidentRow): Incident {
  return {
    id: row.id,
    instanceId: row.instance_id,
    definitionKey: row.def_key,
    elementId: row.element_id,
    elementType: row.element_type,
    executionId: row.execution_id,
    kind: row.kind,
    message: row.message,
    state: row.state === 'open' ? 'open' : 'resolved',
    retries: row.retries,
    createdAt: Number(row.created_at),
    resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
    resolvedBy: row.resolved_by,
    causeIncidentId: row.cause_incident_id,
  };
}

/**
 * Records an incident on the instance at its element. The same element failing again while its incident
 * is open (a retry that failed) updates that incident, counting the attempt, instead of adding another.
 * A called instance's new incident shows on its caller's call activity too, and so up to the topmost caller.
 * Answers the incident's id; call it inside the transaction of the change that failed, if any.
 */
export async function raiseIncident(db: Kysely<Database>, input: IncidentInput): Promise<number> {
  const at = input.at ?? Date.now();
  const message = input.message.slice(0, 1000);
  const command = input.command === undefined ? null : JSON.stringify(input.command);
  const open = await db
    .selectFrom('bpm_incident')
    .select(['id', 'retries'])
    .where('instance_id', '=', input.instanceId)
    .where('element_id', '=', input.elementId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  if (open) {
    await db
      .updateTable('bpm_incident')
      .set({ message, kind: input.kind, command, execution_id: input.executionId ?? null, retries: open.retries + 1 })
      .where('id', '=', open.id)
      .execute();
    return open.id;
  }
  const instance = await db
    .selectFrom('bpm_instance')
    .select(['definition_id', 'def_key'])
    .where('id', '=', input.instanceId)
    .executeTakeFirstOrThrow();
  const id = await insertOpenIncident(
    db,
    {
      instance_id: input.instanceId,
      definition_id: instance.definition_id,
      def_key: instance.def_key,
      element_id: input.elementId.slice(0, 120),
      element_type: input.elementType.slice(0, 64),
      execution_id: input.executionId ?? null,
      kind: input.kind,
      message,
      command,
    },
    at,
  );
  await showOnCaller(db, input.instanceId, { id, elementId: input.elementId, message }, at);
  return id;
}

type OpenIncident = Omit<Insertable<BpmIncidentTable>, 'state' | 'created_at' | 'resolved_at' | 'resolved_by'>;

async function insertOpenIncident(db: Kysely<Database>, incident: OpenIncident, at: number): Promise<number> {
  const row = await db
    .insertInto('bpm_incident')
    .values({ ...incident, state: 'open', created_at: at, resolved_at: null, resolved_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Camunda's incident of a super process instance: the caller's call activity gets an incident whose cause is
 * the called instance's, naming it, so monitoring, statistics and alarms of the caller see the failure below.
 */
async function showOnCaller(
  db: Kysely<Database>,
  instanceId: number,
  cause: { id: number; elementId: string; message: string },
  at: number,
): Promise<void> {
  const called = await db
    .selectFrom('bpm_instance as child')
    .innerJoin('bpm_instance as parent', 'parent.id', 'child.parent_instance_id')
    .select(['parent.id', 'parent.definition_id', 'parent.def_key', 'child.parent_execution_id'])
    .where('child.id', '=', instanceId)
    .executeTakeFirst();
  if (!called?.parent_execution_id) return;
  const activity = await db
    .selectFrom('bpm_activity')
    .select('activity_id')
    .where('instance_id', '=', called.id)
    .where('execution_id', '=', called.parent_execution_id)
    .executeTakeFirst();
  const message = `called instance ${instanceId} has an incident at '${cause.elementId}': ${cause.message}`.slice(0, 1000);
  const id = await insertOpenIncident(
    db,
    {
      instance_id: called.id,
      definition_id: called.definition_id,
      def_key: called.def_key,
      element_id: (activity?.activity_id ?? '').slice(0, 120),
      element_type: 'bpmn:CallActivity',
      execution_id: called.parent_execution_id,
      kind: 'callActivity',
      message,
      command: null,
      cause_incident_id: cause.id,
    },
    at,
  );
  await showOnCaller(db, called.id, { id, elementId: activity?.activity_id ?? '', message }, at);
}

/**
 * Marks an open incident resolved, and the incidents it caused on its callers' call activities; false when it
 * was not open (already resolved, or unknown).
 */
export async function resolveIncident(db: Kysely<Database>, id: number, by: { userName: string; at?: number }): Promise<boolean> {
  const result = await db
    .updateTable('bpm_incident')
    .set({ state: 'resolved', resolved_at: by.at ?? Date.now(), resolved_by: by.userName })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  const shown = await db.selectFrom('bpm_incident').select('id').where('cause_incident_id', '=', id).where('state', '=', 'open').execute();
  for (const row of shown) await resolveIncident(db, row.id, by);
  return true;
}

export async function findIncident(db: Kysely<Database>, id: number): Promise<IncidentRow | undefined> {
  return db.selectFrom('bpm_incident').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The instance's incidents, open first, newest first. */
export async function instanceIncidents(db: Kysely<Database>, instanceId: number): Promise<Incident[]> {
  const rows = await db
    .selectFrom('bpm_incident')
    .selectAll()
    .where('instance_id', '=', instanceId)
    .orderBy('state', 'asc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toIncident);
}

/** Open incidents over all instances, or of the instances of one definition key. */
export async function countOpenIncidents(db: Kysely<Database>, defKey?: string): Promise<number> {
  let query = db
    .selectFrom('bpm_incident')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'open');
  if (defKey) query = query.where('def_key', '=', defKey);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Resolves the open incidents whose failed command acted on `executionId`: that command went through another
 * way (the task was completed again), so what they held is over.
 */
export async function resolveIncidentsAt(
  db: Kysely<Database>,
  instanceId: number,
  executionId: string,
  by: { userName: string; at?: number },
): Promise<void> {
  // Every command that names an execution asks, and most instances have no incident: built once.
  const build = () =>
    db
      .selectFrom('bpm_incident')
      .select(['id', 'command'])
      .where('instance_id', '=', placeholder<number>('instanceId'))
      .where('state', '=', 'open')
      .where('command', 'is not', null);
  const open = await runCompiled(db, 'bpm_incident open commands of instance', build, { instanceId });
  for (const row of open) {
    const command = JSON.parse(row.command as string) as { engine?: { executionId?: string } };
    if (command.engine?.executionId === executionId) await resolveIncident(db, row.id, by);
  }
}

/**
 * Open incidents per definition key, for alarm rules: every key that ever had one, so a rule resolves once
 * its key's incidents are all resolved.
 */
export async function openIncidentsByKey(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('bpm_incident')
    .select((eb) => ['def_key', eb.fn.sum<number>(eb.case().when('state', '=', 'open').then(1).else(0).end()).as('open')])
    .groupBy('def_key')
    .execute();
  return new Map(rows.map((row) => [row.def_key, Number(row.open)]));
}
