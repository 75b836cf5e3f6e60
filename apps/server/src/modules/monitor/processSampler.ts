import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

/** One second of this process: CPU as a percentage of one core, memory, event-loop delay, database pool, Redis. */
export interface ProcessFigures {
  at: number;
  cpuPercent: number;
  rssMb: number;
  heapMb: number;
  eventLoopP99Ms: number;
  dbPoolBusy: number | null;
  dbPoolWaiting: number | null;
  /** 1 while the shared Redis cannot be reached, else 0. */
  redisDown: number;
}

const megabyte = 1024 * 1024;

/** Samples this process once per call, over the time since the call before. */
export class ProcessSampler {
  private readonly delay: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  private cpu = process.cpuUsage();
  private sampledAt = performance.now();

  constructor(
    private readonly redisReachable: () => boolean,
    private readonly poolStats?: () => { busy: number; waiting: number },
  ) {
    this.delay.enable();
  }

  sample(at: number): ProcessFigures {
    const cpu = process.cpuUsage(this.cpu);
    const elapsedMs = performance.now() - this.sampledAt;
    this.cpu = process.cpuUsage();
    this.sampledAt = performance.now();
    const memory = process.memoryUsage();
    const eventLoopP99Ms = this.delay.count > 0 ? this.delay.percentile(99) / 1e6 : 0;
    this.delay.reset();
    const pool = this.poolStats?.();
    return {
      at,
      cpuPercent: round(elapsedMs > 0 ? ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100 : 0),
      rssMb: round(memory.rss / megabyte),
      heapMb: round(memory.heapUsed / megabyte),
      eventLoopP99Ms: round(eventLoopP99Ms),
      dbPoolBusy: pool ? pool.busy : null,
      dbPoolWaiting: pool ? pool.waiting : null,
      redisDown: this.redisReachable() ? 0 : 1,
    };
  }

  stop(): void {
    this.delay.disable();
  }
}

const round = (value: number) => Math.round(value * 10) / 10;
