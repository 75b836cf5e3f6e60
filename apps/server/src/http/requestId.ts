import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What a caller's `x-request-id` may be: a proxy's or a client's id, never a way to forge log lines. */
const acceptedId = /^[\w.:-]{1,128}$/;

/** The request's id: the caller's `x-request-id` when it is a plain token, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && acceptedId.test(given) ? given : randomUUID();
}

/** Every answer names its request's id, so a user's report leads to the server's log lines. */
export function echoRequestId(app: FastifyInstance): void {
  // A callback hook: an async one costs every request a promise for a synchronous line.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
