import type { Cluster } from './cluster.ts';
import { MemoryCluster } from './memoryCluster.ts';
import { RedisCluster } from './redisCluster.ts';

export async function openCluster(config: { redisUrl?: string; redisPrefix: string }): Promise<Cluster> {
  if (!config.redisUrl) return new MemoryCluster();
  const cluster = new RedisCluster(config.redisUrl, config.redisPrefix);
  await cluster.connect();
  return cluster;
}
