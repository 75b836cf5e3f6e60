import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A loopback port free a moment ago. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface OwnRedis {
  url: string;
  start(): void;
  /** Shuts it down, as a crash or a restart would: connections close at once. */
  stop(): void;
  /** Freezes it (SIGSTOP), as a hung Redis or a lost network would: connections stay open, nothing answers. */
  pause(): void;
  resume(): void;
  /** Stops it if running and removes its directory. */
  remove(): Promise<void>;
}

/**
 * A redis-server of the test's own on a free loopback port, for tests that stop, freeze and restart
 * it; the machine's shared Redis is never touched.
 */
export async function ownRedis(): Promise<OwnRedis> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'qiming-redis-'));
  const port = await freePort();
  const pidFile = path.join(dir, 'redis.pid');
  const pid = () => fs.readFileSync(pidFile, 'utf8').trim();
  const shutdown = () => execFileSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { stdio: 'ignore' });
  const redis: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    start: () => {
      execFileSync('redis-server', [
        '--bind',
        '127.0.0.1',
        '--port',
        String(port),
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'yes',
        '--dir',
        dir,
        '--pidfile',
        pidFile,
      ]);
      // Daemonized, it may not listen yet when the command returns.
      execFileSync('sh', ['-c', `for i in $(seq 50); do redis-cli -p ${port} ping >/dev/null 2>&1 && exit 0; sleep 0.05; done; exit 1`]);
    },
    stop: shutdown,
    pause: () => execFileSync('kill', ['-STOP', pid()]),
    resume: () => execFileSync('kill', ['-CONT', pid()]),
    remove: async () => {
      try {
        if (fs.existsSync(pidFile)) execFileSync('kill', ['-CONT', pid()], { stdio: 'ignore' });
        shutdown();
      } catch {
        // Already stopped.
      }
      await fsp.rm(dir, { recursive: true, force: true });
    },
  };
  return redis;
}
