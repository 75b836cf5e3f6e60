import { formatMessage } from '@qiming/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { readiness } from './health.ts';

const tags = ['system'];

export const systemRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    const state = await readiness(context);
    const data = { status: state.ready ? 'up' : 'down', dialect: context.dialect, ...state };
    if (state.ready) return ok(data);
    return reply.status(503).send({ code: 503, message: formatMessage('error.notReady', requestLanguage(request)), data });
  };
  app.get('/api/health', { schema: { tags, summary: 'Answers 200 while the server can do its work (as /api/health/ready)' } }, ready);
  app.get('/api/health/ready', { schema: { tags, summary: 'Ready: the database takes writes and Redis, if used, answers' } }, ready);
  app.get('/api/health/live', { schema: { tags, summary: 'Live: the process answers' } }, async () => ok({ status: 'up' }));
};
