import {
  deletion,
  organ,
  organInput,
  organPlacement,
  organTreeNode,
  organType,
  organTypeInput,
  structure,
  structureInput,
  structureRename,
} from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { wholeList } from '../../../db/paginate.ts';
import { envelopeOf, ok, pageOf } from '../../../http/envelope.ts';
import { idListBody, idParams } from '../../../http/idList.ts';
import * as repo from './organRepo.ts';
import { OrganService } from './organService.ts';

const tags = ['organisations'];

export const organRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new OrganService(context);

  app.get(
    '/api/admin/organ-types',
    {
      config: { operation: 'organ:view' },
      schema: { tags, summary: 'Every organ type, as {total, records}', response: { 200: envelopeOf(pageOf(organType)) } },
    },
    async () => ok(wholeList(await repo.listOrganTypes(context.db))),
  );
  app.post(
    '/api/admin/organ-types',
    {
      config: { operation: 'organ:add' },
      schema: { tags, summary: 'Creates an organ type', body: organTypeInput, response: { 200: envelopeOf(organType) } },
    },
    async (request) => ok(await service.createType(request.caller, request.body)),
  );
  app.put(
    '/api/admin/organ-types/:id',
    {
      config: { operation: 'organ:edit' },
      schema: { tags, summary: 'Changes an organ type', params: idParams, body: organTypeInput, response: { 200: envelopeOf(organType) } },
    },
    async (request) => ok(await service.updateType(request.caller, request.params.id, request.body)),
  );
  app.post(
    '/api/admin/organ-types/delete',
    {
      config: { operation: 'organ:delete' },
      schema: { tags, summary: 'Deletes organ types', body: idListBody, response: { 200: envelopeOf(deletion) } },
    },
    async (request) => ok(await service.removeTypes(request.caller, request.body.ids)),
  );

  app.get(
    '/api/admin/structures',
    {
      config: { operation: 'organ:view' },
      schema: { tags, summary: 'Every structure view, as {total, records}', response: { 200: envelopeOf(pageOf(structure)) } },
    },
    async () => ok(wholeList(await repo.listStructures(context.db))),
  );
  app.post(
    '/api/admin/structures',
    {
      config: { operation: 'organ:add' },
      schema: { tags, summary: 'Creates a structure view', body: structureInput, response: { 200: envelopeOf(structure) } },
    },
    async (request) => ok(await service.createStructure(request.caller, request.body)),
  );
  app.put(
    '/api/admin/structures/:id',
    {
      config: { operation: 'organ:edit' },
      schema: {
        tags,
        summary: 'Renames a structure view',
        params: idParams,
        body: structureRename,
        response: { 200: envelopeOf(structure) },
      },
    },
    async (request) => ok(await service.renameStructure(request.caller, request.params.id, request.body.struTypeName)),
  );
  app.post(
    '/api/admin/structures/delete',
    {
      config: { operation: 'organ:delete' },
      schema: {
        tags,
        summary: 'Deletes structure views with their placements; never the administrative one',
        body: idListBody,
        response: { 200: envelopeOf(deletion) },
      },
    },
    async (request) => ok(await service.removeStructures(request.caller, request.body.ids)),
  );

  app.get(
    '/api/admin/organs/tree',
    {
      config: { operation: 'organ:view' },
      schema: {
        tags,
        summary: "A structure's organ tree, within the caller's data scope",
        querystring: z.object({ struType: z.string().max(20).default('admin') }),
        response: { 200: envelopeOf(z.array(organTreeNode)) },
      },
    },
    async (request) => ok(await service.tree(request.caller, request.query.struType)),
  );
  app.get(
    '/api/admin/organs/:id',
    { config: { operation: 'organ:view' }, schema: { tags, summary: 'One organ', params: idParams, response: { 200: envelopeOf(organ) } } },
    async (request) => ok(await service.requireOrgan(request.caller, request.params.id)),
  );
  app.post(
    '/api/admin/organs',
    {
      config: { operation: 'organ:add' },
      schema: {
        tags,
        summary: 'Creates an organ in a structure',
        body: organInput.extend(organPlacement.shape),
        response: { 200: envelopeOf(organ) },
      },
    },
    async (request) => ok(await service.create(request.caller, request.body, request.body)),
  );
  app.put(
    '/api/admin/organs/:id',
    {
      config: { operation: 'organ:edit' },
      schema: { tags, summary: 'Changes an organ', params: idParams, body: organInput, response: { 200: envelopeOf(organ) } },
    },
    async (request) => ok(await service.update(request.caller, request.params.id, request.body)),
  );
  app.post(
    '/api/admin/organs/:id/place',
    {
      config: { operation: 'organ:edit' },
      schema: {
        tags,
        summary: 'Moves an organ in a structure, or places it into another',
        params: idParams,
        body: organPlacement,
        response: { 200: envelopeOf(organ) },
      },
    },
    async (request) => ok(await service.place(request.caller, request.params.id, request.body)),
  );
  app.post(
    '/api/admin/organs/delete',
    {
      config: { operation: 'organ:delete' },
      schema: { tags, summary: 'Deletes organs nothing refers to', body: idListBody, response: { 200: envelopeOf(deletion) } },
    },
    async (request) => ok(await service.remove(request.caller, request.body.ids)),
  );
};
