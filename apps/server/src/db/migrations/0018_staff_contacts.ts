import type { Kysely } from 'kysely';

/** Employees carry how to reach them and their ID document (spec section 5's mobile, e-mail and ID number rules). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('iam_staff').addColumn('mobile', 'varchar(11)').execute();
  await db.schema.alterTable('iam_staff').addColumn('email', 'varchar(100)').execute();
  await db.schema.alterTable('iam_staff').addColumn('id_number', 'varchar(50)').execute();
}
