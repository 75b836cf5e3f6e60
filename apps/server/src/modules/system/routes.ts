import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';

export const systemRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get('/api/health', { schema: { tags: ['system'], summary: 'Answers 200 while the database answers' } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(context.db);
      return ok({ status: 'up', database: context.dialect });
    } catch {
      return reply.status(503).send({ code: 503, message: 'database unavailable', data: { status: 'down', database: context.dialect } });
    }
  });
};
