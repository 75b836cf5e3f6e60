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
  /** Read once (streamed), or a buffered body a retry can send again; null without a body. */
  body: IncomingMessage | Buffer | null;
  /** Statuses sent again, up to `retries` more times, before the answer is passed on. */
  retry?: { retries: number; statuses: number[] };
  /** The answer's status and headers as the client gets them. */
  head(statusCode: number, headers: IncomingHttpHeaders): { status: number; headers: OutgoingHttpHeaders };
}

/** Why nothing could be passed on: the gateway answers these itself. */
export type ForwardFailure = 'timeout' | 'unreachable';

const timeouts = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** Where a retried answer's body goes: only its connection is wanted back. */
const discard = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/**
 * Streams the request to the upstream and the answer straight into the client's response (undici's
 * stream(): no body is buffered or re-wrapped on the way). Resolves once the answer is passed on, or
 * with the failure when nothing of it was sent; an answer cut off half way ends the client's response.
 * A client that goes away closes the response, and undici then drops the upstream's answer with it.
 */
export async function forwardRequest(agent: Agent, forwarding: Forwarding, response: ServerResponse): Promise<ForwardFailure | undefined> {
  const { retry } = forwarding;
  for (let attempt = 0; ; attempt++) {
    let again = false;
    try {
      await agent.stream(
        {
          origin: forwarding.origin,
          path: forwarding.path,
          method: forwarding.method as Dispatcher.HttpMethod,
          headers: forwarding.headers as Record<string, string | string[]>,
          body: forwarding.body,
        },
        ({ statusCode, headers }) => {
          if (retry && attempt < retry.retries && retry.statuses.includes(statusCode)) {
            again = true;
            return discard();
          }
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
      return timeouts.has((error as { code?: string }).code ?? '') ? 'timeout' : 'unreachable';
    }
    if (!again) return undefined;
  }
}
