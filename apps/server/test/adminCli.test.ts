import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, requestToken, signIn, sysadmin, type TestApp } from './testApp.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
/** Built where the externals (npm packages) resolve: under the repository's node_modules. */
const builtDir = path.resolve(serverDir, `../../node_modules/.cache/qiming-admin-test-${randomBytes(4).toString('hex')}`);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A run through admin.mjs starts node and tsx afresh: seconds on a loaded two-core machine. */
const spawning = 90_000;

/** Builds the server's bundles (dist/admin.js among them) into `outdir`, as `npm run build:server` does. */
const buildInto = (outdir: string) =>
  new Promise<Run>((resolve) =>
    execFile(process.execPath, [path.join(serverDir, 'build.mjs'), '--outdir', outdir], { timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? 1 : 0, stdout, stderr }),
    ),
  );

describe(`npm run admin on the configured database (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    const [app, build] = await Promise.all([createTestApp(), buildInto(builtDir)]);
    t = app;
    expect(build.code, build.stderr).toBe(0);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(builtDir, { recursive: true, force: true });
  });

  /**
   * The CLI on the test's database: as `npm run admin` starts it (admin.mjs, the sources through tsx) or,
   * by default, the built dist/admin.js on plain node, as production runs it (the same commands without
   * tsx's start, about a second of CPU a run).
   */
  const admin = (args: string[], options: { env?: Record<string, string>; stdin?: string; throughNpmScript?: boolean } = {}) =>
    new Promise<Run>((resolve) => {
      const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, DATA_DIR: t.database.dataDir };
      delete env.DATABASE_URL;
      if (t.database.databaseUrl) env.DATABASE_URL = t.database.databaseUrl;
      const entry = options.throughNpmScript ? path.join(serverDir, 'admin.mjs') : path.join(builtDir, 'admin.js');
      const child = execFile(process.execPath, [entry, ...args], { cwd: serverDir, env, timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end(options.stdin ?? '');
    });

  const accountOf = (userName: string) =>
    t.context.db.selectFrom('iam_account').selectAll().where('user_name', '=', userName).executeTakeFirstOrThrow();
  const operatorRows = () =>
    t.context.db
      .selectFrom('audit_operation_log')
      .select(['user_name', 'operation', 'target', 'params', 'result'])
      .where('user_name', 'like', 'machine operator %')
      .orderBy('id')
      .execute();
  /** What a stranger leaves: the account locked (as an older version did) and many addresses' failures. */
  const lockOut = async (accountId: number) => {
    await t.context.db.updateTable('iam_account').set({ user_status: 'lock', locked_until: null }).where('id', '=', accountId).execute();
    for (let n = 1; n <= 3; n++) {
      await t.context.db
        .insertInto('auth_sign_in_attempt')
        .values({ account_id: accountId, source: `10.8.0.${n}`, attempts: 5, last_at: t.clock.now() })
        .execute();
    }
  };

  it(
    'unlocks the only super administrator, and the operation log names the machine operator',
    async () => {
      const account = await accountOf('sysadmin');
      await lockOut(account.id);
      expect((await requestToken(t.app, sysadmin.userName, sysadmin.password)).statusCode).toBe(400);
      const run = await admin(['unlock', 'sysadmin'], { throughNpmScript: true });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("Unlocked 'sysadmin'");
      expect((await accountOf('sysadmin')).user_status).toBe('normal');
      const failures = await t.context.db
        .selectFrom('auth_sign_in_attempt')
        .select('source')
        .where('account_id', '=', account.id)
        .execute();
      expect(failures).toEqual([]);
      await signIn(t.app, sysadmin);
      const [row] = await operatorRows();
      expect(row).toMatchObject({ operation: 'account:edit', target: `account:${account.id}`, result: 'success' });
      expect(JSON.parse(row?.params ?? '{}')).toEqual({ command: 'npm run admin -- unlock sysadmin' });
    },
    spawning,
  );

  it(
    'resets a password from the environment, ends the sessions and forces a change at the next sign-in',
    async () => {
      const before = await signIn(t.app, sysadmin);
      const run = await admin(['reset-password', 'sysadmin'], { env: { QIMING_NEW_PASSWORD: 'Machine@2026x' } });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).not.toContain('Machine@2026x');
      expect(run.stdout).toContain('The next sign-in must change it.');
      // The server forgets a cached session within its 30 s; the session row ended at once.
      t.clock.advance(31_000);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/current/user', headers: bearer(before) })).statusCode).toBe(401);
      expect((await requestToken(t.app, 'sysadmin', sysadmin.password)).statusCode).toBe(400);
      const after = await signIn(t.app, { userName: 'sysadmin', password: 'Machine@2026x' });
      const user = await t.app.inject({ method: 'GET', url: '/api/admin/current/user', headers: bearer(after) });
      expect(user.json().data.passwordExpired).toBe(true);
      const rows = await operatorRows();
      expect(rows.at(-1)).toMatchObject({ target: `account:${(await accountOf('sysadmin')).id}:password`, result: 'success' });
      expect(rows.at(-1)?.params).not.toContain('Machine@2026x');
    },
    spawning,
  );

  it(
    'prints a generated password once, and reads one from standard input',
    async () => {
      const generated = await admin(['reset-password', 'staff01']);
      expect(generated.code, generated.stderr).toBe(0);
      const password = /New password \(shown once\): (\S+)/.exec(generated.stdout)?.[1] ?? '';
      expect(password.length).toBe(20);
      await signIn(t.app, { userName: 'staff01', password });
      const piped = await admin(['reset-password', 'staff01', '--stdin'], { stdin: 'Piped@2026x\n' });
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stdout).not.toContain('Piped@2026x');
      await signIn(t.app, { userName: 'staff01', password: 'Piped@2026x' });
    },
    spawning,
  );

  it.each([
    ['an unknown user', ['unlock', 'nobody_here'], {}, 1, "No account is named 'nobody_here'."],
    ['a missing command', [], {}, 2, 'A command is missing.'],
    ['an unknown command', ['delete', 'sysadmin'], {}, 2, "Unknown command 'delete'."],
    ['a missing user name', ['unlock'], {}, 2, 'The user name is missing.'],
    [
      'a password the policy refuses',
      ['reset-password', 'manager01'],
      { QIMING_NEW_PASSWORD: 'short' },
      1,
      'The password does not meet the policy',
    ],
  ])(
    'refuses %s with a clear message and changes nothing',
    async (_label, args, env, code, message) => {
      const logged = (await operatorRows()).length;
      const manager = await accountOf('manager01');
      const run = await admin(args, { env });
      expect(run.code).toBe(code);
      expect(run.stderr).toContain(message);
      expect((await operatorRows()).length).toBe(logged);
      expect((await accountOf('manager01')).password_hash).toBe(manager.password_hash);
    },
    spawning,
  );
});
