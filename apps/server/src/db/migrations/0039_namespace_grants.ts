import type { Kysely } from 'kysely';

/**
 * A role's grants on namespaces, as Nacos's RBAC grants a role a namespace with an action: `read` or
 * `write` (which reads too). A role naming no namespace reaches every one, so roles made before this
 * table keep what they had; grants are kept when a namespace is deleted, so a role never widens by it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and typed against no schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('iam_role_namespace')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('iam_role.id').onDelete('cascade'))
    .addColumn('namespace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('access', 'varchar(8)', (c) => c.notNull())
    .addPrimaryKeyConstraint('iam_role_namespace_pk', ['role_id', 'namespace_id'])
    .execute();
  await db.schema.createIndex('iam_role_namespace_namespace').on('iam_role_namespace').column('namespace_id').execute();
}
