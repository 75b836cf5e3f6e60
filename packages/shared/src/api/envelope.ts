import { z } from 'zod';

/** Every JSON answer of the API; success is code 200. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export interface PageResult<T> {
  total: number;
  records: T[];
}

export const defaultPageSize = 10;
export const maxPageSize = 500;

/** `limit, page, sort, order` of spec section 3; `sort` only from the resource's sortable columns. */
export function pageQuerySchema<const Sortable extends readonly [string, ...string[]]>(sortable: Sortable) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    sort: z
      .string()
      .optional()
      .superRefine((value, context) => {
        if (value !== undefined && value !== '' && !sortable.includes(value)) {
          context.addIssue({ code: 'custom', message: 'error.badSort', params: { field: value } });
        }
      })
      .transform((value) => (value ? (value as Sortable[number]) : undefined)),
    order: z.enum(['asc', 'desc']).default('asc'),
  });
}

export type PageQuery<Sort extends string = string> = {
  limit: number;
  page: number;
  sort?: Sort;
  order: 'asc' | 'desc';
};
