import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Monitoring history by the minute, alarm rules, receivers, events with their deliveries and in-app
 * notifications, and the leases that make one process of the cluster do a job.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>, { id, millis }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('mon_traffic_minute')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('target', 'varchar(300)', (c) => c.notNull())
    .addColumn('server_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('minute', millis, (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('blocked', 'integer', (c) => c.notNull())
    .addColumn('succeeded', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('total_ms', 'real', (c) => c.notNull())
    .addColumn('p99_ms', 'real')
    .addPrimaryKeyConstraint('mon_traffic_minute_pk', ['kind', 'minute', 'target', 'server_id'])
    .execute();
  await db.schema
    .createTable('mon_gauge_minute')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('target', 'varchar(300)', (c) => c.notNull())
    .addColumn('metric', 'varchar(30)', (c) => c.notNull())
    .addColumn('minute', millis, (c) => c.notNull())
    .addColumn('value', 'real', (c) => c.notNull())
    .addPrimaryKeyConstraint('mon_gauge_minute_pk', ['kind', 'minute', 'target', 'metric'])
    .execute();

  await db.schema
    .createTable('sys_lease')
    .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(100)', (c) => c.notNull())
    .addColumn('expires_at', millis, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('alarm_receiver')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('receiver_name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('emails', 'text', (c) => c.notNull())
    .addColumn('url', 'varchar(1000)', (c) => c.notNull())
    .addColumn('secret', 'varchar(200)', (c) => c.notNull())
    .addColumn('role_codes', 'text', (c) => c.notNull())
    .addColumn('user_names', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('alarm_rule')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('rule_name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('target_kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('target', 'varchar(300)', (c) => c.notNull())
    .addColumn('metric', 'varchar(30)', (c) => c.notNull())
    .addColumn('comparison', 'varchar(10)', (c) => c.notNull())
    .addColumn('threshold', 'real', (c) => c.notNull())
    .addColumn('duration_sec', 'integer', (c) => c.notNull())
    .addColumn('level', 'varchar(10)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('alarm_rule_receiver')
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('alarm_rule.id').onDelete('cascade'))
    .addColumn('receiver_id', 'integer', (c) => c.notNull().references('alarm_receiver.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('alarm_rule_receiver_pk', ['rule_id', 'receiver_id'])
    .execute();
  await db.schema
    .createTable('alarm_event')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('rule_id', 'integer', (c) => c.notNull())
    .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('level', 'varchar(10)', (c) => c.notNull())
    .addColumn('target_kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('target', 'varchar(300)', (c) => c.notNull())
    .addColumn('metric', 'varchar(30)', (c) => c.notNull())
    .addColumn('comparison', 'varchar(10)', (c) => c.notNull())
    .addColumn('threshold', 'real', (c) => c.notNull())
    .addColumn('fired_value', 'real', (c) => c.notNull())
    .addColumn('last_value', 'real', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('fired_at', millis, (c) => c.notNull())
    .addColumn('resolved_at', millis)
    .addColumn('acknowledged_at', millis)
    .addColumn('acknowledged_by', 'varchar(100)')
    .execute();
  // One firing event per rule and target, however many evaluators there were: the database says no to a second.
  await db.schema
    .createIndex('alarm_event_firing')
    .on('alarm_event')
    .columns(['rule_id', 'target'])
    .unique()
    .where(sql.ref('status'), '=', 'firing')
    .execute();
  await db.schema.createIndex('alarm_event_fired').on('alarm_event').columns(['fired_at']).execute();
  await db.schema
    .createTable('alarm_delivery')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('alarm_event.id').onDelete('cascade'))
    .addColumn('receiver_id', 'integer', (c) => c.notNull())
    .addColumn('receiver_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('phase', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('error', 'varchar(500)')
    .addColumn('next_attempt_at', millis, (c) => c.notNull())
    .addColumn('updated_at', millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alarm_delivery_pending').on('alarm_delivery').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('alarm_delivery_event').on('alarm_delivery').columns(['event_id']).execute();
  await db.schema
    .createTable('alarm_notification')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('alarm_event.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('iam_account.id').onDelete('cascade'))
    .addColumn('phase', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', millis, (c) => c.notNull())
    .addColumn('read_at', millis)
    .execute();
  await db.schema.createIndex('alarm_notification_account').on('alarm_notification').columns(['account_id', 'id']).execute();

  await db.insertInto('sys_lease').values({ name: 'monitor', holder: '', expires_at: 0 }).execute();

  // Out of the box, a breaker that opens and a service left without a healthy instance are alarms,
  // told to the super administrators in the header bell; both rules can be edited or switched off.
  const receiver = await db
    .insertInto('alarm_receiver')
    .values({
      receiver_name: 'Administrators',
      kind: 'inApp',
      emails: '[]',
      url: '',
      secret: '',
      role_codes: JSON.stringify(['super_admin']),
      user_names: '[]',
      enabled: 1,
      updated_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rules = [
    { rule_name: 'Gateway breaker opened', target_kind: 'breaker', metric: 'open', comparison: 'gte', threshold: 1, level: 'serious' },
    {
      rule_name: 'Service without a healthy instance',
      target_kind: 'service',
      metric: 'healthy',
      comparison: 'lt',
      threshold: 1,
      level: 'urgent',
    },
  ];
  for (const rule of rules) {
    const row = await db
      .insertInto('alarm_rule')
      .values({ ...rule, target: '', duration_sec: 0, enabled: 1, updated_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('alarm_rule_receiver').values({ rule_id: row.id, receiver_id: receiver.id }).execute();
  }
}
