import { type MenuInput, menuInput, menuTypeInput } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { refuseDuplicate } from '../../../http/duplicateCode.ts';
import { ok } from '../../../http/envelope.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { idListBody, idParam } from '../../../http/idList.ts';
import { audited } from '../../audit/audited.ts';

const tags = ['menus'];
const idParams = z.object({ id: idParam });
const typeParams = z.object({ typeId: idParam });

/** Menu types and their menu trees as administrators edit them; the menus users get derive from these and their grants. */
export const menuAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;
  const menuValues = (input: MenuInput) => ({
    menu_code: input.menuCode,
    menu_name: input.menuName,
    parent_menu_id: input.parentMenuId,
    is_leaf: input.isLeaf ? 1 : 0,
    menu_path: input.menuPath,
    scheme: input.isLeaf ? '/' : '',
    icon: input.icon,
    seq: input.seq,
    target: input.target,
    function_code: input.requestAction || null,
  });

  app.get('/api/admin/menu-types', { schema: { tags, summary: 'Every menu type' } }, async () =>
    ok(await db.selectFrom('pf_menu_type').select(['id', 'menu_type_name as menuTypeName', 'is_sys as isSys']).orderBy('id').execute()),
  );
  app.post('/api/admin/menu-types', { schema: { tags, summary: 'Creates a menu type', body: menuTypeInput } }, async (request) =>
    ok(
      await audited(
        context,
        request.caller,
        { operation: 'menu:add', target: `menuType:${request.body.menuTypeName}` },
        async (trx, entry) => {
          const row = await trx
            .insertInto('pf_menu_type')
            .values({ menu_type_name: request.body.menuTypeName, is_sys: request.body.isSys ? 1 : 0 })
            .returning('id')
            .executeTakeFirstOrThrow();
          entry.after = { id: row.id, ...request.body };
          return entry.after;
        },
      ),
    ),
  );

  app.get(
    '/api/admin/menu-types/:typeId/menus',
    { schema: { tags, summary: "A menu type's entries, in order", params: typeParams } },
    async (request) =>
      ok(
        await db
          .selectFrom('pf_menu')
          .select([
            'id',
            'menu_code as menuCode',
            'menu_name as menuName',
            'parent_menu_id as parentMenuId',
            'is_leaf as isLeaf',
            'menu_path as menuPath',
            'function_code as requestAction',
            'icon',
            'seq',
            'target',
          ])
          .where('menu_type_id', '=', request.params.typeId)
          .orderBy('seq')
          .orderBy('id')
          .execute(),
      ),
  );
  app.post(
    '/api/admin/menu-types/:typeId/menus',
    { schema: { tags, summary: 'Adds a menu entry', params: typeParams, body: menuInput } },
    async (request) =>
      ok(
        await audited(context, request.caller, { operation: 'menu:add', target: `menu:${request.body.menuCode}` }, async (trx, entry) => {
          const menuType = await trx.selectFrom('pf_menu_type').select('id').where('id', '=', request.params.typeId).executeTakeFirst();
          if (!menuType) throw notFound();
          if (request.body.parentMenuId !== null) {
            const parent = await trx
              .selectFrom('pf_menu')
              .select('id')
              .where('id', '=', request.body.parentMenuId)
              .where('menu_type_id', '=', request.params.typeId)
              .executeTakeFirst();
            if (!parent) throw notFound();
          }
          const row = await refuseDuplicate(request.body.menuCode, () =>
            trx
              .insertInto('pf_menu')
              .values({ menu_type_id: request.params.typeId, ...menuValues(request.body) })
              .returning('id')
              .executeTakeFirstOrThrow(),
          );
          entry.after = { id: row.id, ...request.body };
          return entry.after;
        }),
      ),
  );
  app.put(
    '/api/admin/menus/:id',
    { schema: { tags, summary: 'Changes a menu entry', params: idParams, body: menuInput } },
    async (request) =>
      ok(
        await audited(context, request.caller, { operation: 'menu:edit', target: `menu:${request.params.id}` }, async (trx, entry) => {
          entry.before = await trx.selectFrom('pf_menu').selectAll().where('id', '=', request.params.id).executeTakeFirst();
          if (!entry.before) throw notFound();
          if (request.body.parentMenuId === request.params.id) throw badRequest('error.organCycle');
          await refuseDuplicate(request.body.menuCode, () =>
            trx.updateTable('pf_menu').set(menuValues(request.body)).where('id', '=', request.params.id).execute(),
          );
          entry.after = { id: request.params.id, ...request.body };
          return entry.after;
        }),
      ),
  );
  app.post(
    '/api/admin/menus/delete',
    { schema: { tags, summary: 'Deletes menu entries without children', body: idListBody } },
    async (request) =>
      ok(
        await audited(
          context,
          request.caller,
          { operation: 'menu:delete', target: `menu:${request.body.ids.join(',')}` },
          async (trx, entry) => {
            const child = await trx
              .selectFrom('pf_menu')
              .select('id')
              .where('parent_menu_id', 'in', request.body.ids)
              .where('id', 'not in', request.body.ids)
              .executeTakeFirst();
            if (child) throw badRequest('error.menuHasChildren');
            const deleted = Number((await trx.deleteFrom('pf_menu').where('id', 'in', request.body.ids).executeTakeFirst()).numDeletedRows);
            entry.after = { deleted };
            return entry.after;
          },
        ),
      ),
  );
};
