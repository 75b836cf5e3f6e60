import { avatarInput, loginLogRecord, ownSession, pageQuerySchema, profileAvatar, profileInput, profileText } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { envelopeOf, ok, pageOf } from '../../../http/envelope.ts';
import { listLoginLogs, loginLogSortable } from '../../audit/loginLog.ts';
import { ProfileService } from './profileService.ts';

const tags = ['profile'];

/** The profile page: the signed-in user's name, introduction, sessions and sign-in history. */
export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new ProfileService(context);

  app.put(
    '/api/admin/current/profile',
    {
      config: { operation: 'auth:session' },
      schema: { tags, summary: 'Changes the own name and introduction', body: profileInput, response: { 200: envelopeOf(profileText) } },
    },
    async (request) => ok(await service.update(request.caller, request.body)),
  );
  app.put(
    '/api/admin/current/avatar',
    {
      config: { operation: 'auth:session' },
      schema: {
        tags,
        summary: 'Sets the own avatar to an uploaded image, or clears it',
        body: avatarInput,
        response: { 200: envelopeOf(profileAvatar) },
      },
    },
    async (request) => ok(await service.setAvatar(request.caller, request.body.avatar)),
  );
  app.get(
    '/api/admin/current/sessions',
    {
      config: { operation: 'auth:session' },
      schema: { tags, summary: 'The own live sessions, this one marked', response: { 200: envelopeOf(pageOf(ownSession)) } },
    },
    async (request) => ok(await service.sessions(request.caller)),
  );
  app.post(
    '/api/admin/current/sessions/:sessionId/end',
    {
      config: { operation: 'auth:session' },
      schema: {
        tags,
        summary: 'Ends another own session',
        params: z.object({ sessionId: z.string().uuid() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => ok(await service.endSession(request.caller, request.params.sessionId)),
  );
  app.get(
    '/api/admin/current/login-logs',
    {
      config: { operation: 'auth:session' },
      schema: {
        tags,
        summary: 'A page of the own sign-in attempts',
        querystring: pageQuerySchema(loginLogSortable),
        response: { 200: envelopeOf(pageOf(loginLogRecord)) },
      },
    },
    async (request) => ok(await listLoginLogs(context.db, { ...request.query, accountId: request.caller.accountId })),
  );
};
