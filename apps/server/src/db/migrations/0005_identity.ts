import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Organisations (types, structures, organs placed in each structure's tree, positions, staff), the
 * account and role attributes of the identity issue, roles' data authorisation, and the work calendar.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>, { id, millis }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('iam_organ_type')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('type_code', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('type_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('parent_type_code', 'varchar(10)')
    .execute();
  await db.schema
    .createTable('iam_structure')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('stru_type', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('stru_type_name', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('iam_organ')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('organ_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('organ_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('short_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('type_code', 'varchar(10)', (c) => c.notNull())
    .addColumn('principal_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('iam_organ_node')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('stru_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('organ_id', 'integer', (c) => c.notNull().references('iam_organ.id').onDelete('cascade'))
    .addColumn('parent_organ_id', 'integer', (c) => c.references('iam_organ.id'))
    .addColumn('stru_order', 'integer', (c) => c.notNull())
    .addUniqueConstraint('iam_organ_node_place', ['stru_type', 'organ_id'])
    .execute();
  await db.schema
    .createTable('iam_position')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('organ_id', 'integer', (c) => c.notNull().references('iam_organ.id').onDelete('cascade'))
    .addColumn('position_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('position_name', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('iam_staff')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('staff_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('staff_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('organ_id', 'integer', (c) => c.notNull().references('iam_organ.id'))
    // One employee only per position: a second one on the same position is a unique violation.
    .addColumn('position_id', 'integer', (c) => c.unique().references('iam_position.id'))
    .execute();

  await db.schema.alterTable('iam_account').addColumn('organ_id', 'integer').execute();
  await db.schema.alterTable('iam_account').addColumn('staff_id', 'integer').execute();
  await db.schema
    .alterTable('iam_account')
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('iam_account').addColumn('manage_range', 'integer').execute();
  await db.schema
    .alterTable('iam_account')
    .addColumn('is_use_ip_checked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('iam_account')
    .addColumn('ip_policy', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('iam_account')
    .addColumn('auth_strategy', 'varchar(20)', (c) => c.notNull().defaultTo('password'))
    .execute();
  await db.schema
    .alterTable('iam_account')
    .addColumn('grace_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .alterTable('iam_role')
    .addColumn('position_type', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('iam_role')
    .addColumn('role_scope', 'varchar(10)', (c) => c.notNull().defaultTo('global'))
    .execute();
  await db.schema.alterTable('iam_role').addColumn('belong_to_organ', 'integer').execute();
  await db.schema
    .createTable('iam_role_organ')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('iam_role.id').onDelete('cascade'))
    .addColumn('organ_id', 'integer', (c) => c.notNull().references('iam_organ.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('iam_role_organ_pk', ['role_id', 'organ_id'])
    .execute();

  await db.schema
    .createTable('pf_work_day')
    .addColumn('organ_id', 'integer', (c) => c.notNull().references('iam_organ.id').onDelete('cascade'))
    .addColumn('solar_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('is_working', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pf_work_day_pk', ['organ_id', 'solar_date'])
    .execute();

  await db
    .insertInto('iam_structure')
    .values([
      { stru_type: 'admin', stru_type_name: '行政组织' },
      { stru_type: 'business', stru_type_name: '业务组织' },
    ])
    .execute();
  await db
    .insertInto('iam_organ_type')
    .values([
      { type_code: 'CORP', type_name: '公司', parent_type_code: null },
      { type_code: 'DEPT', type_name: '部门', parent_type_code: 'CORP' },
      { type_code: 'TEAM', type_name: '小组', parent_type_code: 'DEPT' },
    ])
    .execute();
}
