import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Cluster } from './cluster.ts';

/** `countInWindow` in one step: the count, and the window's end set by its first count. */
const countInWindowScript = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

/** `takeTurn` in one step on Redis' own clock, so processes on several machines agree on the time. */
const takeTurnScript = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local turn = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0') + tonumber(ARGV[1]))
if turn - now > tonumber(ARGV[2]) then return -1 end
redis.call('SET', KEYS[1], turn, 'PX', turn - now + 1000)
return turn - now`;

/** The scripts, sent once and then called by their SHA (ioredis' defineCommand). */
interface ScriptCommands {
  countInWindow(key: string, windowMs: number, by: number): Promise<[number, number]>;
  takeTurn(key: string, spacingMs: number, maxWaitMs: number): Promise<number>;
}

/**
 * Processes sharing one Redis: messages over pub/sub, directory entries in a hash per key whose
 * values carry their own expiry (a hash field has no TTL of its own in Redis 7).
 */
export class RedisCluster implements Cluster {
  readonly serverId = randomUUID();
  /** A subscribed connection can issue no other commands, so commands and subscriptions use two. */
  readonly commands: Redis & ScriptCommands;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, ((message: string) => void)[]>();

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // A gateway counts every request under a rule: commands issued in the same tick share one round trip.
    const commands = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true });
    commands.defineCommand('countInWindow', { numberOfKeys: 1, lua: countInWindowScript });
    commands.defineCommand('takeTurn', { numberOfKeys: 1, lua: takeTurnScript });
    this.commands = commands as Redis & ScriptCommands;
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

  async countInWindow(key: string, windowMs: number, by = 1): Promise<{ count: number; resetInMs: number }> {
    const [count, remaining] = await this.commands.countInWindow(`${this.prefix}window:${key}`, windowMs, by);
    return { count: Number(count), resetInMs: Math.max(0, Number(remaining)) };
  }

  async takeTurn(key: string, spacingMs: number, maxWaitMs: number): Promise<number | undefined> {
    const wait = Number(await this.commands.takeTurn(`${this.prefix}turn:${key}`, spacingMs, maxWaitMs));
    return wait < 0 ? undefined : wait;
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
