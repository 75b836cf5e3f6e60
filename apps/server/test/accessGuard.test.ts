import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGuarded } from '../src/http/accessGuard.ts';
import { collectRouteOperations, listOperations } from '../src/http/operationDeclarations.ts';
import { bearer, createTestApp, form, signIn, splitRoute, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

describe(`access guard (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let reader: Tokens;
  beforeAll(async () => {
    t = await createTestApp();
    // Registered after the start wrote the url resources: a route no url resource declares.
    t.app.get('/api/admin/undeclared-probe', { config: { operation: 'dict:view' } }, async () => ({
      code: 200,
      message: 'should never answer',
      data: null,
    }));
    admin = await signIn(t.app, sysadmin);
    reader = await signIn(t.app, staff);
  });
  afterAll(async () => t.close());

  it('every registered API route is declared in the function model; only the probe is not', () => {
    const undeclared = t.guardedRoutes.filter((route) => !t.context.accessIndex.find(...splitRoute(route)));
    expect(t.guardedRoutes.length).toBeGreaterThan(20);
    expect(undeclared).toEqual(['GET /api/admin/undeclared-probe']);
  });

  it('refuses a route that no url resource declares, even to the super administrator', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/undeclared-probe', headers: bearer(admin) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403, message: 'This API is not declared in the function model and is refused' });
  });

  it('answers 401 with envelope code 401 for a missing, malformed or foreign token', async () => {
    for (const headers of [{}, { authorization: 'Bearer nonsense' }, { authorization: `Basic ${admin.access_token}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/dicts', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(401);
    }
  });

  it('lets a role read what it was granted and refuses what it was not', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/dicts', headers: bearer(reader) });
    expect(list.statusCode).toBe(200);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/admin/dicts',
      ...form({ dictCode: 'forbidden', dictName: 'Forbidden' }),
      headers: { ...form({}).headers, ...bearer(reader), 'accept-language': 'zh' },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ code: 403, message: '没有访问该资源的权限', data: null });
    const logs = await t.app.inject({ method: 'GET', url: '/api/admin/login-logs', headers: bearer(reader) });
    expect(logs.statusCode).toBe(403);
    const count = await t.context.db.selectFrom('pf_dict').select('id').where('dict_code', '=', 'forbidden').execute();
    expect(count).toHaveLength(0);
  });

  it('lets the super administrator through every authorised route', async () => {
    const logs = await t.app.inject({ method: 'GET', url: '/api/admin/login-logs', headers: bearer(admin) });
    expect(logs.statusCode).toBe(200);
  });

  it('keeps public routes open', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().data.status).toBe('up');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.json().openapi).toBe('3.1.0');
    expect(Object.keys(docs.json().paths)).toContain('/api/admin/dicts/{dictId}/items');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers an unknown API path with 404 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no/such/thing', headers: bearer(admin) });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(404);
  });
});

describe('route operations', () => {
  it('refuses to register an API route that names no operation, or one the catalogue does not declare', async () => {
    const app = Fastify();
    const catalogue = [{ code: 'm', name: 'M', functions: [{ code: 'm.f', name: 'F', operations: listOperations('thing') }] }];
    const routes = collectRouteOperations(app, catalogue, isGuarded);
    const handler = async () => 'answered';
    app.get('/api/things', { config: { operation: 'thing:view' } }, handler);
    app.get('/assets/logo.png', handler);
    expect(() => app.get('/api/admin/nameless', handler)).toThrow('The route /api/admin/nameless names no operation');
    expect(() => app.post('/nacos/v1/things', { config: { operation: 'thing:peek' } }, handler)).toThrow(
      'The route /nacos/v1/things names the undeclared operation thing:peek',
    );
    expect(routes.map((route) => `${route.method} ${route.path} ${route.operation.code}`)).toEqual(['GET /api/things thing:view']);
    await app.close();
  });
});
