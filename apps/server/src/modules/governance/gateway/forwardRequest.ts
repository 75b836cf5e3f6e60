import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { Agent, Dispatcher } from 'undici';

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
   * How long the upstream's answer may take to begin, waiting for a free connection included: past it the
   * request is broken off and the gateway answers 504 itself.
   */
  timeoutMs: number;
  /** Statuses sent again, up to `retries` more times, before the answer is passed on. */
  retry?: { retries: number; statuses: number[] };
  /** The answer's status and headers as the client gets them. */
  head(statusCode: number, headers: IncomingHttpHeaders): { status: number; headers: OutgoingHttpHeaders };
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
 * Streams the request to the upstream and the answer straight into the client's response (undici's
 * stream(): no body is buffered or re-wrapped on the way). Resolves once the answer is passed on, or
 * with the failure when nothing of it was sent; an answer cut off half way ends the client's response.
 * A client that goes away aborts the upstream request (see abortWhenUnfinished); one already gone is
 * not forwarded at all. No answer begun within `timeoutMs` (retries included) is the 'timeout' failure.
 */
export async function forwardRequest(agent: Agent, forwarding: Forwarding, response: ServerResponse): Promise<ForwardFailure | undefined> {
  response.on('close', abortWhenUnfinished);
  // undici's headersTimeout starts only once a connection takes the request: one queued behind busy
  // connections would wait past it, until the client's connection timeout cut it off without an answer.
  let timedOut = false;
  const deadline = setTimeout(() => {
    if (response.headersSent) return;
    timedOut = true;
    response.emit('abort');
  }, forwarding.timeoutMs);
  try {
    return await forwardAttempts(
      agent,
      forwarding,
      response,
      () => clearTimeout(deadline),
      () => timedOut,
    );
  } finally {
    clearTimeout(deadline);
  }
}

async function forwardAttempts(
  agent: Agent,
  forwarding: Forwarding,
  response: ServerResponse,
  answered: () => void,
  timedOut: () => boolean,
): Promise<ForwardFailure | undefined> {
  const { retry } = forwarding;
  for (let attempt = 0; !response.destroyed; attempt++) {
    let again = false;
    try {
      await agent.stream(
        {
          origin: forwarding.origin,
          path: forwarding.path,
          method: forwarding.method as Dispatcher.HttpMethod,
          headers: forwarding.headers as Record<string, string | string[]>,
          // undici sends async iterables (limitedBody) too; its types do not list them.
          body: forwarding.body as Dispatcher.DispatchOptions['body'],
          signal: response,
        },
        ({ statusCode, headers }) => {
          if (retry && attempt < retry.retries && retry.statuses.includes(statusCode)) {
            again = true;
            return discard();
          }
          answered();
          const head = forwarding.head(statusCode, headers as IncomingHttpHeaders);
          response.writeHead(head.status, head.headers);
          return response;
        },
      );
    } catch (error) {
      if (response.headersSent || response.destroyed) {
        response.destroy();
        return undefined;
      }
      return timedOut() ? 'timeout' : failureOf(error);
    }
    if (!again) return undefined;
  }
  return undefined;
}
