import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { formatMessage, gatewayErrorCodes, type Language, type MessageKey, type MessageParams } from '@qiming/shared';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type RawServerBase,
  type RouteGenericInterface,
} from 'fastify';
import { Agent } from 'undici';
import type { AppContext } from '../../../context.ts';
import { requestLanguage } from '../../../http/language.ts';
import { describeRequest, type Rewrites } from './compiledRoute.ts';
import { forwardRequest } from './forwardRequest.ts';
import { reportGatewayState } from './gatewayState.ts';
import { noGroups, RouteTable } from './routeTable.ts';
import { Upstreams } from './upstreams.ts';

/** What a gateway needs of the server's context; a gateway process of its own has no more. */
export type GatewayContext = Pick<AppContext, 'config' | 'db' | 'cluster' | 'traffic'>;

/** Headers that belong to one connection, never passed on (RFC 9110, section 7.6.1). */
const hopByHop = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

/** The largest body a Retry route keeps to send again; a larger or chunked one is sent once, unretried. */
const retryBodyBytes = 1 << 20;

const json = 'application/json; charset=utf-8';

/** The gateway's own answers share the API's envelope, in the caller's language: `{code, message, data: null}`. */
function envelope(language: Language, code: number, key: MessageKey, params: MessageParams = {}) {
  return { code, message: formatMessage(key, language, params), data: null };
}

function answer(
  language: Language,
  reply: FastifyReply<RouteGenericInterface, RawServerBase>,
  code: number,
  key: MessageKey,
  params: MessageParams = {},
) {
  return reply
    .code(code)
    .header('content-type', json)
    .send(envelope(language, code, key, params));
}

/** The same answer once the reply is the gateway's own to write (see forwardRequest). */
function answerRaw(language: Language, response: ServerResponse, code: number, key: MessageKey) {
  response.writeHead(code, { 'content-type': json }).end(JSON.stringify(envelope(language, code, key)));
}

function forwardedHeaders(request: FastifyRequest, rewrites: Rewrites): IncomingHttpHeaders {
  const { headers } = request;
  const forwarded: IncomingHttpHeaders = { ...headers };
  // The upstream is asked for its own host (undici names it from the origin); 100-continue is between client and gateway.
  for (const name of [...hopByHop, 'host', 'expect', ...rewrites.removeRequestHeaders]) delete forwarded[name];
  const chain = headers['x-forwarded-for'];
  forwarded['x-forwarded-for'] = chain ? `${chain}, ${request.socket.remoteAddress}` : request.socket.remoteAddress;
  forwarded['x-forwarded-proto'] = headers['x-forwarded-proto'] ?? request.protocol;
  forwarded['x-forwarded-host'] = headers['x-forwarded-host'] ?? headers.host;
  if (!forwarded['x-forwarded-prefix']) delete forwarded['x-forwarded-prefix'];
  for (const [name, value] of rewrites.addRequestHeaders) forwarded[name.toLowerCase()] = value;
  return forwarded;
}

/**
 * What is sent on as the body: nothing for GET and HEAD or a request without one, the client's stream
 * as it comes, or for a retried request one small enough to keep, read whole so a retry can send it again.
 */
async function bodyOf(request: FastifyRequest, retried: boolean): Promise<IncomingMessage | Buffer | null> {
  const length = request.headers['content-length'];
  const chunked = request.headers['transfer-encoding'] !== undefined;
  if (request.method === 'GET' || request.method === 'HEAD' || (!chunked && (length === undefined || length === '0'))) return null;
  if (!retried || chunked || Number(length) > retryBodyBytes) return request.raw;
  const chunks: Buffer[] = [];
  for await (const chunk of request.raw) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface Gateway {
  app: FastifyInstance;
  routes: RouteTable;
}

/**
 * The API gateway: its own Fastify server that matches each request against the released routes,
 * applies the route's filters and streams the request to the upstream and the answer back (undici,
 * connections kept alive; see forwardRequest). Bodies are never parsed here.
 */
export async function buildGateway(
  context: GatewayContext,
  options: {
    logger?: boolean /** How long an upstream may take to answer before the gateway answers 504. */;
    upstreamTimeoutMs?: number;
  } = {},
): Promise<Gateway> {
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 30_000;
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
  const agent = new Agent({
    connections: 128,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    headersTimeout: upstreamTimeoutMs,
    bodyTimeout: upstreamTimeoutMs,
  });
  app.addHook('onClose', () => agent.close());

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
      const status = reply.raw.writableFinished ? reply.raw.statusCode : 500;
      breaker.done(status, finished - startedAt);
      if (!recording) return;
      meter.completed('route', routeId, status, finished - startedAt, finished);
      for (const group of groups) meter.completed('apiGroup', group, status, finished - startedAt, finished);
    });
    const resolved = upstreams.origin(found.route.route.uri);
    const origin = resolved instanceof Promise ? await resolved : resolved;
    if (!origin) return answer(language(), reply, gatewayErrorCodes.unavailable, 'error.gatewayUnavailable');
    const retried = rewrites.retry?.methods.includes(request.method) ? rewrites.retry : undefined;
    const body = await bodyOf(request, retried !== undefined);
    // From here the answer is written straight from the upstream's stream, past Fastify's reply.
    reply.hijack();
    const response = reply.raw;
    const failure = await forwardRequest(
      agent,
      {
        origin,
        path: `${rewrites.path}${described.search}`,
        method: request.method,
        headers: forwardedHeaders(request, rewrites),
        body,
        retry: body === null || Buffer.isBuffer(body) ? retried : undefined,
        head: (statusCode, headers) => {
          const answered: IncomingHttpHeaders = { ...headers };
          for (const name of hopByHop) delete answered[name];
          for (const [name, value] of rewrites.addResponseHeaders) answered[name.toLowerCase()] = value;
          return { status: rewrites.status ?? statusCode, headers: answered };
        },
      },
      response,
    );
    if (failure === 'timeout') answerRaw(language(), response, gatewayErrorCodes.timeout, 'error.gatewayTimeout');
    else if (failure === 'unreachable') answerRaw(language(), response, gatewayErrorCodes.badGateway, 'error.gatewayBadGateway');
  };
  app.all('/', proxy);
  app.all('/*', proxy);
  return { app, routes };
}
