import { loginKey, tokenAnswer } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/accessGuard.ts';
import { clientInfo } from '../../http/clientInfo.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';

const tokenRequest = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    username: z.string().min(1).max(100),
    password: z.string().min(1).max(2000),
    keyId: z.string().min(1).max(100),
    client_id: z.string().min(1).max(100),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1).max(500),
    client_id: z.string().max(100).optional(),
  }),
]);

/** Limits count per minute; the counters live in Redis when servers share one, so a limit is one limit. */
const perMinute = 60_000;

/** The user name a token request signs in with; a refresh carries none and counts by its address. */
function signInName(body: unknown): string {
  const name = (body as { username?: unknown } | undefined)?.username;
  return typeof name === 'string' ? name.toLowerCase() : '';
}

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/api/uc/getkey/LoginGetKey.do',
    {
      config: { operation: 'auth:login', rateLimit: { max: context.config.loginKeyRateLimit, timeWindow: perMinute } },
      schema: {
        tags: ['auth'],
        summary: 'A one-time AES-256 key (base64, 60 s) to encrypt the password of one sign-in',
        querystring: z.object({ method: z.literal('getLoginKey') }),
        response: { 200: envelopeOf(loginKey) },
      },
    },
    async () => ok(await context.auth.issueLoginKey()),
  );

  app.post(
    '/api/oauth/token',
    {
      // Counted per address and user name once the body is read: one address guessing many users, or many
      // addresses guessing one, each meet a limit (the lock-out counts per address and account too).
      config: {
        operation: 'auth:login',
        rateLimit: {
          max: context.config.signInRateLimit,
          timeWindow: perMinute,
          hook: 'preHandler',
          allowList: (request) => (request.body as { grant_type?: unknown } | undefined)?.grant_type !== 'password',
          keyGenerator: (request) => `${request.ip}|${signInName(request.body)}`,
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'OAuth 2 token endpoint: password and refresh_token grants',
        body: tokenRequest,
        response: { 200: tokenAnswer },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.grant_type === 'refresh_token') return context.auth.refreshGrant(body.refresh_token);
      return context.auth.passwordGrant(
        { username: body.username, password: body.password, keyId: body.keyId, clientId: body.client_id },
        clientInfo(request),
      );
    },
  );

  app.get(
    '/api/j_hh_security_logout',
    {
      config: { operation: 'auth:session' },
      schema: { tags: ['auth'], summary: 'Ends the session of the presented token', response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await context.auth.logout(sessionOf(request).sessionId);
      return ok(null);
    },
  );
};
