import type { Organ, OrganInput, OrganType, OrganTypeInput, Structure, StructureInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import { inTransaction } from '../../../db/inTransaction.ts';
import type { Database } from '../../../db/schema.ts';

export function listOrganTypes(db: Kysely<Database>): Promise<OrganType[]> {
  return db
    .selectFrom('iam_organ_type')
    .select(['id', 'type_code as typeCode', 'type_name as typeName', 'parent_type_code as parentTypeCode'])
    .orderBy('type_code')
    .execute();
}

export function findOrganType(db: Kysely<Database>, typeCode: string): Promise<OrganType | undefined> {
  return db
    .selectFrom('iam_organ_type')
    .select(['id', 'type_code as typeCode', 'type_name as typeName', 'parent_type_code as parentTypeCode'])
    .where('type_code', '=', typeCode)
    .executeTakeFirst();
}

export async function insertOrganType(db: Kysely<Database>, input: OrganTypeInput): Promise<number> {
  const row = await db
    .insertInto('iam_organ_type')
    .values({ type_code: input.typeCode, type_name: input.typeName, parent_type_code: input.parentTypeCode })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOrganType(db: Kysely<Database>, id: number, input: OrganTypeInput): Promise<void> {
  await db
    .updateTable('iam_organ_type')
    .set({ type_name: input.typeName, parent_type_code: input.parentTypeCode })
    .where('id', '=', id)
    .execute();
}

/** Whether an organ has one of the types, or another type names one of them as its parent. */
export async function organTypesInUse(db: Kysely<Database>, ids: number[]): Promise<boolean> {
  const codes = db.selectFrom('iam_organ_type').select('type_code').where('id', 'in', ids);
  const organ = await db.selectFrom('iam_organ').select('id').where('type_code', 'in', codes).limit(1).executeTakeFirst();
  const child = await db
    .selectFrom('iam_organ_type')
    .select('id')
    .where('parent_type_code', 'in', codes)
    .where('id', 'not in', ids)
    .limit(1)
    .executeTakeFirst();
  return organ !== undefined || child !== undefined;
}

export async function deleteOrganTypes(db: Kysely<Database>, ids: number[]): Promise<number> {
  return Number((await db.deleteFrom('iam_organ_type').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}

export function listStructures(db: Kysely<Database>): Promise<Structure[]> {
  return db.selectFrom('iam_structure').select(['id', 'stru_type as struType', 'stru_type_name as struTypeName']).orderBy('id').execute();
}

export async function insertStructure(db: Kysely<Database>, input: StructureInput): Promise<number> {
  const row = await db
    .insertInto('iam_structure')
    .values({ stru_type: input.struType, stru_type_name: input.struTypeName })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findStructures(db: Kysely<Database>, ids: number[]): Promise<Structure[]> {
  return db
    .selectFrom('iam_structure')
    .select(['id', 'stru_type as struType', 'stru_type_name as struTypeName'])
    .where('id', 'in', ids)
    .execute();
}

export async function renameStructure(db: Kysely<Database>, id: number, struTypeName: string): Promise<void> {
  await db.updateTable('iam_structure').set({ stru_type_name: struTypeName }).where('id', '=', id).execute();
}

/** A structure is a view of the organs: deleting it takes its placements, never the organs themselves. */
export async function deleteStructures(db: Kysely<Database>, structures: Structure[]): Promise<void> {
  const codes = structures.map((structure) => structure.struType);
  await db.deleteFrom('iam_organ_node').where('stru_type', 'in', codes).execute();
  await db
    .deleteFrom('iam_structure')
    .where(
      'id',
      'in',
      structures.map((structure) => structure.id),
    )
    .execute();
}

export async function structureExists(db: Kysely<Database>, struType: string): Promise<boolean> {
  return (await db.selectFrom('iam_structure').select('id').where('stru_type', '=', struType).executeTakeFirst()) !== undefined;
}

const organColumns = [
  'id',
  'organ_code as organCode',
  'organ_name as organName',
  'short_name as shortName',
  'type_code as typeCode',
  'principal_name as principalName',
] as const;

export function findOrgan(db: Kysely<Database>, id: number): Promise<Organ | undefined> {
  return db.selectFrom('iam_organ').select(organColumns).where('id', '=', id).executeTakeFirst();
}

export async function organCodeTaken(db: Kysely<Database>, organCode: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('iam_organ').select('id').where('organ_code', '=', organCode);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertOrgan(db: Kysely<Database>, input: OrganInput, now: number): Promise<number> {
  const row = await db
    .insertInto('iam_organ')
    .values({
      organ_code: input.organCode,
      organ_name: input.organName,
      short_name: input.shortName,
      type_code: input.typeCode,
      principal_name: input.principalName,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOrgan(db: Kysely<Database>, id: number, input: OrganInput): Promise<void> {
  await db
    .updateTable('iam_organ')
    .set({
      organ_code: input.organCode,
      organ_name: input.organName,
      short_name: input.shortName,
      type_code: input.typeCode,
      principal_name: input.principalName,
    })
    .where('id', '=', id)
    .execute();
}

/** Every organ placed in a structure, with its parent and order there. */
export function structureNodes(db: Kysely<Database>, struType: string) {
  return db
    .selectFrom('iam_organ_node')
    .innerJoin('iam_organ', 'iam_organ.id', 'iam_organ_node.organ_id')
    .select([
      'iam_organ.id',
      'iam_organ.organ_code as organCode',
      'iam_organ.organ_name as organName',
      'iam_organ.short_name as shortName',
      'iam_organ.type_code as typeCode',
      'iam_organ.principal_name as principalName',
      'iam_organ_node.parent_organ_id as parentOrganId',
      'iam_organ_node.stru_order as struOrder',
    ])
    .where('iam_organ_node.stru_type', '=', struType)
    .orderBy('iam_organ_node.stru_order')
    .orderBy('iam_organ.id')
    .execute();
}

/**
 * Puts the organ at `index` among the children of `parentId` in the structure (moving it if it is
 * placed already) and renumbers the siblings, in one transaction.
 */
export async function placeOrgan(db: Kysely<Database>, struType: string, organId: number, parentId: number | null, index: number) {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('iam_organ_node').where('stru_type', '=', struType).where('organ_id', '=', organId).execute();
    let siblings = trx
      .selectFrom('iam_organ_node')
      .select('organ_id')
      .where('stru_type', '=', struType)
      .orderBy('stru_order')
      .orderBy('organ_id');
    siblings = parentId === null ? siblings.where('parent_organ_id', 'is', null) : siblings.where('parent_organ_id', '=', parentId);
    const order = (await siblings.execute()).map((row) => row.organ_id);
    order.splice(Math.min(index, order.length), 0, organId);
    await trx
      .insertInto('iam_organ_node')
      .values({ stru_type: struType, organ_id: organId, parent_organ_id: parentId, stru_order: 0 })
      .execute();
    for (const [position, id] of order.entries()) {
      await trx
        .updateTable('iam_organ_node')
        .set({ stru_order: position })
        .where('stru_type', '=', struType)
        .where('organ_id', '=', id)
        .execute();
    }
  });
}

export async function unplaceOrgan(db: Kysely<Database>, struType: string, organId: number): Promise<void> {
  await db.deleteFrom('iam_organ_node').where('stru_type', '=', struType).where('organ_id', '=', organId).execute();
}

/** What still refers to the organ: children in any structure, positions, staff, accounts. */
export async function organInUse(db: Kysely<Database>, organId: number): Promise<boolean> {
  const checks = await Promise.all([
    db.selectFrom('iam_organ_node').select('id').where('parent_organ_id', '=', organId).executeTakeFirst(),
    db.selectFrom('iam_position').select('id').where('organ_id', '=', organId).executeTakeFirst(),
    db.selectFrom('iam_staff').select('id').where('organ_id', '=', organId).executeTakeFirst(),
    db.selectFrom('iam_account').select('id').where('organ_id', '=', organId).executeTakeFirst(),
  ]);
  return checks.some((found) => found !== undefined);
}

export async function deleteOrgan(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('iam_organ').where('id', '=', id).execute();
}
