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

/**
 * The real server with the built web app on free loopback ports and a new, empty data directory;
 * `env` overrides its environment (a production start, say).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-e2e-'));
  // The built server on plain node, as production runs it (`npm run build:server` comes first).
  const server = await startServerProcess({
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
  });
  return {
    url: server.url,
    gatewayUrl: server.gatewayUrl,
    dataDir,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
