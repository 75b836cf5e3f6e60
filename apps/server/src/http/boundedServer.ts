import http from 'node:http';
import type { ServerConfig } from '../config.ts';

/** How often Node looks for requests past their time; the default of 30 s would let a slow body linger that long. */
const timeoutCheckMs = 1_000;

/**
 * The HTTP server under Fastify, with the limits a public server needs: a request (headers and body)
 * must arrive within `requestTimeoutMs`, or its connection is closed with 408; headers within the same
 * time; and at most `maxConnections` at once. Long polls are not cut: their answer is held after the
 * request has arrived, which these limits do not count.
 */
export function boundedServer(handler: http.RequestListener, config: Pick<ServerConfig, 'requestTimeoutMs' | 'maxConnections'>) {
  const server = http.createServer(
    {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: timeoutCheckMs,
    },
    handler,
  );
  server.maxConnections = config.maxConnections;
  return server;
}
