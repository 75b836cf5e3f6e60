import { clientErrorRecord, loginLogRecord, operationLogRecord, operationLogTypes, pageQuerySchema } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { loginResults } from '../../db/schema.ts';
import { sessionOf } from '../../http/accessGuard.ts';
import { envelopeOf, ok, pageOf } from '../../http/envelope.ts';
import { excelAnswer, maxExportRows, sendExcel } from '../../http/excelExport.ts';
import { requestLanguage } from '../../http/language.ts';
import { clientErrorSortable, listClientErrors, writeClientError } from './clientErrorRepo.ts';
import { exportLoginLogs, listLoginLogs, loginLogSortable } from './loginLogRepo.ts';
import { operationOutcomes } from './operationLog.ts';
import { exportOperationLogs, operationLogSortable, pageOperationLogs } from './operationLogRepo.ts';

const clientError = z.object({
  pageUrl: z.string().min(1).max(2000),
  message: z.string().min(1).max(2000),
  stack: z.string().max(20000).default(''),
  info: z.string().max(2000).default(''),
});

const loginLogFilter = z.object({ userName: z.string().max(100).optional(), result: z.enum(loginResults).optional() });
const operationLogFilter = z.object({
  userName: z.string().max(100).optional(),
  operation: z.string().max(100).optional(),
  logType: z.enum(operationLogTypes).optional(),
  target: z.string().max(300).optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  result: z.enum(operationOutcomes).optional(),
});

export const auditRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/api/admin/login-logs',
    {
      config: { operation: 'loginLog:view' },
      schema: {
        tags: ['audit'],
        summary: 'A page of sign-in attempts',
        querystring: pageQuerySchema(loginLogSortable).extend(loginLogFilter.shape),
        response: { 200: envelopeOf(pageOf(loginLogRecord)) },
      },
    },
    async (request) => ok(await listLoginLogs(context.db, request.query)),
  );

  app.get(
    '/api/admin/login-logs/export',
    {
      config: { operation: 'loginLog:export' },
      schema: {
        tags: ['audit'],
        summary: 'Sign-in attempts as an Excel file',
        querystring: loginLogFilter,
        response: { 200: excelAnswer },
      },
    },
    async (request, reply) =>
      sendExcel(reply, {
        fileName: 'login-log',
        sheet: 'Login log',
        language: requestLanguage(request),
        rows: await exportLoginLogs(context.db, request.query, maxExportRows),
        columns: [
          { header: 'field.loginTime', value: (row) => new Date(row.loginTime), width: 20 },
          { header: 'field.loginIp', value: (row) => row.loginIp },
          { header: 'field.userName', value: (row) => row.userName },
          { header: 'field.result', value: (row) => row.result },
          { header: 'field.userAgent', value: (row) => row.userAgent, width: 40 },
        ],
      }),
  );

  app.get(
    '/api/admin/operation-logs',
    {
      config: { operation: 'operationLog:view' },
      schema: {
        tags: ['audit'],
        summary: 'A page of changes made through the back-office',
        querystring: pageQuerySchema(operationLogSortable).extend(operationLogFilter.shape),
        response: { 200: envelopeOf(pageOf(operationLogRecord)) },
      },
    },
    async (request) => ok(await pageOperationLogs(context.db, request.query)),
  );

  app.get(
    '/api/admin/operation-logs/export',
    {
      config: { operation: 'operationLog:export' },
      schema: { tags: ['audit'], summary: 'Changes as an Excel file', querystring: operationLogFilter, response: { 200: excelAnswer } },
    },
    async (request, reply) =>
      sendExcel(reply, {
        fileName: 'operation-log',
        sheet: 'Operation log',
        language: requestLanguage(request),
        rows: await exportOperationLogs(context.db, request.query, maxExportRows),
        columns: [
          { header: 'field.createdAt', value: (row) => new Date(row.opTime), width: 20 },
          { header: 'field.userName', value: (row) => row.userName },
          { header: 'field.operation', value: (row) => row.operation },
          { header: 'field.target', value: (row) => row.target, width: 30 },
          { header: 'field.params', value: (row) => row.params, width: 40 },
          { header: 'field.result', value: (row) => row.result },
          { header: 'field.durationMs', value: (row) => row.durationMs },
          { header: 'field.before', value: (row) => row.before, width: 40 },
          { header: 'field.after', value: (row) => row.after, width: 40 },
        ],
      }),
  );

  app.get(
    '/api/admin/client-errors',
    {
      config: { operation: 'clientError:view' },
      schema: {
        tags: ['audit'],
        summary: 'A page of errors the web app reported',
        querystring: pageQuerySchema(clientErrorSortable).extend({ message: z.string().max(200).optional() }),
        response: { 200: envelopeOf(pageOf(clientErrorRecord)) },
      },
    },
    async (request) => ok(await listClientErrors(context.db, request.query)),
  );

  app.post(
    '/api/admin/client-errors',
    {
      // A signed-in user reports at most this many a minute; what they reported last is kept, bounded.
      config: {
        operation: 'auth:session',
        rateLimit: {
          max: context.config.clientErrorRateLimit,
          timeWindow: 60_000,
          keyGenerator: (request) => `${request.ip}|${request.headers.authorization ?? ''}`,
        },
      },
      schema: {
        tags: ['audit'],
        summary: 'Reports an unhandled error of the web app',
        body: clientError,
        response: { 200: envelopeOf(z.null()) },
      },
    },
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
