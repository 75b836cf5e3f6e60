import type { GatewayProcessState } from '@qiming/shared';
import type { Cluster } from '../../../cluster/cluster.ts';
import type { GatewayContext } from './gatewayServer.ts';
import type { RouteTable } from './routeTable.ts';

/** The cluster directory key under which every gateway process reports its state. */
const stateKey = 'gateway:state';
const reportEveryMs = 1000;
/** A process that stopped reporting drops out of the pages after this long. */
const reportLivesMs = 5000;

/**
 * Reports this gateway process's last second of traffic and its breakers to the cluster directory
 * every second, so the pages see every gateway, wherever it runs. Returns a stop that withdraws it.
 */
export function reportGatewayState(
  { cluster, traffic: meter, now: clock }: Pick<GatewayContext, 'cluster' | 'traffic' | 'now'>,
  routes: RouteTable,
  onError: (error: unknown) => void,
) {
  const report = () => {
    const now = clock();
    const state: GatewayProcessState = {
      serverId: cluster.serverId,
      reportedAt: now,
      routes: meter.lastSecond('route', now).map(({ target, passed, blocked, succeeded, failed, totalMs }) => ({
        routeId: target,
        passed,
        blocked,
        succeeded,
        failed,
        totalMs,
      })),
      breakers: routes.breakers.states(),
    };
    cluster.putEntry(stateKey, cluster.serverId, JSON.stringify(state), now + reportLivesMs).catch(onError);
  };
  report();
  const timer = setInterval(report, reportEveryMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await cluster.removeEntry(stateKey, cluster.serverId);
  };
}

/** What every live gateway process last reported, in a stable order. */
export async function gatewayStates(cluster: Cluster, now: number): Promise<GatewayProcessState[]> {
  const entries = await cluster.entries(stateKey, now);
  return [...entries.values()]
    .map((value) => JSON.parse(value) as GatewayProcessState)
    .sort((a, b) => a.serverId.localeCompare(b.serverId));
}
