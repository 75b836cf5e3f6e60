import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/iam/passwords.ts';
import { assignRole, insertRole } from '../src/modules/iam/roleRepo.ts';
import { replaceRoleOperations } from '../src/modules/iam/roles/roleAdminRepo.ts';
import { listUrlResources } from '../src/modules/platform/functionModel/functionModelRepo.ts';
import { qimingApp } from '../src/operationCatalogue.ts';
import { createTestApp, signIn, splitRoute, sysadmin, type TestApp, type Tokens } from './testApp.ts';

type Caller = 'anonymous' | 'withoutGrant' | 'withGrant' | 'superAdministrator';
const probe = { userName: 'matrix_user', password: 'Matrix@2026' };

/** A concrete path for a route pattern: ids that exist nowhere, names that are well formed. */
function concrete(pattern: string): string {
  return pattern
    .replace('/*', '/swagger-ui.css')
    .replace(':namespaceId', 'public')
    .replace(':sessionId', '00000000-0000-4000-8000-000000000000')
    .replace(/:\w+/g, '999999');
}

/**
 * Every route under /api and /nacos against four callers. The guard's own refusals are told apart from
 * the routes' answers (400 for an empty body, 404 for an unknown id) by status and message: what the
 * guard lets through may still be refused by the route, never with the guard's 401 or 403.
 */
describe(`authorisation matrix (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const tokens: Partial<Record<Caller, Tokens>> = {};
  let roleId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const menuType = await t.context.db.selectFrom('pf_menu_type').select('id').executeTakeFirstOrThrow();
    const account = await t.context.db
      .insertInto('iam_account')
      .values({
        user_name: probe.userName,
        name: 'Matrix',
        password_hash: await hashPassword(probe.password),
        user_status: 'normal',
        login_failures: 0,
        locked_until: null,
        pwd_changed_at: t.clock.now(),
        avatar: '',
        introduction: '',
        menu_type_id: menuType.id,
        max_session_number: -1,
        created_at: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleId = await insertRole(t.context.db, { roleCode: 'matrix_role', roleName: 'Matrix', roleType: 'common' });
    await assignRole(t.context.db, account.id, roleId);
    tokens.withoutGrant = await signIn(t.app, probe);
    tokens.withGrant = tokens.withoutGrant;
    tokens.superAdministrator = await signIn(t.app, sysadmin);
  });
  afterAll(async () => t.close());

  async function call(route: string, caller: Caller) {
    const [method, pattern] = splitRoute(route);
    const token = tokens[caller];
    const response = await t.app.inject({
      method: method as 'GET',
      url: concrete(pattern),
      headers: { ...(token && caller !== 'anonymous' ? { authorization: `Bearer ${token.access_token}` } : {}), 'accept-language': 'en' },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
    // Signing out ends the caller's session; sign in again for the next routes.
    if (pattern === '/api/j_hh_security_logout' && caller !== 'anonymous') {
      tokens[caller] = await signIn(t.app, caller === 'superAdministrator' ? sysadmin : probe);
      if (caller === 'withGrant' || caller === 'withoutGrant') tokens.withGrant = tokens.withoutGrant = tokens[caller];
    }
    return response;
  }

  const refusedByGuard = (response: { statusCode: number; body: string }) =>
    response.statusCode === 401 || (response.statusCode === 403 && /permission|not declared/.test(response.body));

  /** A route is covered when its request reached it: the router's own 404 means the probe missed the route. */
  const reachedRoute = (response: { statusCode: number; body: string }) =>
    !(response.statusCode === 404 && response.body.includes('No such API route'));

  /** Calls the route as all four callers and lists what is wrong; undefined when the probe never reached the route. */
  async function probeRoute(route: string): Promise<string[] | undefined> {
    const resource = t.context.accessIndex.find(...splitRoute(route));
    if (!resource) return [`${route} is not declared`];
    const nacos = route.includes(' /nacos/');
    await replaceRoleOperations(t.context.db, roleId, []);
    // The grant changes straight in the database here, past the services that tell the cache.
    await t.context.accessCache.forget();
    const answers: Record<Caller, { statusCode: number; body: string }> = {
      anonymous: await call(route, 'anonymous'),
      withoutGrant: await call(route, 'withoutGrant'),
      withGrant: { statusCode: 0, body: '' },
      superAdministrator: await call(route, 'superAdministrator'),
    };
    await replaceRoleOperations(t.context.db, roleId, [resource.operationId]);
    await t.context.accessCache.forget();
    answers.withGrant = await call(route, 'withGrant');
    if (!reachedRoute(answers.withGrant) || !reachedRoute(answers.superAdministrator)) return undefined;

    const wrong: string[] = [];
    const expectPass = (caller: Caller) =>
      !refusedByGuard(answers[caller]) || wrong.push(`${route}: ${caller} refused ${answers[caller].statusCode}`);
    const expectRefused = (caller: Caller, status: number) =>
      answers[caller].statusCode === status || wrong.push(`${route}: ${caller} got ${answers[caller].statusCode}, not ${status}`);
    if (resource.accessType === 'public') (['anonymous', 'withoutGrant', 'withGrant', 'superAdministrator'] as const).forEach(expectPass);
    else {
      expectRefused('anonymous', nacos ? 403 : 401);
      if (resource.accessType === 'signedIn') expectPass('withoutGrant');
      else expectRefused('withoutGrant', 403);
      expectPass('withGrant');
      expectPass('superAdministrator');
    }
    return wrong;
  }

  it('answers every route as its url resource says, for each kind of caller', async () => {
    const covered: string[] = [];
    const missed: string[] = [];
    const wrong: string[] = [];
    for (const route of t.guardedRoutes) {
      const problems = await probeRoute(route);
      if (problems === undefined) missed.push(route);
      else {
        covered.push(route);
        wrong.push(...problems);
      }
    }
    console.log(`authorisation matrix: ${covered.length} of ${t.guardedRoutes.length} routes x 4 callers`);
    expect(wrong).toEqual([]);
    expect(missed).toEqual([]);
    expect(covered.length).toBe(t.guardedRoutes.length);
    expect(covered.length).toBeGreaterThan(100);
  }, 120_000);

  it('declares exactly the routes the server registers, so a stale declaration cannot keep old access', async () => {
    // Qiming's own urls: other apps' (the demo's office service) describe other servers.
    const declared = (await listUrlResources(t.context.db, qimingApp.appCode)).map((row) => `${row.method} ${row.path}`);
    expect(declared.length).toBeGreaterThan(100);
    const registered = new Set(t.guardedRoutes);
    expect(declared.filter((route) => !registered.has(route))).toEqual([]);
  });

  it('does not count a route it cannot reach as covered', async () => {
    expect(await probeRoute('GET /api/admin/no-such-route')).toEqual(['GET /api/admin/no-such-route is not declared']);
    expect(reachedRoute(await call('GET /api/admin/no-such-route', 'superAdministrator'))).toBe(false);
    expect(reachedRoute(await call('GET /api/admin/accounts/:id', 'superAdministrator'))).toBe(true);
  });
});
