// What the benchmarks share: free ports, processes started and stopped, and autocannon runs.
import { type ChildProcess, execSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const clockTicks = Number(execSync('getconf CLK_TCK').toString().trim());

/** Seconds of CPU a process and its children (nginx's worker) have used, user and system, from /proc. */
export function cpuSeconds(child: ChildProcess): number {
  const ofProcess = (pid: string): number => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean);
    return (Number(fields[11]) + Number(fields[12])) / clockTicks + children.reduce((sum, id) => sum + ofProcess(id), 0);
  };
  return ofProcess(String(child.pid));
}

/** The nice value benchmarks raise their processes to: above the machine's other work (0), below its own daemons'. */
export const benchPriority = -10;

/**
 * Raises a process (every thread it has by now, which is where Linux keeps the nice value) to benchPriority;
 * false when that is not allowed (it needs root).
 */
export function raisePriority(pid: number | undefined): boolean {
  const id = pid ?? process.pid;
  const threads = fs.existsSync(`/proc/${id}/task`) ? fs.readdirSync(`/proc/${id}/task`).map(Number) : [id];
  try {
    for (const thread of threads) os.setPriority(thread, benchPriority);
    return true;
  } catch {
    return false;
  }
}

/** Node's flags for a CPU profile of the server under test when BENCH_PROFILE names a directory. */
export function profileArguments(): string[] {
  return process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
}

export async function waitUntilAnswering(url: string, child: ChildProcess, headers: Record<string, string> = {}): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url, { headers })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

export interface LoadFigures {
  title: string;
  requestsPerSecond: number;
  /** Requests answered over the whole run, and the run's length in seconds. */
  requests: number;
  seconds: number;
  p99: number;
  errors: number;
  /** CPU seconds the load generator (this process) spent on the run. */
  generatorCpu: number;
}

/**
 * Autocannon against `url` for `seconds`, printed on one line unless `quiet`. A fixed `path` is built
 * into one request buffer reused for every request; `paths` is asked for each request's path, which
 * costs the generator a request built per request.
 */
export async function load(
  title: string,
  url: string,
  options: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    paths?: () => string;
    path?: string;
    quiet?: boolean;
  },
): Promise<LoadFigures> {
  const { paths } = options;
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: options.path ? new URL(options.path, url).href : url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
    ...(paths ? { requests: [{ setupRequest: (request: { path: string }) => ({ ...request, path: paths() }) }] } : {}),
  });
  const cpu = process.cpuUsage(cpuBefore);
  const figures = {
    title,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    seconds: result.duration,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    generatorCpu: (cpu.user + cpu.system) / 1e6,
  };
  if (!options.quiet) {
    console.log(
      `${title.padEnd(46)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${figures.p99} ms   errors ${figures.errors}`,
    );
  }
  return figures;
}
