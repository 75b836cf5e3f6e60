import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { formatMessage, gatewayErrorCodes, type MessageKey, type MessageParams } from '@qiming/shared';
import type { Agent } from 'undici';
import { requestLanguage } from '../../../http/language.ts';
import type { BreakerDecision } from './circuitBreakers.ts';
import { type CompiledRoute, DescribedRequest, type Rewrites } from './compiledRoute.ts';
import type { Deadlines } from './deadlines.ts';
import type { FlowDecision } from './flowGuard.ts';
import { type ForwardedRequest, type ForwardFailure, type Forwarding, forwardRequest } from './forwardRequest.ts';
import type { GatewayContext } from './gatewayServer.ts';
import { bodyOf, forwardedHeaders, withoutHopByHop } from './proxiedRequest.ts';
import { noGroups, type RouteTable } from './routeTable.ts';
import { refusedUpstream, type Upstreams } from './upstreams.ts';

/** What the requests of one gateway share. */
export interface GatewayParts {
  routes: RouteTable;
  upstreams: Upstreams;
  agent: Agent;
  deadlines: Deadlines;
  meter: GatewayContext['traffic'];
  /** The context's clock, which the figures' seconds and the breakers' windows go by; answer times are real durations. */
  now: () => number;
  /** Traffic is counted per route and API group. */
  recording: boolean;
  /** How long an upstream may take to answer before the gateway answers 504. */
  upstreamTimeoutMs: number;
  /** Logs a fault of the gateway's own with the request's id. */
  onFault(error: unknown, requestId: string): void;
}

/** nginx's status for a request whose client closed the connection before the answer. */
const clientClosedRequest = 499;

const json = 'application/json; charset=utf-8';

/**
 * A refused body is not read: the connection is closed after the 413 instead of reading (and
 * throwing away) however much the client still sends.
 */
const closeAfterAnswer = { connection: 'close' };

type Settled = Extract<FlowDecision, { allowed: true }>['release'];
const nothing: Settled = () => {};

/**
 * One request through the gateway: matched against the released routes, let through by the flow rules
 * and breakers, counted, and streamed to the upstream (forwardRequest) or answered by the gateway
 * itself. One object per request whose steps are its methods, rather than closures made per request,
 * and a step returns a promise only when it has to wait (a flow rule's queue or block, an `lb://`
 * instance list, a body kept for retries): most requests take no promise turn at all.
 */
export class Exchange implements Forwarding {
  private readonly receivedAt = Date.now();
  readonly method: string;
  private described!: DescribedRequest;
  private route: CompiledRoute | undefined = undefined;
  private rewrites: Rewrites | undefined = undefined;
  private groups: readonly string[] = noGroups;
  private release: Settled = nothing;
  private breakerDone: Extract<BreakerDecision, { allowed: true }>['done'] | undefined = undefined;
  private startedAt = 0;
  private forwarded: ForwardedRequest | undefined = undefined;
  // What forwardRequest reads (Forwarding), set once the upstream is known.
  origin = '';
  path = '';
  headers: IncomingHttpHeaders = {};
  body: Forwarding['body'] = null;
  deadline = 0;
  retry: Forwarding['retry'] = undefined;

  constructor(
    private readonly parts: GatewayParts,
    private readonly request: IncomingMessage,
    private readonly response: ServerResponse,
    /** Named in every answer and passed on to the upstream (see requestIdOf). */
    readonly requestId: string,
  ) {
    this.method = request.method ?? 'GET';
  }

  run(): void | Promise<void> {
    const { parts, request } = this;
    const described = new DescribedRequest(this.method, request.url ?? '/', request.headers, request.socket.remoteAddress ?? '');
    this.described = described;
    const found = parts.routes.match(described);
    if (!found) return this.answer(gatewayErrorCodes.noRoute, 'error.gatewayNoRoute');
    const rewrites = found.route.rewrite(described.path, found.variables);
    if (rewrites.maxBodyBytes !== undefined && Number(request.headers['content-length'] ?? 0) > rewrites.maxBodyBytes) {
      return this.answer(gatewayErrorCodes.tooLarge, 'error.gatewayTooLarge', { max: rewrites.maxBodyBytes }, closeAfterAnswer);
    }
    this.route = found.route;
    this.rewrites = rewrites;
    if (parts.recording) this.groups = parts.routes.groupsOf(described.path);
    const checked = parts.routes.flow.check(found.route.route, described);
    return checked instanceof Promise ? checked.then((decision) => this.admitted(decision)) : this.admitted(checked);
  }

  /** Past the flow rules: the breakers, then the upstream. */
  private admitted(decision: FlowDecision): void | Promise<void> {
    const route = (this.route as CompiledRoute).route;
    if (!decision.allowed) {
      this.count('blocked');
      const params = { seconds: decision.retryAfterSec };
      return this.answer(gatewayErrorCodes.tooMany, 'error.gatewayFlowLimited', params, {
        'retry-after': String(decision.retryAfterSec),
        'x-ratelimit-limit': String(decision.limit),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(decision.resetSec),
      });
    }
    const startedAt = Date.now();
    const breaker = this.parts.routes.breakers.enter(route, this.described);
    if (!breaker.allowed) {
      decision.release();
      this.count('blocked');
      return this.answer(gatewayErrorCodes.unavailable, 'error.gatewayBreakerOpen');
    }
    this.count('passed');
    this.startedAt = startedAt;
    this.release = decision.release;
    this.breakerDone = breaker.done;
    // When the answer is finished or the client went away: see closed(). The request's one listener,
    // which also tells the forwarded request, instead of a second closure of its own per request.
    this.response.on('close', () => this.closed());
    const resolved = this.parts.upstreams.origin(route.uri);
    return resolved instanceof Promise ? resolved.then((origin) => this.toOrigin(origin)) : this.toOrigin(resolved);
  }

  /**
   * The concurrency slot is given back, the breakers hear every answer, the gateway's own 502 and
   * 504 included, and an upstream request whose client went away is broken off. An answer destroyed
   * with an error was broken off by the upstream and counts as failed; one closed without an error
   * lost its client, which the breakers do not count and the figures show as nginx's 499.
   */
  private closed(): void {
    const { response } = this;
    this.release();
    const elapsed = Date.now() - this.startedAt;
    const status = response.writableFinished ? response.statusCode : response.errored ? 500 : undefined;
    this.breakerDone?.(status, elapsed);
    this.forwarded?.clientClosed();
    if (!this.parts.recording) return;
    const counted = status ?? clientClosedRequest;
    const routeId = (this.route as CompiledRoute).route.routeId;
    const now = this.parts.now();
    this.parts.meter.completed('route', routeId, counted, elapsed, now);
    for (const group of this.groups) this.parts.meter.completed('apiGroup', group, counted, elapsed, now);
  }

  private toOrigin(origin: string | undefined | typeof refusedUpstream): void | Promise<void> {
    if (!origin) return this.answer(gatewayErrorCodes.unavailable, 'error.gatewayUnavailable');
    if (origin === refusedUpstream) return this.answer(gatewayErrorCodes.badGateway, 'error.gatewayBadGateway');
    const rewrites = this.rewrites as Rewrites;
    const retried = rewrites.retry?.methods.includes(this.method) ? rewrites.retry : undefined;
    const read = bodyOf(this.request, retried !== undefined, rewrites.maxBodyBytes);
    if (read instanceof Promise) return read.then((body) => this.forward(origin, body, retried));
    this.forward(origin, read, retried);
  }

  private forward(origin: string, body: Forwarding['body'], retried: Rewrites['retry']): void {
    const rewrites = this.rewrites as Rewrites;
    this.origin = origin;
    this.path = `${rewrites.path}${this.described.search}`;
    this.headers = forwardedHeaders(this.request, this.requestId, rewrites);
    this.body = body;
    this.retry = body === null || Buffer.isBuffer(body) ? retried : undefined;
    // The wait for a flow rule's queue and for the body counts too: past the timeout, a 504 in any case.
    this.deadline = this.receivedAt + this.parts.upstreamTimeoutMs;
    this.forwarded = forwardRequest(this.parts.agent, this, this.response, this.parts.deadlines);
  }

  /** The upstream's answer as the client gets it: its own x-request-id, if it sends one, wins over the gateway's. */
  head(statusCode: number, answered: IncomingHttpHeaders): { status: number; headers: OutgoingHttpHeaders } {
    const rewrites = this.rewrites as Rewrites;
    const headers = withoutHopByHop(answered);
    headers['x-request-id'] ??= this.requestId;
    for (const [name, value] of rewrites.addResponseHeaders) headers[name.toLowerCase()] = value;
    return { status: rewrites.status ?? statusCode, headers };
  }

  done(failure: ForwardFailure | undefined): void {
    try {
      if (failure === 'timeout') {
        // A body still owed is not waited for: the connection closes after the 504.
        this.answer(gatewayErrorCodes.timeout, 'error.gatewayTimeout', {}, this.request.complete ? {} : closeAfterAnswer);
      } else if (failure === 'unreachable') this.answer(gatewayErrorCodes.badGateway, 'error.gatewayBadGateway');
      else if (failure === 'tooLarge' && this.rewrites?.maxBodyBytes !== undefined) {
        // Only a body counted against RequestSize fails so.
        const params = { max: this.rewrites.maxBodyBytes };
        this.answer(gatewayErrorCodes.tooLarge, 'error.gatewayTooLarge', params, closeAfterAnswer);
      }
    } catch (error) {
      this.fault(error);
    }
  }

  /** The gateway's own answer, in the caller's language (read only here: these answers are rare), in the API's envelope. */
  answer(code: number, key: MessageKey, params: MessageParams = {}, headers: OutgoingHttpHeaders = {}): void {
    const message = formatMessage(key, requestLanguage(this.request), params);
    this.response
      .writeHead(code, { 'content-type': json, 'x-request-id': this.requestId, ...headers })
      .end(JSON.stringify({ code, message, data: null }));
  }

  /** A fault of the gateway's own: answered without its detail, or the response cut off when it had begun. */
  fault(error: unknown): void {
    this.parts.onFault(error, this.requestId);
    if (!this.response.headersSent) this.answer(500, 'error.system');
    else this.response.destroy();
  }

  private count(event: 'passed' | 'blocked'): void {
    if (!this.parts.recording) return;
    const now = this.parts.now();
    const routeId = (this.route as CompiledRoute).route.routeId;
    this.parts.meter[event]('route', routeId, now);
    for (const group of this.groups) this.parts.meter[event]('apiGroup', group, now);
  }
}
