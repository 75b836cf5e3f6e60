import type { PageQuery, PageResult, Region, RegionInput, RegionMatch, RegionRename, RegionType } from '@qiming/shared';
import type { Kysely } from 'kysely';
import { containsText } from '../../../db/containsText.ts';
import type { Database } from '../../../db/schema.ts';
import { gbt2260Regions } from './gbt2260.ts';

/** Loads GB/T 2260 into an empty region table (the first start, or the first after this table came). */
export async function ensureRegions(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('pf_region').select('cant_code').limit(1).executeTakeFirst()) return;
  const rows = gbt2260Regions();
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('pf_region')
      .values(rows.slice(start, start + 500))
      .execute();
}

function regions(db: Kysely<Database>, includeDisabled: boolean) {
  let query = db.selectFrom('pf_region as r').select((eb) => [
    'r.cant_code as cantCode',
    'r.cant_name as cantName',
    'r.short_name as shortName',
    'r.cant_type as cantType',
    'r.super_code as superCode',
    'r.enabled',
    'r.local',
    eb
      .not(
        eb.exists((below) => {
          const children = below.selectFrom('pf_region as c').select('c.cant_code').whereRef('c.super_code', '=', 'r.cant_code');
          return includeDisabled ? children : children.where('c.enabled', '=', 1);
        }),
      )
      .as('isLeaf'),
  ]);
  if (!includeDisabled) query = query.where('r.enabled', '=', 1);
  return query;
}

type RegionRow = {
  cantCode: string;
  cantName: string;
  shortName: string;
  cantType: number;
  superCode: string | null;
  enabled: number;
  local: number;
  isLeaf: unknown;
};

const toRegion = (row: RegionRow): Region => ({
  ...row,
  cantType: row.cantType as RegionType,
  enabled: row.enabled === 1,
  local: row.local === 1,
  isLeaf: Boolean(Number(row.isLeaf)),
});

/** The regions directly under `code`, or the provinces; disabled ones only when asked (the administration page). */
export async function childrenOf(db: Kysely<Database>, code: string | null, includeDisabled: boolean): Promise<Region[]> {
  const query = regions(db, includeDisabled);
  const rows = await (code === null ? query.where('r.super_code', 'is', null) : query.where('r.super_code', '=', code))
    .orderBy('r.cant_code')
    .execute();
  return rows.map(toRegion);
}

export async function findRegion(db: Kysely<Database>, code: string): Promise<Region | undefined> {
  const row = await regions(db, true).where('r.cant_code', '=', code).executeTakeFirst();
  return row && toRegion(row);
}

/** The region and every region above it, province first; empty when the code is unknown. */
export async function pathOf(db: Kysely<Database>, code: string): Promise<Region[]> {
  const path: Region[] = [];
  // Four levels at most: a loop of lookups beats a recursive query both dialects must agree on.
  for (let next: string | null = code; next !== null && path.length < 4; ) {
    const region: Region | undefined = await findRegion(db, next);
    if (!region) break;
    path.unshift(region);
    next = region.superCode;
  }
  return path;
}

/** Regions whose code starts with the text or whose name contains it, with the names above each. */
export async function searchRegions(
  db: Kysely<Database>,
  text: string,
  page: PageQuery,
  includeDisabled: boolean,
): Promise<PageResult<RegionMatch>> {
  const matching = regions(db, includeDisabled).where((eb) =>
    /^\d+$/.test(text)
      ? eb('r.cant_code', 'like', `${text}%`)
      : eb.or([containsText('r.cant_name', text), containsText('r.short_name', text)]),
  );
  const counted = await db
    .selectFrom(matching.as('m'))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();
  const rows = await matching
    .orderBy('r.cant_code')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  const records = await Promise.all(
    rows.map(async (row) => {
      const region = toRegion(row);
      const above = region.superCode ? await pathOf(db, region.superCode) : [];
      return { ...region, pathNames: above.map((item) => item.cantName) };
    }),
  );
  return { total: Number(counted?.total ?? 0), records };
}

export async function insertRegion(db: Kysely<Database>, input: RegionInput): Promise<void> {
  await db
    .insertInto('pf_region')
    .values({
      cant_code: input.cantCode,
      cant_name: input.cantName,
      short_name: input.shortName,
      cant_type: input.cantType,
      super_code: input.superCode,
      enabled: 1,
      local: 1,
    })
    .execute();
}

export async function renameRegion(db: Kysely<Database>, code: string, input: RegionRename): Promise<void> {
  await db
    .updateTable('pf_region')
    .set({ cant_name: input.cantName, short_name: input.shortName, local: 1 })
    .where('cant_code', '=', code)
    .execute();
}

export async function setRegionEnabled(db: Kysely<Database>, code: string, enabled: boolean): Promise<void> {
  await db
    .updateTable('pf_region')
    .set({ enabled: enabled ? 1 : 0, local: 1 })
    .where('cant_code', '=', code)
    .execute();
}
