import { deletion, organPosition, positionInput, positionUpdate, staff, staffInput, staffPosition } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { envelopeOf, ok, pageOf } from '../../../http/envelope.ts';
import { idListBody, idParam, idParams } from '../../../http/idList.ts';
import { StaffService } from './staffService.ts';

const tags = ['organisations'];
const organQuery = z.object({ organId: idParam });
const optionalOrganQuery = z.object({ organId: idParam.optional() });

/** Positions and employees of an organ. */
export const staffRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new StaffService(context);

  app.get(
    '/api/admin/positions',
    {
      config: { operation: 'organ:view' },
      schema: {
        tags,
        summary: "An organ's positions with their employee",
        querystring: organQuery,
        response: { 200: envelopeOf(pageOf(organPosition)) },
      },
    },
    async (request) => ok(await service.positions(request.caller, request.query.organId)),
  );
  app.post(
    '/api/admin/positions',
    {
      config: { operation: 'organ:add' },
      schema: { tags, summary: 'Creates a position', body: positionInput, response: { 200: envelopeOf(staffPosition) } },
    },
    async (request) => ok(await service.createPosition(request.caller, request.body)),
  );
  app.put(
    '/api/admin/positions/:id',
    {
      config: { operation: 'organ:edit' },
      schema: {
        tags,
        summary: "Changes a position's code and name",
        params: idParams,
        body: positionUpdate,
        response: { 200: envelopeOf(staffPosition.omit({ organId: true })) },
      },
    },
    async (request) => ok(await service.updatePosition(request.caller, request.params.id, request.body)),
  );
  app.post(
    '/api/admin/positions/delete',
    {
      config: { operation: 'organ:delete' },
      schema: { tags, summary: 'Deletes positions no employee holds', body: idListBody, response: { 200: envelopeOf(deletion) } },
    },
    async (request) => ok(await service.removePositions(request.caller, request.body.ids)),
  );
  app.get(
    '/api/admin/staff',
    {
      config: { operation: 'organ:view' },
      schema: {
        tags,
        summary: "An organ's employees, or all those in the caller's scope",
        querystring: optionalOrganQuery,
        response: { 200: envelopeOf(pageOf(staff)) },
      },
    },
    async (request) => ok(await service.staff(request.caller, request.query.organId)),
  );
  app.post(
    '/api/admin/staff',
    {
      config: { operation: 'organ:add' },
      schema: { tags, summary: 'Creates an employee', body: staffInput, response: { 200: envelopeOf(staff) } },
    },
    async (request) => ok(await service.createStaff(request.caller, request.body)),
  );
  app.put(
    '/api/admin/staff/:id',
    {
      config: { operation: 'organ:edit' },
      schema: { tags, summary: 'Changes an employee', params: idParams, body: staffInput, response: { 200: envelopeOf(staff) } },
    },
    async (request) => ok(await service.updateStaff(request.caller, request.params.id, request.body)),
  );
  app.post(
    '/api/admin/staff/delete',
    {
      config: { operation: 'organ:delete' },
      schema: { tags, summary: 'Deletes employees', body: idListBody, response: { 200: envelopeOf(deletion) } },
    },
    async (request) => ok(await service.removeStaff(request.caller, request.body.ids)),
  );
};
