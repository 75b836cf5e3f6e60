import { legacyMenuAnswer, menuClientId, menuEntry } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { sessionOf } from '../../../http/accessGuard.ts';
import { envelopeOf, ok } from '../../../http/envelope.ts';
import { notFound, unauthenticated } from '../../../http/errors.ts';
import { findAccountById } from '../../iam/accountLookup.ts';
import { menuTypeExists } from './menuRepo.ts';
import { menuTreeFor, toLegacyMenu } from './menuService.ts';

export const menuRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/api/admin/current/menus',
    {
      config: { operation: 'auth:session' },
      schema: {
        tags: ['menus'],
        summary: "The signed-in user's menu entries with their granted actions and url resources",
        querystring: z.object({ clientId: z.literal(menuClientId), operationType: z.coerce.number().pipe(z.literal(0)) }),
        response: { 200: envelopeOf(z.array(menuEntry)) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const account = await findAccountById(context.db, session.accountId);
      if (!account) throw unauthenticated();
      return ok(await menuTreeFor(context.db, account.menu_type_id, session));
    },
  );

  app.get(
    '/api/bsp/current/menu/:id',
    {
      config: { operation: 'auth:session' },
      schema: {
        tags: ['menus'],
        summary: 'The menu of one menu type for the signed-in user, as nMenu and legacy menu JSON strings',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelopeOf(legacyMenuAnswer) },
      },
    },
    async (request) => {
      if (!(await menuTypeExists(context.db, request.params.id))) throw notFound();
      const entries = await menuTreeFor(context.db, request.params.id, sessionOf(request));
      return ok({ nMenu: JSON.stringify(entries), menu: JSON.stringify(toLegacyMenu(entries)) });
    },
  );
};
