import type { PositionInput, PositionUpdate, StaffInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/uniqueViolation.ts';
import type { Caller } from '../../../http/caller.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { audited } from '../../audit/audited.ts';
import { requireExisting } from '../existingRecords.ts';
import { requireOrganInScope, requireOrgansInScope, visibleOrgans } from '../policy.ts';
import * as repo from './staffRepo.ts';

/** A unique violation on the position column means the position was filled meanwhile; any other, a taken code. */
async function refuseTaken<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const taken = String((error as Error).message).includes('position_id');
    throw taken ? badRequest('error.positionTaken') : badRequest('error.duplicateCode', { code });
  }
}

/** An employee's position belongs to their organ and is held by nobody else (`self`: the employee being changed). */
async function checkPosition(db: Kysely<Database>, input: StaffInput, self: number | null) {
  if (input.positionId === null) return;
  const position = await repo.findPosition(db, input.positionId);
  if (!position) await requireExisting(db, 'iam_position', [input.positionId], 'positionId');
  if (position?.organId !== input.organId) throw badRequest('error.positionOfOtherOrgan');
  if (position.holderId !== null && position.holderId !== self) throw badRequest('error.positionTaken');
}

/** Positions and employees of an organ, inside the caller's scope; a position holds one employee at most, of its own organ. */
export class StaffService {
  constructor(private readonly context: AppContext) {}

  async positions(caller: Caller, organId: number) {
    await requireOrganInScope(caller, this.context.db, organId);
    const rows = await repo.organPositions(this.context.db, organId);
    return { total: rows.length, records: rows };
  }

  createPosition(caller: Caller, input: PositionInput) {
    return audited(this.context, caller, { operation: 'organ:add', target: `position:${input.positionCode}` }, async (trx, entry) => {
      await requireExisting(trx, 'iam_organ', [input.organId], 'organId');
      await requireOrganInScope(caller, trx, input.organId);
      const id = await refuseTaken(input.positionCode, () => repo.insertPosition(trx, input));
      const after = { id, ...input };
      entry.after = after;
      return after;
    });
  }

  updatePosition(caller: Caller, id: number, input: PositionUpdate) {
    return audited(this.context, caller, { operation: 'organ:edit', target: `position:${id}` }, async (trx, entry) => {
      const position = await repo.findPosition(trx, id);
      if (!position) throw notFound();
      await requireOrganInScope(caller, trx, position.organId);
      await refuseTaken(input.positionCode, () => repo.updatePosition(trx, id, input));
      const after = { id, ...input };
      entry.after = after;
      return after;
    });
  }

  /** A position an employee holds stays until the employee moves: deleting it would silently unseat them. */
  removePositions(caller: Caller, ids: number[]) {
    return audited(this.context, caller, { operation: 'organ:delete', target: `position:${ids.join(',')}` }, async (trx, entry) => {
      const positions = await repo.findPositions(trx, ids);
      if (positions.length < new Set(ids).size) throw notFound();
      await requireOrgansInScope(
        caller,
        trx,
        positions.map((position) => position.organId),
      );
      if (positions.some((position) => position.holderId !== null)) throw badRequest('error.positionHeld');
      entry.before = positions;
      const after = { deleted: await repo.deletePositions(trx, ids) };
      entry.after = after;
      return after;
    });
  }

  async staff(caller: Caller, organId?: number) {
    if (organId !== undefined) await requireOrganInScope(caller, this.context.db, organId);
    const rows = await repo.listStaff(this.context.db, await visibleOrgans(caller, this.context.db), organId);
    return { total: rows.length, records: rows };
  }

  createStaff(caller: Caller, input: StaffInput) {
    return audited(this.context, caller, { operation: 'organ:add', target: `staff:${input.staffCode}` }, async (trx, entry) => {
      await requireExisting(trx, 'iam_organ', [input.organId], 'organId');
      await requireOrganInScope(caller, trx, input.organId);
      await checkPosition(trx, input, null);
      const id = await refuseTaken(input.staffCode, () => repo.insertStaff(trx, input));
      const after = { id, ...input };
      entry.after = after;
      return after;
    });
  }

  /** Changes an employee, possibly moving them to another organ or position, both inside the caller's scope. */
  updateStaff(caller: Caller, id: number, input: StaffInput) {
    return audited(this.context, caller, { operation: 'organ:edit', target: `staff:${id}` }, async (trx, entry) => {
      const before = await repo.findStaff(trx, id);
      if (!before) throw notFound();
      await requireOrganInScope(caller, trx, before.organId);
      await requireExisting(trx, 'iam_organ', [input.organId], 'organId');
      await requireOrganInScope(caller, trx, input.organId);
      await checkPosition(trx, input, id);
      await refuseTaken(input.staffCode, () => repo.updateStaff(trx, id, input));
      entry.before = before;
      const after = { id, ...input };
      entry.after = after;
      return after;
    });
  }

  removeStaff(caller: Caller, ids: number[]) {
    return audited(this.context, caller, { operation: 'organ:delete', target: `staff:${ids.join(',')}` }, async (trx, entry) => {
      const rows = await repo.staffOrgans(trx, ids);
      await requireOrgansInScope(
        caller,
        trx,
        rows.map((row) => row.organId),
      );
      entry.before = rows;
      const deleted = await repo.deleteStaff(trx, ids);
      const after = { deleted };
      entry.after = after;
      return after;
    });
  }
}
