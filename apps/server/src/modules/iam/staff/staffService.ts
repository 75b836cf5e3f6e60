import type { PositionInput, StaffInput } from '@qiming/shared';
import type { AppContext } from '../../../context.ts';
import { isUniqueViolation } from '../../../db/uniqueViolation.ts';
import type { Caller } from '../../../http/caller.ts';
import { badRequest } from '../../../http/errors.ts';
import { audited } from '../../audit/audited.ts';
import { requireInScope } from '../dataScope.ts';
import { requireExisting } from '../existingRecords.ts';
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

/** Positions and employees of an organ, inside the caller's scope; a position holds one employee at most, of its own organ. */
export class StaffService {
  constructor(private readonly context: AppContext) {}

  async positions(caller: Caller, organId: number) {
    requireInScope(await caller.scope(), organId);
    const rows = await repo.organPositions(this.context.db, organId);
    return { total: rows.length, records: rows };
  }

  createPosition(caller: Caller, input: PositionInput) {
    return audited(this.context, caller, { operation: 'organ:add', target: `position:${input.positionCode}` }, async (trx, entry) => {
      await requireExisting(trx, 'iam_organ', [input.organId], 'organId');
      requireInScope(await caller.scope(trx), input.organId);
      const id = await refuseTaken(input.positionCode, () => repo.insertPosition(trx, input));
      entry.after = { id, ...input };
      return entry.after;
    });
  }

  async staff(caller: Caller, organId?: number) {
    const scope = await caller.scope();
    if (organId !== undefined) requireInScope(scope, organId);
    const rows = await repo.listStaff(this.context.db, scope, organId);
    return { total: rows.length, records: rows };
  }

  createStaff(caller: Caller, input: StaffInput) {
    return audited(this.context, caller, { operation: 'organ:add', target: `staff:${input.staffCode}` }, async (trx, entry) => {
      await requireExisting(trx, 'iam_organ', [input.organId], 'organId');
      requireInScope(await caller.scope(trx), input.organId);
      if (input.positionId !== null) {
        const position = await repo.findPosition(trx, input.positionId);
        if (!position) await requireExisting(trx, 'iam_position', [input.positionId], 'positionId');
        if (position?.organId !== input.organId) throw badRequest('error.positionOfOtherOrgan');
        if (position.holderId !== null) throw badRequest('error.positionTaken');
      }
      const id = await refuseTaken(input.staffCode, () => repo.insertStaff(trx, input));
      entry.after = { id, ...input };
      return entry.after;
    });
  }

  removeStaff(caller: Caller, ids: number[]) {
    return audited(this.context, caller, { operation: 'organ:delete', target: `staff:${ids.join(',')}` }, async (trx, entry) => {
      const scope = await caller.scope(trx);
      const rows = await repo.staffOrgans(trx, ids);
      for (const row of rows) requireInScope(scope, row.organId);
      entry.before = rows;
      const deleted = await repo.deleteStaff(trx, ids);
      entry.after = { deleted };
      return entry.after;
    });
  }
}
