import { type ClientInstance, heartbeatDefaults, type RegistryService } from '../registry/registryService.ts';
import type { Connection } from './connections.ts';

const addressOf = (instance: ClientInstance) =>
  `${instance.service.namespaceId}\u0002${instance.service.groupName}\u0002${instance.service.serviceName}\u0002${instance.clusterName}\u0002${instance.ip}:${instance.port}`;

/**
 * Ephemeral instances registered over gRPC live as long as their connection, as in Nacos 2: the
 * connection is their heartbeat. While it is open this server beats for them (so the health sweep of
 * every server keeps them); when it closes they are deregistered. A server that dies stops beating,
 * and the sweep removes them after the delete timeout, as it does for silent HTTP clients.
 */
export class BoundInstances {
  private readonly byConnection = new Map<Connection, Map<string, ClientInstance>>();
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly registry: RegistryService,
    private readonly onGone: (instance: ClientInstance) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.round = this.beat().catch(this.onError);
    }, heartbeatDefaults.interval);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.round;
  }

  async register(connection: Connection, instance: ClientInstance): Promise<void> {
    await this.registry.register(instance);
    this.instancesOf(connection).set(addressOf(instance), instance);
  }

  async deregister(connection: Connection, instance: ClientInstance): Promise<void> {
    await this.registry.deregister(instance.service, instance);
    this.byConnection.get(connection)?.delete(addressOf(instance));
  }

  /** A batch registration states all of a connection's instances of one service: the ones left out go. */
  async replaceService(connection: Connection, service: ClientInstance['service'], instances: ClientInstance[]): Promise<void> {
    const kept = new Set(instances.map(addressOf));
    const serviceKey = `${service.namespaceId}\u0002${service.groupName}\u0002${service.serviceName}\u0002`;
    for (const [address, instance] of [...this.instancesOf(connection)]) {
      if (address.startsWith(serviceKey) && !kept.has(address)) await this.deregister(connection, instance);
    }
    for (const instance of instances) await this.register(connection, instance);
  }

  get count(): number {
    let count = 0;
    for (const instances of this.byConnection.values()) count += instances.size;
    return count;
  }

  private instancesOf(connection: Connection): Map<string, ClientInstance> {
    let instances = this.byConnection.get(connection);
    if (!instances) {
      instances = new Map();
      this.byConnection.set(connection, instances);
      connection.onClose(() => this.release(connection));
    }
    return instances;
  }

  private async release(connection: Connection): Promise<void> {
    const instances = [...(this.byConnection.get(connection)?.values() ?? [])];
    this.byConnection.delete(connection);
    for (const instance of instances) {
      try {
        await this.registry.deregister(instance.service, instance);
        await this.onGone(instance);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  /** Beats for every bound instance; one removed meanwhile (by the back-office) stays removed. */
  private async beat(): Promise<void> {
    for (const [, instances] of this.byConnection) {
      for (const [address, instance] of [...instances]) {
        if (
          !(await this.registry.lightBeat({
            service: instance.service,
            clusterName: instance.clusterName,
            ip: instance.ip,
            port: instance.port,
          }))
        )
          instances.delete(address);
      }
    }
  }
}
