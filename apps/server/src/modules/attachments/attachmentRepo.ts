import type { Attachment, AttachmentImageType } from '@qiming/shared';
import { attachmentImageTypes, attachmentUrlPattern } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const fileNameOf = (sha256: string, contentType: AttachmentImageType) => `${sha256}.${attachmentImageTypes[contentType]}`;

export async function findBySha(db: Kysely<Database>, sha256: string): Promise<Attachment | undefined> {
  const row = await db.selectFrom('sys_attachment').selectAll().where('sha256', '=', sha256).executeTakeFirst();
  if (!row) return undefined;
  const contentType = row.content_type as AttachmentImageType;
  return {
    id: row.id,
    url: `/api/files/${fileNameOf(row.sha256, contentType)}`,
    fileName: row.file_name,
    contentType,
    byteSize: row.byte_size,
    width: row.width,
    height: row.height,
  };
}

/** Keeps the first upload of a content, and every account that uploaded it; a second upload of the same bytes finds it. */
export async function insertOnce(
  db: Kysely<Database>,
  row: { sha256: string; fileName: string; contentType: AttachmentImageType; byteSize: number; width: number; height: number },
  uploadedBy: number,
  now: number,
): Promise<void> {
  await db
    .insertInto('sys_attachment')
    .values({
      sha256: row.sha256,
      file_name: row.fileName,
      content_type: row.contentType,
      byte_size: row.byteSize,
      width: row.width,
      height: row.height,
      uploaded_by: uploadedBy,
      uploaded_at: now,
    })
    .onConflict((conflict) => conflict.column('sha256').doNothing())
    .execute();
  const stored = await db.selectFrom('sys_attachment').select('id').where('sha256', '=', row.sha256).executeTakeFirstOrThrow();
  await db
    .insertInto('sys_attachment_uploader')
    .values({ attachment_id: stored.id, account_id: uploadedBy, uploaded_at: now })
    .onConflict((conflict) => conflict.columns(['attachment_id', 'account_id']).doNothing())
    .execute();
}

/** The ids among `ids` of attachments the account uploaded (itself, not only someone else first). */
export async function uploadedBy(db: Kysely<Database>, accountId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('sys_attachment_uploader')
    .select('attachment_id')
    .where('account_id', '=', accountId)
    .where('attachment_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.attachment_id));
}

/** Where each of the attachments is served, by id. */
export async function urlsOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('sys_attachment').select(['id', 'sha256', 'content_type']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, `/api/files/${fileNameOf(row.sha256, row.content_type as AttachmentImageType)}`]));
}

/** The addresses among `urls` at which no stored attachment is served: unknown, or known under another type's extension. */
export async function unservedUrls(db: Kysely<Database>, urls: string[]): Promise<string[]> {
  const shas = urls.flatMap((url) => attachmentUrlPattern.exec(url)?.[1] ?? []);
  if (shas.length === 0) return urls;
  const found = await db.selectFrom('sys_attachment').select(['sha256', 'content_type']).where('sha256', 'in', shas).execute();
  const served = new Set(found.map((row) => `/api/files/${fileNameOf(row.sha256, row.content_type as AttachmentImageType)}`));
  return urls.filter((url) => !served.has(url));
}

/** The new contents the account stored (it uploaded them first) since `since`, oldest first. */
export async function uploadsSince(
  db: Kysely<Database>,
  accountId: number,
  since: number,
): Promise<{ uploadedAt: number; byteSize: number }[]> {
  const rows = await db
    .selectFrom('sys_attachment')
    .select(['uploaded_at', 'byte_size'])
    .where('uploaded_by', '=', accountId)
    .where('uploaded_at', '>', since)
    .orderBy('uploaded_at')
    .execute();
  return rows.map((row) => ({ uploadedAt: Number(row.uploaded_at), byteSize: Number(row.byte_size) }));
}
