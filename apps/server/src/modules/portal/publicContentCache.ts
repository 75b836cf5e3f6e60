import type { Cluster } from '../../cluster/cluster.ts';

/** The cluster channel on which a process that changed the website tells the others. */
const changedChannel = 'portal:changed';
/**
 * News pages are many; past this many answers the one read longest ago makes room, so a visitor paging
 * through every distinct address cannot empty the cache of the pages everyone reads.
 */
const maxEntries = 1000;

/**
 * The public website's answers, kept in this process: the site is read by every visitor and changed
 * by a few editors. A change that commits calls `changed()`: this process drops everything before the
 * change is answered, every other process when the cluster bus brings the message; the time to live
 * bounds what a lost bus message could leave behind. A load that began before a change is answered
 * but not kept, so a read racing an edit cannot put back what the edit replaced.
 */
export class PublicContentCache {
  private readonly kept = new Map<string, { value: Promise<unknown>; until: number }>();
  private generation = 0;

  private constructor(
    private readonly cluster: Cluster,
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {}

  static async open(cluster: Cluster, now: () => number, ttlMs = 60_000): Promise<PublicContentCache> {
    const cache = new PublicContentCache(cluster, now, ttlMs);
    await cluster.subscribe(changedChannel, (from) => {
      if (from !== cluster.serverId) cache.drop();
    });
    return cache;
  }

  /** The answer kept under `key`, loaded when not kept; a failed load is not kept. */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now();
    const kept = this.kept.get(key);
    if (kept && kept.until > now) {
      // Map keeps insertion order: moved to the end, the entry is the last to make room.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept.value as Promise<T>;
    }
    const generation = this.generation;
    const value = load();
    value.then(
      () => {
        if (generation !== this.generation) return;
        this.kept.delete(key);
        if (this.kept.size >= maxEntries) this.kept.delete(this.kept.keys().next().value as string);
        this.kept.set(key, { value, until: now + this.ttlMs });
      },
      () => undefined,
    );
    return value;
  }

  /** The website changed (committed): drop everything here now and in every other process soon. */
  async changed(): Promise<void> {
    this.drop();
    await this.cluster.publish(changedChannel, this.cluster.serverId).catch(() => undefined);
  }

  private drop(): void {
    this.generation += 1;
    this.kept.clear();
  }
}
