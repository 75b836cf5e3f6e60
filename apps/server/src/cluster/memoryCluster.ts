import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Cluster, WindowCount } from './cluster.ts';

/** One process on its own: messages go to its own subscribers, entries live in its memory. */
export class MemoryCluster implements Cluster {
  readonly serverId = randomUUID();
  readonly reachable = true;
  readonly localCounts = 0;
  private readonly bus = new EventEmitter().setMaxListeners(0);
  private readonly directory = new Map<string, Map<string, { value: string; expiresAt: number }>>();
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private readonly turns = new Map<string, number>();

  onReachability(): void {
    // Nothing outside this process to lose.
  }

  async publish(channel: string, message: string): Promise<void> {
    this.bus.emit(channel, message);
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<void> {
    this.bus.on(channel, handler);
  }

  async putEntry(key: string, field: string, value: string, expiresAt: number): Promise<void> {
    const fields = this.directory.get(key) ?? new Map<string, { value: string; expiresAt: number }>();
    fields.set(field, { value, expiresAt });
    this.directory.set(key, fields);
  }

  async removeEntry(key: string, field: string): Promise<void> {
    const fields = this.directory.get(key);
    fields?.delete(field);
    if (fields?.size === 0) this.directory.delete(key);
  }

  async entries(key: string, now: number): Promise<Map<string, string>> {
    const live = new Map<string, string>();
    for (const [field, entry] of this.directory.get(key) ?? []) {
      if (entry.expiresAt > now) live.set(field, entry.value);
      else await this.removeEntry(key, field);
    }
    return live;
  }

  async countInWindow(key: string, windowMs: number, by = 1): Promise<WindowCount> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      // Many keys (one per client address) must not pile up: ended windows go when the map grows.
      if (this.windows.size >= 100_000) for (const [name, old] of this.windows) if (old.endsAt <= now) this.windows.delete(name);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += by;
    return { count: window.count, resetInMs: window.endsAt - now, shared: false };
  }

  async takeTurn(key: string, spacingMs: number, maxWaitMs: number): Promise<number | undefined> {
    const now = Date.now();
    if (this.turns.size >= 100_000) for (const [name, last] of this.turns) if (last < now) this.turns.delete(name);
    const turn = Math.max(now, (this.turns.get(key) ?? 0) + spacingMs);
    if (turn - now > maxWaitMs) return undefined;
    this.turns.set(key, turn);
    return turn - now;
  }

  async ping(): Promise<void> {
    // Nothing is shared outside this process, so there is nothing to reach.
  }

  async close(): Promise<void> {
    this.bus.removeAllListeners();
    this.directory.clear();
  }
}
