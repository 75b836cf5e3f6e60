import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, IamAccountTable } from '../../db/schema.ts';

export type AccountRow = Selectable<IamAccountTable>;

export function findAccountByUserName(db: Kysely<Database>, userName: string): Promise<AccountRow | undefined> {
  return db.selectFrom('iam_account').selectAll().where('user_name', '=', userName).executeTakeFirst();
}

export function findAccountById(db: Kysely<Database>, id: number): Promise<AccountRow | undefined> {
  return db.selectFrom('iam_account').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockAccount(db: Kysely<Database>, id: number, until: number | null): Promise<void> {
  await db.updateTable('iam_account').set({ user_status: 'lock', locked_until: until }).where('id', '=', id).execute();
}

export async function clearLoginFailures(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('iam_account').set({ user_status: 'normal', login_failures: 0, locked_until: null }).where('id', '=', id).execute();
}

export async function updatePasswordHash(db: Kysely<Database>, id: number, passwordHash: string, now: number): Promise<void> {
  await db
    .updateTable('iam_account')
    .set({ password_hash: passwordHash, pwd_changed_at: now, grace_logins: 0 })
    .where('id', '=', id)
    .execute();
}

export async function insertAccount(
  db: Kysely<Database>,
  account: { userName: string; name: string; passwordHash: string; menuTypeId: number; introduction?: string; now: number },
  attributes: Partial<Insertable<IamAccountTable>> = {},
): Promise<number> {
  const row = await db
    .insertInto('iam_account')
    .values({
      user_name: account.userName,
      name: account.name,
      password_hash: account.passwordHash,
      user_status: 'normal',
      login_failures: 0,
      locked_until: null,
      pwd_changed_at: account.now,
      avatar: '',
      introduction: account.introduction ?? '',
      menu_type_id: account.menuTypeId,
      max_session_number: -1,
      created_at: account.now,
      ...attributes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
