import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, splitRoute, sysadmin, type TestApp, type Tokens } from './testApp.ts';

/** An id that no record has. */
const missing = 999_999;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maximum?: number;
  minimum?: number;
}

/**
 * A plausible value for a schema, as a careless or hostile client would send: every number an id that
 * does not exist, strings well formed, so that requests get past validation to the references.
 */
function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sample(variants.find((variant) => variant.type !== 'null') ?? variants[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((kind) => kind !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, sample(inner)]));
    case 'array':
      return [sample(schema.items)];
    case 'integer':
    case 'number':
      return schema.maximum !== undefined && schema.maximum < missing ? (schema.minimum ?? 0) : missing;
    case 'boolean':
      return false;
    case 'string':
      return 'probe_value_1'.padEnd(schema.minLength ?? 0, 'x');
    default:
      return undefined;
  }
}

/** A concrete path for a route pattern: ids that exist nowhere in namespaces that do exist. */
const concrete = (pattern: string) =>
  pattern
    .replace('/*', '/swagger-ui.css')
    .replace(':namespaceId', 'public')
    .replace(':sessionId', '00000000-0000-4000-8000-000000000000')
    .replace(/:\w+/g, String(missing));

/**
 * Well-formed bodies for the routes whose fields a generated sample cannot get past validation, each
 * naming records that do not exist: every other route gets a sample generated from its schema.
 */
const wellFormed: Record<string, object> = {
  'POST /api/admin/dicts/:dictId/items': { itemCode: 'gone', itemValue: 'Gone', index: 1 },
  'PUT /api/admin/dicts/:dictId/items/:id': { itemCode: 'gone', itemValue: 'Gone', index: 1 },
  'POST /api/admin/registry/:namespaceId/services': { serviceName: 'gone', groupName: 'DEFAULT_GROUP', protectThreshold: 0, metadata: '' },
  'PUT /api/admin/registry/:namespaceId/services/:id': {
    serviceName: 'gone',
    groupName: 'DEFAULT_GROUP',
    protectThreshold: 0,
    metadata: '',
  },
  'PUT /api/admin/registry/:namespaceId/services/:serviceId/instances/:id': { weight: 1, enabled: true },
  'POST /api/admin/organ-types': { typeCode: 'GONE', typeName: 'Gone', parentTypeCode: 'NO_TYPE' },
  'PUT /api/admin/organ-types/:id': { typeCode: 'GONE', typeName: 'Gone', parentTypeCode: 'NO_TYPE' },
  'POST /api/admin/organs': { organCode: 'GONE', organName: 'Gone', typeCode: 'DEPT', struType: 'admin', parentOrganId: missing },
  'PUT /api/admin/organs/:id': { organCode: 'GONE', organName: 'Gone', typeCode: 'DEPT' },
  'POST /api/admin/organs/:id/place': { struType: 'admin', parentOrganId: missing },
  'POST /api/admin/staff': { staffCode: 'GONE', staffName: 'Gone', organId: missing, positionId: missing, mobile: '13800138000' },
  'PUT /api/admin/staff/:id': { staffCode: 'GONE', staffName: 'Gone', organId: missing, positionId: missing, mobile: '13800138000' },
  'PUT /api/admin/positions/:id': { positionCode: 'GONE', positionName: 'Gone' },
  'PUT /api/admin/structures/:id': { struTypeName: 'Gone' },
  'POST /api/admin/accounts': {
    userName: 'gone_user',
    name: 'Gone',
    password: 'Gone@2026x',
    confirmPassword: 'Gone@2026x',
    organId: missing,
    staff: missing,
    administrator: true,
    manageRange: missing,
    maxSessionNumber: -1,
  },
  'PUT /api/admin/accounts/:id': { userName: 'gone_user', name: 'Gone', organId: missing, maxSessionNumber: -1 },
  'POST /api/admin/roles': { roleCode: 'gone_role', roleName: 'Gone', roleScope: 'organ', belongToOrgan: missing },
  'PUT /api/admin/roles/:id': { roleCode: 'gone_role', roleName: 'Gone', roleScope: 'organ', belongToOrgan: missing },
  'POST /api/admin/menu-types/:typeId/menus': { menuCode: 'gone', menuName: 'Gone', parentMenuId: null, isLeaf: true, seq: 1 },
  'PUT /api/admin/menus/:id': { menuCode: 'gone', menuName: 'Gone', parentMenuId: missing, isLeaf: true, seq: 1 },
  'PUT /api/admin/work-calendar/:organId': { dates: ['2026-12-24'], isWorking: false },
  'POST /api/admin/work-calendar/:organId/weekends': { month: '2026-12' },
};

const openApiPath = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');

describe(`references to missing records and hostile bodies (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let document: { paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>> };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
    await t.app.ready();
    document = t.app.swagger() as typeof document;
  });
  afterAll(async () => t.close());

  function requestFor(route: string) {
    const [method, pattern] = splitRoute(route);
    const operation = document.paths[openApiPath(pattern)]?.[method.toLowerCase()];
    const bodySchema = (operation?.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content?.[
      'application/json'
    ]?.schema;
    const query = new URLSearchParams();
    for (const parameter of (operation?.parameters ?? []) as Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>) {
      if (parameter.in === 'query' && parameter.required) query.set(parameter.name, String(sample(parameter.schema)));
    }
    const url = `${concrete(pattern)}${query.size > 0 ? `?${query}` : ''}`;
    return { method: method as 'GET', url, body: wellFormed[route] ?? (bodySchema ? sample(bodySchema) : undefined) };
  }

  it('answers every route a reference to a missing record without a server error', async () => {
    const failures: string[] = [];
    let covered = 0;
    for (const route of t.guardedRoutes) {
      if (route.endsWith('/j_hh_security_logout')) continue;
      const { method, url, body } = requestFor(route);
      const response = await t.app.inject({
        method,
        url,
        headers: { ...bearer(admin), 'accept-language': 'en' },
        ...(body === undefined || method === 'GET' ? {} : { payload: body as object }),
      });
      covered += 1;
      // Health answers 503 whenever its 400 ms database probe goes unanswered (a loaded machine): the
      // dependency's state, which no reference in the request can cause.
      const probeMissed = route.startsWith('GET /api/health') && response.statusCode === 503;
      if (response.statusCode >= 500 && !probeMissed) failures.push(`${route} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    const unknown = Object.keys(wellFormed).filter((route) => !t.guardedRoutes.includes(route));
    console.log(`missing references: ${covered} of ${t.guardedRoutes.length - 1} routes (all but sign-out) answered below 500`);
    expect(unknown).toEqual([]);
    expect(failures).toEqual([]);
    expect(covered).toBe(t.guardedRoutes.length - 1);
  }, 120_000);

  it('names the missing reference in the caller language and changes nothing', async () => {
    const before = await t.context.db.selectFrom('iam_position').select('id').execute();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/positions',
      headers: { ...bearer(admin), 'accept-language': 'zh' },
      payload: { organId: missing, positionCode: 'P_GONE', positionName: 'Gone' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('organId 引用的记录不存在');
    expect(await t.context.db.selectFrom('iam_position').select('id').execute()).toEqual(before);
  });

  it('refuses a body nested 10,000 deep on every route that takes one, before anything changes', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const failures: string[] = [];
    for (const route of t.guardedRoutes) {
      const [method] = splitRoute(route);
      if (method === 'GET' || route.endsWith('/j_hh_security_logout')) continue;
      const { url } = requestFor(route);
      const response = await t.app.inject({
        method: method as 'POST',
        url,
        headers: { ...bearer(admin), 'content-type': 'application/json' },
        payload: `{"ids":${deep}}`,
      });
      if (response.statusCode < 400 || response.statusCode >= 500) failures.push(`${route} -> ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('locks nobody when the lock request carries a hostile body', async () => {
    const staffAccount = await t.context.db
      .selectFrom('iam_account')
      .select('id')
      .where('user_name', '=', 'staff01')
      .executeTakeFirstOrThrow();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/${staffAccount.id}/lock`,
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: `{"note":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
    });
    expect(response.statusCode).toBe(400);
    const account = await t.context.db
      .selectFrom('iam_account')
      .select('user_status')
      .where('id', '=', staffAccount.id)
      .executeTakeFirstOrThrow();
    expect(account.user_status).toBe('normal');
  });
});
