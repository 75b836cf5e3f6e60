import type { Cluster } from './cluster.ts';

/**
 * For a process that hears of changes only over the cluster bus: while the shared store cannot be
 * reached (bus messages are lost), calls `refresh` every `everyMs` to read the changes from the
 * database, and once more when the store is back (a change may have been announced to no one).
 */
export function refreshWhileUnreachable(cluster: Cluster, everyMs: number, refresh: () => void): void {
  let timer: NodeJS.Timeout | undefined;
  cluster.onReachability((reachable) => {
    clearInterval(timer);
    timer = undefined;
    if (reachable) {
      refresh();
      return;
    }
    timer = setInterval(refresh, everyMs);
    timer.unref();
  });
}
