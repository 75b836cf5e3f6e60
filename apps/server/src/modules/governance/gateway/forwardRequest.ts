import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { type Agent, type Dispatcher, errors } from 'undici';
import type { Deadlines, Expiring } from './deadlines.ts';

/** One request as the gateway sends it on, and how the upstream's answer is passed back. */
export interface Forwarding {
  origin: string;
  /** Path and query. */
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  /**
   * Read once (streamed, or counted by limitedBody), or a buffered body a retry can send again; null
   * without a body.
   */
  body: IncomingMessage | AsyncIterable<Buffer> | Buffer | null;
  /**
   * When (Date.now()'s clock) the upstream's answer must have begun, waiting for a free connection
   * included: past it the request is broken off and the gateway answers 504 itself.
   */
  deadline: number;
  /** Statuses sent again, up to `retries` more times, before the answer is passed on. */
  retry?: { retries: number; statuses: number[] };
  /** The answer's status and headers as the client gets them. */
  head(statusCode: number, headers: IncomingHttpHeaders): { status: number; headers: OutgoingHttpHeaders };
  /**
   * Called once at the end: with nothing when the answer was passed on (or cut off half way, which
   * ends the client's response), or with the failure when nothing of it was sent.
   */
  done(failure: ForwardFailure | undefined): void;
}

/** Why nothing could be passed on: the gateway answers these itself. */
export type ForwardFailure = 'timeout' | 'unreachable' | 'tooLarge';

const timeouts = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** A streamed body grew past the route's RequestSize. */
class BodyTooLarge extends Error {}

/**
 * A body of unknown length (chunked) counted as it streams. Past `maxBytes` it fails, and undici then
 * cuts the upstream request and closes its connection. The client's stream is neither drained nor
 * destroyed, so the gateway can still answer 413 on it.
 */
export async function* limitedBody(body: IncomingMessage, maxBytes: number): AsyncGenerator<Buffer> {
  let left = maxBytes;
  for await (const chunk of body.iterator({ destroyOnReturn: false })) {
    left -= (chunk as Buffer).length;
    if (left < 0) throw new BodyTooLarge();
    yield chunk as Buffer;
  }
}

function failureOf(error: unknown): ForwardFailure {
  if (error instanceof BodyTooLarge) return 'tooLarge';
  return timeouts.has((error as { code?: string }).code ?? '') ? 'timeout' : 'unreachable';
}

/**
 * One forwarded request as undici's dispatch handler: its attempts, the answer written straight into
 * the client's response, and its deadline, watched while no answer has begun. undici's stream() does
 * the same with an async resource, a signal listener and a stream-finished watch of ~8 listeners per
 * request, which here is a call from the exchange's one 'close' listener; the answer's bytes take the same path.
 */
class Forwarded implements Expiring, ForwardedRequest, Dispatcher.DispatchHandler {
  private attempt = 0;
  /** This attempt's answer is passed to the client (else it is a status the route retries, and dropped). */
  private passing = false;
  private timedOut = false;
  /** The attempt's controller, once a connection took it. */
  private controller: Dispatcher.DispatchController | undefined = undefined;
  /** Why the attempt was broken off before a connection took it: undici aborts it when one does. */
  private reason: Error | undefined = undefined;
  readonly deadline: number;

  constructor(
    private readonly agent: Agent,
    private readonly forwarding: Forwarding,
    private readonly response: ServerResponse,
    private readonly deadlines: Deadlines,
  ) {
    this.deadline = forwarding.deadline;
  }

  send(): void {
    if (this.response.destroyed) {
      this.end(undefined);
      return;
    }
    const { forwarding } = this;
    this.passing = false;
    this.controller = undefined;
    this.agent.dispatch(
      {
        origin: forwarding.origin,
        path: forwarding.path,
        method: forwarding.method as Dispatcher.HttpMethod,
        headers: forwarding.headers as Record<string, string | string[]>,
        // undici sends async iterables (limitedBody) too; its types do not list them.
        body: forwarding.body as Dispatcher.DispatchOptions['body'],
      },
      this,
    );
  }

  /** No answer begun by the deadline: the attempt is broken off, and the gateway answers 504. */
  expire(): void {
    if (this.response.headersSent) return;
    this.timedOut = true;
    this.breakOff();
  }

  /**
   * The client went away (or its answer was cut off): the upstream request is broken off rather than
   * holding its pooled connection for an answer nobody reads.
   */
  clientClosed(): void {
    if (!this.response.writableFinished) this.breakOff();
  }

  private breakOff(): void {
    const reason = new errors.RequestAbortedError();
    if (this.controller) this.controller.abort(reason);
    else this.reason = reason;
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    if (this.reason) controller.abort(this.reason);
    else this.controller = controller;
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    if (statusCode < 200) return;
    const { retry } = this.forwarding;
    if (retry && this.attempt < retry.retries && retry.statuses.includes(statusCode)) return;
    this.deadlines.delete(this);
    this.passing = true;
    const head = this.forwarding.head(statusCode, headers);
    this.response.writeHead(head.status, head.headers);
    if (this.response.writableNeedDrain) this.pauseUntilDrained(controller);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.passing && !this.response.write(chunk)) this.pauseUntilDrained(controller);
  }

  onResponseEnd(): void {
    if (this.passing) {
      this.response.end();
      this.end(undefined);
    } else {
      // A retried status goes again, once undici is done with this attempt's connection.
      this.attempt++;
      queueMicrotask(() => this.send());
    }
  }

  /**
   * Before the answer began, the failure the gateway answers; after, the client's response is cut off
   * with the error, which the breakers count as a failed call. A streamed body goes with it.
   */
  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    const { response, forwarding } = this;
    if (forwarding.body instanceof Readable) forwarding.body.destroy(error);
    if (response.headersSent || response.destroyed) {
      response.destroy(error);
      this.end(undefined);
    } else this.end(this.timedOut ? 'timeout' : failureOf(error));
  }

  private pauseUntilDrained(controller: Dispatcher.DispatchController): void {
    controller.pause();
    this.response.once('drain', () => controller.resume());
  }

  private end(failure: ForwardFailure | undefined): void {
    this.deadlines.delete(this);
    this.forwarding.done(failure);
  }
}

/** A request on its way: what the client's response tells it when it closes. */
export interface ForwardedRequest {
  /** The response closed: when its answer was not finished, the client went away and the upstream request is broken off. */
  clientClosed(): void;
}

/**
 * Streams the request to the upstream and the answer straight into the client's response (no body is
 * buffered or re-wrapped on the way), then calls `forwarding.done`. The caller's one 'close' listener
 * on the response calls `clientClosed()`, so a client that goes away breaks the upstream request off;
 * one already gone is not forwarded at all. No answer begun by the deadline (retries included) is the
 * 'timeout' failure.
 */
export function forwardRequest(agent: Agent, forwarding: Forwarding, response: ServerResponse, deadlines: Deadlines): ForwardedRequest {
  const forwarded = new Forwarded(agent, forwarding, response, deadlines);
  deadlines.add(forwarded);
  forwarded.send();
  return forwarded;
}
