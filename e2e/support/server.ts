import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  /** The API gateway the server runs beside it. */
  gatewayUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * The real server with the built web app on a free loopback port and a new, empty data directory;
 * `env` overrides its environment (a production start, say).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-e2e-'));
  const port = await freePort();
  const gatewayPort = await freePort();
  // The built server on plain node, as production runs it (`npm run build:server` comes first).
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      GATEWAY_PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // Specs sign in far more often than a person; the sign-in throttle has its own server tests.
      SIGN_IN_RATE_LIMIT: '100',
      LOGIN_KEY_RATE_LIMIT: '600',
      // Each spec's server stands alone: no shared database, and no Redis shared with other specs' servers.
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => log);
  return {
    url,
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
