import type { Insertable, Kysely, Selectable } from 'kysely';
import { placeholder, runCompiled } from './compiledQuery.ts';
import type { Database } from './schema.ts';

type Table = keyof Database & string;

/** The columns a row gives a value, undefined ones left to their default as Kysely's insert leaves them. */
const givenColumns = (row: object) =>
  Object.entries(row)
    .filter(([, value]) => value !== undefined)
    .map(([column]) => column);

/**
 * Inserts rows through a statement built and compiled once per table, row shape and number of rows (see
 * runCompiled), answering the `returning` columns of each: the hot writes of a command (its history, its
 * tasks, its log row) pay Kysely's building once instead of on every call.
 */
export async function insertCompiled<T extends Table, R extends keyof Selectable<Database[T]> & string = never>(
  db: Kysely<Database>,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
  returning: readonly R[] = [],
): Promise<Array<Pick<Selectable<Database[T]>, R>>> {
  if (rows.length === 0) return [];
  const shapes = rows.map((row) => givenColumns(row));
  const shapeKeys = shapes.map((columns) => columns.join(','));
  const sameShape = shapeKeys.every((shape) => shape === shapeKeys[0]);
  const key = `insert ${table} (${sameShape ? `${shapeKeys[0]}) x${rows.length}` : `${shapeKeys.join(') (')})`} returning ${returning.join(',')}`;
  const values: Record<string, unknown> = {};
  rows.forEach((row, index) => {
    for (const column of shapes[index] ?? []) values[`${index}:${column}`] = row[column as keyof typeof row];
  });
  const build = () => {
    const placeholders = shapes.map((columns, index) =>
      Object.fromEntries(columns.map((column) => [column, placeholder(`${index}:${column}`)])),
    );
    const insert = db.insertInto(table).values(placeholders as never);
    return (returning.length > 0 ? insert.returning(returning as never) : insert) as never;
  };
  return runCompiled<Pick<Selectable<Database[T]>, R>>(db, key, build, values);
}

/** Inserts one row of a table with a generated `id` through insertCompiled, and answers that id. */
export async function insertCompiledId<T extends Table>(db: Kysely<Database>, table: T, row: Insertable<Database[T]>): Promise<number> {
  const [inserted] = (await insertCompiled(db, table, [row], ['id' as never])) as Array<{ id: number }>;
  if (!inserted) throw new Error(`insert into ${table} answered no id`);
  return inserted.id;
}
