import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { LiveSession } from '../modules/auth/sessionRepo.ts';
import { holdsOperation } from '../modules/iam/grantRepo.ts';
import { forbidden, unauthenticated } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's live session, set by the access guard on every signed-in or authorised route. */
    session: LiveSession | null;
  }
}

/** Paths the function model governs; everything else is the static web app. */
export const guardedPrefixes = ['/api/'];

export function isGuarded(routePattern: string): boolean {
  return guardedPrefixes.some((prefix) => routePattern.startsWith(prefix));
}

/** The signed-in session of a request the guard has already let through. */
export function sessionOf(request: FastifyRequest): LiveSession {
  if (!request.session) throw unauthenticated();
  return request.session;
}

/**
 * The one access guard, deny by default: the url resource that owns the matched route decides. Public
 * passes; signed-in needs a live session; authorised needs a granted operation. No resource: 403.
 */
export function registerAccessGuard(app: FastifyInstance, context: AppContext): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const pattern = request.routeOptions.url;
    if (!pattern || !isGuarded(pattern)) return;
    const resource = context.accessIndex.find(request.method, pattern);
    if (!resource) throw forbidden('error.undeclaredRoute');
    if (resource.accessType === 'public') return;
    const session = await context.auth.authenticate(request.headers.authorization);
    if (!session) throw unauthenticated();
    request.session = session;
    if (resource.accessType === 'signedIn' || session.isSuper) return;
    if (!(await holdsOperation(context.db, session.accountId, resource.operationId))) throw forbidden();
  });
}
