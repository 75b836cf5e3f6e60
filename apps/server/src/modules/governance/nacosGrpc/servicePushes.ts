import { PeriodicWork } from '../../../cluster/periodicWork.ts';
import type { RegistryService } from '../registry/registryService.ts';
import type { Connection } from './connections.ts';
import { EncodedPayload } from './payload.ts';
import { listingChecksum, serviceInfoOf } from './serviceInfo.ts';

type ServiceName = Parameters<RegistryService['instancesOf']>[0];

interface WatchedService {
  name: ServiceName;
  /** Each subscribing connection with the clusters it asked for. */
  subscribers: Map<Connection, string>;
  checksum?: string;
}

const keyOf = (name: ServiceName) => `${name.namespaceId}\u0002${name.groupName}\u0002${name.serviceName}`;

/**
 * Pushes NotifySubscriberRequest to the connections subscribed to a service when its instances change.
 * The registry is read again every second for each subscribed service, so a change made anywhere (HTTP,
 * gRPC, the back-office, the health sweep, another server on the same database) reaches the subscribers;
 * a change made over gRPC on this server is pushed at once.
 */
export class ServicePushes {
  private readonly watched = new Map<string, WatchedService>();
  /** A slow round (a busy database) is skipped rather than piled up. */
  private readonly rounds: PeriodicWork;

  constructor(
    private readonly registry: RegistryService,
    private readonly onError: (error: unknown) => void,
    everyMs = 1_000,
  ) {
    this.rounds = new PeriodicWork(everyMs, () => this.checkAll(), onError);
  }

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** Subscribes a connection; `checksum` is that of the list it was just answered with. */
  subscribe(connection: Connection, name: ServiceName, clusters: string, checksum: string): void {
    const key = keyOf(name);
    const service = this.watched.get(key) ?? { name, subscribers: new Map(), checksum };
    if (!service.subscribers.has(connection))
      connection.onClose(() => {
        this.unsubscribe(connection, name);
      });
    service.subscribers.set(connection, clusters);
    this.watched.set(key, service);
  }

  unsubscribe(connection: Connection, name: ServiceName): void {
    const key = keyOf(name);
    const service = this.watched.get(key);
    service?.subscribers.delete(connection);
    if (service?.subscribers.size === 0) this.watched.delete(key);
  }

  get subscriptions(): number {
    let count = 0;
    for (const service of this.watched.values()) count += service.subscribers.size;
    return count;
  }

  /** Reads one service again and pushes its list to its subscribers if it changed. */
  async changed(name: ServiceName): Promise<void> {
    const service = this.watched.get(keyOf(name));
    if (service) await this.check(service);
  }

  private async checkAll(): Promise<void> {
    for (const service of [...this.watched.values()]) await this.check(service).catch(this.onError);
  }

  private async check(service: WatchedService): Promise<void> {
    const listing = await this.registry.instancesOf(service.name, []);
    const checksum = listingChecksum(listing);
    if (checksum === service.checksum) return;
    service.checksum = checksum;
    // Subscribers asking for the same clusters get the same list: encoded once for all of them.
    const pushes = new Map<string, EncodedPayload>();
    for (const [connection, clusters] of service.subscribers) {
      let push = pushes.get(clusters);
      if (!push) {
        push = new EncodedPayload('NotifySubscriberRequest', {
          namespace: service.name.namespaceId,
          serviceName: service.name.serviceName,
          groupName: service.name.groupName,
          serviceInfo: serviceInfoOf(service.name, listing, clusters, false, checksum),
        });
        pushes.set(clusters, push);
      }
      connection.pushEncoded(push);
    }
  }
}
