import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Definition, GatewayProcessState, GatewayRoute } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../src/modules/governance/gateway/gatewayServer.ts';
import { deleteInstance, upsertInstance } from '../src/modules/governance/registry/instanceRepo.ts';
import { ensureService } from '../src/modules/governance/registry/serviceRepo.ts';
import { bearer, createTestApp, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

interface Echo {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A real upstream: answers what it was asked as JSON; each `/flaky…` path fails twice before it answers.
 * `/hold…` never answers, `/early…` answers at once and ends when the request body has; `cut` lists the
 * paths whose request was broken off (its connection closed before the body ended or the answer did).
 */
async function startUpstream() {
  const flaky = new Map<string, number>();
  const fragile = { down: true };
  const hits = new Map<string, number>();
  const cut = new Set<string>();
  const server = http.createServer((request, response) => {
    const url = request.url ?? '';
    response.on('close', () => {
      if (!response.writableFinished) cut.add(url);
    });
    if (url.startsWith('/hold')) {
      hits.set(url, (hits.get(url) ?? 0) + 1);
      return;
    }
    if (url.startsWith('/early')) {
      response.writeHead(200, { 'content-type': 'text/plain' }).write('started');
      request.on('end', () => response.end());
      request.resume();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hits.set(request.url ?? '', (hits.get(request.url ?? '') ?? 0) + 1);
      if (request.url === '/broken') {
        response.writeHead(200, { 'content-length': '100' });
        response.write('partial');
        setTimeout(() => response.socket?.destroy(), 20);
        return;
      }
      if (request.url === '/stalled') {
        setTimeout(() => response.writeHead(200).end('stalled'), 3000);
        return;
      }
      if (request.url?.startsWith('/slow')) {
        setTimeout(() => response.writeHead(200).end('slow'), 300);
        return;
      }
      if (request.url === '/fragile' && fragile.down) {
        response.writeHead(500).end('down');
        return;
      }
      if (url === '/connection-options') {
        response.writeHead(200, { connection: 'keep-alive, X-Internal', 'x-internal': 'secret', 'x-public': 'yes' }).end('ok');
        return;
      }
      if (url.startsWith('/flaky') && (flaky.get(url) ?? 0) < 2) {
        flaky.set(url, (flaky.get(url) ?? 0) + 1);
        response.writeHead(503).end('busy');
        return;
      }
      const echo: Echo = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString(),
      };
      response.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'yes' }).end(JSON.stringify(echo));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, hits, fragile, cut };
}

describe(`API gateway (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let gateway: Gateway;
  let gatewayUrl: string;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let origin: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(admin), 'accept-language': 'en' } });
  /** A request through the gateway over plain HTTP: unlike fetch, it may name any Host. */
  const through = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal } = {}) =>
    new Promise<Response>((resolve, reject) => {
      const options = { method: init.method ?? 'GET', headers: init.headers, signal: init.signal };
      const sent = http.request(`${gatewayUrl}${path}`, options, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () =>
          resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode, headers: answer.headers as Record<string, string> })),
        );
      });
      sent.on('error', reject);
      sent.end(init.body);
    });

  /**
   * Writes `text` to a gateway on a socket of its own and reads until the gateway closes it or `waitMs`
   * pass; tells what came back and whether the gateway closed the connection.
   */
  const rawExchange = (url: string, text: string, waitMs = 1000) =>
    new Promise<{ answer: string; closed: boolean }>((resolve) => {
      const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', () => {});
      const timer = setTimeout(() => {
        socket.destroy();
        resolve({ answer: Buffer.concat(chunks).toString(), closed: false });
      }, waitMs);
      socket.on('end', () => socket.destroy());
      socket.on('close', () => {
        clearTimeout(timer);
        resolve({ answer: Buffer.concat(chunks).toString(), closed: true });
      });
      socket.write(text);
    });

  /** Defines and releases a route; the gateway has it once this answers. */
  async function released(
    routeId: string,
    predicates: Definition[],
    filters: Definition[] = [],
    extra: object = {},
  ): Promise<GatewayRoute> {
    const created = await call('POST', '/api/admin/gateway/routes', {
      routeId,
      routeName: routeId,
      orderNum: 10,
      uri: origin,
      predicates,
      filters,
      description: '',
      ...extra,
    });
    expect(created.statusCode, created.body).toBe(200);
    const route = created.json().data as GatewayRoute;
    expect((await call('POST', `/api/admin/gateway/routes/${route.id}/release`)).statusCode).toBe(200);
    await gateway.routes.reload();
    return route;
  }
  const path = (patterns: string) => ({ name: 'Path', args: { patterns } });

  beforeAll(async () => {
    // The clock stands still unless a test moves it: breakers' windows, warm-ups, instance lists and the
    // reported seconds follow it; sockets, upstream timeouts, QPS windows and queue turns keep real time.
    t = await createTestApp();
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

  it('carries traffic only on released routes: unreleased and cancelled ones answer 404 in the caller language', async () => {
    const draft = await call('POST', '/api/admin/gateway/routes', {
      routeId: 'orders',
      routeName: 'Orders',
      orderNum: 1,
      uri: origin,
      predicates: [path('/orders/**')],
      filters: [{ name: 'StripPrefix', args: { parts: '1' } }],
      description: 'Order service',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const route = draft.json().data as GatewayRoute;
    expect(route.status).toBe('unreleased');
    const before = await through('/orders/42', { headers: { 'accept-language': 'zh' } });
    expect(before.status).toBe(404);
    expect(await before.json()).toEqual({ code: 404, message: '没有匹配的路由', data: null });

    await call('POST', `/api/admin/gateway/routes/${route.id}/release`);
    await gateway.routes.reload();
    const passed = await through('/orders/42?full=1', {
      method: 'POST',
      body: '{"qty":3}',
      headers: { 'content-type': 'application/json', host: 'shop.example' },
    });
    expect(passed.status).toBe(200);
    expect(passed.headers.get('x-upstream')).toBe('yes');
    const echo = (await passed.json()) as Echo;
    expect(echo).toMatchObject({ method: 'POST', url: '/42?full=1', body: '{"qty":3}' });
    expect(echo.headers).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http', 'x-forwarded-host': 'shop.example' });

    const deleting = await call('POST', '/api/admin/gateway/routes/delete', { ids: [route.id] });
    expect(deleting.json().message).toBe('A released route cannot be deleted; cancel it first');
    await call('POST', `/api/admin/gateway/routes/${route.id}/cancel`);
    await gateway.routes.reload();
    expect((await through('/orders/42')).status).toBe(404);
    expect((await call('POST', `/api/admin/gateway/routes/${route.id}/cancel`)).json().message).toBe(
      'The route is not in a state that allows this',
    );
  });

  it("names each request by an id the upstream, the client and the logs share: the caller's plain x-request-id or a new one", async () => {
    await released('traced', [path('/traced/**')]);
    const given = await through('/traced/a', { headers: { 'x-request-id': 'shop-7f3a.2' } });
    expect(given.headers.get('x-request-id')).toBe('shop-7f3a.2');
    expect(((await given.json()) as Echo).headers['x-request-id']).toBe('shop-7f3a.2');

    // An id that could forge log lines is replaced, and the new one is the same on both sides.
    const forged = await through('/traced/b', { headers: { 'x-request-id': 'a b"c' } });
    const made = forged.headers.get('x-request-id');
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await forged.json()) as Echo).headers['x-request-id']).toBe(made);

    const own = await through('/nowhere-at-all', { headers: { 'x-request-id': 'lost-1' } });
    expect([own.status, own.headers.get('x-request-id')]).toEqual([404, 'lost-1']);
  });

  it('matches every predicate kind', async () => {
    await released('by-host', [path('/p/host'), { name: 'Host', args: { patterns: '**.school.example' } }]);
    await released('by-method', [path('/p/method'), { name: 'Method', args: { methods: 'PUT,PATCH' } }]);
    await released('by-header', [path('/p/header'), { name: 'Header', args: { header: 'X-Request-Id', regexp: '\\d+' } }]);
    await released('by-query', [path('/p/query'), { name: 'Query', args: { param: 'green', regexp: 'ye.' } }]);
    await released('by-cookie', [path('/p/cookie'), { name: 'Cookie', args: { name: 'tier', regexp: 'gold' } }]);
    await released('by-remote', [path('/p/remote'), { name: 'RemoteAddr', args: { sources: '127.0.0.1/32' } }]);
    await released('by-remote-other', [path('/p/remote-other'), { name: 'RemoteAddr', args: { sources: '10.0.0.0/8' } }]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    await released('after-past', [path('/p/after'), { name: 'After', args: { datetime: past } }]);
    await released('before-past', [path('/p/before'), { name: 'Before', args: { datetime: past } }]);
    await released('between-now', [path('/p/between'), { name: 'Between', args: { datetime1: past, datetime2: future } }]);
    await released('weight-all', [path('/p/weight'), { name: 'Weight', args: { group: 'canary', weight: '1' } }]);
    await released(
      'weight-none',
      [path('/p/weight'), { name: 'Weight', args: { group: 'canary', weight: '0' } }],
      [{ name: 'SetStatus', args: { status: '418' } }],
    );

    const status = async (url: string, init: Parameters<typeof through>[1] = {}) => (await through(url, init)).status;
    expect(await status('/p/host', { headers: { host: 'www.school.example' } })).toBe(200);
    expect(await status('/p/host', { headers: { host: 'www.other.example' } })).toBe(404);
    expect(await status('/p/method', { method: 'PUT' })).toBe(200);
    expect(await status('/p/method')).toBe(404);
    expect(await status('/p/header', { headers: { 'x-request-id': '123' } })).toBe(200);
    expect(await status('/p/header', { headers: { 'x-request-id': 'abc' } })).toBe(404);
    expect(await status('/p/query?green=yes')).toBe(200);
    expect(await status('/p/query?green=no')).toBe(404);
    expect(await status('/p/cookie', { headers: { cookie: 'a=1; tier=gold' } })).toBe(200);
    expect(await status('/p/cookie', { headers: { cookie: 'tier=silver' } })).toBe(404);
    expect(await status('/p/remote')).toBe(200);
    expect(await status('/p/remote-other')).toBe(404);
    expect(await status('/p/after')).toBe(200);
    expect(await status('/p/before')).toBe(404);
    expect(await status('/p/between')).toBe(200);
    for (let i = 0; i < 10; i += 1) expect(await status('/p/weight')).toBe(200);
  });

  it('applies every filter kind', async () => {
    await released('prefix', [path('/f/prefix/**')], [{ name: 'PrefixPath', args: { prefix: '/v2' } }]);
    await released(
      'rewrite',
      [path('/f/rewrite/**')],
      [{ name: 'RewritePath', args: { regexp: '/f/rewrite/(?<rest>.*)', replacement: '/new/$\\{rest}' } }],
    );
    await released('set-path', [path('/f/set/{segment}')], [{ name: 'SetPath', args: { template: '/items/{segment}' } }]);
    await released(
      'headers',
      [path('/f/headers')],
      [
        { name: 'AddRequestHeader', args: { name: 'X-School', value: 'qiming' } },
        { name: 'RemoveRequestHeader', args: { name: 'X-Secret' } },
        { name: 'AddResponseHeader', args: { name: 'X-Served-By', value: 'gateway' } },
      ],
    );
    await released('status', [path('/f/status')], [{ name: 'SetStatus', args: { status: '201' } }]);
    await released('retry', [path('/flaky')], [{ name: 'Retry', args: { retries: '3', statuses: '503', methods: 'GET' } }]);
    await released('size', [path('/f/size')], [{ name: 'RequestSize', args: { maxSize: '10' } }]);

    const echo = async (url: string, init: Parameters<typeof through>[1] = {}) => (await (await through(url, init)).json()) as Echo;
    expect((await echo('/f/prefix/a')).url).toBe('/v2/f/prefix/a');
    expect((await echo('/f/rewrite/x/y')).url).toBe('/new/x/y');
    expect((await echo('/f/set/77')).url).toBe('/items/77');
    const headers = await through('/f/headers', { headers: { 'x-secret': 'token' } });
    expect(headers.headers.get('x-served-by')).toBe('gateway');
    const sent = ((await headers.json()) as Echo).headers;
    expect(sent['x-school']).toBe('qiming');
    expect(sent['x-secret']).toBeUndefined();
    expect((await through('/f/status')).status).toBe(201);
    const retried = await through('/flaky');
    expect(retried.status).toBe(200);
    expect(upstream.hits.get('/flaky')).toBe(3);
    const big = await through('/f/size', { method: 'POST', body: 'more than ten bytes', headers: { 'accept-language': 'en' } });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toBe('The request body exceeds 10 bytes');
    expect((await through('/f/size', { method: 'POST', body: 'short' })).status).toBe(200);
  });

  it('streams bodies both ways, retries a small POST with its body, sends a large one once, and answers 504 past the timeout', async () => {
    await released('retry-post', [path('/flaky-post/**')], [{ name: 'Retry', args: { retries: '3', statuses: '503', methods: 'POST' } }]);
    const retried = await through('/flaky-post/small', { method: 'POST', body: 'hello again', headers: { 'content-type': 'text/plain' } });
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as Echo).body).toBe('hello again');
    expect(upstream.hits.get('/flaky-post/small')).toBe(3);
    // Over 1 MiB the body is streamed on rather than kept, so it cannot be sent again: the 503 comes back.
    const large = 'x'.repeat(3 * 1024 * 1024);
    expect((await through('/flaky-post/large', { method: 'POST', body: large, headers: { 'content-type': 'text/plain' } })).status).toBe(
      503,
    );
    const second = await through('/flaky-post/large', { method: 'POST', body: large, headers: { 'content-type': 'text/plain' } });
    expect(second.status).toBe(503);
    const third = await through('/flaky-post/large', { method: 'POST', body: large, headers: { 'content-type': 'text/plain' } });
    expect(((await third.json()) as Echo).body).toHaveLength(large.length);

    await released('stalled', [path('/stalled')]);
    // undici keeps its timeouts on a coarse clock: the 504 comes within about a second of the limit.
    const impatient = await buildGateway(t.context, { upstreamTimeoutMs: 200 });
    try {
      const impatientUrl = await impatient.app.listen({ host: '127.0.0.1', port: 0 });
      const late = await fetch(`${impatientUrl}/stalled`, { headers: { 'accept-language': 'en' } });
      expect(late.status).toBe(504);
      expect(await late.json()).toEqual({ code: 504, message: 'The upstream service did not answer in time', data: null });
    } finally {
      await impatient.app.close();
    }
  });

  it('sends lb:// routes to the healthy instances the registry holds, and answers 503 and 502 in JSON', async () => {
    const serviceId = await ensureService(
      t.context.db,
      { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'stock' },
      Date.now(),
    );
    const instance = {
      serviceId,
      clusterName: 'DEFAULT',
      ip: '127.0.0.1',
      port: upstream.port,
      weight: 1,
      healthy: true,
      enabled: true,
      ephemeral: false,
      metadata: {},
      beatInterval: 5000,
      beatTimeout: 15000,
      deleteTimeout: 30000,
    };
    await released('stock', [path('/stock/**')], [], { uri: 'lb://stock' });
    const none = await through('/stock/1', { headers: { 'accept-language': 'en' } });
    expect(none.status).toBe(503);
    expect(await none.json()).toEqual({ code: 503, message: 'The service has no healthy instance', data: null });

    // The gateway reads a service's instances again once a second.
    await upsertInstance(t.context.db, instance, t.clock.now());
    expect((await through('/stock/1')).status).toBe(503);
    t.clock.advance(1_000);
    expect((await through('/stock/1')).status).toBe(200);
    await upsertInstance(t.context.db, { ...instance, healthy: false }, t.clock.now());
    t.clock.advance(1_000);
    expect((await through('/stock/1')).status).toBe(503);
    await deleteInstance(t.context.db, instance);

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await released('dead', [path('/dead')], [], { uri: `http://127.0.0.1:${deadPort}` });
    const dead = await through('/dead', { headers: { 'accept-language': 'en' } });
    expect(dead.status).toBe(502);
    expect(await dead.json()).toEqual({ code: 502, message: 'The upstream service cannot be reached', data: null });
  });

  it('tells which released route would take a typed request and where it would send it', async () => {
    const test = async (body: object) => {
      const response = await call('POST', '/api/admin/gateway/routes/test', body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    expect(await test({ method: 'GET', url: '/f/set/9?x=1' })).toEqual({
      matched: true,
      id: expect.any(Number),
      routeId: 'set-path',
      routeName: 'set-path',
      target: `${origin}/items/9?x=1`,
      variables: { segment: '9' },
    });
    expect((await test({ method: 'GET', url: '/p/host', host: 'a.school.example' })).routeId).toBe('by-host');
    expect((await test({ method: 'GET', url: '/p/header', headers: 'X-Request-Id: 12' })).routeId).toBe('by-header');
    expect(await test({ method: 'GET', url: '/orders/1' })).toEqual({ matched: false });
    expect((await call('POST', '/api/admin/gateway/routes/test', { method: 'GET', url: 'no-slash' })).statusCode).toBe(400);
    const reader = await signIn(t.app, staff);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/gateway/routes/test',
      payload: { url: '/' },
      headers: bearer(reader),
    });
    expect(refused.statusCode).toBe(403);
  });

  const rule = async (body: object) => {
    const response = await call('POST', '/api/admin/gateway/flow-rules', {
      grade: 'qps',
      intervalSec: 60,
      burst: 0,
      controlBehavior: 'reject',
      paramStrategy: 'none',
      paramField: '',
      enabled: true,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(200);
    await gateway.routes.reload();
    return response.json().data;
  };

  it('lets a route carry its QPS and burst, then answers 429 with X-RateLimit headers and Retry-After', async () => {
    await released('limited', [path('/limited/**')]);
    await rule({ resourceMode: 'route', resource: 'limited', count: 2, burst: 1 });
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await through('/limited/x', { headers: { 'accept-language': 'en' } }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    const refused = answers[3] as Response;
    expect(refused.headers.get('x-ratelimit-limit')).toBe('3');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many requests; try again in \d+ s$/);
  });

  it('counts an API group per header value, and refuses a rule for a missing resource or without its field', async () => {
    await released('reports', [path('/reports/**')]);
    const group = await call('POST', '/api/admin/gateway/api-groups', {
      apiName: 'reports',
      description: '',
      items: [{ name: 'prefix', args: { pattern: '/reports/' } }],
    });
    expect(group.statusCode, group.body).toBe(200);
    await rule({ resourceMode: 'apiGroup', resource: 'reports', count: 1, paramStrategy: 'header', paramField: 'X-Tenant' });
    const tenant = async (name: string) => (await through('/reports/daily', { headers: { 'x-tenant': name } })).status;
    expect([await tenant('a'), await tenant('a'), await tenant('b')]).toEqual([200, 429, 200]);

    const missing = await call('POST', '/api/admin/gateway/flow-rules', {
      resourceMode: 'route',
      resource: 'nowhere',
      grade: 'qps',
      count: 1,
      intervalSec: 1,
      burst: 0,
      controlBehavior: 'reject',
      paramStrategy: 'none',
      paramField: '',
    });
    expect(missing.json().message).toBe('There is no route or API group named nowhere');
    const noField = await call('POST', '/api/admin/gateway/flow-rules', {
      resourceMode: 'route',
      resource: 'reports',
      grade: 'qps',
      count: 1,
      intervalSec: 1,
      burst: 0,
      controlBehavior: 'reject',
      paramStrategy: 'cookie',
      paramField: '',
    });
    expect(noField.statusCode).toBe(400);
    const inUse = await call('POST', '/api/admin/gateway/api-groups/delete', { ids: [group.json().data.id] });
    expect(inUse.json().message).toBe('Flow rules still use this API group; it cannot be deleted');
    const route = (await call('GET', '/api/admin/gateway/routes?routeId=limited')).json().data.records[0];
    await call('POST', `/api/admin/gateway/routes/${route.id}/cancel`);
    const guarded = await call('POST', '/api/admin/gateway/routes/delete', { ids: [route.id] });
    expect(guarded.json().message).toBe('Flow rules use this route; it cannot be deleted nor its ID changed');
  });

  it('holds a concurrency rule to its requests in flight', async () => {
    await released('slow', [path('/slow')]);
    await rule({ resourceMode: 'route', resource: 'slow', grade: 'concurrency', count: 1 });
    const [first, second] = await Promise.all([
      through('/slow'),
      new Promise((resolve) => setTimeout(resolve, 50)).then(() => through('/slow')),
    ]);
    expect([first.status, second.status]).toEqual([200, 429]);
    expect((await through('/slow')).status).toBe(200);
    const queued = await call('POST', '/api/admin/gateway/flow-rules', {
      resourceMode: 'route',
      resource: 'slow',
      grade: 'concurrency',
      count: 1,
      intervalSec: 1,
      burst: 0,
      controlBehavior: 'queue',
      paramStrategy: 'none',
      paramField: '',
    });
    expect(queued.statusCode).toBe(400);
    expect(queued.json().message).toBe('A requests-in-flight rule can only refuse');
  });

  it('lets a cold warm-up rule pass a third of its threshold, and the full threshold once traffic has kept coming', async () => {
    await released('warm', [path('/warm/**')]);
    await rule({ resourceMode: 'route', resource: 'warm', count: 30, intervalSec: 1, controlBehavior: 'warmUp', warmUpPeriodSec: 2 });
    // A burst sent at once lands in one counting window however slow the machine is.
    const passed = async (times: number) => {
      const answers = await Promise.all(Array.from({ length: times }, () => through('/warm/x')));
      return answers.filter((answer) => answer.status === 200).length;
    };
    // The clock stands still through the burst, so it does not warm the rule: exactly 30 / 3, where a
    // rule without warm-up lets all 20 through.
    expect(await passed(20)).toBe(10);
    // Steady traffic on the clock, never a second apart, for the warm-up period.
    for (let elapsed = 0; elapsed < 2_000; elapsed += 250) {
      t.clock.advance(250);
      await through('/warm/x');
    }
    t.clock.advance(250);
    // The requests so far filled the cluster's counting window, which keeps real time: a second on, a new one has begun.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await passed(25)).toBe(25);
  });

  it('queues requests evenly apart and refuses those whose turn is further away than the maximum wait', async () => {
    await released('queued', [path('/queued/**')]);
    // Turns 2 s apart and at most 3 s of waiting: of five sent together, the second waits about 2 s and the
    // third's turn (4 s away) is refused at once. The margins hold while the five arrive within a second of
    // each other, as they do on a loaded machine too.
    await rule({ resourceMode: 'route', resource: 'queued', count: 1, intervalSec: 2, controlBehavior: 'queue', maxQueueingTimeMs: 3000 });
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => through('/queued/x').then((response) => ({ status: response.status, ms: Date.now() - started }))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 429, 429, 429]);
    const passedAfter = answers.filter((answer) => answer.status === 200).map((answer) => answer.ms);
    expect(Math.max(...passedAfter)).toBeGreaterThanOrEqual(1500);
    expect(Math.max(...answers.filter((answer) => answer.status === 429).map((answer) => answer.ms))).toBeLessThan(1500);
  });

  const degrade = async (body: object) => {
    const response = await call('POST', '/api/admin/gateway/degrade-rules', {
      resourceMode: 'route',
      slowRatioThreshold: 1,
      statIntervalMs: 60_000,
      timeWindow: 1,
      enabled: true,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(200);
    await gateway.routes.reload();
    return response.json().data.id as number;
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

  it('opens a breaker after too many errors, answers 503 without calling the upstream, and closes it on a good probe', async () => {
    await released('fragile', [path('/fragile')]);
    await degrade({ resource: 'fragile', grade: 'errorCount', count: 2, minRequestAmount: 3 });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await through('/fragile')).status);
      await settle();
    }
    expect(statuses).toEqual([500, 500, 500]);
    const open = await through('/fragile', { headers: { 'accept-language': 'en' } });
    expect(open.status).toBe(503);
    expect(((await open.json()) as { message: string }).message).toBe(
      'The service is cut off for a while after failing; try again shortly',
    );
    expect(upstream.hits.get('/fragile')).toBe(3);

    upstream.fragile.down = false;
    t.clock.advance(999);
    expect((await through('/fragile')).status).toBe(503);
    // Its time window of one second over, one probe goes through and closes it.
    t.clock.advance(1);
    expect((await through('/fragile')).status).toBe(200);
    await settle();
    expect((await through('/fragile')).status).toBe(200);
    expect(upstream.hits.get('/fragile')).toBe(5);
  });

  it('does not count clients that hang up against a breaker, while an upstream that breaks off its answer counts', async () => {
    await released('patient', [path('/slow/patient')]);
    const ruleId = await degrade({ resource: 'patient', grade: 'errorCount', count: 1, minRequestAmount: 2 });
    for (let i = 0; i < 4; i += 1) {
      const leaving = new AbortController();
      const asked = through('/slow/patient', { signal: leaving.signal }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
      leaving.abort();
      await asked;
      await settle();
    }
    expect(gateway.routes.breakers.states()).toContainEqual({ ruleId, state: 'closed' });
    expect((await through('/slow/patient')).status).toBe(200);

    await released('broken', [path('/broken')]);
    const brokenRule = await degrade({ resource: 'broken', grade: 'errorCount', count: 1, minRequestAmount: 2 });
    for (let i = 0; i < 2; i += 1) {
      await expect(through('/broken')).rejects.toThrow();
      await settle();
    }
    expect(gateway.routes.breakers.states()).toContainEqual({ ruleId: brokenRule, state: 'open' });
  });

  it('half-opens a slow-call breaker for one probe only, and opens it again when the probe is slow', async () => {
    await released('sluggish', [path('/slow/**')]);
    await degrade({ resource: 'sluggish', grade: 'slowRatio', count: 100, slowRatioThreshold: 0.5, minRequestAmount: 2 });
    for (let i = 0; i < 2; i += 1) {
      expect((await through('/slow/a')).status).toBe(200);
      await settle();
    }
    expect((await through('/slow/a')).status).toBe(503);
    t.clock.advance(1_000);
    const [probe, other] = await Promise.all([
      through('/slow/a'),
      new Promise((resolve) => setTimeout(resolve, 50)).then(() => through('/slow/a')),
    ]);
    expect([probe.status, other.status]).toEqual([200, 503]);
    await settle();
    expect((await through('/slow/a')).status).toBe(503);
    const refused = await call('POST', '/api/admin/gateway/degrade-rules', {
      resourceMode: 'route',
      resource: 'sluggish',
      grade: 'errorRatio',
      count: 2,
      slowRatioThreshold: 1,
      minRequestAmount: 1,
      statIntervalMs: 1000,
      timeWindow: 1,
    });
    expect(refused.statusCode).toBe(400);
  });

  it("reports each gateway's last second of traffic by route and its breakers' states", async () => {
    const rules = (await call('GET', '/api/admin/gateway/degrade-rules')).json().data.records as Array<{ id: number; resource: string }>;
    const sluggish = rules.find((candidate) => candidate.resource === 'sluggish');
    await released('metered', [path('/metered/**')]);
    const state = async () => {
      const response = await call('GET', '/api/admin/gateway/state');
      expect(response.statusCode).toBe(200);
      return response.json().data as GatewayProcessState[];
    };
    for (let i = 0; i < 3; i += 1) expect((await through('/metered/x')).status).toBe(200);
    // A gateway reports the second before its clock's, once a second: the next report after this one is over has the three.
    t.clock.advance(1_000);
    await expect
      .poll(
        async () => {
          const [process] = await state();
          const metered = process?.routes.find((route) => route.routeId === 'metered');
          return {
            serverId: process?.serverId,
            metered: metered && { passed: metered.passed, succeeded: metered.succeeded, failed: metered.failed, blocked: metered.blocked },
            breaker: process?.breakers.find((breaker) => breaker.ruleId === sluggish?.id)?.state,
          };
        },
        { timeout: 4_000, interval: 100 },
      )
      .toEqual({ serverId: t.context.cluster.serverId, metered: { passed: 3, succeeded: 3, failed: 0, blocked: 0 }, breaker: 'open' });
  });

  it('refuses a bad regular expression, an unknown filter, a bad URI or a duplicate id, naming the element, and stores nothing', async () => {
    const count = async () => (await t.context.db.selectFrom('gw_route').select('id').execute()).length;
    const before = await count();
    const base = { routeId: 'bad', routeName: 'Bad', orderNum: 1, uri: origin, predicates: [path('/bad')], filters: [], description: '' };
    const refusals: Array<[object, string]> = [
      [
        { predicates: [{ name: 'Header', args: { header: 'X-A', regexp: '([' } }] },
        'predicates.0.args.regexp (Header): Not a valid regular expression: ([',
      ],
      [{ filters: [{ name: 'Teleport', args: {} }] }, 'Teleport: Not supported: Teleport'],
      [{ predicates: [] }, 'At least one predicate is needed'],
      [{ uri: 'ftp://files.example' }, 'The URI is http(s)://host:port or lb://service'],
      [{ routeId: 'orders' }, 'A route with this ID already exists'],
      [{ routeName: 'Orders' }, 'A route with this name already exists'],
    ];
    for (const [change, message] of refusals) {
      const response = await call('POST', '/api/admin/gateway/routes', { ...base, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it('drops the headers a Connection header names, from the request and from the answer', async () => {
    await released('connection-options', [path('/connection-options')]);
    const answered = await through('/connection-options', { headers: { connection: 'keep-alive, X-Secret', 'x-secret': 'hop' } });
    expect(answered.headers.get('x-public')).toBe('yes');
    expect(answered.headers.get('x-internal')).toBeNull();
    await released('connection-echo', [path('/connection-echo')]);
    const echo = (await (
      await through('/connection-echo', { headers: { connection: 'keep-alive, X-Secret', 'x-secret': 'hop', 'x-kept': 'end' } })
    ).json()) as Echo;
    expect(echo.headers['x-secret']).toBeUndefined();
    expect(echo.headers['x-kept']).toBe('end');
  });

  it("sets X-Forwarded-Proto and -Host from what it saw, passes no client's forwarding claims, and appends to X-Forwarded-For", async () => {
    await released('forwarding', [path('/forwarding')]);
    const echo = (await (
      await through('/forwarding', {
        headers: {
          host: 'shop.example',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'bank.example',
          'x-forwarded-port': '443',
          'x-forwarded-prefix': '/admin',
          forwarded: 'for=10.0.0.1;host=bank.example;proto=https',
          'x-real-ip': '10.0.0.1',
          'x-forwarded-for': '10.0.0.2',
        },
      })
    ).json()) as Echo;
    expect(echo.headers).toMatchObject({
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'shop.example',
      'x-forwarded-for': '10.0.0.2, 127.0.0.1',
    });
    for (const claim of ['x-forwarded-port', 'x-forwarded-prefix', 'forwarded', 'x-real-ip']) expect(echo.headers[claim]).toBeUndefined();
  });

  it('holds RequestSize for a chunked body: 413 while nothing is answered yet, else the answer is cut; the upstream request is broken off', async () => {
    await released('size-chunked', [path('/size-chunked,/early-sized')], [{ name: 'RequestSize', args: { maxSize: '10' } }]);
    /**
     * A POST without Content-Length (so chunked), its body written in `parts` 50 ms apart; `restAfterAnswer`
     * holds the parts after the first until the answer has begun, however slowly the machine runs.
     */
    const chunked = (url: string, parts: string[], restAfterAnswer = false) =>
      new Promise<{ status?: number; headers: http.IncomingHttpHeaders; body: string; complete: boolean }>((resolve, reject) => {
        let answered = () => {};
        const begun = new Promise<void>((resolve) => {
          answered = resolve;
        });
        const sent = http.request(`${gatewayUrl}${url}`, { method: 'POST', headers: { 'accept-language': 'en' } }, (answer) => {
          answered();
          let body = '';
          answer.on('data', (chunk: Buffer) => {
            body += chunk.toString();
          });
          const done = () => resolve({ status: answer.statusCode, headers: answer.headers, body, complete: answer.complete });
          answer.on('end', done);
          answer.on('aborted', done);
          answer.on('error', done);
        });
        sent.on('error', reject);
        const write = (index: number) => {
          if (index === parts.length) sent.end();
          else
            sent.write(parts[index], () => {
              const next = () => setTimeout(() => write(index + 1), 50);
              if (index === 0 && restAfterAnswer) void begun.then(next);
              else next();
            });
        };
        write(0);
      });
    const small = await chunked('/size-chunked', ['12345', '6789']);
    expect(small.status).toBe(200);
    expect((JSON.parse(small.body) as Echo).body).toBe('123456789');

    const big = await chunked('/size-chunked', ['123456', '789012', '345678']);
    expect(big.status).toBe(413);
    expect(big.headers.connection).toBe('close');
    expect(JSON.parse(big.body)).toEqual({ code: 413, message: 'The request body exceeds 10 bytes', data: null });
    // The first part had gone on: the upstream saw its request broken off, never a whole one.
    await expect.poll(() => upstream.cut.has('/size-chunked')).toBe(true);

    // This upstream answers before it has read the body: the answer is cut off where the limit is passed.
    const early = await chunked('/early-sized', ['123456', '789012', '345678'], true);
    expect(early.status).toBe(200);
    expect(early.complete).toBe(false);
    await expect.poll(() => upstream.cut.has('/early-sized')).toBe(true);
  });

  it('closes the connection after a 413 for a declared Content-Length rather than reading the refused body', async () => {
    await released('size-declared', [path('/size-declared')], [{ name: 'RequestSize', args: { maxSize: '10' } }]);
    const { answer, closed } = await rawExchange(
      gatewayUrl,
      'POST /size-declared HTTP/1.1\r\nHost: gateway\r\nAccept-Language: en\r\nContent-Length: 100000000\r\n\r\nfirst bytes',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('The request body exceeds 10 bytes');
    expect(closed).toBe(true);
  });

  it('breaks the upstream request off when the client goes away before the answer', async () => {
    await released('hold-left', [path('/hold-left')]);
    const sent = http.request(`${gatewayUrl}/hold-left`);
    sent.on('error', () => {});
    sent.end();
    await expect.poll(() => upstream.hits.get('/hold-left'), { timeout: 2000 }).toBe(1);
    sent.destroy();
    // Not after the gateway's 30 s upstream timeout: at once.
    await expect.poll(() => upstream.cut.has('/hold-left'), { timeout: 2000 }).toBe(true);

    // A client that left while its request waited in a queue is not forwarded when its turn comes.
    await released('hold-queued', [path('/hold-queued')]);
    await rule({
      resourceMode: 'route',
      resource: 'hold-queued',
      count: 1,
      intervalSec: 1,
      controlBehavior: 'queue',
      maxQueueingTimeMs: 2000,
    });
    const requests = ['first', 'queued'].map((name) => {
      const queued = http.request(`${gatewayUrl}/hold-queued?${name}`);
      queued.on('error', () => {});
      queued.end();
      return queued;
    });
    await expect.poll(() => upstream.hits.get('/hold-queued?first'), { timeout: 2000 }).toBe(1);
    for (const queued of requests) queued.destroy();
    // Its turn comes a second after the first's: once the gateway has let it past the queue, it is not sent on.
    const passedQueue = () => t.context.traffic.everything().get('route')?.get('hold-queued')?.passed;
    await expect.poll(passedQueue, { timeout: 3000, interval: 50 }).toBe(2);
    await settle();
    expect(upstream.hits.get('/hold-queued?queued')).toBeUndefined();
  });

  it('closes a client connection that stays silent mid-request past the upstream timeout, and the upstream request with it', async () => {
    await released('hold-silent', [path('/hold-silent')]);
    const impatient = await buildGateway(t.context, { upstreamTimeoutMs: 200 });
    try {
      const impatientUrl = await impatient.app.listen({ host: '127.0.0.1', port: 0 });
      // Three of the ten bytes promised, then nothing: undici's timeouts do not run while a request is being sent.
      const started = Date.now();
      const { closed } = await rawExchange(
        impatientUrl,
        'POST /hold-silent HTTP/1.1\r\nHost: gateway\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\nabc',
        6000,
      );
      expect(closed).toBe(true);
      expect(Date.now() - started).toBeLessThan(4000);
      await expect.poll(() => upstream.cut.has('/hold-silent'), { timeout: 2000 }).toBe(true);
    } finally {
      await impatient.app.close();
    }
  });
});
