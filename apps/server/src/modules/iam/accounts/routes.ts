import {
  account,
  accountCreate,
  accountSession,
  accountSortable,
  accountUpdate,
  deletion,
  pageQuerySchema,
  passwordReset,
} from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { envelopeOf, ok, pageOf } from '../../../http/envelope.ts';
import { excelAnswer, maxExportRows, sendExcel } from '../../../http/excelExport.ts';
import { idListBody, idParams } from '../../../http/idList.ts';
import { requestLanguage } from '../../../http/language.ts';
import { visibleOrgans } from '../policy.ts';
import { listAccounts, pageAccounts } from './accountAdminRepo.ts';
import { AccountService } from './accountService.ts';

const tags = ['accounts'];
const accountFilter = z.object({
  userName: z.string().max(50).optional(),
  name: z.string().max(100).optional(),
  organId: z.coerce.number().int().positive().optional(),
  userStatus: z.enum(['normal', 'lock']).optional(),
});

export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new AccountService(context);

  app.get(
    '/api/admin/accounts',
    {
      config: { operation: 'account:view' },
      schema: {
        tags,
        summary: "A page of the accounts in the caller's range",
        querystring: pageQuerySchema(accountSortable).extend(accountFilter.shape),
        response: { 200: envelopeOf(pageOf(account)) },
      },
    },
    async (request) => ok(await pageAccounts(context.db, await visibleOrgans(request.caller, context.db), request.query)),
  );
  app.get(
    '/api/admin/accounts/export',
    {
      config: { operation: 'account:export' },
      schema: { tags, summary: 'Accounts as an Excel file', querystring: accountFilter, response: { 200: excelAnswer } },
    },
    async (request, reply) =>
      sendExcel(reply, {
        fileName: 'accounts',
        sheet: 'Accounts',
        language: requestLanguage(request),
        rows: await listAccounts(context.db, await visibleOrgans(request.caller, context.db), request.query, maxExportRows),
        columns: [
          { header: 'field.userName', value: (row) => row.userName },
          { header: 'field.name', value: (row) => row.name },
          { header: 'field.organ', value: (row) => row.organName ?? '' },
          { header: 'field.userStatus', value: (row) => row.userStatus },
        ],
      }),
  );
  app.get(
    '/api/admin/accounts/:id',
    {
      config: { operation: 'account:view' },
      schema: { tags, summary: 'One account', params: idParams, response: { 200: envelopeOf(account) } },
    },
    async (request) => ok(await service.require(request.caller, request.params.id)),
  );
  app.post(
    '/api/admin/accounts',
    {
      config: { operation: 'account:add' },
      schema: { tags, summary: 'Creates an account', body: accountCreate, response: { 200: envelopeOf(account) } },
    },
    async (request) => ok(await service.create(request.caller, request.body)),
  );
  app.put(
    '/api/admin/accounts/:id',
    {
      config: { operation: 'account:edit' },
      schema: { tags, summary: 'Changes an account', params: idParams, body: accountUpdate, response: { 200: envelopeOf(account) } },
    },
    async (request) => ok(await service.update(request.caller, request.params.id, request.body)),
  );
  app.post(
    '/api/admin/accounts/delete',
    {
      config: { operation: 'account:delete' },
      schema: { tags, summary: 'Deletes accounts', body: idListBody, response: { 200: envelopeOf(deletion) } },
    },
    async (request) => ok(await service.remove(request.caller, request.body.ids)),
  );
  app.post(
    '/api/admin/accounts/:id/lock',
    {
      config: { operation: 'account:edit' },
      schema: { tags, summary: 'Locks an account and ends its sessions', params: idParams, response: { 200: envelopeOf(account) } },
    },
    async (request) => ok(await service.setLocked(request.caller, request.params.id, true)),
  );
  app.post(
    '/api/admin/accounts/:id/unlock',
    {
      config: { operation: 'account:edit' },
      schema: { tags, summary: 'Unlocks an account', params: idParams, response: { 200: envelopeOf(account) } },
    },
    async (request) => ok(await service.setLocked(request.caller, request.params.id, false)),
  );
  app.post(
    '/api/admin/accounts/:id/password',
    {
      config: { operation: 'account:edit' },
      schema: {
        tags,
        summary: "Resets an account's password",
        params: idParams,
        body: passwordReset,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => ok(await service.resetPassword(request.caller, request.params.id, request.body.password)),
  );
  app.get(
    '/api/admin/accounts/:id/sessions',
    {
      config: { operation: 'account:view' },
      schema: { tags, summary: "An account's live sessions", params: idParams, response: { 200: envelopeOf(pageOf(accountSession)) } },
    },
    async (request) => ok(await service.sessions(request.caller, request.params.id)),
  );
  app.post(
    '/api/admin/accounts/:id/sessions/:sessionId/end',
    {
      config: { operation: 'account:edit' },
      schema: {
        tags,
        summary: 'Ends one session of an account',
        params: idParams.extend({ sessionId: z.string().uuid() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => ok(await service.endSession(request.caller, request.params.id, request.params.sessionId)),
  );
};
