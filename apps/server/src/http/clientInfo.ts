import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../modules/auth/authService.ts';

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}
