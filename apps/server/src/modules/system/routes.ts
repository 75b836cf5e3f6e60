import { formatMessage, liveness, readiness as readinessAnswer } from '@qiming/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { readiness } from './health.ts';

const tags = ['system'];
/** Ready or not, the answer carries the same figures; only the status differs. */
const readyAnswers = { 200: envelopeOf(readinessAnswer), 503: envelopeOf(readinessAnswer) };

export const systemRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    const state = await readiness(context);
    const data = { status: state.ready ? ('up' as const) : ('down' as const), dialect: context.dialect, ...state };
    if (state.ready) return ok(data);
    return reply.status(503).send({ code: 503, message: formatMessage('error.notReady', requestLanguage(request)), data });
  };
  app.get(
    '/api/health',
    {
      config: { operation: 'system:health' },
      schema: { tags, summary: 'Answers 200 while the server can do its work (as /api/health/ready)', response: readyAnswers },
    },
    ready,
  );
  app.get(
    '/api/health/ready',
    {
      config: { operation: 'system:health' },
      schema: { tags, summary: 'Ready: the database takes writes and Redis, if used, answers', response: readyAnswers },
    },
    ready,
  );
  app.get(
    '/api/health/live',
    {
      config: { operation: 'system:health' },
      schema: { tags, summary: 'Live: the process answers', response: { 200: envelopeOf(liveness) } },
    },
    async () => ok({ status: 'up' as const }),
  );
};
