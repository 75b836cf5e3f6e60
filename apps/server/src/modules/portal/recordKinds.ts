import {
  type AboutSectionRow,
  aboutSectionInput,
  aboutSectionRow,
  type CustomerRow,
  customerInput,
  customerRow,
  type JobRow,
  jobInput,
  jobRow,
  type PortalServiceRow,
  portalServiceInput,
  portalServiceRow,
} from '@qiming/shared';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';

/**
 * One declaration per list of small website records the portal edits the same way: the table, how an
 * input becomes a row and a row an answer, which images it names, and the filters its list takes.
 * News and the site settings have their own services: they are previewed and published.
 */
export interface RecordKind<Input, Row> {
  /** The path under `/api/admin/portal/`, and the operation-code prefix `portal:{path}:`. */
  path: 'services' | 'customers' | 'about' | 'jobs';
  table: keyof Database & `portal_${string}`;
  input: z.ZodType<Input, unknown>;
  /** The row as answers carry it: what the back-office's list and dialog read. */
  row: z.ZodType<Row>;
  toRow(input: Input): Record<string, unknown>;
  fromRow(row: Record<string, unknown>): Row;
  images(input: Input): string[];
  /** Columns the list filters on by equality, and the one its name search looks in. */
  filters: string[];
  nameColumn: string;
  /** Columns the list is ordered by. */
  order: string[];
}

const numbered = (row: Record<string, unknown>) => ({ ...row, id: Number(row.id), seq: Number(row.seq) });

export const serviceKind: RecordKind<z.infer<typeof portalServiceInput>, PortalServiceRow> = {
  path: 'services',
  table: 'portal_service',
  input: portalServiceInput,
  row: portalServiceRow,
  toRow: (input) => ({ ...input, features: JSON.stringify(input.features), results: JSON.stringify(input.results) }),
  fromRow: (row) =>
    ({
      ...numbered(row),
      index: Number(row.seq),
      features: JSON.parse(String(row.features)),
      results: JSON.parse(String(row.results)),
    }) as PortalServiceRow,
  images: (input) => [input.image],
  filters: ['kind'],
  nameColumn: 'name',
  order: ['kind', 'seq'],
};

export const customerKind: RecordKind<z.infer<typeof customerInput>, CustomerRow> = {
  path: 'customers',
  table: 'portal_customer',
  input: customerInput,
  row: customerRow,
  toRow: (input) => input,
  fromRow: (row) => numbered(row) as CustomerRow,
  images: (input) => [input.logo],
  filters: [],
  nameColumn: 'name',
  order: ['seq'],
};

export const aboutKind: RecordKind<z.infer<typeof aboutSectionInput>, AboutSectionRow> = {
  path: 'about',
  table: 'portal_about_section',
  input: aboutSectionInput,
  row: aboutSectionRow,
  toRow: (input) => ({ ...input, items: JSON.stringify(input.items) }),
  fromRow: (row) => ({ ...numbered(row), index: Number(row.seq), items: JSON.parse(String(row.items)) }) as AboutSectionRow,
  images: (input) => [input.image],
  filters: [],
  nameColumn: 'title',
  order: ['seq'],
};

export const jobKind: RecordKind<z.infer<typeof jobInput>, JobRow> = {
  path: 'jobs',
  table: 'portal_position',
  input: jobInput,
  row: jobRow,
  toRow: (input) => input,
  fromRow: (row) => ({ ...numbered(row), headcount: Number(row.headcount) }) as JobRow,
  images: () => [],
  filters: [],
  nameColumn: 'title',
  order: ['seq'],
};

// biome-ignore lint/suspicious/noExplicitAny: each kind's input and row types are checked where it is declared.
export const recordKinds: RecordKind<any, any>[] = [serviceKind, customerKind, aboutKind, jobKind];
