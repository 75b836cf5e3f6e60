import type { EventEmitter } from 'node:events';
import os from 'node:os';

export interface StopOptions {
  /** Releases everything: listeners, timers, the database and the cluster. */
  close: () => Promise<unknown>;
  log: { info(message: string): void; error(message: string): void };
  /** How long a graceful stop may take before the process exits regardless. */
  timeoutMs: number;
  /** The process, or a stand-in in tests. */
  target?: Pick<EventEmitter, 'once'> & { exit(code: number): void };
}

/**
 * SIGINT and SIGTERM close gracefully and exit with 128 + the signal's number, as a shell reports it. A
 * close that hangs (a request that never ends, a database that never answers) must not keep an orchestrator
 * waiting for its own kill: after `timeoutMs`, or on a second signal, the process exits at once.
 */
export function stopOnSignals({ close, log, timeoutMs, target = process }: StopOptions): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    const code = 128 + os.constants.signals[signal];
    const stop = () => {
      target.once(signal, stop);
      if (stopping) {
        log.error(`${signal} again: exiting without waiting for the graceful stop`);
        return target.exit(code);
      }
      stopping = true;
      log.info(`${signal}: closing`);
      const forced = setTimeout(() => {
        log.error(`the graceful stop took longer than ${timeoutMs} ms: exiting`);
        target.exit(code);
      }, timeoutMs);
      forced.unref();
      close().then(
        () => target.exit(code),
        (error: unknown) => {
          log.error(`the graceful stop failed: ${error instanceof Error ? error.message : String(error)}`);
          target.exit(code);
        },
      );
    };
    target.once(signal, stop);
  }
}
