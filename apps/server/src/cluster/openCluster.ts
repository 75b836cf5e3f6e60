import type { Cluster } from './cluster.ts';
import { MemoryCluster } from './memoryCluster.ts';
import { RedisCluster } from './redisCluster.ts';

export async function openCluster(redisUrl: string | undefined): Promise<Cluster> {
  if (!redisUrl) return new MemoryCluster();
  const cluster = new RedisCluster(redisUrl);
  await cluster.connect();
  return cluster;
}
