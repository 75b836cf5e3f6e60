import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../../apps/server/test/serverProcess.ts';

export interface RunningServer {
  url: string;
  /** The API gateway the server runs beside it. */
  gatewayUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Where e2e/globalSetup.ts leaves the data directory of a server that has seeded the demo and stopped. */
export const seededDataDirVariable = 'QIMING_E2E_SEEDED_DATA_DIR';

/**
 * The real server with the built web app on free loopback ports and a data directory of its own;
 * `env` overrides its environment (a production start, say). Under Playwright the directory is a
 * copy of the one the global setup seeded (the demo takes seconds to seed, a copy milliseconds);
 * a production start (no demo there) and any start outside Playwright get a new, empty directory.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-e2e-'));
  const seeded = process.env[seededDataDirVariable];
  if (seeded && env.NODE_ENV !== 'production') fs.cpSync(seeded, dataDir, { recursive: true });
  try {
    const server = await startBuiltServer(dataDir, env);
    return {
      url: server.url,
      gatewayUrl: server.gatewayUrl,
      dataDir,
      async stop() {
        await server.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The built server on plain node, as production runs it (`npm run build:server` comes first). */
export function startBuiltServer(dataDir: string, env: Record<string, string> = {}, startTimeoutMs?: number) {
  return startServerProcess({
    args: ['--enable-source-maps', 'apps/server/dist/main.js'],
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      // Specs sign in far more often than a person; the sign-in throttle has its own server tests.
      SIGN_IN_RATE_LIMIT: '100',
      LOGIN_KEY_RATE_LIMIT: '600',
      // Each spec's server stands alone: no shared database, and no Redis shared with other specs' servers.
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    readyWith: 'server',
    startTimeoutMs,
  });
}
