import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Cluster } from './cluster.ts';

/**
 * Processes sharing one Redis: messages over pub/sub, directory entries in a hash per key whose
 * values carry their own expiry (a hash field has no TTL of its own in Redis 7).
 */
export class RedisCluster implements Cluster {
  readonly serverId = randomUUID();
  /** A subscribed connection can issue no other commands, so commands and subscriptions use two. */
  readonly commands: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, ((message: string) => void)[]>();

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.commands = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url, { lazyConnect: true });
    this.subscriber.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel.slice(this.prefix.length)) ?? []) handler(message);
    });
  }

  async connect(): Promise<void> {
    await Promise.all([this.commands.connect(), this.subscriber.connect()]);
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.commands.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<void> {
    const handlers = this.handlers.get(channel);
    if (handlers) {
      handlers.push(handler);
      return;
    }
    this.handlers.set(channel, [handler]);
    await this.subscriber.subscribe(this.prefix + channel);
  }

  async putEntry(key: string, field: string, value: string, expiresAt: number): Promise<void> {
    await this.commands.hset(this.prefix + key, field, JSON.stringify({ value, expiresAt }));
  }

  async removeEntry(key: string, field: string): Promise<void> {
    await this.commands.hdel(this.prefix + key, field);
  }

  async entries(key: string, now: number): Promise<Map<string, string>> {
    const live = new Map<string, string>();
    const expired: string[] = [];
    for (const [field, stored] of Object.entries(await this.commands.hgetall(this.prefix + key))) {
      const entry = JSON.parse(stored) as { value: string; expiresAt: number };
      if (entry.expiresAt > now) live.set(field, entry.value);
      else expired.push(field);
    }
    if (expired.length > 0) await this.commands.hdel(this.prefix + key, ...expired);
    return live;
  }

  async ping(): Promise<void> {
    await this.commands.ping();
  }

  async close(): Promise<void> {
    await Promise.all([this.commands.quit(), this.subscriber.quit()]);
  }
}
