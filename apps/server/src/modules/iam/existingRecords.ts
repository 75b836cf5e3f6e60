import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

type TableWithId = 'iam_organ' | 'iam_account' | 'iam_role' | 'iam_position' | 'iam_staff' | 'pf_operation';

/** Refuses with 422 when a record a request body names does not exist: the caller's mistake, said before anything changes. */
export async function requireExisting(db: Kysely<Database>, table: TableWithId, ids: number[], field: string): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const found = await db.selectFrom(table).select('id').where('id', 'in', wanted).execute();
  if (found.length !== wanted.length) throw new AppError(422, 'error.referenceMissing', { field });
}
