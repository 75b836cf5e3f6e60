import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { AppError } from '../appError.ts';
import type { Cluster, WindowCount } from './cluster.ts';
import { MemoryCluster } from './memoryCluster.ts';

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

/** Where the cluster says that Redis went away or came back (the server's pino logger). */
export interface ClusterLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/** Redis connection timing: a stopped or hung Redis is noticed in well under a second, never after ioredis' defaults (~7 s). */
export const redisTimings = {
  connectTimeoutMs: 1000,
  /** A command unanswered this long fails, and Redis counts as unreachable until a ping answers. */
  commandTimeoutMs: 500,
  /** A count waits no longer than this for Redis before this process counts it alone. */
  countWaitMs: 100,
  /** Reconnection attempts are at most this far apart. */
  maxReconnectDelayMs: 1000,
  /** While a command timed out on an open connection, pings this often tell when Redis answers again. */
  probeEveryMs: 500,
};

/** Answers what `work` answers, or rejects once `ms` passed. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Processes sharing one Redis: messages over pub/sub, directory entries in a hash per key whose
 * values carry their own expiry (a hash field has no TTL of its own in Redis 7).
 *
 * Redis is an accelerator, not a single point of failure: no command waits for a Redis that is down
 * (no offline queue, short timeouts), counts fall back to this process's own counters, and
 * `onReachability` listeners hear when Redis goes and comes back, so bus users can fall back to the
 * database. ioredis reconnects by itself and subscribes again to every channel when it does.
 */
export class RedisCluster implements Cluster {
  readonly serverId = randomUUID();
  /** A subscribed connection can issue no other commands, so commands and subscriptions use two. */
  readonly commands: Redis & ScriptCommands;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, ((message: string) => void)[]>();
  /** The counters used while Redis cannot be reached. */
  private readonly local = new MemoryCluster();
  private readonly listeners: ((reachable: boolean) => void)[] = [];
  /** A command failed on a connection that still looks open (a hung Redis); cleared by a ping that answers. */
  private failing = false;
  private probe: NodeJS.Timeout | undefined;
  private closing = false;
  private everReachable = false;
  reachable = false;
  localCounts = 0;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log: ClusterLog = pino(),
  ) {
    const connection = {
      lazyConnect: true,
      connectTimeout: redisTimings.connectTimeoutMs,
      retryStrategy: (attempt: number) => Math.min(attempt * 100, redisTimings.maxReconnectDelayMs),
    };
    // A gateway counts every request under a rule: commands issued in the same tick share one round trip.
    const commands = new Redis(url, {
      ...connection,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: redisTimings.commandTimeoutMs,
      enableAutoPipelining: true,
    });
    commands.defineCommand('countInWindow', { numberOfKeys: 1, lua: countInWindowScript });
    commands.defineCommand('takeTurn', { numberOfKeys: 1, lua: takeTurnScript });
    this.commands = commands as Redis & ScriptCommands;
    // Subscriptions asked for while Redis is down wait in the offline queue for as long as it takes.
    this.subscriber = new Redis(url, { ...connection, maxRetriesPerRequest: null });
    this.subscriber.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel.slice(this.prefix.length)) ?? []) handler(message);
    });
    for (const connection of [this.commands, this.subscriber]) {
      for (const event of ['ready', 'close', 'end']) connection.on(event, () => this.recheck());
      // Without a listener ioredis prints every failed reconnection; the state change is logged once instead.
      connection.on('error', () => undefined);
    }
  }

  /** Connects when Redis answers; when it does not, the process starts anyway and ioredis keeps trying. */
  async connect(): Promise<void> {
    await Promise.all([this.commands.connect().catch(() => undefined), this.subscriber.connect().catch(() => undefined)]);
    if (!this.reachable) this.log.warn({ redis: 'down' }, 'Redis cannot be reached at start: counting in this process until it can');
  }

  onReachability(listener: (reachable: boolean) => void): void {
    this.listeners.push(listener);
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.commands.publish(this.prefix + channel, message).catch((error: unknown) => this.failed(error));
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<void> {
    const handlers = this.handlers.get(channel);
    if (handlers) {
      handlers.push(handler);
      return;
    }
    this.handlers.set(channel, [handler]);
    const subscribed = this.subscriber.subscribe(this.prefix + channel);
    // While Redis is down the subscription is queued and made on connecting: waiting for it would hold up the start.
    if (this.subscriber.status === 'ready') await subscribed;
    else subscribed.catch(() => undefined);
  }

  /** Kept in this process too: while Redis is down the directory shows this process's own entries. */
  async putEntry(key: string, field: string, value: string, expiresAt: number): Promise<void> {
    await this.local.putEntry(key, field, value, expiresAt);
    if (this.usable)
      await this.commands
        .hset(this.prefix + key, field, JSON.stringify({ value, expiresAt }))
        .catch((error: unknown) => this.markFailing(error));
  }

  async removeEntry(key: string, field: string): Promise<void> {
    await this.local.removeEntry(key, field);
    // An entry Redis keeps while it cannot be reached carries its own expiry.
    if (this.usable) await this.commands.hdel(this.prefix + key, field).catch((error: unknown) => this.markFailing(error));
  }

  async countInWindow(key: string, windowMs: number, by = 1): Promise<WindowCount> {
    return this.counted(
      async () => {
        const [count, remaining] = await this.commands.countInWindow(`${this.prefix}window:${key}`, windowMs, by);
        return { count: Number(count), resetInMs: Math.max(0, Number(remaining)), shared: true };
      },
      () => this.local.countInWindow(key, windowMs, by),
    );
  }

  async takeTurn(key: string, spacingMs: number, maxWaitMs: number): Promise<number | undefined> {
    return this.counted(
      async () => {
        const wait = Number(await this.commands.takeTurn(`${this.prefix}turn:${key}`, spacingMs, maxWaitMs));
        return wait < 0 ? undefined : wait;
      },
      () => this.local.takeTurn(key, spacingMs, maxWaitMs),
    );
  }

  /** Every process's live entries from Redis; only this process's own while Redis cannot be reached. */
  async entries(key: string, now: number): Promise<Map<string, string>> {
    if (!this.usable) return this.local.entries(key, now);
    let stored: Record<string, string>;
    try {
      stored = await this.commands.hgetall(this.prefix + key);
    } catch (error) {
      this.markFailing(error);
      return this.local.entries(key, now);
    }
    const live = new Map<string, string>();
    const expired: string[] = [];
    for (const [field, text] of Object.entries(stored)) {
      const entry = JSON.parse(text) as { value: string; expiresAt: number };
      if (entry.expiresAt > now) live.set(field, entry.value);
      else expired.push(field);
    }
    if (expired.length > 0) await this.commands.hdel(this.prefix + key, ...expired).catch((error: unknown) => this.markFailing(error));
    return live;
  }

  async ping(): Promise<void> {
    await within(this.commands.ping(), redisTimings.commandTimeoutMs).catch((error: unknown) => this.failed(error));
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.probe);
    // A connection that is not up would queue the QUIT until Redis is back: it is dropped at once instead.
    await Promise.all(
      [this.commands, this.subscriber].map((connection) =>
        connection.status === 'ready' ? connection.quit().catch(() => connection.disconnect()) : connection.disconnect(),
      ),
    );
  }

  /** Whether commands can be sent: connected, and no command failed since it last answered. */
  private get usable(): boolean {
    return this.commands.status === 'ready' && !this.failing;
  }

  /** A count in Redis when it answers in time, else this process's own, counted as a fallback. */
  private async counted<T>(shared: () => Promise<T>, alone: () => Promise<T>): Promise<T> {
    if (this.usable) {
      const attempt = shared();
      // Only a real failure (the command time-out included) marks Redis unreachable, even once this count went on without it.
      attempt.catch((error: unknown) => this.markFailing(error));
      try {
        return await within(attempt, redisTimings.countWaitMs);
      } catch {
        // Slower than the wait, or failed: counted here this once.
      }
    }
    this.localCounts += 1;
    return alone();
  }

  /** Notes that Redis may be gone and answers the caller 503 in its language, never Redis' own message. */
  private failed(error: unknown): never {
    this.markFailing(error);
    throw new AppError(503, 'error.redisUnavailable', {}, { 'retry-after': '5' });
  }

  private markFailing(error: unknown): void {
    if (this.closing) return;
    if (this.commands.status === 'ready' && !this.failing) {
      this.failing = true;
      this.log.warn({ err: error }, 'Redis command failed');
      this.probe = setInterval(() => {
        this.commands.ping().then(
          () => {
            this.failing = false;
            clearInterval(this.probe);
            this.recheck();
          },
          () => undefined,
        );
      }, redisTimings.probeEveryMs);
      this.probe.unref();
    }
    this.recheck();
  }

  /** Works out whether Redis is reachable now and tells the log and the listeners when that changed. */
  private recheck(): void {
    if (this.closing) return;
    const reachable = this.commands.status === 'ready' && this.subscriber.status === 'ready' && !this.failing;
    if (reachable === this.reachable) return;
    this.reachable = reachable;
    if (!reachable) {
      this.log.warn(
        { redis: 'down' },
        'Redis is unreachable: counting in this process, config changes travel through the database, access caching paused',
      );
    } else if (this.everReachable) this.log.info('Redis is back: shared counters and the cluster bus are used again');
    else this.log.info('Redis connected');
    this.everReachable ||= reachable;
    for (const listener of this.listeners) listener(reachable);
  }
}
