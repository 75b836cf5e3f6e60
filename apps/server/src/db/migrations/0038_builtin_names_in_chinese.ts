import type { Kysely } from 'kysely';

/**
 * The records every installation is given read in Chinese, the language of the company the product
 * serves (the built-in role and account from the first start; the alarm receiver and rules of 0025).
 * A name an administrator already changed is theirs and stays.
 */
const renames = [
  { table: 'iam_role', column: 'role_name', from: 'Super administrator', to: '超级管理员', key: ['role_code', 'super_admin'] },
  { table: 'iam_account', column: 'name', from: 'System Administrator', to: '系统管理员', key: ['user_name', 'sysadmin'] },
  {
    table: 'iam_account',
    column: 'introduction',
    from: 'Built-in super administrator.',
    to: '内置超级管理员。',
    key: ['user_name', 'sysadmin'],
  },
  { table: 'alarm_receiver', column: 'receiver_name', from: 'Administrators', to: '管理员' },
  { table: 'alarm_rule', column: 'rule_name', from: 'Gateway breaker opened', to: '网关熔断器打开' },
  { table: 'alarm_rule', column: 'rule_name', from: 'Service without a healthy instance', to: '服务无健康实例' },
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>): Promise<void> {
  for (const rename of renames) {
    let query = db
      .updateTable(rename.table)
      .set({ [rename.column]: rename.to })
      .where(rename.column, '=', rename.from);
    if ('key' in rename) query = query.where(rename.key[0], '=', rename.key[1]);
    await query.execute();
  }
}
