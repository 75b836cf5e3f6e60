import { publicNamespace, type RegistryInstance } from '@qiming/shared';
import { listInstances } from '../registry/instanceRepo.ts';
import { findServiceId } from '../registry/serviceRepo.ts';
import type { GatewayContext } from './gatewayServer.ts';

/** How long a service's instance list is reused: the registry's changes reach the gateway within this. */
const instanceListMs = 1000;

/**
 * Where a route's requests go: its `http(s)://` origin, or for `lb://[group@@]service` (public
 * namespace) one of the service's healthy, enabled instances, chosen at random by weight.
 */
export class Upstreams {
  private readonly lists = new Map<string, { instances: Promise<RegistryInstance[]>; until: number }>();

  constructor(private readonly context: GatewayContext) {}

  /** The origin to call, or undefined when the service has no instance to call; an address at once. */
  origin(uri: string): string | Promise<string | undefined> {
    return uri.startsWith('lb://') ? this.instanceOf(uri.slice('lb://'.length)) : uri;
  }

  private async instanceOf(name: string): Promise<string | undefined> {
    const instances = await this.instancesOf(name);
    const usable = instances.filter((instance) => instance.healthy && instance.enabled && instance.weight > 0);
    const total = usable.reduce((sum, instance) => sum + instance.weight, 0);
    let draw = Math.random() * total;
    for (const instance of usable) {
      draw -= instance.weight;
      if (draw < 0) return `http://${instance.ip.includes(':') ? `[${instance.ip}]` : instance.ip}:${instance.port}`;
    }
    return undefined;
  }

  private instancesOf(name: string): Promise<RegistryInstance[]> {
    const now = Date.now();
    const kept = this.lists.get(name);
    if (kept && kept.until > now) return kept.instances;
    const [groupName, serviceName] = name.includes('@@') ? (name.split('@@', 2) as [string, string]) : ['DEFAULT_GROUP', name];
    const instances = (async () => {
      const serviceId = await findServiceId(this.context.db, { namespaceId: publicNamespace, groupName, serviceName });
      return serviceId === undefined ? [] : listInstances(this.context.db, serviceId);
    })();
    this.lists.set(name, { instances, until: now + instanceListMs });
    instances.catch(() => this.lists.delete(name));
    return instances;
  }
}
