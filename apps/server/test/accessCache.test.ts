import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryCluster } from '../src/cluster/memoryCluster.ts';
import type { LiveSession } from '../src/http/session.ts';
import { AccessCache } from '../src/modules/auth/accessCache.ts';
import { bearer, createTestApp, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

// Sessions and grants are kept per process; every way of ending a session or changing a grant must
// take effect on the very next request, with the entries already kept by the earlier requests.
describe(`sessions and grants kept per process (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let reader: Tokens;
  let staffId: number;
  let readerRoleId: number;
  let readerOperations: number[];
  const dictionaries = (tokens: Tokens) => t.app.inject({ method: 'GET', url: '/api/admin/dicts', headers: bearer(tokens) });
  const asAdmin = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: bearer(admin) });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
    staffId = (await t.context.db.selectFrom('iam_account').select('id').where('user_name', '=', staff.userName).executeTakeFirstOrThrow())
      .id;
    readerRoleId = (await t.context.db.selectFrom('iam_role').select('id').where('role_code', '=', 'dict_reader').executeTakeFirstOrThrow())
      .id;
    readerOperations = (await asAdmin('GET', `/api/admin/roles/${readerRoleId}/operations`)).json().data;
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    reader = await signIn(t.app, staff);
    // The first answer puts the session and its grants in the cache the next request would read.
    expect((await dictionaries(reader)).statusCode).toBe(200);
    expect((await dictionaries(reader)).statusCode).toBe(200);
  });

  it('refuses a token on the request right after its own sign-out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/j_hh_security_logout', headers: bearer(reader) })).statusCode).toBe(200);
    expect((await dictionaries(reader)).statusCode).toBe(401);
  });

  it('refuses a session an administrator ended, and every session of a locked account', async () => {
    const sessions = (await asAdmin('GET', `/api/admin/accounts/${staffId}/sessions`)).json().data.records as { id: string }[];
    const second = await signIn(t.app, staff);
    expect((await dictionaries(second)).statusCode).toBe(200);
    for (const session of sessions) {
      expect((await asAdmin('POST', `/api/admin/accounts/${staffId}/sessions/${session.id}/end`)).statusCode).toBe(200);
    }
    expect((await dictionaries(reader)).statusCode).toBe(401);
    expect((await dictionaries(second)).statusCode).toBe(200);

    expect((await asAdmin('POST', `/api/admin/accounts/${staffId}/lock`)).statusCode).toBe(200);
    expect((await dictionaries(second)).statusCode).toBe(401);
    expect((await asAdmin('POST', `/api/admin/accounts/${staffId}/unlock`)).statusCode).toBe(200);
  });

  it("refuses an operation on the request right after it left the account's role, and allows it right after it came back", async () => {
    const withoutRead = readerOperations.filter((id) => id !== t.context.accessIndex.find('GET', '/api/admin/dicts')?.operationId);
    expect(withoutRead.length).toBeLessThan(readerOperations.length);
    expect((await asAdmin('PUT', `/api/admin/roles/${readerRoleId}/operations`, { operationIds: withoutRead })).statusCode).toBe(200);
    expect((await dictionaries(reader)).statusCode).toBe(403);
    expect((await asAdmin('PUT', `/api/admin/roles/${readerRoleId}/operations`, { operationIds: readerOperations })).statusCode).toBe(200);
    expect((await dictionaries(reader)).statusCode).toBe(200);
  });

  it('refuses at once when the role is taken from the account, and allows at once when given back', async () => {
    const batch = (revoke: boolean) =>
      asAdmin('POST', '/api/admin/roles/authorise', { accountIds: [staffId], roleIds: [readerRoleId], revoke });
    expect((await batch(true)).statusCode).toBe(200);
    expect((await dictionaries(reader)).statusCode).toBe(403);
    expect((await batch(false)).statusCode).toBe(200);
    expect((await dictionaries(reader)).statusCode).toBe(200);
  });

  it("ends the account's other sessions at once when it changes its password, and keeps the one that changed it", async () => {
    const other = await signIn(t.app, staff);
    expect((await dictionaries(other)).statusCode).toBe(200);
    const change = (from: Tokens, oldPassword: string, newPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/current/password',
        payload: { oldPassword, newPassword, confirmPassword: newPassword },
        headers: bearer(from),
      });
    expect((await change(reader, staff.password, 'Another@2026x')).statusCode).toBe(200);
    expect((await dictionaries(other)).statusCode).toBe(401);
    expect((await dictionaries(reader)).statusCode).toBe(200);
    expect((await change(reader, 'Another@2026x', staff.password)).statusCode).toBe(200);
  });
});

describe('the access cache', () => {
  const session: LiveSession = { sessionId: 's1', accountId: 7, userName: 'u', isSuper: false, expiresAt: Number.MAX_SAFE_INTEGER };

  it('does not keep what a load read before a forget, so a slow read cannot undo a sign-out', async () => {
    const cache = await AccessCache.open(new MemoryCluster(), Date.now, { ttlMs: 60_000, maxEntries: 10 });
    let loads = 0;
    let finish: (value: LiveSession) => void = () => undefined;
    const slow = cache.session('s1', () => {
      loads += 1;
      return new Promise<LiveSession>((resolve) => {
        finish = resolve;
      });
    });
    await cache.forget();
    finish(session);
    expect(await slow).toEqual(session);
    await cache.session('s1', async () => {
      loads += 1;
      return undefined;
    });
    expect(loads).toBe(2);
  });

  it('drops what it keeps when another process on the bus forgets', async () => {
    const cluster = new MemoryCluster();
    const here = await AccessCache.open(cluster, Date.now, { ttlMs: 60_000, maxEntries: 10 });
    // Another process: its own server id on the same bus.
    const elsewhere = Object.create(cluster, { serverId: { value: 'another' } }) as MemoryCluster;
    const there = await AccessCache.open(elsewhere, Date.now, { ttlMs: 60_000, maxEntries: 10 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return new Set([1]);
    };
    await here.grantsOf(7, load);
    await here.grantsOf(7, load);
    expect(loads).toBe(1);
    await there.forget();
    await here.grantsOf(7, load);
    expect(loads).toBe(2);
  });

  it('reads again once an entry has outlived its time to live or its session', async () => {
    let now = 1_000;
    const cache = await AccessCache.open(new MemoryCluster(), () => now, { ttlMs: 500, maxEntries: 10 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { ...session, expiresAt: 2_000 };
    };
    await cache.session('s1', load);
    now = 1_400;
    await cache.session('s1', load);
    expect(loads).toBe(1);
    now = 1_600;
    await cache.session('s1', load);
    expect(loads).toBe(2);
  });
});
