import { pageQuerySchema } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/accessGuard.ts';
import { ok } from '../../http/envelope.ts';
import { clientErrorSortable, listClientErrors, writeClientError } from './clientErrorRepo.ts';
import { listLoginLogs, loginLogSortable } from './loginLogRepo.ts';

const clientError = z.object({
  pageUrl: z.string().min(1).max(2000),
  message: z.string().min(1).max(2000),
  stack: z.string().max(20000).default(''),
  info: z.string().max(2000).default(''),
});

export const auditRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/api/admin/login-logs',
    {
      schema: {
        tags: ['audit'],
        summary: 'A page of sign-in attempts',
        querystring: pageQuerySchema(loginLogSortable).extend({
          userName: z.string().max(100).optional(),
          result: z.enum(['success', 'badCredentials', 'locked', 'keyInvalid']).optional(),
        }),
      },
    },
    async (request) => ok(await listLoginLogs(context.db, request.query)),
  );

  app.get(
    '/api/admin/client-errors',
    {
      schema: {
        tags: ['audit'],
        summary: 'A page of errors the web app reported',
        querystring: pageQuerySchema(clientErrorSortable).extend({ message: z.string().max(200).optional() }),
      },
    },
    async (request) => ok(await listClientErrors(context.db, request.query)),
  );

  app.post(
    '/api/admin/client-errors',
    { schema: { tags: ['audit'], summary: 'Reports an unhandled error of the web app', body: clientError } },
    async (request) => {
      await writeClientError(context.db, {
        ...request.body,
        accountId: sessionOf(request).accountId,
        userAgent: request.headers['user-agent'] ?? '',
        now: context.now(),
      });
      return ok(null);
    },
  );
};
