// The lean HTTP clients of the benchmarks (support/heldRequests.mjs, one process each), what they report, and
// the timings made of it: latencies with the server's CPU and the clients' own share of a core beside them.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { cpuSeconds } from './processes.ts';
import { percentile } from './statistics.ts';

export const ms = (value: number) => `${value.toFixed(1)} ms`;
/** A time every process reads alike: each one's performance.now() counts from its own start. */
export const wallNow = () => performance.timeOrigin + performance.now();

/** Latencies of one kind of fan-out over the rounds, with the server's and the clients' CPU while it ran. */
export class Timings {
  private readonly latencies: number[] = [];
  private serverCpu = 0;
  private clientCpu = 0;
  private windowSeconds = 0;

  /** A round's answers, timed from `from` (the publish) or else from each client's own writing of its requests. */
  add(reports: Answers[], from: number | undefined, serverCpu: number): void {
    let first = Number.POSITIVE_INFINITY;
    let last = 0;
    for (const report of reports) {
      const start = from ?? report.startedAt;
      first = Math.min(first, start);
      for (const at of report.arrivals) {
        this.latencies.push(at - start);
        last = Math.max(last, at);
      }
      this.clientCpu += report.cpuSeconds;
    }
    this.serverCpu += serverCpu;
    this.windowSeconds += (last - first) / 1000;
  }

  p(percent: number): number {
    return percentile(this.latencies, percent);
  }

  /** One line: the percentiles, the server's CPU a round, and the clients' CPU over the time to the last answer. */
  print(title: string, rounds: number): void {
    const server = `server CPU ${((this.serverCpu / rounds) * 1000).toFixed(0)} ms a round`;
    const clients = `clients ${((this.clientCpu / this.windowSeconds) * 100).toFixed(0)} % of a core until the last answer`;
    console.log(`  ${title.padEnd(44)} p50 ${ms(this.p(50))}   p99 ${ms(this.p(99))}   ${server}   ${clients}`);
  }
}

/** The lean clients (separate processes) that hold the polls and the baseline's connections, and what they report. */
type ClientReport = { connected?: number; sent?: true; armed?: true; answers?: Answers; paced?: Paced; warmed?: true; error?: string };
export interface Answers {
  startedAt: number;
  arrivals: number[];
  cpuSeconds: number;
}

/** What a paced client (support/pacedRequests.mjs) reports of its run. */
export interface Paced {
  answered: number;
  failures: number;
  latencies: number[];
  cpuSeconds: number;
}

/** Each client process's report of `kind`, without sending anything first. */
export function heardFrom<K extends keyof ClientReport>(clients: ChildProcess[], kind: K): Promise<NonNullable<ClientReport[K]>[]> {
  return Promise.all(
    clients.map(
      (client) =>
        new Promise<NonNullable<ClientReport[K]>>((resolve, reject) => {
          const heard = (message: ClientReport) => {
            if (message.error) reject(new Error(message.error));
            else if (message[kind] === undefined) return;
            else resolve(message[kind] as NonNullable<ClientReport[K]>);
            client.off('message', heard);
          };
          client.on('message', heard);
        }),
    ),
  );
}

/** Sends a command to every client process and waits for each one's report of `kind`. */
export function ask<K extends keyof ClientReport>(
  clients: ChildProcess[],
  command: object,
  kind: K,
): Promise<NonNullable<ClientReport[K]>[]> {
  const heard = heardFrom(clients, kind);
  for (const client of clients) client.send(command);
  return heard;
}

/**
 * Resolves once the server has used little CPU (under 30 ms in 250 ms) twice running, or after 30 s: the
 * requests sent to it are taken in, so that what is timed next is not queued behind them.
 */
export async function untilQuiet(server: ChildProcess): Promise<void> {
  const until = performance.now() + 30_000;
  let quiet = 0;
  let before = cpuSeconds(server);
  while (quiet < 2 && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = cpuSeconds(server);
    quiet = now - before < 0.03 ? quiet + 1 : 0;
    before = now;
  }
}

/** `count` connections spread over the client processes, opened at 250 per 100 ms between them (see paceConnections). */
export async function openClients(port: number, count: number, clientProcesses: number): Promise<ChildProcess[]> {
  const clients = Array.from({ length: Math.min(clientProcesses, count) }, () =>
    fork(path.join(import.meta.dirname, 'heldRequests.mjs'), { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }),
  );
  const batch = Math.ceil(250 / clients.length);
  await Promise.all(
    clients.map((client, n) => {
      const share = Math.floor(count / clients.length) + (n < count % clients.length ? 1 : 0);
      return ask([client], { connect: { port, count: share, batch, everyMs: 100 } }, 'connected');
    }),
  );
  return clients;
}

export function closeClients(clients: ChildProcess[]): void {
  for (const client of clients) if (client.connected) client.send({ close: true });
}

/** `count` keep-alive connections spread over paced client processes (support/pacedRequests.mjs). */
export async function openPacedClients(port: number, count: number, clientProcesses: number): Promise<ChildProcess[]> {
  const clients = Array.from({ length: Math.min(clientProcesses, count) }, () =>
    fork(path.join(import.meta.dirname, 'pacedRequests.mjs'), { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }),
  );
  await Promise.all(
    clients.map((client, n) => {
      const share = Math.floor(count / clients.length) + (n < count % clients.length ? 1 : 0);
      return ask([client], { connect: { port, count: share } }, 'connected');
    }),
  );
  return clients;
}
