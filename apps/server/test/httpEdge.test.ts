import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptPerAccount } from '../src/modules/audit/clientErrorRepo.ts';
import { bearer, createTestApp, requestToken, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const label = process.env.TEST_DATABASE ?? 'sqlite';

describe(`the HTTP edge (${label})`, () => {
  let t: TestApp;
  let tokens: Tokens;
  beforeAll(async () => {
    t = await createTestApp({ config: { requestTimeoutMs: 1_500, clientErrorRateLimit: 1_000 } });
    tokens = await signIn(t.app, staff);
  });
  afterAll(async () => t.close());

  it.each([
    ['an API answer', '/api/public/site', 200],
    ['an unknown route', '/api/no-such-route', 404],
    ['a refusal', '/api/admin/accounts', 401],
  ])('sends the security headers on %s', async (_what, url, status) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(/script-src [^;]*'unsafe-inline'/.test(csp)).toBe(false);
    expect(/script-src [^;]*'unsafe-eval'/.test(csp)).toBe(false);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it.each([
    ['an API answer', '/api/public/site'],
    ['an unknown route', '/api/no-such-route'],
    ['a refusal', '/api/admin/accounts'],
  ])("keeps a caller's plain x-request-id on %s and names a new one in place of a forged one", async (_what, url) => {
    const kept = await t.app.inject({ method: 'GET', url, headers: { 'x-request-id': 'lb-7f3a.42:1' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42:1');
    const forged = await t.app.inject({ method: 'GET', url, headers: { 'x-request-id': 'x"}\n{"level":60' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await t.app.inject({ method: 'GET', url });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.headers['x-request-id']).not.toBe(forged.headers['x-request-id']);
  });

  it('closes a request whose body never finishes, within the request time-out', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          'POST /api/oauth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"grant_type":',
        );
      });
      let received = '';
      socket.on('data', (chunk) => (received += chunk));
      socket.on('close', () => resolve(received));
      // Bounded: the test itself gives up after 10 s.
      setTimeout(() => socket.destroy(), 10_000);
    });
    const waited = Date.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(waited).toBeLessThan(5_000);
  });

  it("keeps each account's newest client-error reports and drops older ones", async () => {
    for (let n = 0; n < keptPerAccount + 15; n++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/client-errors',
        headers: bearer(tokens),
        payload: { pageUrl: '/#/x', message: `boom ${n}` },
      });
      expect(response.statusCode).toBe(200);
    }
    const rows = await t.context.db.selectFrom('audit_client_error').select('message').orderBy('id').execute();
    expect(rows).toHaveLength(keptPerAccount);
    expect(rows[0]?.message).toBe('boom 15');
  });

  it('reports not ready while the database refuses writes, and ready again after', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    // SQLite: the connection itself refuses writes. PostgreSQL: the probe's table refuses them, as a
    // full disk or a read-only standby would refuse any write.
    const refuse =
      label === 'postgres'
        ? [
            sql`create function qiming_refuse_write() returns trigger language plpgsql as $$ begin raise exception 'read only'; end $$`,
            sql`create trigger qiming_refuse before insert or update on sys_health_probe for each row execute function qiming_refuse_write()`,
          ]
        : [sql`pragma query_only = 1`];
    const allow =
      label === 'postgres'
        ? [sql`drop trigger qiming_refuse on sys_health_probe`, sql`drop function qiming_refuse_write`]
        : [sql`pragma query_only = 0`];
    for (const statement of refuse) await statement.execute(t.context.db);
    // An answer is reused for a second: a flood of health checks must not become a flood of writes.
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    t.clock.advance(1_000);
    const refused = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    const legacy = await t.app.inject({ method: 'GET', url: '/api/health' });
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    for (const statement of allow) await statement.execute(t.context.db);
    t.clock.advance(1_000);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().data.database).toBe('refusing writes');
    expect(legacy.statusCode).toBe(503);
    expect(live.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

describe(`client-error reports and proxies (${label})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { clientErrorRateLimit: 5, trustProxy: 1 } });
  });
  afterAll(async () => t.close());

  it('answers 429 with Retry-After past the per-user report limit', async () => {
    const tokens = await signIn(t.app, staff);
    const statuses = [];
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let n = 0; n < 6; n++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/admin/client-errors',
        headers: bearer(tokens),
        payload: { pageUrl: '/#/x', message: 'boom' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("takes the client's address from the proxy it trusts", async () => {
    const response = await requestToken(t.app, sysadmin.userName, sysadmin.password, { 'x-forwarded-for': '203.0.113.9' });
    expect(response.statusCode).toBe(200);
    const row = await t.context.db
      .selectFrom('audit_login_log')
      .select('login_ip')
      .where('user_name', '=', sysadmin.userName)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.login_ip).toBe('203.0.113.9');
  });
});
