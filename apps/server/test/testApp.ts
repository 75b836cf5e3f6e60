import { sealPassword } from '@qiming/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { type BuildOptions, type BuiltApp, buildApp } from '../src/app.ts';
import { readConfig, type ServerConfig } from '../src/config.ts';
import { createSeededTestDatabase, createTestDatabase, type TestDatabase } from './testDatabase.ts';

export { staff, sysadmin } from './demoAccounts.ts';

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
}

/**
 * A clock the tests can move forward: stopped at `time`, or `running` with the wall clock (for real
 * clients, which time themselves by it) plus every advance, so a test skips a wait instead of sleeping.
 */
export class TestClock {
  private skippedMs = 0;
  constructor(
    public time = Date.UTC(2026, 10, 22, 8, 0, 0),
    private readonly running = false,
  ) {}
  now = () => (this.running ? Date.now() + this.skippedMs : this.time);
  advance(ms: number) {
    if (this.running) this.skippedMs += ms;
    else this.time += ms;
  }
}

export interface TestApp extends BuiltApp {
  /** Every route registered under a guarded prefix, as `METHOD /pattern`, a route added by a test included. */
  readonly guardedRoutes: string[];
  database: TestDatabase;
  clock: TestClock;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    production?: boolean;
    adminPassword?: string;
    config?: Partial<ServerConfig>;
    realTime?: boolean;
    /** Where the server logs; tests that read its log lines pass a stream. */
    logger?: BuildOptions['logger'];
  } = {},
): Promise<TestApp> {
  // The run's seeded copy is what a first start at the test clock's time makes; a production or wall-clock start seeds its own.
  const database = options.production || options.realTime ? await createTestDatabase() : await createSeededTestDatabase();
  // Real clients (Nacos, sockets through the gateway) time themselves by the wall clock; so must the server they talk to.
  const clock = new TestClock(undefined, options.realTime);
  const config = {
    ...readConfig({ NODE_ENV: options.production ? 'production' : 'test' }),
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    webDistDir: undefined,
    // Suites sign in far more often than a person; the sign-in throttle has its own tests.
    signInRateLimit: 1000,
    loginKeyRateLimit: 1000,
    // Suites start, complete, submit and upload far more often than a person; the quotas have their own tests.
    accountQuotas: { workflowStarts: 1000, taskCompletions: 1000, formSubmissions: 1000, uploads: 1000 },
    // Suites' upstreams listen on loopback, which a gateway reaches only when its allow-list names it.
    gatewayUpstreamAllow: ['0.0.0.0/0', '::/0', '127.0.0.0/8', '::1'],
    ...options.config,
  };
  const built = await buildApp({
    config,
    now: clock.now,
    adminPassword: options.adminPassword,
    logger: options.logger,
    checkResponses: true,
  });
  return {
    ...built,
    get guardedRoutes() {
      return routesOf(built);
    },
    database,
    clock,
    async close() {
      await built.app.close();
      await database.drop();
    },
  };
}

const routesOf = (built: BuiltApp) => built.routeOperations.map((route) => `${route.method} ${route.path}`);

/** A restart: the app closes and a new one opens on the same database and clock, nothing kept in memory. */
export async function restartTestApp(t: TestApp): Promise<TestApp> {
  const { config } = t.context;
  await t.app.close();
  const built = await buildApp({ config, now: t.clock.now, checkResponses: true });
  return {
    ...t,
    ...built,
    get guardedRoutes() {
      return routesOf(built);
    },
    async close() {
      await built.app.close();
      await t.database.drop();
    },
  };
}

/** How many times the account's password was checked (a sign-in, or a Nacos call with user name and password). */
export async function checkedPasswords(t: TestApp, userName: string): Promise<number> {
  const checks = await t.context.db
    .selectFrom('audit_login_log')
    .select('result')
    .where('user_name', '=', userName)
    .where('result', 'in', ['success', 'badCredentials'])
    .execute();
  return checks.length;
}

export async function fetchLoginKey(app: FastifyInstance): Promise<{ keyId: string; key: string }> {
  const response = await app.inject({ method: 'GET', url: '/api/uc/getkey/LoginGetKey.do?method=getLoginKey' });
  return response.json().data;
}

/** The sign-in protocol as a client runs it: one-time key, AES-256-GCM sealed password, form-encoded token request. */
export async function requestToken(app: FastifyInstance, userName: string, password: string, headers: Record<string, string> = {}) {
  const { keyId, key } = await fetchLoginKey(app);
  return app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({
      grant_type: 'password',
      username: userName,
      password: sealPassword(key, password),
      keyId,
      client_id: 'qiming-admin',
    }).toString(),
  });
}

export async function signIn(app: FastifyInstance, account: { userName: string; password: string }): Promise<Tokens> {
  const response = await requestToken(app, account.userName, account.password);
  if (response.statusCode !== 200) throw new Error(`sign-in of ${account.userName} failed: ${response.body}`);
  return response.json();
}

export function bearer(tokens: Tokens): Record<string, string> {
  return { authorization: `Bearer ${tokens.access_token}` };
}

type Method = 'GET' | 'POST' | 'PUT';

/**
 * API calls in English as the accounts whose tokens the test keeps by user name (`su` as sysadmin), on
 * whichever app the test holds when it calls; `ok` expects a 200 and answers its data.
 */
export function namedCalls(current: () => TestApp, tokens: Record<string, Tokens>) {
  const call = (who: string, method: Method, url: string, payload?: object) =>
    current().app.inject({ method, url, payload, headers: { ...bearer(tokens[who] as Tokens), 'accept-language': 'en' } });
  const ok = async (response: Awaited<ReturnType<typeof call>>) => {
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    return response.json().data;
  };
  const su = (method: Method, url: string, payload?: object) => call('sysadmin', method, url, payload);
  const operationIds = async (codes: string[]) =>
    (await current().context.db.selectFrom('pf_operation').select('id').where('operation_code', 'in', codes).execute()).map(
      (row) => row.id,
    );
  /** A role holding the operations, over these organs' subtrees or (global) every organ; answers its id. */
  const scopedRole = async (code: string, operations: string[], organIds: number[] | 'global') => {
    const roleScope = organIds === 'global' ? 'global' : 'organ';
    const created = await ok(await su('POST', '/api/admin/roles', { roleCode: code, roleName: code, roleScope }));
    await ok(await su('PUT', `/api/admin/roles/${created.id}/operations`, { operationIds: await operationIds(operations) }));
    if (organIds !== 'global') await ok(await su('PUT', `/api/admin/roles/${created.id}/organs`, { organIds }));
    return created.id as number;
  };
  /** An account made by sysadmin, without a session limit; answers its id. */
  const createAccount = async (fields: { userName: string; password: string; organId: number | null; name?: string }, extra: object = {}) =>
    (
      await ok(
        await su('POST', '/api/admin/accounts', {
          name: fields.userName,
          ...fields,
          confirmPassword: fields.password,
          maxSessionNumber: -1,
          ...extra,
        }),
      )
    ).id as number;
  return { call, ok, su, operationIds, scopedRole, createAccount };
}

export function form(values: Record<string, string | number | Array<string | number>>): Pick<InjectOptions, 'headers' | 'payload'> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: params.toString() };
}

/** A form request sent with the token's authorization. */
export function withBearer(
  tokens: Tokens,
  request: Pick<InjectOptions, 'headers' | 'payload'>,
): Pick<InjectOptions, 'headers' | 'payload'> {
  return { ...request, headers: { ...request.headers, ...bearer(tokens) } };
}

/** `METHOD /pattern` into its two parts. */
export function splitRoute(route: string): [method: string, pattern: string] {
  const space = route.indexOf(' ');
  return [route.slice(0, space), route.slice(space + 1)];
}
