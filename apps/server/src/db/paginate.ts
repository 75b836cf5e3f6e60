import type { PageQuery, PageResult } from '@qiming/shared';
import { type SelectQueryBuilder, sql } from 'kysely';

export interface PageSpec<DB, TB extends keyof DB, O> {
  /** API sort names to column references; the page query has already refused any other name. */
  columns: Record<string, string>;
  defaultSort: { column: string; order: 'asc' | 'desc' };
  /** Breaks ties so that pages never repeat or skip a row. */
  tieBreaker?: string;
  /** The total when it is known without counting, e.g. kept alongside the rows. */
  knownTotal?: number;
  // biome-ignore lint/complexity/noBannedTypes: Kysely's type for a query with nothing selected yet.
  select: (query: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, O>;
}

/** Answers one page of `base` as `{total, records}`. */
export async function paginate<DB, TB extends keyof DB, O>(
  // biome-ignore lint/complexity/noBannedTypes: see PageSpec.select.
  base: SelectQueryBuilder<DB, TB, {}>,
  query: PageQuery,
  spec: PageSpec<DB, TB, O>,
): Promise<PageResult<O>> {
  const total = spec.knownTotal ?? (await countRows(base));
  const column = (query.sort && spec.columns[query.sort]) || spec.defaultSort.column;
  const order = query.sort ? query.order : spec.defaultSort.order;
  if (total === 0 || (query.page - 1) * query.limit >= total) return { total, records: [] };
  const records = await spec
    .select(base)
    .orderBy(sql.ref(column), order)
    .orderBy(sql.ref(spec.tieBreaker ?? 'id'), order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { total, records: records as O[] };
}

// biome-ignore lint/complexity/noBannedTypes: see PageSpec.select.
async function countRows<DB, TB extends keyof DB>(base: SelectQueryBuilder<DB, TB, {}>): Promise<number> {
  const counted = await base.select(sql<number>`count(*)`.as('total')).executeTakeFirst();
  return Number((counted as { total?: number } | undefined)?.total ?? 0);
}
