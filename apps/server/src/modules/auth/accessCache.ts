import type { Cluster } from '../../cluster/cluster.ts';
import type { LiveSession } from '../../http/session.ts';

/** The cluster channel on which a process tells the others to drop what they keep. */
const forgetChannel = 'access:forget';

interface Kept<T> {
  value: T;
  until: number;
}

export interface AccessCacheOptions {
  /** Bounds how stale an entry can get should a bus message be lost (Redis pub/sub does not retry). */
  ttlMs: number;
  /** Past this many entries a map starts afresh, so a flood of sessions cannot grow memory without end. */
  maxEntries: number;
}

/**
 * What the access guard reads on every request, kept in this process: live sessions by id and the
 * operations each account holds. Whatever ends a session or changes who holds what calls `forget()`
 * once committed: this process drops everything at once, before the change is answered; every other
 * process drops everything when the cluster bus brings the message. Dropping everything rather than
 * the entries a change touches cannot miss a dependency (a role's grants reach all its accounts), and
 * such changes are rare next to the reads. A load that began before a forget is answered but not
 * kept, so a read racing a change cannot put back what the change removed.
 *
 * While the bus cannot be reached, another process's forget would be lost, so nothing is kept or
 * served from the cache: every read goes to the database until the bus is back. Everything kept is
 * dropped when the bus goes and again when it comes back (a forget may have been lost in between).
 */
export class AccessCache {
  private readonly sessions = new Map<string, Kept<LiveSession>>();
  private readonly grants = new Map<number, Kept<Set<number>>>();
  private generation = 0;

  private constructor(
    private readonly cluster: Cluster,
    private readonly now: () => number,
    private readonly options: AccessCacheOptions,
  ) {}

  static async open(cluster: Cluster, now: () => number, options: AccessCacheOptions): Promise<AccessCache> {
    const cache = new AccessCache(cluster, now, options);
    // This process has dropped everything already when its own message comes back.
    await cluster.subscribe(forgetChannel, (from) => {
      if (from !== cluster.serverId) cache.drop();
    });
    cluster.onReachability(() => cache.drop());
    return cache;
  }

  /** The live session `id`, loaded when not kept; a session that is not live is never kept. */
  async session(id: string, load: () => Promise<LiveSession | undefined>): Promise<LiveSession | undefined> {
    const kept = this.keptSession(id);
    if (kept) return kept;
    if (!this.cluster.reachable) return load();
    const now = this.now();
    const generation = this.generation;
    const session = await load();
    if (session && generation === this.generation)
      this.keep(this.sessions, id, session, Math.min(session.expiresAt, now + this.options.ttlMs));
    return session;
  }

  /** The operations the account holds through its roles, loaded when not kept. */
  async grantsOf(accountId: number, load: () => Promise<Set<number>>): Promise<Set<number>> {
    const kept = this.keptGrants(accountId);
    if (kept) return kept;
    if (!this.cluster.reachable) return load();
    const now = this.now();
    const generation = this.generation;
    const operations = await load();
    if (generation === this.generation) this.keep(this.grants, accountId, operations, now + this.options.ttlMs);
    return operations;
  }

  /** The live session `id` when it is kept and may be served: the guard's common path, without a promise. */
  keptSession(id: string): LiveSession | undefined {
    if (!this.cluster.reachable) return undefined;
    const now = this.now();
    const kept = this.sessions.get(id);
    return kept && kept.until > now && kept.value.expiresAt > now ? kept.value : undefined;
  }

  /** The operations the account holds when they are kept and may be served, without a promise. */
  keptGrants(accountId: number): Set<number> | undefined {
    if (!this.cluster.reachable) return undefined;
    const kept = this.grants.get(accountId);
    return kept && kept.until > this.now() ? kept.value : undefined;
  }

  /**
   * Drops everything here at once and tells every other process to drop everything too. The change
   * is committed by now, so a bus that cannot be reached does not fail it: the others' entries
   * then end with their time to live.
   */
  async forget(): Promise<void> {
    this.drop();
    await this.cluster.publish(forgetChannel, this.cluster.serverId).catch(() => undefined);
  }

  private drop(): void {
    this.generation += 1;
    this.sessions.clear();
    this.grants.clear();
  }

  private keep<K, V>(map: Map<K, Kept<V>>, key: K, value: V, until: number): void {
    if (map.size >= this.options.maxEntries) map.clear();
    map.set(key, { value, until });
  }
}

declare module '../../context.ts' {
  interface AppContext {
    /** Sessions and grants the guard reads; changes to either call `forget()` once committed. */
    accessCache: AccessCache;
  }
}
