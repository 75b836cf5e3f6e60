import type { IncomingHttpHeaders } from 'node:http';
import replyFrom from '@fastify/reply-from';
import { formatMessage, gatewayErrorCodes, type Language, type MessageKey, type MessageParams } from '@qiming/shared';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type RawServerBase,
  type RouteGenericInterface,
} from 'fastify';
import type { AppContext } from '../../../context.ts';
import { requestLanguage } from '../../../http/language.ts';
import { describeRequest, type Rewrites } from './compiledRoute.ts';
import { reportGatewayState } from './gatewayState.ts';
import { noGroups, RouteTable } from './routeTable.ts';
import { Upstreams } from './upstreams.ts';

/** What a gateway needs of the server's context; a gateway process of its own has no more. */
export type GatewayContext = Pick<AppContext, 'config' | 'db' | 'cluster' | 'traffic'>;

/** Headers that belong to one connection, never passed on (RFC 9110, section 7.6.1). */
const hopByHop = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

/** The gateway's own answers share the API's envelope, in the caller's language: `{code, message, data: null}`. */
function answer(
  language: Language,
  reply: FastifyReply<RouteGenericInterface, RawServerBase>,
  code: number,
  key: MessageKey,
  params: MessageParams = {},
) {
  return reply
    .code(code)
    .header('content-type', 'application/json; charset=utf-8')
    .send({ code, message: formatMessage(key, language, params), data: null });
}

function forwardedHeaders(request: FastifyRequest, headers: IncomingHttpHeaders, rewrites: Rewrites): IncomingHttpHeaders {
  const forwarded: IncomingHttpHeaders = { ...headers };
  for (const name of [...hopByHop, ...rewrites.removeRequestHeaders]) delete forwarded[name];
  const chain = headers['x-forwarded-for'];
  forwarded['x-forwarded-for'] = chain ? `${chain}, ${request.socket.remoteAddress}` : request.socket.remoteAddress;
  forwarded['x-forwarded-proto'] = headers['x-forwarded-proto'] ?? request.protocol;
  // reply-from has already set `host` to the upstream's; the client asked for the original one.
  forwarded['x-forwarded-host'] = headers['x-forwarded-host'] ?? request.headers.host;
  forwarded['x-forwarded-prefix'] = headers['x-forwarded-prefix'];
  if (!forwarded['x-forwarded-prefix']) delete forwarded['x-forwarded-prefix'];
  for (const [name, value] of rewrites.addRequestHeaders) forwarded[name.toLowerCase()] = value;
  return forwarded;
}

export interface Gateway {
  app: FastifyInstance;
  routes: RouteTable;
}

/**
 * The API gateway: its own Fastify server that matches each request against the released routes,
 * applies the route's filters and streams the request to the upstream and the answer back
 * (@fastify/reply-from over undici, connections kept alive). Bodies are never parsed here.
 */
export async function buildGateway(context: GatewayContext, options: { logger?: boolean } = {}): Promise<Gateway> {
  const app = Fastify({
    logger: options.logger ? { level: context.config.logLevel } : false,
    // No log line per proxied request: traffic is counted in the gateway's state figures instead.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: false,
  });
  const routes = await RouteTable.open(context, (error) => app.log.error(error, 'gateway: the route table could not be reloaded'));
  const upstreams = new Upstreams(context);
  const meter = context.traffic;
  const recording = context.config.recordFigures;
  const stopReporting = reportGatewayState(context.cluster, routes, meter, (error) => app.log.warn(error, 'gateway: state not reported'));
  app.addHook('onClose', stopReporting);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  await app.register(replyFrom, {
    undici: { connections: 128, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: 30_000, bodyTimeout: 30_000 },
    disableRequestLogging: true,
  });

  const proxy = async (request: FastifyRequest, reply: FastifyReply) => {
    // Read only for the gateway's own answers, which are rare.
    const language = () => requestLanguage(request);
    const described = describeRequest({
      method: request.method,
      url: request.url,
      headers: request.headers,
      remoteAddress: request.socket.remoteAddress ?? '',
    });
    const found = routes.match(described);
    if (!found) return answer(language(), reply, gatewayErrorCodes.noRoute, 'error.gatewayNoRoute');
    const rewrites = found.route.rewrite(described.path, found.variables);
    if (rewrites.maxBodyBytes !== undefined && Number(request.headers['content-length'] ?? 0) > rewrites.maxBodyBytes) {
      return answer(language(), reply, gatewayErrorCodes.tooLarge, 'error.gatewayTooLarge', { max: rewrites.maxBodyBytes });
    }
    const routeId = found.route.route.routeId;
    const groups = recording ? routes.groupsOf(described.path) : noGroups;
    const count = (event: 'passed' | 'blocked', now: number) => {
      if (!recording) return;
      meter[event]('route', routeId, now);
      for (const group of groups) meter[event]('apiGroup', group, now);
    };
    const checked = routes.flow.check(found.route.route, described);
    const decision = checked instanceof Promise ? await checked : checked;
    if (!decision.allowed) {
      count('blocked', Date.now());
      reply.header('retry-after', String(decision.retryAfterSec));
      reply.header('x-ratelimit-limit', String(decision.limit));
      reply.header('x-ratelimit-remaining', '0');
      reply.header('x-ratelimit-reset', String(decision.resetSec));
      return answer(language(), reply, gatewayErrorCodes.tooMany, 'error.gatewayFlowLimited', { seconds: decision.retryAfterSec });
    }
    // A concurrency slot is held until the answer is finished or the client goes away.
    reply.raw.once('close', decision.release);
    const startedAt = Date.now();
    const breaker = routes.breakers.enter(found.route.route, described, startedAt);
    if (!breaker.allowed) {
      count('blocked', startedAt);
      return answer(language(), reply, gatewayErrorCodes.unavailable, 'error.gatewayBreakerOpen');
    }
    count('passed', startedAt);
    // The breakers hear every answer, the gateway's own 502 and 504 included; one the client gave up on
    // counts as failed, so a probe always ends.
    reply.raw.once('close', () => {
      const finished = Date.now();
      const status = reply.raw.writableFinished ? reply.statusCode : 500;
      breaker.done(status, finished - startedAt);
      if (!recording) return;
      meter.completed('route', routeId, status, finished - startedAt, finished);
      for (const group of groups) meter.completed('apiGroup', group, status, finished - startedAt, finished);
    });
    const resolved = upstreams.origin(found.route.route.uri);
    const origin = resolved instanceof Promise ? await resolved : resolved;
    if (!origin) return answer(language(), reply, gatewayErrorCodes.unavailable, 'error.gatewayUnavailable');
    const retry = rewrites.retry?.methods.includes(request.method) ? rewrites.retry : undefined;
    return reply.from(`${origin}${rewrites.path}${described.search}`, {
      rewriteRequestHeaders: (_request, headers) => forwardedHeaders(request, headers, rewrites),
      rewriteHeaders: (headers) => {
        const answered = { ...headers };
        for (const name of hopByHop) delete answered[name];
        for (const [name, value] of rewrites.addResponseHeaders) answered[name.toLowerCase()] = value;
        return answered;
      },
      onResponse: (_request, outgoing, response) => {
        if (rewrites.status !== undefined) outgoing.code(rewrites.status);
        outgoing.send(response.stream);
      },
      retriesCount: retry?.retries ?? 0,
      retryDelay: ({ res, attempt }) => {
        if (!retry || attempt >= retry.retries || !res || !retry.statuses.includes(res.statusCode)) return null;
        // The failed answer's body is not needed; its connection goes back to the pool.
        (res as unknown as { stream: NodeJS.ReadableStream }).stream.resume();
        return 1;
      },
      onError: (outgoing, { error }) => {
        const name = (error as { code?: string }).code ?? '';
        if (name === 'FST_REPLY_FROM_GATEWAY_TIMEOUT') answer(language(), outgoing, gatewayErrorCodes.timeout, 'error.gatewayTimeout');
        else answer(language(), outgoing, gatewayErrorCodes.badGateway, 'error.gatewayBadGateway');
      },
    });
  };
  app.all('/', proxy);
  app.all('/*', proxy);
  return { app, routes };
}
