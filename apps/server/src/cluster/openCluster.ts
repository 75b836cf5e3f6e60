import type { Cluster } from './cluster.ts';
import { MemoryCluster } from './memoryCluster.ts';
import { type ClusterLog, RedisCluster } from './redisCluster.ts';

/** With `REDIS_URL` a cluster over Redis that starts whether or not Redis answers yet; otherwise this process alone. */
export async function openCluster(config: { redisUrl?: string; redisPrefix: string }, log?: ClusterLog): Promise<Cluster> {
  if (!config.redisUrl) return new MemoryCluster();
  const cluster = new RedisCluster(config.redisUrl, config.redisPrefix, log);
  await cluster.connect();
  return cluster;
}
