import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import { runsOnSqlite } from './dialectOf.ts';

/** Stands in a query built once for the value each run gives under its name. */
class Placeholder {
  constructor(readonly name: string) {}
}

/**
 * A named value of a query built once: `where('id', '=', placeholder('id'))`. Typed as the value it
 * stands for, so the query builder checks the column against it.
 */
export function placeholder<T>(name: string): T {
  return new Placeholder(name) as T;
}

/**
 * An `in (...)` list of `items` in a query built once: the list's length belongs in the query's key, its
 * items are the run's values, named `prefix0`, `prefix1`, ...
 */
export function placeholderList<T>(prefix: string, items: readonly T[]) {
  return {
    placeholders: () => items.map((_, index) => placeholder<T>(`${prefix}${index}`)),
    values: Object.fromEntries(items.map((item, index) => [`${prefix}${index}`, item])),
  };
}

interface Template {
  sql: string;
  /** Each parameter's fixed value, or the placeholder whose value a run gives. */
  parameters: readonly unknown[];
}

const templates = new Map<string, Template>();
/** Bounds the templates should a caller put a value in a key; the hot path's few shapes stay far below. */
const maxTemplates = 1000;

/**
 * The SQL texts of queries compiled once, by the name their prepared statement takes on a PostgreSQL
 * connection (see database.ts): the server then parses and plans each on a connection only once.
 */
const statementNames = new Map<string, string>();

export function preparedStatementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/** What runs a compiled read at once on an SQLite database, by its root Kysely (never a transaction's). */
interface ReadsAtOnce {
  readAtOnce(sql: string, parameters: readonly unknown[]): unknown[] | undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: any database's root executor.
const atOnce = new WeakMap<Kysely<any>, ReadsAtOnce>();

/** Lets compiled reads on `db` skip Kysely's executor whenever `reader` can answer them at once (see SqliteStatements). */
// biome-ignore lint/suspicious/noExplicitAny: see atOnce.
export function readAtOnceWith(db: Kysely<any>, reader: ReadsAtOnce): void {
  atOnce.set(db, reader);
}

/**
 * Runs the query `build` makes, built and compiled only the first time its `key` is seen on this
 * dialect; later runs put `values` in its placeholders. Kysely builds and compiles every query anew,
 * which on a hot list costs more than the database's answer. `key` names the query's shape: whatever
 * changes its SQL (a sort column, a filter present or not) belongs in the key, never in `values`.
 */
export async function runCompiled<Row>(
  // biome-ignore lint/suspicious/noExplicitAny: any database's executor runs a compiled query.
  db: Kysely<any>,
  key: string,
  build: () => Compilable<Row>,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const { sql, parameters } = filledIn(db, key, build, values);
  const rows = atOnce.get(db)?.readAtOnce(sql, parameters);
  if (rows) return rows as Row[];
  return (await db.executeQuery<Row>(CompiledQuery.raw(sql, parameters))).rows;
}

/**
 * runCompiled's rows when `db` answers the read at once (an SQLite connection no transaction holds),
 * else `undefined` and the caller runs it with runCompiled. No promise: a hot list's page and total
 * read this way cost no promise turns between them and the answer.
 */
export function readCompiledAtOnce<Row>(
  // biome-ignore lint/suspicious/noExplicitAny: any database's executor runs a compiled query.
  db: Kysely<any>,
  key: string,
  build: () => Compilable<Row>,
  values: Record<string, unknown>,
): Row[] | undefined {
  const reader = atOnce.get(db);
  if (!reader) return undefined;
  const { sql, parameters } = filledIn(db, key, build, values);
  return reader.readAtOnce(sql, parameters) as Row[] | undefined;
}

/**
 * runCompiled for an update or delete: the number of rows it changed, which an optimistic write checks.
 * Always through Kysely's executor, which counts them.
 */
export async function runCompiledChange(
  // biome-ignore lint/suspicious/noExplicitAny: any database's executor runs a compiled query.
  db: Kysely<any>,
  key: string,
  build: () => Compilable<unknown>,
  values: Record<string, unknown>,
): Promise<number> {
  const { sql, parameters } = filledIn(db, key, build, values);
  return Number((await db.executeQuery(CompiledQuery.raw(sql, parameters))).numAffectedRows ?? 0);
}

/**
 * The SQL of the query `build` makes, compiled the first time `key` is seen on the dialect, and its
 * parameters with `values` in the placeholders. Plain text and values: a read answered at once needs no
 * Kysely query node around them.
 */
function filledIn(
  // biome-ignore lint/suspicious/noExplicitAny: any database's executor runs a compiled query.
  db: Kysely<any>,
  key: string,
  build: () => Compilable<unknown>,
  values: Record<string, unknown>,
): { sql: string; parameters: unknown[] } {
  const dialectKey = `${runsOnSqlite(db) ? 'sqlite' : 'postgres'} ${key}`;
  let template = templates.get(dialectKey);
  if (!template) {
    const compiled = build().compile();
    template = { sql: compiled.sql, parameters: compiled.parameters };
    if (templates.size >= maxTemplates) templates.clear();
    templates.set(dialectKey, template);
    // Each name stays prepared on every connection that ran it, so their number is bounded too.
    if (!statementNames.has(compiled.sql) && statementNames.size < maxTemplates)
      statementNames.set(compiled.sql, `qiming_${statementNames.size}`);
  }
  const parameters = template.parameters.map((parameter) => {
    if (!(parameter instanceof Placeholder)) return parameter;
    if (!(parameter.name in values)) throw new Error(`${key}: no value for the placeholder ${parameter.name}`);
    return values[parameter.name];
  });
  return { sql: template.sql, parameters };
}
