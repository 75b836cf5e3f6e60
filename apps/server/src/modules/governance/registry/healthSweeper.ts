import { holdLease, releaseLease } from '../../../cluster/databaseLease.ts';
import { PeriodicWork } from '../../../cluster/periodicWork.ts';
import type { AppContext } from '../../../context.ts';
import { type BeatView, sweepInstances } from './instanceRepo.ts';
import { instanceKey, type Liveness } from './liveness.ts';

const sweepEveryMs = 1_000;
const leaseName = 'registry-sweep';
/** A holder that stops sweeping (it died, or hangs) gives way to another server after this long. */
const leaseTtlMs = 5_000;

/**
 * Once a second, the one server holding the sweep lease marks silent ephemeral instances unhealthy and
 * removes the long-silent ones, going by the beats every server heard (`liveness`); the others only
 * renew their claim. Stopping gives the lease up, so another server sweeps at its next second. A sweep
 * goes by the context's clock: a test moves the clock and calls `sweep` rather than waiting.
 */
export class HealthSweeper {
  private readonly rounds: PeriodicWork;
  private liveness: Liveness | undefined;
  private holds = false;

  constructor(
    private readonly context: AppContext,
    private readonly onError: (error: unknown) => void,
  ) {
    this.rounds = new PeriodicWork(sweepEveryMs, () => this.sweepOnce(), onError);
  }

  /** Starts sweeping by the beats `liveness` hears (the registry's, made with the routes). */
  async start(liveness: Liveness): Promise<void> {
    this.liveness = liveness;
    await liveness.start();
    this.rounds.start();
  }

  /** One sweep at the clock's time, after the one under way. */
  sweep(): Promise<void> {
    return this.rounds.run();
  }

  async stop(): Promise<void> {
    await this.rounds.stop();
    this.liveness?.stop();
    if (this.holds) await releaseLease(this.context.db, leaseName, this.context.cluster.serverId).catch(this.onError);
  }

  private async sweepOnce(): Promise<void> {
    const { liveness } = this;
    if (!liveness) return;
    const { db, cluster } = this.context;
    const now = this.context.now();
    this.holds = await holdLease(db, leaseName, cluster.serverId, leaseTtlMs, now);
    const since = liveness.heardEverythingSince();
    if (!this.holds || since === undefined) return;
    const view: BeatView = {
      lastBeat: (instance) => liveness.lastBeat(instanceKey(instance.service, instance)),
      heardEverythingSince: since,
    };
    const { removed } = await sweepInstances(db, now, view);
    for (const instance of removed) liveness.forget(instanceKey(instance.service, instance));
  }
}
