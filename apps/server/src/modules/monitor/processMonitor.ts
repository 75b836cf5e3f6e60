import type { Kysely } from 'kysely';
import type { Cluster } from '../../cluster/cluster.ts';
import type { Database } from '../../db/schema.ts';
import { insertGaugeMinute, insertTrafficMinutes } from './figureRepo.ts';
import { type FigureReport, publishReport, reportedSeconds, type ServiceFigures } from './figureReport.ts';
import { type ProcessFigures, ProcessSampler } from './processSampler.ts';
import type { TrafficMeter } from './trafficMeter.ts';

/**
 * What every server and gateway process does with its own figures, once a second: samples itself,
 * tells the cluster its last few seconds (every server process builds the live view from those), and
 * when a minute ends stores that minute's figures, so history survives restarts and covers every process.
 */
export class ProcessMonitor {
  private readonly sampler: ProcessSampler;
  private processSeconds: ProcessFigures[] = [];
  private serviceSeconds: ServiceFigures[] = [];
  private minuteSamples: ProcessFigures[] = [];
  private minuteServices: ServiceFigures[] = [];
  private minute = -1;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly cluster: Cluster,
    private readonly meter: TrafficMeter,
    poolStats?: () => { busy: number; waiting: number },
  ) {
    this.sampler = new ProcessSampler(() => cluster.reachable, poolStats);
  }

  /** One second's work; `services` when this process samples the registry (it holds the monitor lease). */
  async tick(now: number, services?: ServiceFigures[]): Promise<void> {
    const until = Math.floor(now / 1000) * 1000 - 1000;
    const sample = this.sampler.sample(until);
    const kept = (at: number) => at > until - reportedSeconds * 1000;
    this.processSeconds = [...this.processSeconds, sample].filter((figures) => kept(figures.at));
    this.serviceSeconds = [...this.serviceSeconds, ...(services ?? [])].filter((figures) => kept(figures.at));
    const report: FigureReport = {
      serverId: this.cluster.serverId,
      until,
      traffic: this.meter.finishedSeconds(now).filter((figures) => kept(figures.at)),
      process: this.processSeconds,
      services: this.serviceSeconds,
    };
    await publishReport(this.cluster, report, now);
    await this.rollUp(until, sample, services ?? []);
  }

  private async rollUp(at: number, sample: ProcessFigures, services: ServiceFigures[]): Promise<void> {
    const minute = Math.floor(at / 60_000) * 60_000;
    if (this.minute !== -1 && minute !== this.minute) {
      const finished = { minute: this.minute, samples: this.minuteSamples, services: this.minuteServices };
      this.minuteSamples = [];
      this.minuteServices = [];
      await insertTrafficMinutes(this.db, this.cluster.serverId, this.meter.takeFinishedMinutes(at + 1000));
      await insertGaugeMinute(this.db, finished.minute, {
        server: { serverId: this.cluster.serverId, samples: finished.samples },
        services: finished.services,
      });
    }
    this.minute = minute;
    this.minuteSamples.push(sample);
    this.minuteServices.push(...services);
  }

  /** Stores what the current minute has so far, when the process stops. */
  async flush(now: number): Promise<void> {
    await insertTrafficMinutes(this.db, this.cluster.serverId, this.meter.takeFinishedMinutes(now + 60_000));
    if (this.minute !== -1) {
      await insertGaugeMinute(this.db, this.minute, {
        server: { serverId: this.cluster.serverId, samples: this.minuteSamples },
        services: this.minuteServices,
      });
    }
    this.sampler.stop();
  }
}
