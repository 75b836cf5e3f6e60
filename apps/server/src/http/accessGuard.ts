import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { Caller } from './caller.ts';
import { clientInfo } from './clientInfo.ts';
import { type AppError, forbidden, unauthenticated } from './errors.ts';
import { requestLanguage } from './language.ts';
import type { LiveSession } from './session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who calls, built by the access guard on every guarded route: services take this, not the request. */
    caller: Caller;
  }
}

/** The Nacos open API, for machine clients of the registry and config centre. */
export const nacosPrefix = '/nacos/';

/** Camunda 7's REST API, for workers and integrations (bpm/engineRest). */
export const engineRestPrefix = '/engine-rest/';

/** Paths the function model governs; everything else is the static web app. */
export const guardedPrefixes = ['/api/', nacosPrefix, engineRestPrefix];

export function isGuarded(routePattern: string): boolean {
  return guardedPrefixes.some((prefix) => routePattern.startsWith(prefix));
}

/** The signed-in session of a request the guard has already let through. */
export function sessionOf(request: FastifyRequest): LiveSession {
  return request.caller.signedIn;
}

/** Query and form parameters together: Nacos clients send the same parameters either way. */
export function requestParams(request: FastifyRequest): Record<string, unknown> {
  const body = request.body !== null && typeof request.body === 'object' ? request.body : {};
  return { ...(request.query as Record<string, unknown>), ...body };
}

/** The token a Nacos call presents: a bearer, or `accessToken` as a parameter or header. */
function nacosToken(request: FastifyRequest, params: Record<string, unknown>): string | undefined {
  const named = typeof params.accessToken === 'string' ? params.accessToken : request.headers.accesstoken;
  return typeof named === 'string' ? `Bearer ${named}` : request.headers.authorization;
}

/**
 * Who calls the Nacos API: a bearer token, or `accessToken` as a parameter or header, else the `username` and
 * `password` parameters the npm clients send.
 */
async function nacosSession(context: AppContext, request: FastifyRequest): Promise<LiveSession | undefined> {
  const params = requestParams(request);
  const token = nacosToken(request, params);
  if (token) return context.auth.authenticate(token);
  if (typeof params.username !== 'string' || typeof params.password !== 'string') return undefined;
  return context.clientCredentials.verify(params.username, params.password, clientInfo(request));
}

/** `nacosSession` when this process already knows the answer (a kept token, a pair trusted this minute), else undefined. */
function knownNacosSession(context: AppContext, request: FastifyRequest): LiveSession | undefined {
  const params = requestParams(request);
  const token = nacosToken(request, params);
  if (token) return context.auth.knownSession(token);
  if (typeof params.username !== 'string' || typeof params.password !== 'string') return undefined;
  return context.clientCredentials.trustedSession(params.username, params.password);
}

/**
 * Who calls Camunda's REST API: Basic with a Qiming account's name and password, as Camunda's clients send
 * it (the sign-in lock-out and rate limit apply), or a bearer token.
 */
async function engineRestSession(context: AppContext, request: FastifyRequest): Promise<LiveSession | undefined> {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!basic) return context.auth.authenticate(request.headers.authorization);
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return context.clientCredentials.verify(decoded.slice(0, colon), decoded.slice(colon + 1), clientInfo(request));
}

/**
 * The one access guard, deny by default: the url resource that owns the matched route decides. Public
 * passes; signed-in needs a live session; authorised needs a granted operation. No resource: 403.
 * Nacos calls carry their credentials among the parameters, so they are checked once the body is
 * parsed, and refused with 403 as Nacos does.
 */
export function registerAccessGuard(app: FastifyInstance, context: AppContext): void {
  app.decorateRequest('caller', null as unknown as Caller);
  const callerOf = (request: FastifyRequest, operationId: number | null, session: LiveSession | null) =>
    new Caller(context.db, context.accessCache, session, operationId, request.ip, () => requestLanguage(request));
  const guard = async (
    request: FastifyRequest,
    pattern: string,
    resolve: () => Promise<LiveSession | undefined>,
    refuse: () => AppError,
  ) => {
    const resource = context.accessIndex.find(request.method, pattern);
    if (!resource) throw forbidden('error.undeclaredRoute');
    const caller = (session: LiveSession | null) => callerOf(request, resource.operationId, session);
    request.caller = caller(null);
    if (resource.accessType === 'public') return;
    const session = await resolve();
    if (!session) throw refuse();
    request.caller = caller(session);
    if (resource.accessType === 'authorised' && !(await request.caller.holds(resource.operationId))) throw forbidden();
  };
  /**
   * The guard's common path without a promise: credentials whose session this process keeps (`knownSession`),
   * on a public route or one whose operation the kept grants hold. Anything else (unknown, refused) is left
   * to `guard`, which decides it the same way after reading what it needs.
   */
  const passesAtOnce = (request: FastifyRequest, pattern: string, knownSession: () => LiveSession | undefined): boolean => {
    const resource = context.accessIndex.find(request.method, pattern);
    if (!resource) return false;
    const session = resource.accessType === 'public' ? null : knownSession();
    if (session === undefined) return false;
    const caller = callerOf(request, resource.operationId, session);
    if (resource.accessType === 'authorised' && caller.holdsAtOnce(resource.operationId) !== true) return false;
    request.caller = caller;
    return true;
  };
  // A callback hook, so that a request passed at once costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const pattern = request.routeOptions.url;
    if (!pattern || !isGuarded(pattern) || pattern.startsWith(nacosPrefix)) return done();
    const engineRest = pattern.startsWith(engineRestPrefix);
    if (!engineRest && passesAtOnce(request, pattern, () => context.auth.knownSession(request.headers.authorization))) return done();
    const session = engineRest ? () => engineRestSession(context, request) : () => context.auth.authenticate(request.headers.authorization);
    guard(request, pattern, session, unauthenticated).then(() => done(), done);
  });
  // A callback hook: the other routes pass it at once, without a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    const pattern = request.routeOptions.url;
    if (!pattern?.startsWith(nacosPrefix) || passesAtOnce(request, pattern, () => knownNacosSession(context, request))) return done();
    guard(request, pattern, () => nacosSession(context, request), forbidden).then(() => done(), done);
  });
  // The audit log records what a change was asked with: the parameters and body once validated; an
  // uploaded file by its size (a 10 MB archive as JSON would be a 40 MB log row).
  app.addHook('preHandler', (request, _reply, done) => {
    const body = Buffer.isBuffer(request.body) ? { uploadedBytes: request.body.length } : request.body;
    if (request.caller) request.caller.input = { params: request.params, body };
    done();
  });
}
