import type { OrganPosition, PositionInput, PositionUpdate, Staff, StaffInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { OrganScope } from '../dataScope.ts';

/** The account form offers employees to link; a longer list belongs to a search, not a select. */
const maxStaffListed = 1000;

const staffColumns = [
  'id',
  'staff_code as staffCode',
  'staff_name as staffName',
  'organ_id as organId',
  'position_id as positionId',
  'mobile',
  'email',
  'id_number as idNumber',
] as const;

export function organPositions(db: Kysely<Database>, organId: number): Promise<OrganPosition[]> {
  return db
    .selectFrom('iam_position')
    .leftJoin('iam_staff', 'iam_staff.position_id', 'iam_position.id')
    .select([
      'iam_position.id',
      'iam_position.organ_id as organId',
      'iam_position.position_code as positionCode',
      'iam_position.position_name as positionName',
      'iam_staff.staff_name as staffName',
    ])
    .where('iam_position.organ_id', '=', organId)
    .orderBy('iam_position.position_code')
    .execute();
}

export async function insertPosition(db: Kysely<Database>, input: PositionInput): Promise<number> {
  const row = await db
    .insertInto('iam_position')
    .values({ organ_id: input.organId, position_code: input.positionCode, position_name: input.positionName })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePosition(db: Kysely<Database>, id: number, input: PositionUpdate): Promise<void> {
  await db
    .updateTable('iam_position')
    .set({ position_code: input.positionCode, position_name: input.positionName })
    .where('id', '=', id)
    .execute();
}

/** The positions with their organ and the employee holding each, if any. */
export function findPositions(db: Kysely<Database>, ids: number[]) {
  return db
    .selectFrom('iam_position')
    .leftJoin('iam_staff', 'iam_staff.position_id', 'iam_position.id')
    .select(['iam_position.id', 'iam_position.organ_id as organId', 'iam_staff.id as holderId'])
    .where('iam_position.id', 'in', ids)
    .execute();
}

export async function findPosition(db: Kysely<Database>, id: number) {
  return (await findPositions(db, [id]))[0];
}

export async function deletePositions(db: Kysely<Database>, ids: number[]): Promise<number> {
  return Number((await db.deleteFrom('iam_position').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}

/** Employees of one organ, or of every organ in the scope. */
export function listStaff(db: Kysely<Database>, scope: OrganScope, organId?: number): Promise<Staff[]> {
  let query = db.selectFrom('iam_staff').select(staffColumns);
  if (organId !== undefined) query = query.where('organ_id', '=', organId);
  else if (scope !== 'all') query = query.where('organ_id', 'in', scope.size > 0 ? [...scope] : [-1]);
  return query.orderBy('staff_code').limit(maxStaffListed).execute();
}

const staffRow = (input: StaffInput) => ({
  staff_code: input.staffCode,
  staff_name: input.staffName,
  organ_id: input.organId,
  position_id: input.positionId,
  mobile: input.mobile,
  email: input.email,
  id_number: input.idNumber,
});

export async function insertStaff(db: Kysely<Database>, input: StaffInput): Promise<number> {
  const row = await db.insertInto('iam_staff').values(staffRow(input)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findStaff(db: Kysely<Database>, id: number): Promise<Staff | undefined> {
  return db.selectFrom('iam_staff').select(staffColumns).where('id', '=', id).executeTakeFirst();
}

export async function updateStaff(db: Kysely<Database>, id: number, input: StaffInput): Promise<void> {
  await db.updateTable('iam_staff').set(staffRow(input)).where('id', '=', id).execute();
}

export function staffOrgans(db: Kysely<Database>, ids: number[]) {
  return db.selectFrom('iam_staff').select(['id', 'organ_id as organId']).where('id', 'in', ids).execute();
}

/** Unlinks the employees from their accounts, then deletes them. */
export async function deleteStaff(db: Kysely<Database>, ids: number[]): Promise<number> {
  await db.updateTable('iam_account').set({ staff_id: null }).where('staff_id', 'in', ids).execute();
  return Number((await db.deleteFrom('iam_staff').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}
