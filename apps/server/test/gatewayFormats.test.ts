import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DegradeRule, FlowRule, GatewayRoute } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../src/modules/governance/gateway/gatewayServer.ts';
import { bearer, createTestApp, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

interface Echo {
  url: string;
  headers: Record<string, string>;
}

/** A real upstream answering what it was asked; `/flaky…` paths answer 503 twice, `/bad…` paths 502 twice. */
async function startUpstream() {
  const failures = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const url = request.url ?? '';
    request.resume();
    request.on('end', () => {
      const failing = url.startsWith('/flaky') ? 503 : url.startsWith('/bad') ? 502 : 0;
      if (failing && (failures.get(url) ?? 0) < 2) {
        failures.set(url, (failures.get(url) ?? 0) + 1);
        response.writeHead(failing).end('failing');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url, headers: request.headers }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

const denver = (day: string) => `${day}T17:42:47.789-07:00[America/Denver]`;

/** Spring Cloud Gateway's documented forms, each saved as written and, where it matters, shown through the gateway. */
const scgForms: Array<{
  title: string;
  route: Record<string, unknown>;
  saved?: (route: GatewayRoute) => void;
  request: { path: string; headers?: Record<string, string>; method?: string; body?: string };
  expect: (status: number, echo: Echo | undefined) => void;
}> = [
  {
    title: 'After with a zone id (the docs example) lets requests through after that time',
    route: { predicates: [{ name: 'After', args: { datetime: denver('2017-01-20') } }, 'Path=/after/**'] },
    request: { path: '/after/x' },
    expect: (status) => expect(status).toBe(200),
  },
  {
    title: 'Before with a zone id refuses requests after that time',
    route: { predicates: [`Before=${denver('2017-01-20')}`, 'Path=/before/**'] },
    request: { path: '/before/x' },
    expect: (status) => expect(status).toBe(404),
  },
  {
    title: 'Between with zone ids (the docs example) is a past range: no request matches',
    route: { predicates: [`Between=${denver('2017-01-20')}, ${denver('2017-01-21')}`, 'Path=/between-past/**'] },
    saved: (route) => expect(route.predicates[0]?.args).toEqual({ datetime1: denver('2017-01-20'), datetime2: denver('2017-01-21') }),
    request: { path: '/between-past/x' },
    expect: (status) => expect(status).toBe(404),
  },
  {
    title: 'Between an epoch-millisecond start and a zoned end far ahead lets requests through',
    route: { predicates: [`Between=1484959367789, ${denver('2117-01-21')}`, 'Path=/between-now/**'] },
    request: { path: '/between-now/x' },
    expect: (status) => expect(status).toBe(200),
  },
  {
    title: 'SetStatus by HttpStatus name answers that status',
    route: { predicates: ['Path=/status-name/**'], filters: ['SetStatus=UNAUTHORIZED'] },
    request: { path: '/status-name/x' },
    expect: (status) => expect(status).toBe(401),
  },
  {
    title: 'RequestSize=5KB refuses a body of 6000 bytes',
    route: { predicates: ['Path=/size-kb/**'], filters: ['RequestSize=5KB'] },
    request: { path: '/size-kb/x', method: 'POST', body: 'x'.repeat(6000) },
    expect: (status) => expect(status).toBe(413),
  },
  {
    title: 'RequestSize=5KB lets a body of 5000 bytes through',
    route: { predicates: ['Path=/size-kb-ok/**'], filters: [{ name: 'RequestSize', args: { maxSize: '5KB' } }] },
    request: { path: '/size-kb-ok/x', method: 'POST', body: 'x'.repeat(5000) },
    expect: (status) => expect(status).toBe(200),
  },
  {
    title: 'RequestSize=5000 counts bytes',
    route: { predicates: ['Path=/size-bytes/**'], filters: ['RequestSize=5000'] },
    request: { path: '/size-bytes/x', method: 'POST', body: 'x'.repeat(5001) },
    expect: (status) => expect(status).toBe(413),
  },
  {
    title: 'RequestSize=5MB lets a 6000-byte body through',
    route: { predicates: ['Path=/size-mb/**'], filters: ['RequestSize=5MB'] },
    request: { path: '/size-mb/x', method: 'POST', body: 'x'.repeat(6000) },
    expect: (status) => expect(status).toBe(200),
  },
  {
    title: 'Retry by series SERVER_ERROR retries a 503',
    route: { predicates: ['Path=/flaky-series/**'], filters: [{ name: 'Retry', args: { retries: '3', series: 'SERVER_ERROR' } }] },
    request: { path: '/flaky-series/x' },
    expect: (status) => expect(status).toBe(200),
  },
  {
    title: 'Retry with statuses BAD_GATEWAY retries a 502',
    route: { predicates: ['Path=/bad-named/**'], filters: [{ name: 'Retry', args: { retries: '3', statuses: 'BAD_GATEWAY' } }] },
    request: { path: '/bad-named/x' },
    expect: (status) => expect(status).toBe(200),
  },
  {
    title: 'Retry with statuses BAD_GATEWAY leaves a 503 alone',
    route: { predicates: ['Path=/flaky-named/**'], filters: [{ name: 'Retry', args: { retries: '3', statuses: 'BAD_GATEWAY' } }] },
    request: { path: '/flaky-named/x' },
    expect: (status) => expect(status).toBe(503),
  },
  {
    title: "the actuator's positional _genkey_ arguments are named in the filter's order",
    route: {
      predicates: [{ name: 'Path', args: { _genkey_0: '/genkey-a/**', _genkey_1: '/genkey-b/**' } }],
      filters: [{ name: 'AddRequestHeader', args: { _genkey_0: 'X-Genkey', _genkey_1: 'yes' } }],
    },
    saved: (route) => {
      expect(route.predicates[0]?.args).toEqual({ patterns: '/genkey-a/**,/genkey-b/**' });
      expect(route.filters[0]?.args).toEqual({ name: 'X-Genkey', value: 'yes' });
    },
    request: { path: '/genkey-b/x' },
    expect: (status, echo) => {
      expect(status).toBe(200);
      expect(echo?.headers['x-genkey']).toBe('yes');
    },
  },
  {
    title: "SCG's id and order name the route",
    route: { id: 'scg-named', order: 5, routeId: undefined, routeName: undefined, orderNum: undefined, predicates: ['Path=/scg-named/**'] },
    saved: (route) => expect(route).toMatchObject({ routeId: 'scg-named', routeName: 'scg-named', orderNum: 5 }),
    request: { path: '/scg-named/x' },
    expect: (status) => expect(status).toBe(200),
  },
  {
    title: 'Host template variables reach SetPath and AddRequestHeader',
    route: { predicates: ['Host={sub}.myhost.org'], filters: ['SetPath=/{sub}/x', 'AddRequestHeader=X-Sub, {sub}'] },
    request: { path: '/anything', headers: { host: 'blue.myhost.org' } },
    expect: (status, echo) => {
      expect(status).toBe(200);
      expect(echo?.url).toBe('/blue/x');
      expect(echo?.headers['x-sub']).toBe('blue');
    },
  },
];

/** Values SCG refuses too: the refusal names the argument, in each language. */
const refusedForms: Array<{ title: string; route: Record<string, unknown>; field: string }> = [
  { title: 'a date that is no date', route: { predicates: ['After=yesterday'] }, field: 'predicates.0.args.datetime' },
  {
    title: 'an unknown zone id',
    route: { predicates: [`Between=${denver('2017-01-20').replace('America/Denver', 'Mars/Base')}, ${denver('2017-01-21')}`] },
    field: 'predicates.0.args.datetime1',
  },
  {
    title: 'a Between whose end comes first',
    route: { predicates: [`Between=${denver('2017-01-21')}, ${denver('2017-01-20')}`] },
    field: 'predicates.0.args.datetime2',
  },
  {
    title: 'an HttpStatus name that is none',
    route: { predicates: ['Path=/x'], filters: ['SetStatus=NOT_A_STATUS'] },
    field: 'filters.0.args.status',
  },
  {
    title: 'a DataSize with an unknown unit',
    route: { predicates: ['Path=/x'], filters: ['RequestSize=5XB'] },
    field: 'filters.0.args.maxSize',
  },
  {
    title: 'a Retry status that is not 5xx',
    route: { predicates: ['Path=/x'], filters: [{ name: 'Retry', args: { statuses: 'NOT_FOUND' } }] },
    field: 'filters.0.args.statuses',
  },
  {
    title: 'a Retry series other than SERVER_ERROR',
    route: { predicates: ['Path=/x'], filters: [{ name: 'Retry', args: { series: 'CLIENT_ERROR' } }] },
    field: 'filters.0.args.series',
  },
];

describe(`Spring Cloud Gateway and Sentinel formats (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let gateway: Gateway;
  let gatewayUrl: string;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let origin: string;
  let routeCount = 0;

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, language = 'en') =>
    t.app.inject({ method, url, payload: payload as object, headers: { ...bearer(admin), 'accept-language': language } });
  const through = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const sent = http.request(`${gatewayUrl}${path}`, { method: init.method ?? 'GET', headers: init.headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      });
      sent.on('error', reject);
      sent.end(init.body);
    });
  const routeBody = (route: Record<string, unknown>) => {
    const routeId = `formats-${++routeCount}`;
    return { routeId, routeName: routeId, orderNum: 10, uri: origin, filters: [], description: '', ...route };
  };
  const named = (routeId: string, route: Record<string, unknown>) => ({ ...route, routeId, routeName: routeId });
  async function release(route: Record<string, unknown>): Promise<GatewayRoute> {
    const created = await call('POST', '/api/admin/gateway/routes', routeBody(route));
    expect(created.statusCode, created.body).toBe(200);
    const saved = created.json().data as GatewayRoute;
    expect((await call('POST', `/api/admin/gateway/routes/${saved.id}/release`)).statusCode).toBe(200);
    await gateway.routes.reload();
    return saved;
  }
  const flowRules = async () => (await call('GET', '/api/admin/gateway/flow-rules')).json().data.records as FlowRule[];

  beforeAll(async () => {
    t = await createTestApp({ realTime: true });
    admin = await signIn(t.app, sysadmin);
    upstream = await startUpstream();
    origin = `http://127.0.0.1:${upstream.port}`;
    gateway = await buildGateway(t.context);
    gatewayUrl = await gateway.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await gateway?.app.close();
    upstream?.server.close();
    await t?.close();
  });

  it.each(scgForms)('$title', async (form) => {
    const saved = await release(form.route);
    form.saved?.(saved);
    const answer = await through(form.request.path, form.request);
    form.expect(answer.status, answer.status === 200 ? (JSON.parse(answer.body) as Echo) : undefined);
  });

  it.each(refusedForms)('refuses $title naming $field in four languages, saving nothing', async ({ route, field }) => {
    for (const language of ['en', 'zh', 'es', 'ja']) {
      const refused = await call('POST', '/api/admin/gateway/routes', routeBody(route), language);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toContain(field);
    }
    const listed = (await call('GET', '/api/admin/gateway/routes?pageSize=100')).json().data;
    expect(listed.records.some((saved: GatewayRoute) => saved.routeId === `formats-${routeCount}`)).toBe(false);
  });

  it("imports routes as SCG's RouteDefinition JSON, all or none, and exports them back", async () => {
    const imported = await call('POST', '/api/admin/gateway/routes/scg', [
      {
        id: 'scg-import-a',
        uri: origin,
        predicates: [{ name: 'Path', args: { _genkey_0: '/imp-a/**' } }],
        filters: ['StripPrefix=1'],
        order: 3,
        metadata: { team: 'ignored' },
      },
      { id: 'scg-import-b', uri: origin, predicates: ['Path=/imp-b/**'] },
    ]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect((imported.json().data as GatewayRoute[]).map((route) => [route.routeId, route.orderNum, route.status])).toEqual([
      ['scg-import-a', 3, 'unreleased'],
      ['scg-import-b', 0, 'unreleased'],
    ]);
    const refused = await call('POST', '/api/admin/gateway/routes/scg', [
      { id: 'scg-import-c', uri: origin, predicates: ['Path=/imp-c/**'] },
      { id: 'scg-import-a', uri: origin, predicates: ['Path=/imp-a2/**'] },
    ]);
    expect(refused.statusCode, refused.body).toBe(400);
    const exported = (await call('GET', '/api/admin/gateway/routes/scg')).json().data as Array<Record<string, unknown>>;
    expect(exported.map((route) => route.id)).not.toContain('scg-import-c');
    expect(exported).toContainEqual(
      expect.objectContaining({
        id: 'scg-import-a',
        uri: origin,
        order: 3,
        predicates: [{ name: 'Path', args: { patterns: '/imp-a/**' } }],
        filters: [{ name: 'StripPrefix', args: { parts: '1' } }],
      }),
    );
  });

  it("lists the released routes in the read shape of SCG's actuator, for tools written for SCG", async () => {
    await release(
      named('actuator-read', {
        orderNum: 7,
        predicates: ['Path=/actuator-read/**', 'Method=GET,POST'],
        filters: ['StripPrefix=1', 'AddRequestHeader=X-Seen, yes'],
      }),
    );
    const actuator = '/api/admin/gateway/actuator';
    const listed = await call('GET', `${actuator}/routes`);
    expect(listed.statusCode).toBe(200);
    const routes = listed.json() as Array<Record<string, unknown>>;
    const expected = {
      route_id: 'actuator-read',
      uri: origin,
      order: 7,
      predicate: '(Path: [patterns = /actuator-read/**] && Method: [methods = GET,POST])',
      filters: ['[[StripPrefix parts = 1], order = 1]', '[[AddRequestHeader name = X-Seen, value = yes], order = 2]'],
    };
    expect(routes).toContainEqual(expect.objectContaining(expected));
    // Only what the gateways carry: an imported route that was never released is not there.
    expect(routes.map((route) => route.route_id)).not.toContain('scg-import-b');

    expect((await call('GET', `${actuator}/routes/actuator-read`)).json()).toMatchObject(expected);
    const unknown = await call('GET', `${actuator}/routes/scg-import-b`);
    expect([unknown.statusCode, unknown.body]).toEqual([404, '']);
    const definitions = (await call('GET', `${actuator}/routedefinitions`)).json() as Array<Record<string, unknown>>;
    expect(definitions).toContainEqual(
      expect.objectContaining({
        id: 'actuator-read',
        order: 7,
        filters: [{ name: 'StripPrefix', args: { parts: '1' } }, expect.anything()],
      }),
    );

    const staffTokens = await signIn(t.app, staff);
    const refused = await t.app.inject({ method: 'GET', url: `${actuator}/routes`, headers: bearer(staffTokens) });
    expect(refused.statusCode).toBe(403);
  });

  it("imports Sentinel's FlowRule JSON as written: QPS 0.5 lets one request in 2 s through", async () => {
    await release(named('sentinel-half', { predicates: ['Path=/half/**'] }));
    const imported = await call('POST', '/api/admin/gateway/flow-rules/sentinel', [
      {
        resource: 'sentinel-half',
        limitApp: 'default',
        grade: 1,
        count: 0.5,
        strategy: 0,
        controlBehavior: 0,
        clusterMode: false,
        comment: 'ignored',
      },
    ]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data[0]).toMatchObject({
      resourceMode: 'route',
      grade: 'qps',
      count: 1,
      intervalSec: 2,
      controlBehavior: 'reject',
    });
    await gateway.routes.reload();
    const answers = await Promise.all([1, 2, 3].map(() => through('/half/x')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429]);
  });

  it('warm up + rate limiter (controlBehavior 3) spaces requests by the cold threshold, a plain rate limiter by the count', async () => {
    await release(named('sentinel-warm-queue', { predicates: ['Path=/warm-queue/**'] }));
    await release(named('sentinel-queue', { predicates: ['Path=/queue/**'] }));
    // Count 3: a cold warm-up rule lets 1 a second through (spacing 1 s, more than the 500 ms a request may wait),
    // a plain rate limiter 3 a second (spacing 333 ms).
    const imported = await call('POST', '/api/admin/gateway/flow-rules/sentinel-gateway', [
      {
        resource: 'sentinel-warm-queue',
        resourceMode: 0,
        grade: 1,
        count: 3,
        controlBehavior: 3,
        warmUpPeriodSec: 60,
        maxQueueingTimeoutMs: 500,
      },
      { resource: 'sentinel-queue', resourceMode: 0, grade: 1, count: 3, controlBehavior: 2, maxQueueingTimeoutMs: 500 },
    ]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data.map((rule: FlowRule) => rule.controlBehavior)).toEqual(['warmUpQueue', 'queue']);
    await gateway.routes.reload();
    const warm = await Promise.all([1, 2].map(() => through('/warm-queue/x')));
    expect(warm.map((answer) => answer.status).sort()).toEqual([200, 429]);
    const plain = await Promise.all([1, 2].map(() => through('/queue/x')));
    expect(plain.map((answer) => answer.status)).toEqual([200, 200]);
  });

  it("imports Sentinel's GatewayFlowRule and DegradeRule JSON and gives them back", async () => {
    await release(named('sentinel-export', { predicates: ['Path=/export/**'] }));
    const flow = await call('POST', '/api/admin/gateway/flow-rules/sentinel-gateway', [
      {
        resource: 'sentinel-export',
        resourceMode: 0,
        count: 20,
        intervalSec: 1,
        burst: 5,
        paramItem: { parseStrategy: 2, fieldName: 'X-User' },
      },
    ]);
    expect(flow.statusCode, flow.body).toBe(200);
    expect(flow.json().data[0]).toMatchObject({ paramStrategy: 'header', paramField: 'X-User', burst: 5, count: 20 });
    const degrade = await call('POST', '/api/admin/gateway/degrade-rules/sentinel', [
      { resource: 'sentinel-export', grade: 2, count: 5, timeWindow: 10, minRequestAmount: 5, statIntervalMs: 1000 },
      { resource: 'sentinel-export', grade: 0, count: 200.5, timeWindow: 10, slowRatioThreshold: 0.5 },
    ]);
    expect(degrade.statusCode, degrade.body).toBe(200);
    expect((degrade.json().data as DegradeRule[]).map((rule) => rule.grade)).toEqual(['errorCount', 'slowRatio']);

    const flows = (await call('GET', '/api/admin/gateway/flow-rules/sentinel-gateway')).json().data;
    expect(flows).toContainEqual(
      expect.objectContaining({
        resource: 'sentinel-export',
        resourceMode: 0,
        grade: 1,
        count: 20,
        burst: 5,
        paramItem: { parseStrategy: 2, fieldName: 'X-User' },
      }),
    );
    const degrades = (await call('GET', '/api/admin/gateway/degrade-rules/sentinel')).json().data;
    expect(degrades).toContainEqual(expect.objectContaining({ resource: 'sentinel-export', grade: 2, count: 5, timeWindow: 10 }));
    expect(degrades).toContainEqual(
      expect.objectContaining({ resource: 'sentinel-export', grade: 0, count: 200.5, slowRatioThreshold: 0.5 }),
    );
  });

  it.each([
    { title: 'a grade Sentinel does not have', rule: { grade: 5 }, field: '0.grade' },
    { title: 'a count that is text', rule: { count: 'many' }, field: '0.count' },
    { title: 'a relate strategy', rule: { strategy: 1 }, field: '0.strategy' },
    { title: 'another limitApp', rule: { limitApp: 'appA' }, field: '0.limitApp' },
    { title: 'a controlBehavior Sentinel does not have', rule: { controlBehavior: 7 }, field: '0.controlBehavior' },
  ])('refuses a Sentinel flow rule with $title, naming $field and saving nothing', async ({ rule, field }) => {
    await call('POST', '/api/admin/gateway/routes', routeBody(named('sentinel-bad', { predicates: ['Path=/bad-rule/**'] })));
    const before = (await flowRules()).length;
    for (const language of ['en', 'zh', 'es', 'ja']) {
      const refused = await call(
        'POST',
        '/api/admin/gateway/flow-rules/sentinel',
        [{ resource: 'sentinel-bad', grade: 1, count: 10, ...rule }],
        language,
      );
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toContain(field);
    }
    expect((await flowRules()).length).toBe(before);
  });

  it("takes Sentinel's codes and field names on a flow rule's create, and names a missing choice", async () => {
    await call('POST', '/api/admin/gateway/routes', routeBody(named('sentinel-admin', { predicates: ['Path=/admin-rule/**'] })));
    const base = { resource: 'sentinel-admin', count: 5, intervalSec: 1, burst: 0, paramStrategy: 'none', paramField: '' };
    const created = await call('POST', '/api/admin/gateway/flow-rules', {
      ...base,
      resourceMode: 0,
      grade: 1,
      controlBehavior: 3,
      maxQueueingTimeoutMs: 800,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({
      resourceMode: 'route',
      grade: 'qps',
      controlBehavior: 'warmUpQueue',
      maxQueueingTimeMs: 800,
    });
    for (const language of ['en', 'zh', 'es', 'ja']) {
      const refused = await call('POST', '/api/admin/gateway/flow-rules', { ...base, resourceMode: 'route', controlBehavior: 0 }, language);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toContain('grade');
    }
  });

  it('refuses a whole import when one rule names a route that does not exist', async () => {
    await call('POST', '/api/admin/gateway/routes', routeBody(named('sentinel-some', { predicates: ['Path=/some/**'] })));
    const before = (await flowRules()).length;
    const refused = await call('POST', '/api/admin/gateway/flow-rules/sentinel', [
      { resource: 'sentinel-some', count: 10 },
      { resource: 'no-such-route', count: 10 },
    ]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toContain('no-such-route');
    expect((await flowRules()).length).toBe(before);
  });
});
