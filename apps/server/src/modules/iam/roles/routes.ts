import {
  batchAuthorisation,
  batchAuthorisationAnswer,
  batchGrant,
  batchOperationGrants,
  batchOrganGrants,
  deletion,
  functionTreeNode,
  operationGrants,
  organGrants,
  pageQuerySchema,
  role,
  roleInput,
  roleSortable,
} from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { envelopeOf, ok, pageOf } from '../../../http/envelope.ts';
import { idListBody, idParams } from '../../../http/idList.ts';
import { AccountService } from '../accounts/accountService.ts';
import * as repo from './roleAdminRepo.ts';
import { RoleService } from './roleService.ts';

const tags = ['roles'];
const roleFilter = z.object({ roleCode: z.string().max(50).optional(), roleName: z.string().max(100).optional() });

export const roleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new RoleService(context);
  const accounts = new AccountService(context);

  app.get(
    '/api/admin/roles',
    {
      config: { operation: 'role:view' },
      schema: {
        tags,
        summary: 'A page of roles with how many accounts hold each',
        querystring: pageQuerySchema(roleSortable).extend(roleFilter.shape),
        response: { 200: envelopeOf(pageOf(role)) },
      },
    },
    async (request) => ok(await service.page(request.caller, request.query)),
  );
  app.get(
    '/api/admin/roles/function-tree',
    {
      config: { operation: 'role:view' },
      schema: {
        tags,
        summary: 'Apps, modules, functions and operations to grant',
        response: { 200: envelopeOf(z.array(functionTreeNode)) },
      },
    },
    async () => ok(await service.functionTree()),
  );
  app.post(
    '/api/admin/roles',
    {
      config: { operation: 'role:add' },
      schema: { tags, summary: 'Creates a role', body: roleInput, response: { 200: envelopeOf(role) } },
    },
    async (request) => ok(await service.create(request.caller, request.body)),
  );
  app.put(
    '/api/admin/roles/:id',
    {
      config: { operation: 'role:edit' },
      schema: { tags, summary: 'Changes a role', params: idParams, body: roleInput, response: { 200: envelopeOf(role) } },
    },
    async (request) => ok(await service.update(request.caller, request.params.id, request.body)),
  );
  app.post(
    '/api/admin/roles/delete',
    {
      config: { operation: 'role:delete' },
      schema: { tags, summary: 'Deletes roles no account holds', body: idListBody, response: { 200: envelopeOf(deletion) } },
    },
    async (request) => ok(await service.remove(request.caller, request.body.ids)),
  );
  app.get(
    '/api/admin/roles/:id/operations',
    {
      config: { operation: 'role:view' },
      schema: { tags, summary: "A role's granted operations", params: idParams, response: { 200: envelopeOf(z.array(z.number().int())) } },
    },
    async (request) => ok(await repo.roleOperationIds(context.db, (await service.read(request.caller, request.params.id)).id)),
  );
  app.put(
    '/api/admin/roles/:id/operations',
    {
      config: { operation: 'role:grant' },
      schema: {
        tags,
        summary: "Replaces a role's function authorisation",
        params: idParams,
        body: operationGrants,
        response: { 200: envelopeOf(z.array(z.number().int())) },
      },
    },
    async (request) => ok(await service.grantOperations(request.caller, request.params.id, request.body.operationIds)),
  );
  app.get(
    '/api/admin/roles/:id/organs',
    {
      config: { operation: 'role:view' },
      schema: { tags, summary: "A role's data authorisation", params: idParams, response: { 200: envelopeOf(z.array(z.number().int())) } },
    },
    async (request) => ok(await repo.roleOrganIds(context.db, (await service.read(request.caller, request.params.id)).id)),
  );
  app.put(
    '/api/admin/roles/:id/organs',
    {
      config: { operation: 'role:grant' },
      schema: {
        tags,
        summary: "Replaces a role's data authorisation (organ scopes)",
        params: idParams,
        body: organGrants,
        response: { 200: envelopeOf(z.array(z.number().int())) },
      },
    },
    async (request) => ok(await service.grantOrgans(request.caller, request.params.id, request.body.organIds)),
  );
  app.post(
    '/api/admin/roles/operations/batch',
    {
      config: { operation: 'role:grant' },
      schema: {
        tags,
        summary: 'Adds (or takes back) the same operations on several roles at once',
        body: batchOperationGrants,
        response: { 200: envelopeOf(batchGrant) },
      },
    },
    async (request) =>
      ok(await service.grantOperationsToRoles(request.caller, request.body.roleIds, request.body.operationIds, request.body.revoke)),
  );
  app.post(
    '/api/admin/roles/organs/batch',
    {
      config: { operation: 'role:grant' },
      schema: {
        tags,
        summary: 'Adds (or takes back) the same organ scopes on several roles at once',
        body: batchOrganGrants,
        response: { 200: envelopeOf(batchGrant) },
      },
    },
    async (request) =>
      ok(await service.grantOrgansToRoles(request.caller, request.body.roleIds, request.body.organIds, request.body.revoke)),
  );
  app.post(
    '/api/admin/roles/authorise',
    {
      config: { operation: 'role:grant' },
      schema: {
        tags,
        summary: 'Gives or takes back roles for many accounts at once',
        body: batchAuthorisation,
        response: { 200: envelopeOf(batchAuthorisationAnswer) },
      },
    },
    async (request) => ok(await service.authorise(request.caller, request.body.accountIds, request.body.roleIds, request.body.revoke)),
  );
  app.get(
    '/api/admin/roles/of-account/:id',
    {
      config: { operation: 'account:view' },
      schema: { tags, summary: 'The roles an account holds', params: idParams, response: { 200: envelopeOf(z.array(z.number().int())) } },
    },
    async (request) => ok(await repo.accountRoleIds(context.db, (await accounts.require(request.caller, request.params.id)).id)),
  );
};
