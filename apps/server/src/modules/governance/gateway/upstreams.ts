import { isIP } from 'node:net';
import { publicNamespace, type RegistryInstance } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { UpstreamPolicy } from '../../outbound/upstreamPolicy.ts';
import { listInstances } from '../registry/instanceRepo.ts';
import { findServiceId } from '../registry/serviceRepo.ts';
import type { GatewayContext } from './gatewayServer.ts';

/** How long a service's instance list is reused: the registry's changes reach the gateway within this. */
const instanceListMs = 1000;

/** The instances of `[group@@]service` in the registry's public namespace, as an `lb://` URI names it. */
export async function serviceInstances(db: Kysely<Database>, name: string): Promise<RegistryInstance[]> {
  const [groupName, serviceName] = name.includes('@@') ? (name.split('@@', 2) as [string, string]) : ['DEFAULT_GROUP', name];
  const serviceId = await findServiceId(db, { namespaceId: publicNamespace, groupName, serviceName });
  return serviceId === undefined ? [] : listInstances(db, serviceId);
}

/** A service whose every usable instance sits where the upstream policy refuses: answered 502, never called. */
export const refusedUpstream = Symbol('refused upstream');

/**
 * Where a route's requests go: its `http(s)://` origin, or for `lb://[group@@]service` (public
 * namespace) one of the service's healthy, enabled instances, chosen at random by weight.
 */
/** A service's instances as the gateway draws from them: those it may call, and whether any healthy one was left out. */
interface Candidates {
  usable: RegistryInstance[];
  refused: boolean;
}

export class Upstreams {
  private readonly lists = new Map<string, { candidates: Promise<Candidates>; until: number }>();

  constructor(
    private readonly context: GatewayContext,
    private readonly policy: UpstreamPolicy,
  ) {}

  /**
   * The origin to call, or undefined when the service has no instance to call; an address at once. The
   * connection to it is checked again as it is made (see checkedConnector): names resolve only there.
   */
  origin(uri: string): string | Promise<string | undefined | typeof refusedUpstream> {
    return uri.startsWith('lb://') ? this.instanceOf(uri.slice('lb://'.length)) : uri;
  }

  private async instanceOf(name: string): Promise<string | undefined | typeof refusedUpstream> {
    const { usable, refused } = await this.candidatesOf(name);
    if (usable.length === 0 && refused) return refusedUpstream;
    const total = usable.reduce((sum, instance) => sum + instance.weight, 0);
    let draw = Math.random() * total;
    for (const instance of usable) {
      draw -= instance.weight;
      if (draw < 0) return `http://${instance.ip.includes(':') ? `[${instance.ip}]` : instance.ip}:${instance.port}`;
    }
    return undefined;
  }

  /** Read and weighed once per list, not per request. */
  private candidatesOf(name: string): Promise<Candidates> {
    const now = this.context.now();
    const kept = this.lists.get(name);
    if (kept && kept.until > now) return kept.candidates;
    const candidates = serviceInstances(this.context.db, name).then((instances) => {
      const healthy = instances.filter((instance) => instance.healthy && instance.enabled && instance.weight > 0);
      // An instance anyone registered at an address the gateway may not call is passed over, not tried.
      const usable = healthy.filter((instance) => !isIP(instance.ip) || !this.policy.refusal(instance.ip, instance.ip, instance.port));
      return { usable, refused: usable.length < healthy.length };
    });
    this.lists.set(name, { candidates, until: now + instanceListMs });
    candidates.catch(() => this.lists.delete(name));
    return candidates;
  }
}
