import { type Kysely, sql } from 'kysely';

/**
 * Called instances (issue 25): an incident of a called instance is shown on its caller's call activity too,
 * pointing at the incident it comes from; a call activity has at most one called instance, so starting it
 * again after a crash (bpm/calledStarts.ts) can never double it; and the call activities that wait are found
 * without reading every activity row.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bpm_incident').addColumn('cause_incident_id', 'integer').execute();
  await db.schema.createIndex('bpm_incident_cause').on('bpm_incident').column('cause_incident_id').execute();
  await db.schema
    .createIndex('bpm_instance_called_once')
    .on('bpm_instance')
    .columns(['parent_instance_id', 'parent_execution_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('bpm_activity_waiting_call')
    .on('bpm_activity')
    .column('started_at')
    .where(sql<boolean>`activity_type = 'bpmn:CallActivity' and state = 'active'`)
    .execute();
}
