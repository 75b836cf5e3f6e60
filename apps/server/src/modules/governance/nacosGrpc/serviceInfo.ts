import { createHash } from 'node:crypto';
import type { RegistryService } from '../registry/registryService.ts';

type ServiceName = Parameters<RegistryService['instancesOf']>[0];
type Listing = Awaited<ReturnType<RegistryService['instancesOf']>>;

const defaultCluster = 'DEFAULT';
/** How long a client may serve its cached list; pushes keep it fresh meanwhile. */
const cacheMillis = 10_000;

export function clusterList(clusters: string | undefined): string[] {
  return (clusters ?? '')
    .split(',')
    .map((cluster) => cluster.trim())
    .filter((cluster) => cluster !== '');
}

/** What changes a subscriber must hear of: the instances as served, in their stored order. */
export function listingChecksum(listing: Listing): string {
  return createHash('md5')
    .update(JSON.stringify([listing.protectThreshold, listing.instances]))
    .digest('hex');
}

/**
 * Nacos 2's ServiceInfo: the bare service name beside its group, hosts naming the grouped service. Below the
 * protect threshold every instance is served even to `healthyOnly`, so that the healthy few are not flooded.
 */
export function serviceInfoOf(name: ServiceName, listing: Listing, clusters: string, healthyOnly: boolean, checksum = '') {
  const wanted = clusterList(clusters);
  const found = wanted.length === 0 ? listing.instances : listing.instances.filter((instance) => wanted.includes(instance.clusterName));
  const healthy = found.filter((instance) => instance.healthy);
  const protect = found.length > 0 && healthy.length / found.length <= listing.protectThreshold;
  const served = healthyOnly && !protect ? healthy : found;
  const grouped = `${name.groupName}@@${name.serviceName}`;
  return {
    name: name.serviceName,
    groupName: name.groupName,
    clusters,
    cacheMillis,
    lastRefTime: Date.now(),
    checksum,
    allIPs: false,
    reachProtectionThreshold: protect,
    valid: true,
    hosts: served.map((instance) => ({
      instanceId: `${instance.ip}#${instance.port}#${instance.clusterName || defaultCluster}#${grouped}`,
      ip: instance.ip,
      port: instance.port,
      weight: instance.weight,
      healthy: instance.healthy,
      enabled: instance.enabled,
      ephemeral: instance.ephemeral,
      clusterName: instance.clusterName || defaultCluster,
      serviceName: grouped,
      metadata: instance.metadata,
      instanceHeartBeatInterval: instance.beatInterval,
      instanceHeartBeatTimeOut: instance.beatTimeout,
      ipDeleteTimeout: instance.deleteTimeout,
      instanceIdGenerator: 'simple',
    })),
  };
}
