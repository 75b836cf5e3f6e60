import net from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { loadNacosServices, payloadOf, type WirePayload } from '../src/modules/governance/nacosGrpc/payload.ts';

/** A message as the client reads it: its type and its JSON body. */
export interface Message {
  type: string;
  body: Record<string, unknown>;
}

const services = loadNacosServices();

/** The generated client's one unary method, which grpc-js types only at run time. */
type UnaryClient = grpc.Client & {
  request(payload: WirePayload, done: (error: grpc.ServiceError | null, answer: WirePayload) => void): void;
};

function messageOf(payload: WirePayload): Message {
  const value = payload.body?.value;
  return { type: payload.metadata?.type ?? '', body: value && value.length > 0 ? JSON.parse(Buffer.from(value).toString('utf8')) : {} };
}

/** A free port on loopback, for a gRPC server the test starts. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return address.port;
}

/** Polls `read` until `accept` holds, or fails after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T> | T, accept: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > until) throw new Error(`gave up waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A Nacos 2 client's connection built from the server's own `.proto` with `@grpc/grpc-js`, following the Java
 * client's steps: ServerCheckRequest, then the stream with ConnectionSetupRequest, then requests carrying
 * `accessToken` in their headers; every push is acknowledged on the stream as the Java client does.
 */
export class NacosGrpcTestClient {
  readonly pushes: Message[] = [];
  /** Called at each push as it arrives, for a benchmark timing it. */
  onPush: (push: Message) => void = () => undefined;
  private constructor(
    private readonly unary: grpc.Client,
    private readonly stream: grpc.ClientDuplexStream<WirePayload, WirePayload>,
    readonly connectionId: string,
    public accessToken: string | undefined,
  ) {
    stream.on('data', (payload: WirePayload) => {
      const push = messageOf(payload);
      this.pushes.push(push);
      this.onPush(push);
      const responseType = push.type.replace(/Request$/, 'Response');
      if (push.type !== 'SetupAckRequest')
        stream.write(payloadOf(responseType, { resultCode: 200, errorCode: 0, requestId: push.body.requestId, success: true }));
    });
    stream.on('error', () => undefined);
  }

  /** Connects, sets the connection up and waits for the server's acknowledgement (SetupAckRequest). */
  static async connect(address: string, accessToken?: string, options: grpc.ClientOptions = {}): Promise<NacosGrpcTestClient> {
    // Its own HTTP/2 connection, as each Java client has: grpc-js would otherwise share one between clients.
    const unary = new services.clients.Request(address, grpc.credentials.createInsecure(), {
      'grpc.use_local_subchannel_pool': 1,
      ...options,
    });
    const check = await NacosGrpcTestClient.send(unary, 'ServerCheckRequest', {});
    const streaming = new services.clients.BiRequestStream(address, grpc.credentials.createInsecure(), {
      ...options,
      // One HTTP/2 connection for both, as the Java client's one channel: the server knows the connection by it.
      channelOverride: unary.getChannel(),
    });
    const stream = (streaming as unknown as { requestBiStream(): grpc.ClientDuplexStream<WirePayload, WirePayload> }).requestBiStream();
    const client = new NacosGrpcTestClient(unary, stream, String(check.body.connectionId), accessToken);
    stream.write(
      payloadOf('ConnectionSetupRequest', {
        clientVersion: 'Nacos-Java-Client:v2.5.1',
        tenant: '',
        labels: { source: 'sdk', module: 'naming' },
        abilityTable: { fuzzyWatch: false },
      }),
    );
    await client.nextPush('SetupAckRequest');
    return client;
  }

  private static send(
    client: grpc.Client,
    type: string,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<Message> {
    return new Promise((resolve, reject) => {
      (client as UnaryClient).request(payloadOf(type, body, headers), (error, answer) =>
        error ? reject(error) : resolve(messageOf(answer)),
      );
    });
  }

  /** Sends one request with the client's token (or the headers given) and a request id. */
  request(type: string, body: Record<string, unknown>, headers?: Record<string, string>): Promise<Message> {
    const sent = headers ?? (this.accessToken ? { accessToken: this.accessToken } : {});
    return NacosGrpcTestClient.send(this.unary, type, { requestId: `${type}-${Date.now()}`, ...body }, sent);
  }

  /** Sends a payload whose body is these raw bytes, as a broken client might. */
  raw(type: string, bytes: Buffer): Promise<Message> {
    return new Promise((resolve, reject) => {
      (this.unary as UnaryClient).request(
        {
          metadata: { type, clientIp: '', headers: this.accessToken ? { accessToken: this.accessToken } : {} },
          body: { type_url: '', value: bytes },
        },
        (error, answer) => (error ? reject(error) : resolve(messageOf(answer))),
      );
    });
  }

  /** The first push of `type` (received from now on or already) that `accept` takes. */
  nextPush(type: string, accept: (body: Record<string, unknown>) => boolean = () => true, timeoutMs = 15_000): Promise<Message> {
    return eventually(
      () => this.pushes.find((push) => push.type === type && accept(push.body)),
      (push) => push !== undefined,
      timeoutMs,
    ) as Promise<Message>;
  }

  clearPushes(): void {
    this.pushes.length = 0;
  }

  /** Closes the connection, as a client that stops does. */
  close(): void {
    this.stream.cancel();
    this.unary.close();
  }
}
