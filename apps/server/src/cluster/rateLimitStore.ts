import type { Cluster } from './cluster.ts';

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that counts through the cluster: one count for every server while
 * Redis answers, this process's own count while it does not. Chosen over the plugin's Redis store with
 * `skipOnError`, which would lift every limit (sign-in's among them) for as long as Redis is down;
 * this way a limit holds per server during an outage and is shared again once Redis is back.
 */
export function clusterRateLimitStore(cluster: Cluster) {
  return class ClusterRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'rate-limit:',
    ) {}

    incr(key: string, counted: Counted, timeWindow: number): void {
      cluster.countInWindow(this.prefix + key, timeWindow).then(
        ({ count, resetInMs }) => counted(null, { current: count, ttl: resetInMs }),
        (error: Error) => counted(error),
      );
    }

    /** Each route counts apart, as the plugin's own stores do; the plugin passes the route as `routeInfo`. */
    child(options: object): ClusterRateLimitStore {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new ClusterRateLimitStore(undefined, `${this.prefix}${String(route?.method ?? '')}${String(route?.url ?? '')}-`);
    }
  };
}
