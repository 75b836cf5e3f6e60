import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { Agent } from 'undici';
import type { AppContext } from '../../../context.ts';
import { requestIdOf } from '../../../http/requestId.ts';
import { UpstreamPolicy } from '../../outbound/upstreamPolicy.ts';
import { checkedConnector } from './checkedConnector.ts';
import { Deadlines } from './deadlines.ts';
import { Exchange, type GatewayParts } from './gatewayExchange.ts';
import { reportGatewayState } from './gatewayState.ts';
import { RouteTable } from './routeTable.ts';
import { Upstreams } from './upstreams.ts';

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

/** How often the deadlines of requests waiting for an upstream's answer are checked: a 504 comes this late at most. */
const deadlineTickMs = 100;

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

  const deadlines = new Deadlines(deadlineTickMs);
  app.addHook('onClose', async () => deadlines.stop());
  const parts: GatewayParts = {
    routes,
    upstreams,
    agent,
    deadlines,
    meter: context.traffic,
    now: context.now,
    recording: context.config.recordFigures,
    upstreamTimeoutMs,
    // A fault of the gateway's own: logged with the request's id, answered without its detail.
    onFault: (error, requestId) => app.log.error({ err: error, reqId: requestId }, 'gateway: a request failed'),
  };
  handle = (request, response) => {
    // Every answer, the upstream's or the gateway's own, names the id the upstream was given (the
    // upstream's own x-request-id, if it sends one, wins), so a client's report leads to both logs.
    const exchange = new Exchange(parts, request, response, requestIdOf(request));
    try {
      const running = exchange.run();
      if (running) running.catch((error: unknown) => exchange.fault(error));
    } catch (error) {
      exchange.fault(error);
    }
  };
  return { app, routes };
}
