import { randomUUID } from 'node:crypto';
import type { ConfigListener } from '@qiming/shared';
import type { Cluster } from '../../../cluster/cluster.ts';
import type { AppContext } from '../../../context.ts';
import { type ConfigKey, changedSince, configKeyText, currentMd5s, latestVersionId } from './configRepo.ts';

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

/** How a poll is answered, by the hub that holds it. */
export interface PollAnswer {
  /** The configs whose MD5 differs from the client's; none when the hold ran out or the client left. Called once. */
  answer(changed: WatchedConfig[]): void;
  /** The MD5s could not be read: called instead of `answer`. */
  fail(error: unknown): void;
  /** The MD5s were compared and none differs: the poll is held, and `answer` comes with a change or at the hold's end. */
  held?(): void;
  /** Takes the function that ends the poll when its client goes away. */
  onAbort(abort: () => void): void;
}

interface Waiter {
  id: string;
  watched: WatchedConfig[];
  client: ListeningClient;
  since: number;
  /** The wheel's slot the poll ends in with "no change", once it is held. */
  slot?: number;
  done: boolean;
  poll: PollAnswer;
  finish(changed: WatchedConfig[]): void;
}

/** How finely held polls are timed out: Nacos answers 500 ms before the client gives up, so 100 ms late is still in time. */
const wheelTickMs = 100;

/** A standing listener on configs (a Nacos 2 gRPC connection's), told of every change to a config it follows. */
export interface ConfigFollower {
  follows(key: string): boolean;
  changed(key: string, md5: string): void;
}

const changeChannel = 'config-changed';
const directoryKey = (key: string) => `cfg-listeners:${key}`;

/** How the change log (cfg_history) is read, the database fallback of the bus. */
export const changeLogTimings = {
  /** While the bus is down (and for `catchUpMs` after it is back), the log is read this often. */
  readEveryMs: 1000,
  /** With the bus up the log is still read this often, for an announcement lost on the way. */
  safetyEveryMs: 30_000,
  /** After the bus is back, read on this long: a publish may have gone out before every server subscribed again. */
  catchUpMs: 5000,
  /** Versions are read again for this long, as a transaction may commit after one holding a later id. */
  lookbackMs: 5000,
};

/**
 * The long-polling side of the config centre. A listener is registered before the MD5s are compared,
 * so a change landing in between still wakes it; changes travel over the cluster bus, so a listener
 * held by one server hears a publish made through another.
 *
 * The bus is an accelerator: every server also reads the change log (config versions in the database,
 * as Nacos' cluster nodes poll each other) every second while the bus is down, and every 30 s while it
 * is up. A changed config wakes only listeners whose MD5 differs from the database's current one, so
 * a change heard twice (bus and log) answers a listener once.
 */
export class ConfigListenerHub {
  private readonly waiters = new Map<string, Set<Waiter>>();
  /** Held polls by the tick they time out in: one interval ends them all, instead of a timer each. */
  private readonly wheel = new Map<number, Set<Waiter>>();
  private wheelTimer: NodeJS.Timeout | undefined;
  private lastTick = Math.floor(Date.now() / wheelTickMs);
  /** Listener-page entries of answered polls, removed together after the answers are out. */
  private forgotten: Array<{ key: string; id: string }> = [];
  private readonly followers = new Set<ConfigFollower>();
  /** The highest version id read, and what it was at each recent read (the start of the lookback). */
  private lastVersionId = 0;
  private marks: Array<{ at: number; versionId: number }> = [];
  private lastRead = 0;
  private fastUntil = 0;
  private reading = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly context: AppContext,
    private readonly cluster: Cluster,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    await this.cluster.subscribe(changeChannel, (message) => {
      const { key, md5 } = JSON.parse(message) as { key: string; md5: string };
      this.heard(key, md5);
    });
    this.cluster.onReachability((reachable) => {
      this.fastUntil = reachable ? Date.now() + changeLogTimings.catchUpMs : Number.POSITIVE_INFINITY;
    });
    if (!this.cluster.reachable) this.fastUntil = Number.POSITIVE_INFINITY;
    this.lastVersionId = await latestVersionId(this.context.db);
    this.lastRead = Date.now();
    this.timer = setInterval(() => this.readChangeLogWhenDue(), changeLogTimings.readEveryMs);
    this.timer.unref();
    this.wheelTimer = setInterval(() => this.turnWheel(), wheelTickMs);
    this.wheelTimer.unref();
  }

  /** Ends with "no change" the polls whose hold ran out since the last turn. */
  private turnWheel(): void {
    const now = Math.floor(Date.now() / wheelTickMs);
    for (; this.lastTick <= now; this.lastTick++) {
      const due = this.wheel.get(this.lastTick);
      if (!due) continue;
      this.wheel.delete(this.lastTick);
      for (const waiter of due) waiter.finish([]);
    }
  }

  private hold(waiter: Waiter, holdMs: number): void {
    // Answered (a change, or the client gone) while its MD5s were being read.
    if (waiter.done) return;
    // Never in a slot already turned: the next turn would pass it by.
    const slot = Math.max(Math.ceil((Date.now() + holdMs) / wheelTickMs), this.lastTick);
    waiter.slot = slot;
    const due = this.wheel.get(slot) ?? new Set<Waiter>();
    due.add(waiter);
    this.wheel.set(slot, due);
  }

  /** Removes the answered polls' listener-page entries in one pass, after the answers have gone out. */
  private forgetLater(keys: string[], id: string): void {
    if (this.forgotten.length === 0) setImmediate(() => this.forgetAll());
    for (const key of keys) this.forgotten.push({ key, id });
  }

  private forgetAll(): void {
    const forgotten = this.forgotten;
    this.forgotten = [];
    for (const { key, id } of forgotten) this.cluster.removeEntry(directoryKey(key), id).catch(() => undefined);
  }

  /** Adds a standing listener, until the returned function is called. */
  follow(follower: ConfigFollower): () => void {
    this.followers.add(follower);
    return () => this.followers.delete(follower);
  }

  private followed(key: string): boolean {
    for (const follower of this.followers) if (follower.follows(key)) return true;
    return false;
  }

  /** Finishes the held polls on `key` whose MD5 is not `md5`, and tells the followers. */
  private heard(key: string, md5: string): void {
    for (const follower of this.followers) if (follower.follows(key)) follower.changed(key, md5);
    for (const waiter of this.waiters.get(key) ?? []) {
      const stale = waiter.watched.filter((watched) => configKeyText(watched) === key && watched.md5 !== md5);
      if (stale.length > 0) waiter.finish(stale);
    }
  }

  /**
   * Tells this server's listeners that `key` now has `md5` (empty once deleted), and every other
   * server's over the bus. The change is committed by now: a bus that cannot be reached does not fail
   * it, the other servers read it from the change log.
   */
  async announce(key: ConfigKey, md5: string): Promise<void> {
    this.heard(configKeyText(key), md5);
    await this.cluster.publish(changeChannel, JSON.stringify({ key: configKeyText(key), md5 })).catch(() => undefined);
  }

  private readChangeLogWhenDue(): void {
    const now = Date.now();
    const fast = !this.cluster.reachable || now < this.fastUntil;
    if (this.reading || (!fast && now - this.lastRead < changeLogTimings.safetyEveryMs)) return;
    this.reading = true;
    this.lastRead = now;
    this.readChangeLog(now)
      .catch(this.onError)
      .finally(() => {
        this.reading = false;
      });
  }

  /** Reads the versions written since the last read (and the lookback) and wakes the listeners they concern. */
  async readChangeLog(now = Date.now()): Promise<void> {
    this.marks = this.marks.filter((mark) => mark.at >= now - changeLogTimings.lookbackMs);
    const from = this.marks[0]?.versionId ?? this.lastVersionId;
    const { keys, lastId } = await changedSince(this.context.db, from);
    this.marks.push({ at: now, versionId: this.lastVersionId });
    this.lastVersionId = Math.max(this.lastVersionId, lastId);
    const held = keys.filter((key) => this.waiters.has(configKeyText(key)) || this.followed(configKeyText(key)));
    if (held.length === 0) return;
    const current = await currentMd5s(this.context.db, held);
    for (const key of held) this.heard(configKeyText(key), current.get(configKeyText(key)) ?? '');
  }

  /** Resolves with the configs whose MD5 differs from the client's, at once or on the first change; empty after `holdMs`. */
  watch(watched: WatchedConfig[], holdMs: number, client: ListeningClient, onAbort: (abort: () => void) => void): Promise<WatchedConfig[]> {
    return new Promise((resolve, reject) => this.listen(watched, holdMs, client, { answer: resolve, fail: reject, onAbort }));
  }

  /** Answers `poll` with the configs whose MD5 differs from the client's, at once or on the first change; none after `holdMs`. */
  listen(watched: WatchedConfig[], holdMs: number, client: ListeningClient, poll: PollAnswer): void {
    const keys = [...new Set(watched.map(configKeyText))];
    const waiter: Waiter = {
      id: `${this.cluster.serverId}:${randomUUID()}`,
      watched,
      client,
      since: this.context.now(),
      done: false,
      poll,
      finish: (changed) => {
        if (end()) poll.answer(changed);
      },
    };
    /** Lets the poll go, once: false when it had already ended. */
    const end = (): boolean => {
      if (waiter.done) return false;
      waiter.done = true;
      if (waiter.slot !== undefined) this.wheel.get(waiter.slot)?.delete(waiter);
      for (const key of keys) {
        const set = this.waiters.get(key);
        set?.delete(waiter);
        if (set?.size === 0) this.waiters.delete(key);
      }
      if (holdMs > 0) this.forgetLater(keys, waiter.id);
      return true;
    };
    for (const key of keys) {
      const set = this.waiters.get(key) ?? new Set<Waiter>();
      set.add(waiter);
      this.waiters.set(key, set);
    }
    poll.onAbort(() => waiter.finish([]));
    this.compareAndHold(waiter, keys, holdMs).catch((error) => {
      // The failure reaches the client rather than an empty "no change".
      if (end()) poll.fail(error);
    });
  }

  private async compareAndHold(waiter: Waiter, keys: string[], holdMs: number): Promise<void> {
    const current = await currentMd5s(this.context.db, waiter.watched);
    const changed = waiter.watched.filter((watched) => (current.get(configKeyText(watched)) ?? '') !== watched.md5);
    if (changed.length > 0 || holdMs <= 0) {
      waiter.finish(changed);
      return;
    }
    this.hold(waiter, holdMs);
    if (!waiter.done) waiter.poll.held?.();
    const expiresAt = waiter.since + holdMs + 5_000;
    // The directory only feeds the listeners page: a poll is held whether or not Redis takes its entry.
    await Promise.all(
      waiter.watched.map((watched) =>
        this.cluster
          .putEntry(
            directoryKey(configKeyText(watched)),
            waiter.id,
            JSON.stringify({ clientIp: waiter.client.ip, md5: watched.md5, clientVersion: waiter.client.version, since: waiter.since }),
            expiresAt,
          )
          .catch(() => undefined),
      ),
    );
    // The poll may have ended while its entries were being written.
    if (waiter.done) this.forgetLater(keys, waiter.id);
  }

  /** Clients holding a long poll on `key`, on any server. */
  async listeners(key: ConfigKey): Promise<ConfigListener[]> {
    const entries = await this.cluster.entries(directoryKey(configKeyText(key)), this.context.now());
    return [...entries.values()].map((value) => JSON.parse(value) as ConfigListener).sort((a, b) => a.since - b.since);
  }

  /** Answers every held poll with "no change", so clients reconnect to a server that is up. */
  close(): void {
    clearInterval(this.timer);
    clearInterval(this.wheelTimer);
    for (const set of [...this.waiters.values()]) for (const waiter of [...set]) waiter.finish([]);
  }
}
