import * as grpc from '@grpc/grpc-js';
import { formatMessage } from '@qiming/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../http/errors.ts';
import type { ConfigService } from '../config/configService.ts';
import type { NamespaceService } from '../namespaces/namespaceService.ts';
import type { RegistryService } from '../registry/registryService.ts';
import { BoundInstances } from './boundInstances.ts';
import { configHandlers } from './configHandlers.ts';
import { ConfigPushes } from './configPushes.ts';
import { addressOf, Connection, ConnectionTable } from './connections.ts';
import { grpcCaller, grpcReachesNamespaces, languageOf } from './grpcAccess.ts';
import type { GrpcHandler } from './grpcCall.ts';
import { namingHandlers } from './namingHandlers.ts';
import { BadPayload, type Body, bodyOf, errorCodes, failure, loadNacosServices, payloadOf, success, type WirePayload } from './payload.ts';
import { ServicePushes } from './servicePushes.ts';

/** The largest message accepted, as the HTTP API's body limit: a config holds at most 100 KiB. */
export const maxMessageBytes = 1024 * 1024;

/** What this server can do, told to a client that negotiates abilities (SetupAckRequest). */
const serverAbilities = { supportPersistentInstanceByGrpc: true, fuzzyWatch: false, lock: false, mcp: false };

export interface GovernanceServices {
  registry: RegistryService;
  configs: ConfigService;
  namespaces: NamespaceService;
}

type Handlers = Record<string, { response: string; handle: GrpcHandler }>;

/**
 * The gRPC server of the Nacos 2.x clients (by default on the HTTP port + 1000, where they look for it):
 * unary `Request.request` for ServerCheckRequest and every naming and config request, and the stream
 * `BiRequestStream.requestBiStream` on which a client sets its connection up and the server pushes.
 * Everything goes through the same services as the HTTP API, so both kinds of client see one registry
 * and one config store. A request never ends the process: every failure is answered as Nacos answers it.
 */
export class NacosGrpcServer {
  private readonly server = new grpc.Server({
    'grpc.max_receive_message_length': maxMessageBytes,
    // Pings find clients that vanished without closing, so their instances go.
    'grpc.keepalive_time_ms': 20_000,
    'grpc.keepalive_timeout_ms': 10_000,
    'grpc.keepalive_permit_without_calls': 1,
  });
  readonly connections = new ConnectionTable();
  readonly servicePushes: ServicePushes;
  readonly configPushes = new ConfigPushes();
  readonly bound: BoundInstances;
  private readonly handlers: Handlers;
  private unfollow: (() => void) | undefined;

  constructor(
    private readonly context: AppContext,
    services: GovernanceServices,
    private readonly log: FastifyBaseLogger,
  ) {
    const onError = (error: unknown) => log.warn({ err: error }, 'nacos gRPC: a background round failed');
    this.servicePushes = new ServicePushes(services.registry, onError);
    this.bound = new BoundInstances(services.registry, (instance) => this.servicePushes.changed(instance.service), onError);
    this.handlers = {
      ...namingHandlers(services.registry, services.namespaces, this.bound, this.servicePushes),
      ...configHandlers(services.configs, services.namespaces, this.configPushes),
    };
    const definitions = loadNacosServices();
    this.server.addService(definitions.request, {
      request: (call: grpc.ServerUnaryCall<WirePayload, WirePayload>, done: grpc.sendUnaryData<WirePayload>) => {
        this.answer(call).then(
          (payload) => done(null, payload),
          (error) => {
            log.error({ err: error }, 'nacos gRPC: a request failed');
            done(null, payloadOf('ErrorResponse', failure(null, errorCodes.serverError, 'Server error')));
          },
        );
      },
    });
    this.server.addService(definitions.biRequestStream, {
      requestBiStream: (stream: grpc.ServerDuplexStream<WirePayload, WirePayload>) => this.openStream(stream),
    });
    this.unfollow = services.configs.listeners.follow(this.configPushes);
  }

  /** Listens on `port` (0 takes a free one) and answers with the port taken. */
  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.bindAsync(
        `${host.includes(':') ? `[${host}]` : host}:${port}`,
        grpc.ServerCredentials.createInsecure(),
        (error, bound) => {
          if (error) return reject(error);
          this.servicePushes.start();
          this.bound.start();
          resolve(bound);
        },
      );
    });
  }

  /** Stops taking calls, ends every connection (its instances deregistered) and the background rounds. */
  async close(): Promise<void> {
    this.unfollow?.();
    await this.servicePushes.stop();
    await this.bound.stop();
    await this.connections.closeAll();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.server.forceShutdown();
        resolve();
      }, 2_000);
      this.server.tryShutdown(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** One unary request, checked in Nacos's order: server check, known type, registered connection, body, access. */
  private async answer(call: grpc.ServerUnaryCall<WirePayload, WirePayload>): Promise<WirePayload> {
    const type = call.request.metadata?.type ?? '';
    const headers = call.request.metadata?.headers ?? {};
    const connectionId = this.connections.idOf(call.getPeer());
    if (type === 'ServerCheckRequest')
      return payloadOf('ServerCheckResponse', success(null, { connectionId, supportAbilityNegotiation: true }));
    const handler = this.handlers[type];
    if (!handler && type !== 'HealthCheckRequest')
      return payloadOf('ErrorResponse', failure(null, errorCodes.noHandler, 'RequestHandler Not Found'));
    const connection = this.connections.get(connectionId);
    if (!connection) return payloadOf('ErrorResponse', failure(null, errorCodes.unregistered, 'Connection is unregistered.'));
    let body: Body;
    try {
      body = bodyOf(call.request);
    } catch (error) {
      if (error instanceof BadPayload) return payloadOf('ErrorResponse', failure(null, errorCodes.badGateway, error.message));
      throw error;
    }
    if (!handler) return payloadOf('HealthCheckResponse', success(body.requestId));
    const access = await grpcCaller(this.context, headers, connection.clientIp);
    if ('refused' in access) return payloadOf(handler.response, failure(body.requestId, errorCodes.noRight, access.refused));
    if (!(await grpcReachesNamespaces(this.context, access.caller, type, body))) {
      return payloadOf(handler.response, failure(body.requestId, errorCodes.noRight, 'authorization failed!'));
    }
    const language = languageOf(headers);
    try {
      const fields = await handler.handle({ body, caller: access.caller, connection, language });
      return payloadOf(handler.response, 'resultCode' in fields ? fields : success(body.requestId, fields));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return payloadOf(handler.response, failure(body.requestId, error.status, formatMessage(error.messageKey, language, error.params)));
    }
  }

  /** The connection's stream: its first message sets the connection up; later ones answer the server's pushes. */
  private openStream(stream: grpc.ServerDuplexStream<WirePayload, WirePayload>): void {
    const id = this.connections.idOf(stream.getPeer());
    let connection: Connection | undefined;
    const end = () => {
      void connection?.close().catch((error) => this.log.warn({ err: error }, 'nacos gRPC: a connection did not close cleanly'));
    };
    stream.on('data', (payload: WirePayload) => {
      if (payload.metadata?.type !== 'ConnectionSetupRequest' || connection) return;
      let setup: Body;
      try {
        setup = bodyOf(payload);
      } catch {
        return;
      }
      const version = typeof setup.clientVersion === 'string' ? setup.clientVersion : '';
      connection = new Connection(id, addressOf(stream.getPeer()).ip, version, stream);
      // A second set-up on the same transport replaces the first connection, as a reconnect does.
      this.connections
        .get(id)
        ?.close()
        .catch((error) => this.log.warn({ err: error }, 'nacos gRPC: a replaced connection did not close cleanly'));
      this.connections.add(connection);
      if (setup.abilityTable) connection.push('SetupAckRequest', { abilityTable: serverAbilities });
    });
    stream.on('end', end);
    stream.on('cancelled', end);
    stream.on('error', end);
    stream.on('close', end);
  }
}
