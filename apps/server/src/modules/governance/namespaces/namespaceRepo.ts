import type { Namespace, NamespaceInput, NamespaceUpdate, namespaceSortable, PageQuery } from '@qiming/shared';
import { type Kysely, sql } from 'kysely';
import { paginate } from '../../../db/paginate.ts';
import type { Database } from '../../../db/schema.ts';

function namespaces(db: Kysely<Database>) {
  return db.selectFrom('gov_namespace');
}

const namespaceColumns = (query: ReturnType<typeof namespaces>) =>
  query.select((eb) => [
    'gov_namespace.id',
    'gov_namespace.namespace_id as namespaceId',
    'gov_namespace.name',
    'gov_namespace.description',
    eb
      .selectFrom('cfg_config')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('cfg_config.namespace_id', '=', 'gov_namespace.namespace_id')
      .as('configCount'),
    eb
      .selectFrom('reg_service')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('reg_service.namespace_id', '=', 'gov_namespace.namespace_id')
      .as('serviceCount'),
  ]);

export function pageNamespaces(db: Kysely<Database>, query: PageQuery<(typeof namespaceSortable)[number]>) {
  return paginate(namespaces(db), query, {
    columns: { namespaceId: 'namespace_id', name: 'name' },
    // The public namespace has the first id, so it leads the default order.
    defaultSort: { column: 'id', order: 'asc' },
    select: namespaceColumns,
  }) as Promise<{ total: number; records: Namespace[] }>;
}

export async function listNamespaces(db: Kysely<Database>): Promise<Namespace[]> {
  return (await namespaceColumns(namespaces(db)).orderBy('id').execute()) as Namespace[];
}

export async function findNamespace(db: Kysely<Database>, id: number): Promise<Namespace | undefined> {
  return (await namespaceColumns(namespaces(db)).where('id', '=', id).executeTakeFirst()) as Namespace | undefined;
}

export async function findNamespaceById(db: Kysely<Database>, namespaceId: string): Promise<Namespace | undefined> {
  return (await namespaceColumns(namespaces(db)).where('namespace_id', '=', namespaceId).executeTakeFirst()) as Namespace | undefined;
}

export async function namespaceExists(db: Kysely<Database>, namespaceId: string): Promise<boolean> {
  return (await db.selectFrom('gov_namespace').select('id').where('namespace_id', '=', namespaceId).executeTakeFirst()) !== undefined;
}

export async function insertNamespace(db: Kysely<Database>, input: NamespaceInput, now: number): Promise<number> {
  const row = await db
    .insertInto('gov_namespace')
    .values({ namespace_id: input.namespaceId, name: input.name, description: input.description, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateNamespace(db: Kysely<Database>, id: number, input: NamespaceUpdate): Promise<void> {
  await db.updateTable('gov_namespace').set({ name: input.name, description: input.description }).where('id', '=', id).execute();
}

export async function deleteNamespaces(db: Kysely<Database>, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('gov_namespace').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
