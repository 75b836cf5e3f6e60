import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { formatMessage } from '@qiming/shared';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteDatabase } from '../src/db/sqliteDriver.ts';
import { registerErrorHandling } from '../src/http/errors.ts';
import { insertModel } from '../src/modules/bpm/modelRepo.ts';
import { bpmCalls, bpmnOf, flow, userTask } from './bpmModels.ts';
import { bearer, createTestApp, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';
import { onPostgres } from './testDatabase.ts';

const label = process.env.TEST_DATABASE ?? 'sqlite';

describe(`database faults are answers (${label})`, () => {
  let t: TestApp;
  let admin: Tokens;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
  });
  afterAll(async () => t.close());

  const send = (method: 'GET' | 'POST', url: string, payload?: object, language = 'en') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(admin), 'accept-language': language } });

  it('answers twenty parallel creates of a workflow model with one key with one success and nineteen 409s', async () => {
    const model = { key: 'raced', name: 'Raced', category: '', description: '', xml: bpmnOf('raced', [flow('start', 'end')]) };
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('POST', '/api/admin/bpm/models', model)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().message).toBe(formatMessage('error.bpmKeyTaken', 'en', { key: 'raced' }));
    }
    expect((await t.context.db.selectFrom('bpm_model').select('id').where('model_key', '=', 'raced').execute()).length).toBe(1);
  });

  it('answers every completion of one task but the first 409, sent a few milliseconds apart, never 500; the instance moves on once', async () => {
    const { release, start, openTasks } = bpmCalls(
      () => t,
      () => admin,
    );
    const steps = [userTask('a', 'A', { assignee: 'sysadmin' }), userTask('b', 'B', { assignee: 'sysadmin' })];
    await release('twice_done', bpmnOf('twice_done', [...steps, flow('start', 'a'), flow('a', 'b'), flow('b', 'end')]));
    for (let round = 0; round < 4; round++) {
      const instance = await start(admin, 'twice_done');
      const [task] = await openTasks(instance.id);
      // Staggered, so that some read the task open before the first completion commits and the instance after it.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          new Promise((resolve) => setTimeout(resolve, index * 3)).then(() => send('POST', `/api/admin/bpm/tasks/${task.id}/complete`, {})),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join('\n')).toEqual([
        200,
        ...Array(19).fill(409),
      ]);
      expect((await openTasks(instance.id)).map((open: { activityId: string }) => open.activityId)).toEqual(['b']);
    }
  });

  it('answers 409 with a clear message for a unique violation no service caught', async () => {
    // A route of its own, so that the database's real error reaches the handler as a race would make it.
    const app = Fastify();
    registerErrorHandling(app);
    const model = { key: 'twice', name: 'Twice', category: '', description: '', xml: '' };
    app.post('/twice', async () => {
      await insertModel(t.context.db, model, 'sysadmin', 1);
      await insertModel(t.context.db, model, 'sysadmin', 2);
      return 'saved twice';
    });
    const answer = await app.inject({ method: 'POST', url: '/twice', headers: { 'accept-language': 'es' } });
    await app.close();
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ code: 409, message: formatMessage('error.duplicateRecord', 'es'), data: null });
  });

  it('answers a write the database gave up on for other transactions with 503, Retry-After and that nothing was saved', async () => {
    // The database's own error: SQLite still locked by another writer after its busy timeout, PostgreSQL
    // a deadlock it broke by rolling this transaction back.
    const release = await holdContention();
    const refused = await send('POST', '/api/admin/dicts', { dictCode: 'contended', dictName: 'Contended' }, 'ja');
    await release();
    const retried = await send('POST', '/api/admin/dicts', { dictCode: 'contended', dictName: 'Contended' });

    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json().message).toBe(formatMessage('error.databaseBusy', 'ja'));
    expect(retried.statusCode, retried.body).toBe(200);
  });

  /** Makes the next dictionary write meet contention; answers how to end it. */
  async function holdContention(): Promise<() => Promise<void>> {
    if (label === 'sqlite') {
      const other = new SqliteDatabase(path.join(t.database.dataDir, 'qiming.sqlite'));
      other.exec('BEGIN IMMEDIATE');
      return async () => {
        other.exec('ROLLBACK');
        other.close();
      };
    }
    await sql`create function qiming_deadlock() returns trigger language plpgsql as $$ begin raise exception 'deadlock detected' using errcode = 'deadlock_detected'; end $$`.execute(
      t.context.db,
    );
    await sql`create trigger qiming_deadlock before insert on pf_dict for each row execute function qiming_deadlock()`.execute(
      t.context.db,
    );
    return async () => {
      await sql`drop trigger qiming_deadlock on pf_dict`.execute(t.context.db);
      await sql`drop function qiming_deadlock`.execute(t.context.db);
    };
  }
});

/**
 * A real full disk: the data directory is a small tmpfs filled to the last byte. SQLite-only, since the
 * test's PostgreSQL server keeps its files elsewhere. Where mounting is refused (not root), SQLite's
 * own page limit (`max_page_count`) makes the same driver answer the same SQLITE_FULL.
 */
if (label === 'sqlite') {
  describe('a full disk names itself (sqlite)', () => {
    let t: TestApp;
    let admin: Tokens;
    let mounted: string | undefined;
    const lines: { msg: string; err?: { message?: string; code?: string } }[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });

    beforeAll(async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qiming-full-'));
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', dataDir], { stdio: 'ignore' });
        mounted = dataDir;
      } catch {
        mounted = undefined;
      }
      t = await createTestApp({ config: { dataDir }, logger: logStream });
      admin = await signIn(t.app, sysadmin);
    });
    afterAll(async () => {
      await t?.close();
      if (mounted) execFileSync('umount', [mounted]);
      if (mounted) fs.rmSync(mounted, { recursive: true, force: true });
    });

    /** Leaves no byte free for the database; answers how to free the space again. */
    async function fillDisk(): Promise<() => Promise<void>> {
      // An empty write-ahead log must grow to take the next write, so that write meets the full disk.
      await sql`pragma wal_checkpoint(truncate)`.execute(t.context.db);
      if (!mounted) {
        const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(t.context.db)).rows[0]?.page_count;
        await sql.raw(`pragma max_page_count = ${pages}`).execute(t.context.db);
        return async () => {
          await sql`pragma max_page_count = 1073741823`.execute(t.context.db);
        };
      }
      const filler = path.join(mounted, 'filler');
      const fd = fs.openSync(filler, 'w');
      try {
        for (;;) fs.writeSync(fd, Buffer.alloc(64 * 1024));
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOSPC') throw error;
      }
      try {
        for (;;) fs.writeSync(fd, Buffer.alloc(512));
      } catch {
        // Full to the last block.
      }
      fs.closeSync(fd);
      return async () => fs.rmSync(filler);
    }

    it('answers 507 in the caller language, logs SQLITE_FULL and not a failed rollback, and takes writes again once space returns', async () => {
      const create = (dictCode: string, language: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/dicts',
          payload: { dictCode, dictName: 'Storage test', note: 'x'.repeat(250) },
          headers: { ...bearer(admin), 'accept-language': language },
        });
      const free = await fillDisk();
      const refused = await create('full_disk', 'ja');
      const again = await create('full_disk', 'zh');
      await free();
      const resumed = await create('full_disk', 'en');

      expect(refused.statusCode, refused.body).toBe(507);
      expect(refused.json().message).toBe(formatMessage('error.databaseFull', 'ja'));
      expect(again.statusCode).toBe(507);
      expect(again.json().message).toBe(formatMessage('error.databaseFull', 'zh'));
      expect(lines.some((line) => line.err?.code === 'SQLITE_FULL')).toBe(true);
      expect(lines.filter((line) => JSON.stringify(line).includes('cannot rollback'))).toEqual([]);
      expect(resumed.statusCode, resumed.body).toBe(200);
      const stored = await t.context.db.selectFrom('pf_dict').select('dict_code').where('dict_code', '=', 'full_disk').execute();
      expect(stored).toHaveLength(1);
    });
  });
}

/** The server's connections to PostgreSQL end or are refused: each request hears 503 with Retry-After, never 500. */
if (label === 'postgres') {
  describe('PostgreSQL connection faults (postgres)', () => {
    let t: TestApp;
    let admin: Tokens;
    let databaseName: string;

    const terminateServerConnections = () =>
      onPostgres('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName]);

    beforeAll(async () => {
      t = await createTestApp();
      admin = await signIn(t.app, sysadmin);
      databaseName = new URL(t.database.databaseUrl ?? '').pathname.slice(1);
    });
    afterAll(async () => {
      await onPostgres(`alter database ${databaseName} allow_connections true`);
      await t.close();
    });

    const send = (method: 'GET' | 'POST', url: string, payload?: object, language = 'en') =>
      t.app.inject({ method, url, payload, headers: { ...bearer(admin), 'accept-language': language } });

    it('answers a write whose connection was ended under it with 503, Retry-After and that it may not have been saved', async () => {
      // The write waits on a lock the test holds, so that it is surely under way when its connection ends.
      const holder = new pg.Client({ connectionString: t.database.databaseUrl });
      await holder.connect();
      const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
      await holder.query('begin');
      await holder.query('lock table pf_dict in access exclusive mode');
      const pending = send('POST', '/api/admin/dicts', { dictCode: 'cut_off', dictName: 'Cut off' }, 'ja');
      await expect
        .poll(
          async () =>
            (
              await onPostgres("select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> $2", [
                databaseName,
                holderPid,
              ])
            ).length,
          { timeout: 5_000, interval: 20 },
        )
        .toBeGreaterThan(0);
      await onPostgres('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> $2', [
        databaseName,
        holderPid,
      ]);
      const answer = await pending;
      await holder.query('rollback');
      await holder.end();

      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.json().message).toBe(formatMessage('error.databaseUnavailableWriteUnknown', 'ja'));
      // The pool opened new connections by itself: the same write goes through.
      const retried = await send('POST', '/api/admin/dicts', { dictCode: 'cut_off', dictName: 'Cut off' });
      expect(retried.statusCode, retried.body).toBe(200);
    });

    it('answers a write that PostgreSQL refuses for a full disk (53100) with 507 in the caller language, and takes it once space returns', async () => {
      // PostgreSQL's own error with its own code, raised where a full tablespace would raise it: the test's
      // server keeps its files where no test can fill them.
      await sql`create function qiming_disk_full() returns trigger language plpgsql as $$ begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(
        t.context.db,
      );
      await sql`create trigger qiming_disk_full before insert on pf_dict for each row execute function qiming_disk_full()`.execute(
        t.context.db,
      );
      const refused = await send('POST', '/api/admin/dicts', { dictCode: 'no_room', dictName: 'No room' }, 'es');
      await sql`drop trigger qiming_disk_full on pf_dict`.execute(t.context.db);
      await sql`drop function qiming_disk_full`.execute(t.context.db);
      const resumed = await send('POST', '/api/admin/dicts', { dictCode: 'no_room', dictName: 'No room' });

      expect(refused.statusCode, refused.body).toBe(507);
      expect(refused.json().message).toBe(formatMessage('error.databaseFull', 'es'));
      expect(resumed.statusCode, resumed.body).toBe(200);
    });

    it('answers 503 with Retry-After while the database refuses connections, readiness included, and recovers once it takes them', async () => {
      expect((await send('GET', '/api/health/ready')).statusCode).toBe(200);
      await onPostgres(`alter database ${databaseName} allow_connections false`);
      await terminateServerConnections();
      t.clock.advance(1_000);
      const started = Date.now();
      const ready = await send('GET', '/api/health/ready', undefined, 'ja');
      const readyMs = Date.now() - started;
      const read = await send('GET', '/api/admin/dicts?limit=10', undefined, 'es');
      const write = await send('POST', '/api/admin/dicts', { dictCode: 'refused', dictName: 'Refused' }, 'zh');
      await onPostgres(`alter database ${databaseName} allow_connections true`);
      t.clock.advance(1_000);
      const back = await send('GET', '/api/health/ready');

      expect(ready.statusCode).toBe(503);
      expect(ready.json().data).toMatchObject({ ready: false, database: 'unreachable' });
      expect(ready.json().message).toBe(formatMessage('error.notReady', 'ja'));
      expect(readyMs).toBeLessThan(1_000);
      expect(read.statusCode, read.body).toBe(503);
      expect(read.headers['retry-after']).toBe('1');
      expect(read.json().message).toBe(formatMessage('error.databaseUnavailable', 'es'));
      // No connection was had, so nothing was written: the caller may simply try again.
      expect(write.statusCode).toBe(503);
      expect(write.json().message).toBe(formatMessage('error.databaseUnavailable', 'zh'));
      expect(back.statusCode).toBe(200);
      const stored = await send('POST', '/api/admin/dicts', { dictCode: 'refused', dictName: 'Refused' });
      expect(stored.statusCode, stored.body).toBe(200);
    });
  });
}
