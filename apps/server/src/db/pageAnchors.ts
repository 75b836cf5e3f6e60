import { type Expression, type Kysely, type SelectQueryBuilder, sql } from 'kysely';

/** Rows between two kept keys: a page far into a list skips fewer than this many after its anchor. */
export const anchorStep = 1000;

/** The key of one row in the list's order: its sort value and its tie-breaker. */
export interface Anchor {
  sort: unknown;
  tie: unknown;
}

/**
 * Lists whose anchors this process keeps, per database (two databases in one process, as test files sharing a
 * worker, may hold lists with equal keys), the most recently used last.
 */
const keptByDatabase = new WeakMap<object, Map<string, Promise<Anchor[]>>>();
const maxLists = 50;

/**
 * Every `anchorStep`-th key of the list in its order (the first row's key first), read once in one pass
 * over the sort index and kept while `listKey` (which carries the list's version) stays the same.
 */
export function anchorsOf<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  listKey: string,
  // biome-ignore lint/complexity/noBannedTypes: Kysely's type for a query with nothing selected yet.
  base: SelectQueryBuilder<DB, TB, {}>,
  sortColumn: Expression<unknown>,
  tie: Expression<unknown>,
  direction: 'asc' | 'desc',
): Promise<Anchor[]> {
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = new Map();
    keptByDatabase.set(db, kept);
  }
  let anchors = kept.get(listKey);
  if (anchors) {
    kept.delete(listKey);
  } else {
    anchors = readAnchors(db, base, sortColumn, tie, direction);
    anchors.catch(() => kept.delete(listKey));
    if (kept.size >= maxLists) kept.delete(kept.keys().next().value as string);
  }
  kept.set(listKey, anchors);
  return anchors;
}

async function readAnchors<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  // biome-ignore lint/complexity/noBannedTypes: see anchorsOf.
  base: SelectQueryBuilder<DB, TB, {}>,
  sortColumn: Expression<unknown>,
  tie: Expression<unknown>,
  direction: 'asc' | 'desc',
): Promise<Anchor[]> {
  const order = sql.raw(direction);
  const ranked = base.select([
    sql`${sortColumn}`.as('anchor_sort'),
    sql`${tie}`.as('anchor_tie'),
    sql<number>`row_number() over (order by ${sortColumn} ${order}, ${tie} ${order})`.as('anchor_row'),
  ]);
  const rows = await sql<{ anchor_sort: unknown; anchor_tie: unknown }>`select anchor_sort, anchor_tie from (${ranked}) as ranked
    where (anchor_row - 1) % ${anchorStep} = 0 order by anchor_row`.execute(db);
  return rows.rows.map((row) => ({ sort: row.anchor_sort, tie: row.anchor_tie }));
}

/** The rows from the anchor on, in the list's order (a row value comparison the sort index answers). */
export function fromAnchor(anchor: Anchor, sortColumn: Expression<unknown>, tie: Expression<unknown>, direction: 'asc' | 'desc') {
  return direction === 'asc'
    ? sql<boolean>`(${sortColumn}, ${tie}) >= (${anchor.sort}, ${anchor.tie})`
    : sql<boolean>`(${sortColumn}, ${tie}) <= (${anchor.sort}, ${anchor.tie})`;
}
