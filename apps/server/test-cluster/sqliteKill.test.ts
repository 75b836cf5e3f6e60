import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bpmnOf, flow, userTask } from '../test/bpmModels.ts';
import type { ServerProcess } from '../test/serverProcess.ts';
import { signInOverHttp } from '../test/signInOverHttp.ts';
import { startBuiltServer } from './sharedInfrastructure.ts';

/** Two server starts on one SQLite file, the first seeding it, on a loaded 2-core machine. */
const twoServerStarts = 180_000;

/** Workflow commands in flight at once when the server is killed. */
const clients = 4;

/**
 * SQLite checkpoints its write-ahead log on a worker thread (db/walCheckpoints.ts), not in the commit that
 * crosses a size. A server killed (kill -9) while commands commit and checkpoints run keeps every command it
 * answered: after a restart on the same file, each acknowledged start and completion is there.
 */
describe('a server on SQLite killed with kill -9 under workflow load keeps every answered command', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-kill-'));
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (url: string, token: string, method: string, route: string, body?: object) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return JSON.parse(text).data;
  };

  it(
    'finds every answered start and completion after the restart',
    async () => {
      // The test starts hundreds of instances as sysadmin: a person's daily quota would refuse them.
      // SQLite in the data directory, whatever database or Redis the suite's environment names for the others.
      const env = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', QUOTA_EXEMPT_USERS: 'sysadmin' };
      const first = await startBuiltServer(env);
      servers.push(first);
      const token = await signInOverHttp(first.url);
      const xml = bpmnOf('kill_load', [
        userTask('approve', 'Approve', { assignee: 'sysadmin' }),
        flow('start', 'approve'),
        flow('approve', 'end'),
      ]);
      const model = await call(first.url, token, 'POST', '/api/admin/bpm/models', {
        key: 'kill_load',
        name: 'Kill',
        category: '',
        description: '',
        xml,
      });
      await call(first.url, token, 'POST', `/api/admin/bpm/models/${model.id}/release`);

      const started: number[] = [];
      const completed: number[] = [];
      let killed = false;
      const client = async () => {
        while (!killed) {
          try {
            const instance = await call(first.url, token, 'POST', '/api/admin/bpm/instances', {
              definitionKey: 'kill_load',
              businessKey: 'K',
            });
            started.push(instance.id);
            const [task] = (await call(first.url, token, 'GET', `/api/admin/bpm/instances/${instance.id}`)).tasks;
            await call(first.url, token, 'POST', `/api/admin/bpm/tasks/${task.id}/complete`, {});
            completed.push(instance.id);
          } catch (error) {
            // Only the kill may stop a command: before it, every answer must be 200.
            if (!killed) throw error;
          }
        }
      };
      const load = Array.from({ length: clients }, client);
      // Long enough for several checkpoints (every 500 ms) to have run under the commits.
      await expect.poll(() => completed.length, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(200);
      killed = true;
      first.process.kill('SIGKILL');
      await Promise.all(load);

      const second = await startBuiltServer(env);
      servers.push(second);
      const again = await signInOverHttp(second.url);
      const states = new Map<number, string>();
      for (const id of started) {
        const found = await call(second.url, again, 'GET', `/api/admin/bpm/instances/${id}`).catch(() => ({ state: 'lost' }));
        states.set(id, found.state);
      }
      expect(started.filter((id) => states.get(id) === 'lost')).toEqual([]);
      expect(completed.filter((id) => states.get(id) !== 'completed')).toEqual([]);
      expect(completed.length).toBeGreaterThanOrEqual(200);
    },
    twoServerStarts,
  );
});
