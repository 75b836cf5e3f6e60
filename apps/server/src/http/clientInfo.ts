import type { FastifyRequest } from 'fastify';

/** Where a request comes from, as sign-in records and throttles it. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}
