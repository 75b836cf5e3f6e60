import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<unknown>, { id, millis }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('sys_setting')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('pf_app')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('app_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('app_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('context', 'varchar(100)', (c) => c.notNull())
    .addColumn('server_host', 'varchar(100)', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('transport', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('pf_module')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('app_id', 'integer', (c) => c.notNull().references('pf_app.id').onDelete('cascade'))
    .addColumn('module_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('module_name', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('pf_function')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('module_id', 'integer', (c) => c.notNull().references('pf_module.id').onDelete('cascade'))
    .addColumn('function_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('function_name', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('pf_operation')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('function_id', 'integer', (c) => c.notNull().references('pf_function.id').onDelete('cascade'))
    .addColumn('operation_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('operation_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('operation_type_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('pf_url')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('operation_id', 'integer', (c) => c.notNull().references('pf_operation.id').onDelete('cascade'))
    .addColumn('url_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('url_content', 'varchar(300)', (c) => c.notNull())
    .addColumn('access_type', 'varchar(20)', (c) => c.notNull())
    .addUniqueConstraint('pf_url_method_content', ['method', 'url_content'])
    .execute();

  await db.schema
    .createTable('pf_menu_type')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('menu_type_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('is_sys', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('pf_menu')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('menu_type_id', 'integer', (c) => c.notNull().references('pf_menu_type.id').onDelete('cascade'))
    .addColumn('parent_menu_id', 'integer', (c) => c.references('pf_menu.id').onDelete('cascade'))
    .addColumn('menu_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('menu_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('is_leaf', 'integer', (c) => c.notNull())
    .addColumn('menu_path', 'varchar(300)', (c) => c.notNull())
    .addColumn('scheme', 'varchar(20)', (c) => c.notNull())
    .addColumn('icon', 'varchar(50)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('target', 'varchar(20)', (c) => c.notNull())
    .addColumn('function_code', 'varchar(100)')
    .addUniqueConstraint('pf_menu_type_code', ['menu_type_id', 'menu_code'])
    .execute();

  await db.schema
    .createTable('pf_dict')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('dict_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('dict_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('note', 'varchar(255)', (c) => c.notNull())
    .addColumn('updated_at', millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('pf_dict_item')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('dict_id', 'integer', (c) => c.notNull().references('pf_dict.id').onDelete('cascade'))
    .addColumn('item_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('item_value', 'varchar(100)', (c) => c.notNull())
    .addColumn('item_index', 'integer', (c) => c.notNull())
    .addUniqueConstraint('pf_dict_item_code', ['dict_id', 'item_code'])
    .execute();
  await db.schema.createIndex('pf_dict_item_order').on('pf_dict_item').columns(['dict_id', 'item_index', 'id']).execute();

  await db.schema
    .createTable('iam_role')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('role_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('role_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('role_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('is_super', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('iam_role_operation')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('iam_role.id').onDelete('cascade'))
    .addColumn('operation_id', 'integer', (c) => c.notNull().references('pf_operation.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('iam_role_operation_pk', ['role_id', 'operation_id'])
    .execute();
  await db.schema
    .createTable('iam_account')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_name', 'varchar(18)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('user_status', 'varchar(10)', (c) => c.notNull())
    .addColumn('login_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', millis)
    .addColumn('pwd_changed_at', millis, (c) => c.notNull())
    .addColumn('avatar', 'varchar(300)', (c) => c.notNull())
    .addColumn('introduction', 'varchar(500)', (c) => c.notNull())
    .addColumn('menu_type_id', 'integer', (c) => c.notNull().references('pf_menu_type.id'))
    .addColumn('max_session_number', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('created_at', millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('iam_account_role')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('iam_account.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('iam_role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('iam_account_role_pk', ['account_id', 'role_id'])
    .execute();
  await db.schema
    .createTable('iam_password_policy')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('pwd_min_length', 'integer', (c) => c.notNull())
    .addColumn('pwd_max_length', 'integer', (c) => c.notNull())
    .addColumn('is_up_case', 'integer', (c) => c.notNull())
    .addColumn('is_lower_case', 'integer', (c) => c.notNull())
    .addColumn('is_num', 'integer', (c) => c.notNull())
    .addColumn('is_special_char', 'integer', (c) => c.notNull())
    .addColumn('login_attempts', 'integer', (c) => c.notNull())
    .addColumn('pwd_lock_time', 'integer', (c) => c.notNull())
    .addColumn('pwd_life_time', 'integer', (c) => c.notNull())
    .addColumn('pwd_grace_time', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('auth_login_key')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('auth_session')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('iam_account.id').onDelete('cascade'))
    .addColumn('refresh_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', millis, (c) => c.notNull())
    .addColumn('expires_at', millis, (c) => c.notNull())
    .addColumn('revoked_at', millis)
    .execute();
  await db.schema.createIndex('auth_session_account').on('auth_session').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('audit_login_log')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('login_time', millis, (c) => c.notNull())
    .addColumn('login_ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('result', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(500)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_login_log_time').on('audit_login_log').column('login_time').execute();
  await db.schema
    .createTable('audit_operation_log')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('op_time', millis, (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('operation', 'varchar(100)', (c) => c.notNull())
    .addColumn('target', 'varchar(300)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('before_value', 'text', (c) => c.notNull())
    .addColumn('after_value', 'text', (c) => c.notNull())
    .addColumn('result', 'varchar(20)', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('audit_client_error')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('created_at', millis, (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('page_url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('message', 'varchar(2000)', (c) => c.notNull())
    .addColumn('stack', 'text', (c) => c.notNull())
    .addColumn('info', 'varchar(2000)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(500)', (c) => c.notNull())
    .execute();
}
