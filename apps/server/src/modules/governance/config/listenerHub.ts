import { randomUUID } from 'node:crypto';
import type { ConfigListener } from '@qiming/shared';
import type { Cluster } from '../../../cluster/cluster.ts';
import type { AppContext } from '../../../context.ts';
import { type ConfigKey, configKeyText, currentMd5s } from './configRepo.ts';

/** One config a long-polling client holds, with the MD5 it has and the line it sent, to echo back. */
export interface WatchedConfig extends ConfigKey {
  md5: string;
  /** `dataId`, `group` and the tenant exactly as the client wrote them. */
  echo: string;
}

export interface ListeningClient {
  ip: string;
  version: string;
}

interface Waiter {
  id: string;
  watched: WatchedConfig[];
  client: ListeningClient;
  since: number;
  timer?: NodeJS.Timeout;
  done: boolean;
  finish(changed: WatchedConfig[]): void;
}

const changeChannel = 'config-changed';
const directoryKey = (key: string) => `cfg-listeners:${key}`;

/**
 * The long-polling side of the config centre. A listener is registered before the MD5s are compared,
 * so a change landing in between still wakes it; changes travel over the cluster bus, so a listener
 * held by one server hears a publish made through another.
 */
export class ConfigListenerHub {
  private readonly waiters = new Map<string, Set<Waiter>>();

  constructor(
    private readonly context: AppContext,
    private readonly cluster: Cluster,
  ) {}

  async start(): Promise<void> {
    await this.cluster.subscribe(changeChannel, (message) => {
      const { key, md5 } = JSON.parse(message) as { key: string; md5: string };
      for (const waiter of this.waiters.get(key) ?? []) {
        const stale = waiter.watched.filter((watched) => configKeyText(watched) === key && watched.md5 !== md5);
        if (stale.length > 0) waiter.finish(stale);
      }
    });
  }

  /** Tells every server's listeners that `key` now has `md5` (empty once deleted). */
  announce(key: ConfigKey, md5: string): Promise<void> {
    return this.cluster.publish(changeChannel, JSON.stringify({ key: configKeyText(key), md5 }));
  }

  /** Resolves with the configs whose MD5 differs from the client's, at once or on the first change; empty after `holdMs`. */
  watch(watched: WatchedConfig[], holdMs: number, client: ListeningClient, onAbort: (abort: () => void) => void): Promise<WatchedConfig[]> {
    return new Promise((resolve, reject) => {
      const keys = [...new Set(watched.map(configKeyText))];
      const waiter: Waiter = {
        id: `${this.cluster.serverId}:${randomUUID()}`,
        watched,
        client,
        since: this.context.now(),
        done: false,
        finish: (changed) => {
          if (waiter.done) return;
          waiter.done = true;
          clearTimeout(waiter.timer);
          for (const key of keys) {
            const set = this.waiters.get(key);
            set?.delete(waiter);
            if (set?.size === 0) this.waiters.delete(key);
          }
          if (holdMs > 0) void this.forget(waiter, keys);
          resolve(changed);
        },
      };
      for (const key of keys) {
        const set = this.waiters.get(key) ?? new Set<Waiter>();
        set.add(waiter);
        this.waiters.set(key, set);
      }
      onAbort(() => waiter.finish([]));
      this.compareAndHold(waiter, keys, holdMs).catch((error) => {
        // Rejected first, so the failure reaches the client rather than an empty "no change".
        reject(error);
        waiter.finish([]);
      });
    });
  }

  private async compareAndHold(waiter: Waiter, keys: string[], holdMs: number): Promise<void> {
    const current = await currentMd5s(this.context.db, waiter.watched);
    const changed = waiter.watched.filter((watched) => (current.get(configKeyText(watched)) ?? '') !== watched.md5);
    if (changed.length > 0 || holdMs <= 0) {
      waiter.finish(changed);
      return;
    }
    waiter.timer = setTimeout(() => waiter.finish([]), holdMs);
    const expiresAt = waiter.since + holdMs + 5_000;
    await Promise.all(
      waiter.watched.map((watched) =>
        this.cluster.putEntry(
          directoryKey(configKeyText(watched)),
          waiter.id,
          JSON.stringify({ clientIp: waiter.client.ip, md5: watched.md5, clientVersion: waiter.client.version, since: waiter.since }),
          expiresAt,
        ),
      ),
    );
    // The poll may have ended while its entries were being written.
    if (waiter.done) await this.forget(waiter, keys);
  }

  private async forget(waiter: Waiter, keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.cluster.removeEntry(directoryKey(key), waiter.id))).catch(() => {});
  }

  /** Clients holding a long poll on `key`, on any server. */
  async listeners(key: ConfigKey): Promise<ConfigListener[]> {
    const entries = await this.cluster.entries(directoryKey(configKeyText(key)), this.context.now());
    return [...entries.values()].map((value) => JSON.parse(value) as ConfigListener).sort((a, b) => a.since - b.since);
  }

  /** Answers every held poll with "no change", so clients reconnect to a server that is up. */
  close(): void {
    for (const set of [...this.waiters.values()]) for (const waiter of [...set]) waiter.finish([]);
  }
}
