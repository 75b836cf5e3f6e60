import type * as grpc from '@grpc/grpc-js';
import { type Body, type EncodedPayload, payloadOf, type WirePayload } from './payload.ts';

/** One Nacos 2 client connection: its bi-directional stream, and what lives only as long as it does. */
export class Connection {
  private pushCount = 0;
  private readonly closeHandlers: Array<() => void | Promise<void>> = [];
  closed = false;

  constructor(
    readonly id: string,
    readonly clientIp: string,
    readonly clientVersion: string,
    private readonly stream: grpc.ServerDuplexStream<WirePayload, WirePayload>,
  ) {}

  /**
   * Sends a server request down the stream (NotifySubscriberRequest, ConfigChangeNotifyRequest); the client
   * answers on the stream with the matching response, which needs no reply.
   */
  push(type: string, body: Body): void {
    if (this.closed) return;
    this.pushCount += 1;
    this.stream.write(payloadOf(type, { ...body, requestId: String(this.pushCount), headers: {}, module: 'internal' }));
  }

  /** Sends a push encoded once for many connections. */
  pushEncoded(payload: EncodedPayload): void {
    if (this.closed) return;
    this.stream.write(payload as WirePayload);
  }

  onClose(handler: () => void | Promise<void>): void {
    this.closeHandlers.push(handler);
  }

  /** Runs what the connection held to its end: bound instances go, subscriptions and listeners stop. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const handler of this.closeHandlers) await handler();
    this.stream.end();
  }
}

/** The remote address and port of a peer as grpc-js names it (`1.2.3.4:5`, `[::1]:5`). */
export function addressOf(peer: string): { ip: string; port: string } {
  const match = /^\[?(.*?)\]?:(\d+)$/.exec(peer);
  return match ? { ip: match[1] ?? peer, port: match[2] ?? '' } : { ip: peer, port: '' };
}

/**
 * The connections of this server. A connection is named after its transport (`getPeer()`), as Nacos names it
 * after the channel: the unary calls and the stream of one client share the HTTP/2 connection and so the peer.
 */
export class ConnectionTable {
  private readonly byId = new Map<string, Connection>();
  private readonly startedAt = Date.now();

  /** Nacos's connection id: the time this server started, the remote address and port. */
  idOf(peer: string): string {
    const { ip, port } = addressOf(peer);
    return `${this.startedAt}_${ip}_${port}`;
  }

  get(id: string): Connection | undefined {
    return this.byId.get(id);
  }

  add(connection: Connection): void {
    this.byId.set(connection.id, connection);
    connection.onClose(() => {
      if (this.byId.get(connection.id) === connection) this.byId.delete(connection.id);
    });
  }

  get size(): number {
    return this.byId.size;
  }

  all(): Connection[] {
    return [...this.byId.values()];
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.all().map((connection) => connection.close()));
  }
}
