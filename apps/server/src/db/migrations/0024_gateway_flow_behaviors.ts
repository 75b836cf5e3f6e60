import type { Kysely } from 'kysely';

/** Flow rules that warm up or queue: how long a cold rule takes to reach its threshold, how long a request may wait. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('gw_flow_rule')
    .addColumn('warm_up_period_sec', 'integer', (c) => c.notNull().defaultTo(10))
    .execute();
  await db.schema
    .alterTable('gw_flow_rule')
    .addColumn('max_queueing_time_ms', 'integer', (c) => c.notNull().defaultTo(500))
    .execute();
}
