import type { NewsInput, NewsRow, NewsStatus, PageQuery, PageResult } from '@qiming/shared';
import type { Kysely } from 'kysely';
import { containsText } from '../../db/containsText.ts';
import { paginate } from '../../db/paginate.ts';
import type { Database } from '../../db/schema.ts';

const newsRow = [
  'id',
  'title',
  'summary',
  'cover',
  'pinned',
  'status',
  'body',
  'published_at as publishedAt',
  'updated_at as updatedAt',
] as const;

const asRow = <T extends { pinned: number }>(row: T): Omit<T, 'pinned'> & { pinned: boolean } => ({
  ...row,
  pinned: row.pinned === 1,
});

export interface NewsFilter extends PageQuery {
  title?: string;
  status?: NewsStatus;
}

/** Every news item whatever its status, newest first unless sorted otherwise. */
export function pageNewsRows(db: Kysely<Database>, query: NewsFilter): Promise<PageResult<NewsRow>> {
  let base = db.selectFrom('portal_news');
  if (query.title) base = base.where(containsText('title', query.title));
  if (query.status) base = base.where('status', '=', query.status);
  return paginate(base, query, {
    columns: { publishedAt: 'published_at', title: 'title', updatedAt: 'updated_at' },
    defaultSort: { column: 'published_at', order: 'desc' },
    select: (q) => q.select(newsRow),
  }).then((page) => ({ total: page.total, records: page.records.map(asRow) }));
}

export async function findNewsRow(db: Kysely<Database>, id: number): Promise<NewsRow | undefined> {
  const row = await db.selectFrom('portal_news').select(newsRow).where('id', '=', id).executeTakeFirst();
  return row && asRow(row);
}

const columnsOf = (input: NewsInput, now: number) => ({
  title: input.title,
  summary: input.summary,
  cover: input.cover,
  body: input.body,
  pinned: input.pinned ? 1 : 0,
  published_at: input.publishedAt,
  updated_at: now,
});

export async function insertNews(db: Kysely<Database>, input: NewsInput, now: number): Promise<number> {
  const row = await db
    .insertInto('portal_news')
    .values({ ...columnsOf(input, now), status: 'draft' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateNews(db: Kysely<Database>, id: number, input: NewsInput, now: number): Promise<void> {
  await db.updateTable('portal_news').set(columnsOf(input, now)).where('id', '=', id).execute();
}

export async function setNewsStatus(db: Kysely<Database>, id: number, status: NewsStatus, now: number): Promise<void> {
  await db.updateTable('portal_news').set({ status, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteNews(db: Kysely<Database>, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('portal_news').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
