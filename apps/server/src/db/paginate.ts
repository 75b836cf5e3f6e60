import type { PageQuery, PageResult } from '@qiming/shared';
import { type Expression, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { placeholder, readCompiledAtOnce, runCompiled } from './compiledQuery.ts';
import { anchorStep, anchorsOf, fromAnchor } from './pageAnchors.ts';

export interface PageSpec<DB, TB extends keyof DB, O> {
  /** API sort names to column references; the page query has already refused any other name. */
  columns: Record<string, string>;
  defaultSort: { column: string; order: 'asc' | 'desc' };
  /** Breaks ties so that pages never repeat or skip a row. */
  tieBreaker?: string;
  /**
   * The total when it is known without counting, e.g. kept alongside the rows; a promise of it is read
   * at the same time as a page near the start (see `compiled`).
   */
  knownTotal?: number | Promise<number>;
  /**
   * Few rows match (a text search through an index): the page's own query counts them as it finds
   * them, rather than a second query finding them all again. Not for plain lists, where a count can
   * walk an index but counting alongside would read every row.
   */
  countAlongside?: boolean;
  // biome-ignore lint/complexity/noBannedTypes: Kysely's type for a query with nothing selected yet.
  select: (query: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, O>;
  /**
   * The rows of a deep page by their keys alone, without the list query's conditions: SQLite without
   * statistics would rather walk an index of those conditions than look the few keys up.
   */
  byKeys?: (keys: Expression<unknown>) => SelectQueryBuilder<DB, TB, O>;
  /**
   * A list that keeps a version changed by every write to it: a page far from both ends then starts at
   * a key this process keeps (see pageAnchors) and skips fewer than a thousand rows, not hundreds of thousands.
   * Only for sort columns without nulls.
   */
  anchors?: { db: Kysely<DB>; version: () => string | Promise<string> };
  /**
   * The list's query again, built from placeholders (see compiledQuery) under a key naming its shape, with this
   * request's values: a page near the start, what lists are mostly asked for, then runs a query built
   * and compiled once per sort instead of anew on every request.
   */
  // biome-ignore lint/complexity/noBannedTypes: see select.
  compiled?: { db: Kysely<DB>; key: string; base: () => SelectQueryBuilder<DB, TB, {}>; values: Record<string, unknown> };
}

/** Past this many rows skipped, a page finds its keys on the index alone before it reads its rows. */
const deferredFrom = 1000;

const reverse = (order: 'asc' | 'desc') => (order === 'asc' ? 'desc' : 'asc');

/**
 * Answers one page of the list's query as `{total, records}`. Deep pages stay cheap: a page past the middle
 * is read from the far end in the opposite order (the total is exact, so its place is known), and a
 * page far from both ends first finds its ids on the sort index, then reads just those rows.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  /** The list's query, or how to build it: a page its compiled query answers (see PageSpec.compiled) never builds it. */
  // biome-ignore lint/complexity/noBannedTypes: see PageSpec.select.
  listQuery: SelectQueryBuilder<DB, TB, {}> | (() => SelectQueryBuilder<DB, TB, {}>),
  query: PageQuery,
  spec: PageSpec<DB, TB, O>,
): Promise<PageResult<O>> {
  const column = (query.sort && spec.columns[query.sort]) || spec.defaultSort.column;
  const order = query.sort ? query.order : spec.defaultSort.order;
  const tieBreaker = spec.tieBreaker ?? 'id';
  const offset = (query.page - 1) * query.limit;
  if (spec.compiled && spec.knownTotal !== undefined && offset < deferredFrom) {
    // Near the start the page is read forwards whatever the total, so both are read at once.
    const page = compiledPage(spec, column, order, query.limit, offset);
    const [total, records] =
      typeof spec.knownTotal === 'number' && Array.isArray(page) ? [spec.knownTotal, page] : await Promise.all([spec.knownTotal, page]);
    return { total, records: offset < total ? records : [] };
  }
  const base = typeof listQuery === 'function' ? listQuery() : listQuery;
  if (spec.knownTotal === undefined && spec.countAlongside) {
    const counted = await countedPage(spec.select(base), sql.ref(column), sql.ref(tieBreaker), order, query.limit, offset);
    // A page past the last match has no row to carry the total: it is counted below.
    if (counted) return counted;
  }
  const total = await (spec.knownTotal ?? countRows(base));
  if (total === 0 || offset >= total) return { total, records: [] };
  const take = Math.min(query.limit, total - offset);
  const fromEnd = total - offset - take;
  const backwards = fromEnd < offset;
  const direction = backwards ? reverse(order) : order;
  const skip = backwards ? fromEnd : offset;
  const sortColumn = sql.ref(column);
  const tie = sql.ref(tieBreaker);
  if (skip < deferredFrom && spec.compiled) {
    const records = await compiledPage(spec, column, direction, take, skip);
    return { total, records: backwards ? records.reverse() : records };
  }
  let page: SelectQueryBuilder<DB, TB, O>;
  if (skip < deferredFrom) page = spec.select(base).limit(take).offset(skip);
  else if (spec.anchors && skip >= anchorStep) {
    const listKey = `${await spec.anchors.version()} ${column} ${direction}`;
    const anchors = await anchorsOf(spec.anchors.db, listKey, base, sortColumn, tie, direction);
    const index = Math.min(Math.floor(skip / anchorStep), anchors.length - 1);
    const anchor = anchors[index] as (typeof anchors)[number];
    page = spec
      .select(base)
      .where(fromAnchor(anchor, sortColumn, tie, direction))
      .limit(take)
      .offset(skip - index * anchorStep);
  } else {
    const keys = base.select(tie.as('page_key')).orderBy(sortColumn, direction).orderBy(tie, direction).limit(take).offset(skip);
    page = spec.byKeys ? spec.byKeys(keys) : spec.select(base).where(tie, 'in', keys as never);
  }
  page = page.orderBy(sortColumn, direction).orderBy(tie, direction);
  const records = (await page.execute()) as O[];
  return { total, records: backwards ? records.reverse() : records };
}

/**
 * The page's rows through the list's query compiled once for this sort (see PageSpec.compiled): the rows
 * themselves when the database answers at once, else their promise.
 */
function compiledPage<DB, TB extends keyof DB, O>(
  spec: PageSpec<DB, TB, O>,
  column: string,
  direction: 'asc' | 'desc',
  take: number,
  skip: number,
): O[] | Promise<O[]> {
  const { db, key, base, values } = spec.compiled as NonNullable<typeof spec.compiled>;
  const shape = `${key} ${column} ${direction}`;
  const build = () =>
    spec
      .select(base())
      .limit(placeholder<number>('take'))
      .offset(placeholder<number>('skip'))
      .orderBy(sql.ref(column), direction)
      .orderBy(sql.ref(spec.tieBreaker ?? 'id'), direction);
  const pageValues = { ...values, take, skip };
  return readCompiledAtOnce(db, shape, build, pageValues) ?? runCompiled(db, shape, build, pageValues);
}

async function countedPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  sortColumn: Expression<unknown>,
  tie: Expression<unknown>,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<PageResult<O> | undefined> {
  const rows = (await query
    .select(sql<number>`count(*) over ()`.as('page_total'))
    .orderBy(sortColumn, order)
    .orderBy(tie, order)
    .limit(limit)
    .offset(offset)
    .execute()) as Array<O & { page_total: number }>;
  if (rows.length === 0) return undefined;
  return { total: Number(rows[0]?.page_total), records: rows.map(({ page_total: _, ...row }) => row as O) };
}

// biome-ignore lint/complexity/noBannedTypes: see PageSpec.select.
async function countRows<DB, TB extends keyof DB>(base: SelectQueryBuilder<DB, TB, {}>): Promise<number> {
  const counted = await base.select(sql<number>`count(*)`.as('total')).executeTakeFirst();
  return Number((counted as { total?: number } | undefined)?.total ?? 0);
}

/** A short list read whole (menu types, an account's sessions) in the same `{total, records}` shape as a page. */
export function wholeList<T>(records: T[]): PageResult<T> {
  return { total: records.length, records };
}
