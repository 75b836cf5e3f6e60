import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { Agent, Dispatcher } from 'undici';
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

/** Where a retried answer's body goes: only its connection is wanted back. */
const discard = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/**
 * undici takes any EventEmitter as a request's abort signal; the client's response stands in as one
 * (no AbortController per request) and fires 'abort' when it closes unfinished, i.e. the client went
 * away. Without it the upstream request would hold its pooled connection until the upstream answered
 * or timed out, for an answer nobody reads, while the concurrency slot it held was already given back.
 */
function abortWhenUnfinished(this: ServerResponse): void {
  if (!this.writableFinished) this.emit('abort');
}

function failureOf(error: unknown): ForwardFailure {
  if (error instanceof BodyTooLarge) return 'tooLarge';
  return timeouts.has((error as { code?: string }).code ?? '') ? 'timeout' : 'unreachable';
}

/**
 * One forwarded request: its attempts, and its deadline, watched while no answer has begun. undici's
 * headersTimeout starts only once a connection takes the request: one queued behind busy connections
 * would wait past it, until the client's connection timeout cut it off without an answer. It is
 * passed to undici as the request's `opaque`, so that the callbacks below are shared, not made anew
 * per request.
 */
class Forwarded implements Expiring {
  attempt = 0;
  /** The attempt's answer is a status the route retries. */
  again = false;
  timedOut = false;
  readonly deadline: number;

  constructor(
    readonly agent: Agent,
    readonly forwarding: Forwarding,
    readonly response: ServerResponse,
    readonly deadlines: Deadlines,
  ) {
    this.deadline = forwarding.deadline;
  }

  expire(): void {
    if (this.response.headersSent) return;
    this.timedOut = true;
    this.response.emit('abort');
  }

  send(): void {
    if (this.response.destroyed) {
      this.end(undefined);
      return;
    }
    this.again = false;
    const { forwarding } = this;
    this.agent.stream(
      {
        origin: forwarding.origin,
        path: forwarding.path,
        method: forwarding.method as Dispatcher.HttpMethod,
        headers: forwarding.headers as Record<string, string | string[]>,
        // undici sends async iterables (limitedBody) too; its types do not list them.
        body: forwarding.body as Dispatcher.DispatchOptions['body'],
        signal: this.response,
        opaque: this,
      },
      answerBegun,
      attemptEnded,
    );
  }

  end(failure: ForwardFailure | undefined): void {
    this.deadlines.delete(this);
    this.forwarding.done(failure);
  }
}

/** undici's factory: where the attempt's answer goes, the client's response or, when retried, nowhere. */
function answerBegun({ statusCode, headers, opaque: forwarded }: Dispatcher.StreamFactoryData<Forwarded>): Writable {
  const { retry } = forwarded.forwarding;
  if (retry && forwarded.attempt < retry.retries && retry.statuses.includes(statusCode)) {
    forwarded.again = true;
    return discard();
  }
  forwarded.deadlines.delete(forwarded);
  const head = forwarded.forwarding.head(statusCode, headers as IncomingHttpHeaders);
  forwarded.response.writeHead(head.status, head.headers);
  return forwarded.response;
}

/** undici's callback, once the attempt's answer is passed on or failed. */
function attemptEnded(error: Error | null, { opaque: forwarded }: Pick<Dispatcher.StreamData<Forwarded>, 'opaque'>): void {
  const { response } = forwarded;
  if (error && (response.headersSent || response.destroyed)) {
    response.destroy();
    forwarded.end(undefined);
  } else if (error) forwarded.end(forwarded.timedOut ? 'timeout' : failureOf(error));
  else if (!forwarded.again) forwarded.end(undefined);
  else {
    forwarded.attempt++;
    forwarded.send();
  }
}

/**
 * Streams the request to the upstream and the answer straight into the client's response (undici's
 * stream(): no body is buffered or re-wrapped on the way), then calls `forwarding.done`. A client that
 * goes away aborts the upstream request (see abortWhenUnfinished); one already gone is not forwarded
 * at all. No answer begun by the deadline (retries included) is the 'timeout' failure.
 */
export function forwardRequest(agent: Agent, forwarding: Forwarding, response: ServerResponse, deadlines: Deadlines): void {
  response.on('close', abortWhenUnfinished);
  const forwarded = new Forwarded(agent, forwarding, response, deadlines);
  deadlines.add(forwarded);
  forwarded.send();
}
