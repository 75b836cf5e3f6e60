import type { Cluster } from '../../../cluster/cluster.ts';
import type { ServiceName } from './serviceRepo.ts';

/** The bus channel on which every server shares the beats it heard and the instances it forgot. */
const channel = 'registry.liveness';
/** Beats heard here reach the other servers in one message a second rather than one message a beat. */
const shareEveryMs = 1_000;
/** An instance silent this long is dropped from memory; the sweep then goes by the database alone. */
const keepForMs = 60 * 60_000;

interface Shared {
  from: string;
  beats: [string, number][];
  forgotten: [string, number][];
}

/** The one text naming an instance, in memory and on the bus. */
export function instanceKey(service: ServiceName, address: { clusterName: string; ip: string; port: number }): string {
  return JSON.stringify([service.namespaceId, service.groupName, service.serviceName, address.clusterName, address.ip, address.port]);
}

/**
 * When each instance last beat, as heard by any server of the cluster: beats are kept here, not
 * written to the database, which holds a registration's changes only. Each server shares the beats it
 * heard once a second on the cluster bus and merges the others', so the server that sweeps sees every
 * beat. A forgotten instance (deregistered, removed) must go to the database again on its next beat:
 * beats heard before it was forgotten, still on their way from another server, do not bring it back.
 */
export class Liveness {
  private readonly lastBeats = new Map<string, number>();
  private readonly forgottenAt = new Map<string, number>();
  private unshared = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private completeSince: number;

  constructor(
    private readonly cluster: Cluster,
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void,
  ) {
    this.completeSince = now();
  }

  async start(): Promise<void> {
    // Beats shared while the bus was down are lost: the view is whole again one beat timeout later.
    this.cluster.onReachability((reachable) => {
      if (reachable) this.completeSince = this.now();
    });
    await this.cluster.subscribe(channel, (message) => this.merge(message));
    this.completeSince = this.now();
    this.timer = setInterval(() => this.share(), shareEveryMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.share();
  }

  /**
   * Since when this server has heard every beat of the cluster (it started, or the bus came back),
   * or undefined while the bus cannot be reached: a sweep then could take a live instance for dead.
   */
  heardEverythingSince(): number | undefined {
    return this.cluster.reachable ? this.completeSince : undefined;
  }

  lastBeat(key: string): number | undefined {
    return this.lastBeats.get(key);
  }

  /** A beat of an instance whose registration the database holds, healthy. */
  heard(key: string): void {
    const now = this.now();
    this.lastBeats.set(key, now);
    this.unshared.set(key, now);
  }

  /**
   * Records the beat of an instance heard within `withinMs`, which the sweep has therefore left healthy,
   * and answers true; false when it was not, and the beat must go to the database.
   */
  renew(key: string, withinMs: number): boolean {
    const last = this.lastBeats.get(key);
    if (last === undefined || this.now() - last > withinMs) return false;
    this.heard(key);
    return true;
  }

  /** The instance's registration is gone (here or, through the bus, on another server). */
  forget(key: string): void {
    const now = this.now();
    this.drop(key, now);
    this.publish({ from: this.cluster.serverId, beats: [], forgotten: [[key, now]] });
  }

  private drop(key: string, at: number): void {
    this.lastBeats.delete(key);
    this.unshared.delete(key);
    this.forgottenAt.set(key, at);
  }

  private share(): void {
    this.prune();
    if (this.unshared.size === 0) return;
    const beats = [...this.unshared];
    this.unshared = new Map();
    this.publish({ from: this.cluster.serverId, beats, forgotten: [] });
  }

  private publish(message: Shared): void {
    this.cluster.publish(channel, JSON.stringify(message)).catch(this.onError);
  }

  private merge(text: string): void {
    let message: Shared;
    try {
      message = JSON.parse(text) as Shared;
    } catch (error) {
      this.onError(error);
      return;
    }
    if (message.from === this.cluster.serverId) return;
    for (const [key, at] of message.forgotten) this.drop(key, at);
    for (const [key, at] of message.beats) {
      if ((this.forgottenAt.get(key) ?? 0) >= at) continue;
      if (at > (this.lastBeats.get(key) ?? 0)) this.lastBeats.set(key, at);
    }
  }

  private prune(): void {
    const before = this.now() - keepForMs;
    for (const [key, at] of this.lastBeats) if (at < before) this.lastBeats.delete(key);
    for (const [key, at] of this.forgottenAt) if (at < before) this.forgottenAt.delete(key);
  }
}
