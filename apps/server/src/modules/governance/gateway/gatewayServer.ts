import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { formatMessage, gatewayErrorCodes, type Language, type MessageKey, type MessageParams } from '@qiming/shared';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { Agent } from 'undici';
import type { AppContext } from '../../../context.ts';
import { requestLanguage } from '../../../http/language.ts';
import { requestIdOf } from '../../../http/requestId.ts';
import { UpstreamPolicy } from '../../outbound/upstreamPolicy.ts';
import { checkedConnector } from './checkedConnector.ts';
import { describeRequest } from './compiledRoute.ts';
import { forwardRequest } from './forwardRequest.ts';
import { reportGatewayState } from './gatewayState.ts';
import { bodyOf, forwardedHeaders, withoutHopByHop } from './proxiedRequest.ts';
import { noGroups, RouteTable } from './routeTable.ts';
import { refusedUpstream, Upstreams } from './upstreams.ts';

/** What a gateway needs of the server's context; a gateway process of its own has no more. */
export type GatewayContext = Pick<AppContext, 'config' | 'db' | 'cluster' | 'traffic' | 'now'>;

/**
 * How long a client's connection may stay silent (sending nothing, reading nothing) mid-request: as
 * long as the upstream may, plus time for the gateway's own 504 (undici's timers tick about once a
 * second). Without it a client trickling a body, or never reading the answer, would hold an upstream
 * connection for good: undici's timeouts do not run while a request is still being sent, nor while the
 * answer waits for the client to read.
 */
const clientIdleMarginMs = 2_000;

/** nginx's status for a request whose client closed the connection before the answer. */
const clientClosedRequest = 499;

const json = 'application/json; charset=utf-8';

/** The gateway's own answers share the API's envelope, in the caller's language: `{code, message, data: null}`. */
function envelope(language: Language, code: number, key: MessageKey, params: MessageParams = {}) {
  return { code, message: formatMessage(key, language, params), data: null };
}

/** The gateway's own answer, written on the client's response. */
function answer(
  language: Language,
  response: ServerResponse,
  code: number,
  key: MessageKey,
  params: MessageParams = {},
  headers: OutgoingHttpHeaders = {},
) {
  response.writeHead(code, { 'content-type': json, ...headers }).end(JSON.stringify(envelope(language, code, key, params)));
}

/**
 * A refused body is not read: the connection is closed after the 413 instead of reading (and
 * throwing away) however much the client still sends.
 */
const closeAfterAnswer = { connection: 'close' };

export interface Gateway {
  app: FastifyInstance;
  routes: RouteTable;
}

/** Fastify's default for idle kept-alive client connections, which the gateway's own server keeps. */
const clientKeepAliveMs = 72_000;

/**
 * The API gateway: its own server that matches each request against the released routes, applies the
 * route's filters and streams the request to the upstream and the answer back (undici, connections kept
 * alive; see forwardRequest). Bodies are never parsed here. Fastify holds the server (listen, close,
 * logger, client errors), but requests go straight from node:http to the gateway's handler: Fastify's
 * routing, request and reply objects and hooks were about a fifth of the gateway's CPU time per request,
 * and a gateway has one route, every path, and writes every answer itself.
 */
export async function buildGateway(
  context: GatewayContext,
  options: {
    logger?: boolean;
    /** How long an upstream may take to answer before the gateway answers 504. */
    upstreamTimeoutMs?: number;
    /** Connections to one upstream at once; more requests wait for one, within the upstream timeout. */
    upstreamConnections?: number;
    /** Ports this process serves besides the configured ones (the server's, when PORT=0 picked one). */
    ownPorts?: () => Array<number | undefined>;
  } = {},
): Promise<Gateway> {
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 30_000;
  let handle: (request: IncomingMessage, response: ServerResponse) => void = () => {};
  const app = Fastify({
    logger: options.logger ? { level: context.config.logLevel } : false,
    // No log line per proxied request: traffic is counted in the gateway's state figures instead.
    logController: new LogController({ disableRequestLogging: true }),
    serverFactory: () => {
      const server = createServer({ requestTimeout: 0, keepAliveTimeout: clientKeepAliveMs }, (request, response) =>
        handle(request, response),
      );
      server.setTimeout(upstreamTimeoutMs + clientIdleMarginMs);
      return server;
    },
  });
  const routes = await RouteTable.open(context, (error) => app.log.error(error, 'gateway: the route table could not be reloaded'));
  const ownPorts = () => {
    const address = app.server.address();
    const listening = typeof address === 'object' ? address?.port : undefined;
    return [context.config.port, context.config.gatewayPort, listening, ...(options.ownPorts?.() ?? [])];
  };
  const policy = new UpstreamPolicy(context.config.gatewayUpstreamAllow, ownPorts);
  const upstreams = new Upstreams(context, policy);
  const meter = context.traffic;
  const recording = context.config.recordFigures;
  const stopReporting = reportGatewayState(context, routes, (error) => app.log.warn(error, 'gateway: state not reported'));
  app.addHook('onClose', stopReporting);
  const agent = new Agent({
    connections: options.upstreamConnections ?? 128,
    connect: checkedConnector(policy),
    pipelining: 1,
    keepAliveTimeout: 30_000,
    headersTimeout: upstreamTimeoutMs,
    bodyTimeout: upstreamTimeoutMs,
  });
  app.addHook('onClose', () => agent.close());

  const proxy = async (request: IncomingMessage, response: ServerResponse) => {
    // Every answer, the upstream's or the gateway's own, names the id the upstream was given (the
    // upstream's own x-request-id, if it sends one, wins), so a client's report leads to both logs.
    const requestId = requestIdOf(request);
    response.setHeader('x-request-id', requestId);
    // Read only for the gateway's own answers, which are rare.
    const language = () => requestLanguage(request);
    const receivedAt = Date.now();
    const method = request.method ?? 'GET';
    const described = describeRequest({
      method,
      url: request.url ?? '/',
      headers: request.headers,
      remoteAddress: request.socket.remoteAddress ?? '',
    });
    const found = routes.match(described);
    if (!found) return answer(language(), response, gatewayErrorCodes.noRoute, 'error.gatewayNoRoute');
    const rewrites = found.route.rewrite(described.path, found.variables);
    if (rewrites.maxBodyBytes !== undefined && Number(request.headers['content-length'] ?? 0) > rewrites.maxBodyBytes) {
      const params = { max: rewrites.maxBodyBytes };
      return answer(language(), response, gatewayErrorCodes.tooLarge, 'error.gatewayTooLarge', params, closeAfterAnswer);
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
      count('blocked', context.now());
      const params = { seconds: decision.retryAfterSec };
      return answer(language(), response, gatewayErrorCodes.tooMany, 'error.gatewayFlowLimited', params, {
        'retry-after': String(decision.retryAfterSec),
        'x-ratelimit-limit': String(decision.limit),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(decision.resetSec),
      });
    }
    // Answer times are real durations; the figures' seconds and the breakers' windows go by the context's clock.
    const startedAt = Date.now();
    const breaker = routes.breakers.enter(found.route.route, described);
    if (!breaker.allowed) {
      decision.release();
      count('blocked', context.now());
      return answer(language(), response, gatewayErrorCodes.unavailable, 'error.gatewayBreakerOpen');
    }
    count('passed', context.now());
    // When the answer is finished or the client went away: the concurrency slot is given back, and the
    // breakers hear every answer, the gateway's own 502 and 504 included. An answer destroyed with an
    // error was broken off by the upstream and counts as failed; one closed without an error lost its
    // client, which the breakers do not count and the figures show as nginx's 499.
    response.once('close', () => {
      decision.release();
      const elapsedMs = Date.now() - startedAt;
      const status = response.writableFinished ? response.statusCode : response.errored ? 500 : undefined;
      breaker.done(status, elapsedMs);
      if (!recording) return;
      const counted = status ?? clientClosedRequest;
      const now = context.now();
      meter.completed('route', routeId, counted, elapsedMs, now);
      for (const group of groups) meter.completed('apiGroup', group, counted, elapsedMs, now);
    });
    const resolved = upstreams.origin(found.route.route.uri);
    const origin = resolved instanceof Promise ? await resolved : resolved;
    if (!origin) return answer(language(), response, gatewayErrorCodes.unavailable, 'error.gatewayUnavailable');
    if (origin === refusedUpstream) return answer(language(), response, gatewayErrorCodes.badGateway, 'error.gatewayBadGateway');
    const retried = rewrites.retry?.methods.includes(method) ? rewrites.retry : undefined;
    const read = bodyOf(request, retried !== undefined, rewrites.maxBodyBytes);
    const body = read instanceof Promise ? await read : read;
    const failure = await forwardRequest(
      agent,
      {
        origin,
        path: `${rewrites.path}${described.search}`,
        method,
        headers: forwardedHeaders(request, requestId, rewrites),
        body,
        retry: body === null || Buffer.isBuffer(body) ? retried : undefined,
        // The wait for a flow rule's queue and for the body counts too: past the timeout, a 504 in any case.
        timeoutMs: Math.max(0, receivedAt + upstreamTimeoutMs - Date.now()),
        head: (statusCode, answered) => {
          const headers = withoutHopByHop(answered);
          for (const [name, value] of rewrites.addResponseHeaders) headers[name.toLowerCase()] = value;
          return { status: rewrites.status ?? statusCode, headers };
        },
      },
      response,
    );
    if (failure === 'timeout') {
      // A body still owed is not waited for: the connection closes after the 504.
      const headers = request.complete ? {} : closeAfterAnswer;
      answer(language(), response, gatewayErrorCodes.timeout, 'error.gatewayTimeout', {}, headers);
    } else if (failure === 'unreachable') answer(language(), response, gatewayErrorCodes.badGateway, 'error.gatewayBadGateway');
    else if (failure === 'tooLarge' && rewrites.maxBodyBytes !== undefined) {
      // Only a body counted against RequestSize fails so.
      const params = { max: rewrites.maxBodyBytes };
      answer(language(), response, gatewayErrorCodes.tooLarge, 'error.gatewayTooLarge', params, closeAfterAnswer);
    }
  };
  handle = (request, response) => {
    proxy(request, response).catch((error: unknown) => {
      // A fault of the gateway's own: logged with the request's id, answered without its detail.
      app.log.error({ err: error, reqId: response.getHeader('x-request-id') }, 'gateway: a request failed');
      if (!response.headersSent) answer(requestLanguage(request), response, 500, 'error.system');
      else response.destroy();
    });
  };
  return { app, routes };
}
