import { deletion, menuInput, menuRecord, menuType, menuTypeInput, writtenMenu } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { wholeList } from '../../../db/paginate.ts';
import { envelopeOf, ok, pageOf } from '../../../http/envelope.ts';
import { idListBody, idParam, idParams } from '../../../http/idList.ts';
import * as repo from './menuAdminRepo.ts';
import { MenuAdminService } from './menuAdminService.ts';

const tags = ['menus'];
const typeParams = z.object({ typeId: idParam });

/** Menu types and their menu trees as administrators edit them. */
export const menuAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new MenuAdminService(context);

  app.get(
    '/api/admin/menu-types',
    { config: { operation: 'menu:view' }, schema: { tags, summary: 'Every menu type', response: { 200: envelopeOf(pageOf(menuType)) } } },
    async () => ok(wholeList(await repo.listMenuTypes(context.db))),
  );
  app.post(
    '/api/admin/menu-types',
    {
      config: { operation: 'menu:add' },
      schema: { tags, summary: 'Creates a menu type', body: menuTypeInput, response: { 200: envelopeOf(menuType) } },
    },
    async (request) => ok(await service.createMenuType(request.caller, request.body.menuTypeName, request.body.isSys)),
  );
  app.put(
    '/api/admin/menu-types/:typeId',
    {
      config: { operation: 'menu:edit' },
      schema: {
        tags,
        summary: 'Renames a menu type',
        params: typeParams,
        body: menuTypeInput.pick({ menuTypeName: true }),
        response: { 200: envelopeOf(menuType) },
      },
    },
    async (request) => ok(await service.renameMenuType(request.caller, request.params.typeId, request.body.menuTypeName)),
  );
  app.post(
    '/api/admin/menu-types/:typeId/delete',
    {
      config: { operation: 'menu:delete' },
      schema: {
        tags,
        summary: 'Deletes a menu type and its entries; not a system type, nor one accounts use',
        params: typeParams,
        response: { 200: envelopeOf(deletion) },
      },
    },
    async (request) => ok(await service.deleteMenuType(request.caller, request.params.typeId)),
  );

  app.get(
    '/api/admin/menu-types/:typeId/menus',
    {
      config: { operation: 'menu:view' },
      schema: { tags, summary: "A menu type's entries, in order", params: typeParams, response: { 200: envelopeOf(z.array(menuRecord)) } },
    },
    async (request) => ok(await repo.listMenus(context.db, (await service.requireMenuType(request.params.typeId)).id)),
  );
  app.post(
    '/api/admin/menu-types/:typeId/menus',
    {
      config: { operation: 'menu:add' },
      schema: { tags, summary: 'Adds a menu entry', params: typeParams, body: menuInput, response: { 200: envelopeOf(writtenMenu) } },
    },
    async (request) => ok(await service.addMenu(request.caller, request.params.typeId, request.body)),
  );
  app.put(
    '/api/admin/menus/:id',
    {
      config: { operation: 'menu:edit' },
      schema: { tags, summary: 'Changes a menu entry', params: idParams, body: menuInput, response: { 200: envelopeOf(writtenMenu) } },
    },
    async (request) => ok(await service.updateMenu(request.caller, request.params.id, request.body)),
  );
  app.post(
    '/api/admin/menus/delete',
    {
      config: { operation: 'menu:delete' },
      schema: { tags, summary: 'Deletes menu entries without children', body: idListBody, response: { 200: envelopeOf(deletion) } },
    },
    async (request) => ok(await service.deleteMenus(request.caller, request.body.ids)),
  );
};
