import type { FastifyRequest } from 'fastify';

const secretParameter = /([?&](?:password|accessToken|access_token|refresh_token)=)[^&]*/gi;

/**
 * A request as the log shows it. Nacos clients send their password in the query string of every call,
 * so secret parameters are blanked before a URL reaches the log.
 */
export function redactedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(secretParameter, '$1******'),
    remoteAddress: request.ip,
  };
}
