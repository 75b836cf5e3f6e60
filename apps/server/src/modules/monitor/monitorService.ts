import { holdLease, releaseLease } from '../../cluster/databaseLease.ts';
import { PeriodicWork } from '../../cluster/periodicWork.ts';
import type { AppContext } from '../../context.ts';
import { deleteMinutesBefore, serviceFigures } from './figureRepo.ts';
import { readReports } from './figureReport.ts';
import { LiveFigures } from './liveFigures.ts';
import { ProcessMonitor } from './processMonitor.ts';

const tickMs = 1000;
const leaseName = 'monitor';
/** A holder that stops ticking (it died, or hangs) gives way to another process after this long. */
const leaseTtlMs = 5000;
const sweepEveryMs = 60 * 60_000;

/** Work that one process of the cluster does each second: the alarm evaluation. */
export type LeaseWork = (now: number, live: LiveFigures) => Promise<void>;

/**
 * Monitoring in a server process: once a second it reports its own figures (ProcessMonitor) and
 * merges every process's reports into the live view. The process holding the monitor lease (one in
 * the cluster) also samples the registry's services, runs the lease work (alarms) and sweeps history
 * older than the retention.
 */
export class MonitorService {
  readonly live = new LiveFigures();
  private readonly process: ProcessMonitor;
  private readonly leaseWork: LeaseWork[] = [];
  private readonly seconds: PeriodicWork;
  private holdsLease = false;
  private sweptAt = 0;

  constructor(
    private readonly context: AppContext,
    onError: (error: unknown) => void,
  ) {
    this.process = new ProcessMonitor(context.db, context.cluster, context.traffic, context.poolStats);
    this.seconds = new PeriodicWork(tickMs, () => this.second(context.now()), onError);
  }

  /** Adds work for the lease holder; it runs after the figures of the second are merged. */
  onLease(work: LeaseWork): void {
    this.leaseWork.push(work);
  }

  start(): void {
    this.seconds.start();
  }

  /** One second's work at the context's clock, after the one under way: a test moves the clock and ticks. */
  tick(): Promise<void> {
    return this.seconds.run();
  }

  private async second(now: number): Promise<void> {
    const { db, cluster } = this.context;
    this.holdsLease = await holdLease(db, leaseName, cluster.serverId, leaseTtlMs, now);
    const services = this.holdsLease ? await serviceFigures(db, Math.floor(now / 1000) * 1000 - 1000) : undefined;
    await this.process.tick(now, services);
    this.live.merge(await readReports(cluster, now), now);
    if (!this.holdsLease) return;
    for (const work of this.leaseWork) await work(now, this.live);
    if (now - this.sweptAt >= sweepEveryMs) {
      this.sweptAt = now;
      await deleteMinutesBefore(db, now - this.context.config.monitorRetentionDays * 24 * 60 * 60_000);
    }
  }

  async stop(): Promise<void> {
    await this.seconds.stop();
    await this.process.flush(this.context.now());
    if (this.holdsLease) await releaseLease(this.context.db, leaseName, this.context.cluster.serverId);
  }
}
