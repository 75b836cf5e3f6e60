import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';

const countAll = async (db: Kysely<Database>) =>
  Number(
    (
      await db
        .selectFrom('form_submission')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Counts the submissions kept since it was made: the demo's leave requests are there from the start,
 * and what a test asserts is that a refused submission keeps nothing.
 */
export async function submissionCounter(db: Kysely<Database>): Promise<() => Promise<number>> {
  const before = await countAll(db);
  return async () => (await countAll(db)) - before;
}
