import { type OrganPosition, positionInput, type Staff, staffInput } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { isUniqueViolation } from '../../../db/uniqueViolation.ts';
import { ok } from '../../../http/envelope.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { idListBody, idParam } from '../../../http/idList.ts';
import { recordChange } from '../../audit/recordChange.ts';
import { organScope, requireInScope } from '../dataScope.ts';

const tags = ['organisations'];
/** The account form offers employees to link; a longer list belongs to a search, not a select. */
const maxStaffListed = 1000;
const organQuery = z.object({ organId: idParam });
const optionalOrganQuery = z.object({ organId: idParam.optional() });

/** Positions and employees of an organ; a position holds one employee at most. */
export const staffRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;
  const write = async <T>(code: string, action: () => Promise<T>) => {
    try {
      return await action();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const taken = String((error as Error).message).includes('position_id');
      throw taken ? badRequest('error.positionTaken') : badRequest('error.duplicateCode', { code });
    }
  };

  app.get(
    '/api/admin/positions',
    { schema: { tags, summary: "An organ's positions with their employee", querystring: organQuery } },
    async (request) => {
      requireInScope(await organScope(db, request), request.query.organId);
      const rows: OrganPosition[] = await db
        .selectFrom('iam_position')
        .leftJoin('iam_staff', 'iam_staff.position_id', 'iam_position.id')
        .select([
          'iam_position.id',
          'iam_position.organ_id as organId',
          'iam_position.position_code as positionCode',
          'iam_position.position_name as positionName',
          'iam_staff.staff_name as staffName',
        ])
        .where('iam_position.organ_id', '=', request.query.organId)
        .orderBy('iam_position.position_code')
        .execute();
      return ok({ total: rows.length, records: rows });
    },
  );

  app.post('/api/admin/positions', { schema: { tags, summary: 'Creates a position', body: positionInput } }, async (request) => {
    const startedAt = context.now();
    requireInScope(await organScope(db, request), request.body.organId);
    const input = request.body;
    const row = await write(input.positionCode, () =>
      db
        .insertInto('iam_position')
        .values({ organ_id: input.organId, position_code: input.positionCode, position_name: input.positionName })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    await recordChange(context, request, { operation: 'organ:add', target: `position:${row.id}`, after: input, startedAt });
    return ok({ id: row.id, ...input });
  });

  app.get(
    '/api/admin/staff',
    { schema: { tags, summary: "An organ's employees, or all those in the caller's scope", querystring: optionalOrganQuery } },
    async (request) => {
      const scope = await organScope(db, request);
      const { organId } = request.query;
      if (organId !== undefined) requireInScope(scope, organId);
      let query = db
        .selectFrom('iam_staff')
        .select(['id', 'staff_code as staffCode', 'staff_name as staffName', 'organ_id as organId', 'position_id as positionId']);
      if (organId !== undefined) query = query.where('organ_id', '=', organId);
      else if (scope !== 'all') query = query.where('organ_id', 'in', scope.size > 0 ? [...scope] : [-1]);
      const rows: Staff[] = await query.orderBy('staff_code').limit(maxStaffListed).execute();
      return ok({ total: rows.length, records: rows });
    },
  );

  app.post('/api/admin/staff', { schema: { tags, summary: 'Creates an employee', body: staffInput } }, async (request) => {
    const startedAt = context.now();
    const input = request.body;
    requireInScope(await organScope(db, request), input.organId);
    if (input.positionId !== null) {
      const position = await db.selectFrom('iam_position').select('organ_id').where('id', '=', input.positionId).executeTakeFirst();
      if (!position) throw notFound();
      const holder = await db.selectFrom('iam_staff').select('id').where('position_id', '=', input.positionId).executeTakeFirst();
      if (holder) throw badRequest('error.positionTaken');
    }
    const row = await write(input.staffCode, () =>
      db
        .insertInto('iam_staff')
        .values({ staff_code: input.staffCode, staff_name: input.staffName, organ_id: input.organId, position_id: input.positionId })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    await recordChange(context, request, { operation: 'organ:add', target: `staff:${row.id}`, after: input, startedAt });
    return ok({ id: row.id, ...input });
  });

  app.post('/api/admin/staff/delete', { schema: { tags, summary: 'Deletes employees', body: idListBody } }, async (request) => {
    const startedAt = context.now();
    const scope = await organScope(db, request);
    const rows = await db.selectFrom('iam_staff').select(['id', 'organ_id']).where('id', 'in', request.body.ids).execute();
    for (const row of rows) requireInScope(scope, row.organ_id);
    await db.updateTable('iam_account').set({ staff_id: null }).where('staff_id', 'in', request.body.ids).execute();
    const deleted = Number((await db.deleteFrom('iam_staff').where('id', 'in', request.body.ids).executeTakeFirst()).numDeletedRows);
    await recordChange(context, request, {
      operation: 'organ:delete',
      target: `staff:${request.body.ids.join(',')}`,
      after: { deleted },
      startedAt,
    });
    return ok({ deleted });
  });
};
