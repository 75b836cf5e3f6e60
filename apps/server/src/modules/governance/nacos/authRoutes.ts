import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { requestParams } from '../../../http/accessGuard.ts';
import { clientInfo } from '../../../http/clientInfo.ts';
import { nacosParams } from './nacosParams.ts';

const tags = ['nacos auth'];
const loginPaths = ['/nacos/v1/auth/login', '/nacos/v1/auth/users/login'];
/** The session's client, as the sessions page shows it. */
const nacosClientId = 'nacos';

const loginParams = z.object({
  username: z.string().min(1).max(100),
  password: z.string().min(1).max(2000),
});

/** The user name a login counts under for the sign-in rate limit, as the product's token endpoint counts. */
function loginName(request: Parameters<typeof requestParams>[0]): string {
  const name = requestParams(request).username;
  return typeof name === 'string' ? name.toLowerCase() : '';
}

/**
 * Nacos's login: a Qiming access token (a revocable session bound to the account's grants) under
 * Nacos's field names, which clients then send as `accessToken` on every call. Bad credentials or a
 * locked account answer 403 `unknown user!` as Nacos does; past the sign-in rate limit, 429.
 */
export function nacosAuthRoutes(): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    for (const url of loginPaths) {
      app.post(
        url,
        {
          config: {
            operation: 'registry:clientLogin',
            rateLimit: {
              max: context.config.signInRateLimit,
              timeWindow: 60_000,
              hook: 'preHandler',
              keyGenerator: (request) => `${request.ip}|${loginName(request)}`,
            },
          },
          schema: { tags, summary: 'Signs a Nacos client in: an access token for its later calls' },
        },
        async (request, reply) => {
          const params = nacosParams(loginParams, request);
          const answer = await context.auth.clientSignIn(params.username, params.password, clientInfo(request), nacosClientId);
          if (!answer) return reply.code(403).type('text/plain; charset=UTF-8').send('unknown user!');
          const session = await context.auth.authenticate(`Bearer ${answer.access_token}`);
          return {
            accessToken: answer.access_token,
            tokenTtl: answer.expires_in,
            globalAdmin: session?.isSuper ?? false,
            username: params.username,
          };
        },
      );
    }
  };
}
