import { deletion, pageQuerySchema, serialNumber, serialRule, serialRuleInput, serialSortable } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { envelopeOf, ok, pageOf } from '../../../http/envelope.ts';
import { idListBody, idParams } from '../../../http/idList.ts';
import { SerialRuleService } from './serialRuleService.ts';

const tags = ['serial numbers'];
const filterText = z.string().max(100).optional();

export const serialNumberRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new SerialRuleService(context);

  app.get(
    '/api/admin/serial-rules',
    {
      config: { operation: 'serial:view' },
      schema: {
        tags,
        summary: 'A page of serial-number rules',
        querystring: pageQuerySchema(serialSortable).extend({ idId: filterText, idName: filterText }),
        response: { 200: envelopeOf(pageOf(serialRule)) },
      },
    },
    async (request) => ok(await service.page(request.caller, request.query)),
  );
  app.get(
    '/api/admin/serial-rules/:id',
    {
      config: { operation: 'serial:view' },
      schema: { tags, summary: 'One rule', params: idParams, response: { 200: envelopeOf(serialRule) } },
    },
    async (request) => ok(await service.read(request.caller, request.params.id)),
  );
  app.post(
    '/api/admin/serial-rules',
    {
      config: { operation: 'serial:add' },
      schema: { tags, summary: 'Creates a rule', body: serialRuleInput, response: { 200: envelopeOf(serialRule) } },
    },
    async (request) => ok(await service.create(request.caller, request.body)),
  );
  app.put(
    '/api/admin/serial-rules/:id',
    {
      config: { operation: 'serial:edit' },
      schema: {
        tags,
        summary: 'Changes a rule; a new type or length starts its counter again',
        params: idParams,
        body: serialRuleInput,
        response: { 200: envelopeOf(serialRule) },
      },
    },
    async (request) => ok(await service.update(request.caller, request.params.id, request.body)),
  );
  app.post(
    '/api/admin/serial-rules/delete',
    {
      config: { operation: 'serial:delete' },
      schema: { tags, summary: 'Deletes rules', body: idListBody, response: { 200: envelopeOf(deletion) } },
    },
    async (request) => ok(await service.remove(request.caller, request.body.ids)),
  );
  app.post(
    '/api/admin/serial-numbers/:idId/next',
    {
      config: { operation: 'serial:next' },
      schema: {
        tags,
        summary: "Hands out the rule's next number, never the same twice; for an organ, its own rule before the global one",
        params: z.object({ idId: z.string().min(1).max(50) }),
        querystring: z.object({
          organId: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().positive().optional()),
        }),
        response: { 200: envelopeOf(serialNumber) },
      },
    },
    async (request) => ok(await service.next(request.caller, request.params.idId, request.query.organId ?? null)),
  );
};
