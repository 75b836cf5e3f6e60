import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Rewrites } from './compiledRoute.ts';
import { limitedBody } from './forwardRequest.ts';

/* What the gateway passes on of a client's request: its headers, trimmed and vouched for, and its body. */

/** Headers that belong to one connection, never passed on (RFC 9110, section 7.6.1). */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/**
 * Request headers never passed on, besides those of one connection. The upstream is asked for its own
 * host (undici names it from the origin), and 100-continue is between the client and the gateway. The
 * rest are what a client may claim about the hops before it: with no trusted proxy in front the gateway
 * sets X-Forwarded-Proto and -Host from what it saw itself and passes no such claim on, as an upstream
 * would build links on it (Spring's ForwardedHeaderFilter reads Forwarded and X-Forwarded-Host, -Port
 * and -Prefix) or take it for the client's address (X-Real-IP).
 */
const notForwarded = new Set([
  ...hopByHop,
  'host',
  'expect',
  'forwarded',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-prefix',
  'x-real-ip',
]);

/** The largest body a Retry route keeps to send again; a larger or chunked one is sent once, unretried. */
const retryBodyBytes = 1 << 20;

/**
 * The headers a Connection header names (RFC 9110, section 7.6.1), which a client or an upstream may
 * use for anything, e.g. an internal token the other side must not see. The usual values name none:
 * most requests and answers skip the parsing. An upstream's repeated Connection header comes as an
 * array, which String() joins with commas.
 */
const noOptions: readonly string[] = [];

function connectionOptions(connection: string | string[] | undefined): readonly string[] {
  if (connection === undefined || connection === 'keep-alive' || connection === 'close') return noOptions;
  return String(connection)
    .toLowerCase()
    .split(',')
    .map((option) => option.trim());
}

/**
 * A copy of `headers` without those of one connection, those the Connection header names and `dropped`.
 * Copied rather than deleted from: an object that lost properties is slower for undici and node:http to
 * read, once per request each way.
 */
export function withoutHopByHop(
  headers: IncomingHttpHeaders,
  dropped: ReadonlySet<string> = hopByHop,
  alsoDropped: readonly string[] = [],
): IncomingHttpHeaders {
  const named = connectionOptions(headers.connection);
  const copy: IncomingHttpHeaders = {};
  for (const name in headers) {
    if (!dropped.has(name) && !named.includes(name) && !alsoDropped.includes(name)) copy[name] = headers[name];
  }
  return copy;
}

/** The request's id (see requestIdOf) goes on as `x-request-id`. */
export function forwardedHeaders(request: IncomingMessage, requestId: string, rewrites: Rewrites): IncomingHttpHeaders {
  const forwarded = withoutHopByHop(request.headers, notForwarded, rewrites.removeRequestHeaders);
  // The chain is kept (as nginx and Spring Cloud Gateway do); only its last address is the gateway's word.
  const chain = forwarded['x-forwarded-for'];
  forwarded['x-forwarded-for'] = chain ? `${chain}, ${request.socket.remoteAddress}` : request.socket.remoteAddress;
  forwarded['x-forwarded-proto'] = (request.socket as TLSSocket).encrypted ? 'https' : 'http';
  forwarded['x-forwarded-host'] = request.headers.host;
  // The client's id when it is a plain token (see requestIdOf), else the gateway's new one.
  forwarded['x-request-id'] = requestId;
  for (const [name, value] of rewrites.addRequestHeaders) forwarded[name.toLowerCase()] = value;
  return forwarded;
}

/**
 * What is sent on as the body: nothing for GET and HEAD or a request without one, the client's stream
 * as it comes (counted against RequestSize when chunked: a Content-Length was checked already), or for a
 * retried request one small enough to keep, read whole so a retry can send it again. Only that last one
 * is a promise: a request without a body takes no extra turn.
 */
export function bodyOf(
  request: IncomingMessage,
  retried: boolean,
  maxBodyBytes: number | undefined,
): IncomingMessage | AsyncIterable<Buffer> | Promise<Buffer> | null {
  const length = request.headers['content-length'];
  const chunked = request.headers['transfer-encoding'] !== undefined;
  if (request.method === 'GET' || request.method === 'HEAD' || (!chunked && (length === undefined || length === '0'))) return null;
  if (chunked && maxBodyBytes !== undefined) return limitedBody(request, maxBodyBytes);
  if (!retried || chunked || Number(length) > retryBodyBytes) return request;
  return wholeBody(request);
}

async function wholeBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
