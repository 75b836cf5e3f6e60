import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Definition, RouteInput } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../src/modules/governance/gateway/gatewayServer.ts';
import { insertRoute, setRouteStatus } from '../src/modules/governance/gateway/routeRepo.ts';
import { UpstreamPolicy } from '../src/modules/outbound/upstreamPolicy.ts';
import { bearer, createTestApp, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

/** A listener that counts what reaches it: `/hold…` never answers, `/redirect` sends the client inside. */
async function listener(host: string, port = 0, redirectTo = '') {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url?.startsWith('/hold')) return;
    if (request.url === '/redirect') return response.writeHead(302, { location: redirectTo }).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: request.url, host: request.headers.host }));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return { server, hits, port: (server.address() as AddressInfo).port };
}

async function freePort(): Promise<number> {
  const probe = await listener('127.0.0.2');
  await new Promise((resolve) => probe.server.close(resolve));
  return probe.port;
}

const client = `username=${sysadmin.userName}&password=${encodeURIComponent(sysadmin.password)}`;
const path = (patterns: string): Definition => ({ name: 'Path', args: { patterns } });

/**
 * The gateway as an attacker holding only gateway grants, or none, would use it. The upstream allow-list
 * opens the public internet and one loopback address, 127.0.0.2, where the allowed upstream listens;
 * `inside` (127.0.0.1) stands for an internal service, `self` (127.0.0.2 on the server's PORT) for
 * Qiming's own API. Neither may ever be reached through a route.
 */
describe(`gateway abuse (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let gateway: Gateway;
  let gatewayUrl: string;
  let inside: Awaited<ReturnType<typeof listener>>;
  let allowed: Awaited<ReturnType<typeof listener>>;
  let self: Awaited<ReturnType<typeof listener>>;

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(admin), 'accept-language': 'en' } });
  const routeInput = (routeId: string, uri: string, predicates: Definition[] = [path(`/${routeId}/**`)], filters: Definition[] = []) => ({
    routeId,
    routeName: routeId,
    orderNum: 10,
    uri,
    predicates,
    filters,
    description: '',
  });
  /** Saved through the API and released; the gateway has it once this answers. */
  async function saved(input: ReturnType<typeof routeInput>) {
    const created = await call('POST', '/api/admin/gateway/routes', input);
    expect(created.statusCode, created.body).toBe(200);
    expect((await call('POST', `/api/admin/gateway/routes/${created.json().data.id}/release`)).statusCode).toBe(200);
    await gateway.routes.reload();
  }
  /** Stored and released past the API's checks, as a route saved before the allow-list changed is. */
  async function storedEarlier(input: ReturnType<typeof routeInput>) {
    const id = await insertRoute(t.context.db, input as RouteInput, Date.now());
    await setRouteStatus(t.context.db, id, 'released', Date.now());
    await gateway.routes.reload();
  }
  const register = (service: string, ip: string, port: number) =>
    t.app.inject({
      method: 'POST',
      url: `/nacos/v1/ns/instance?${client}&serviceName=${service}&ip=${encodeURIComponent(ip)}&port=${port}&ephemeral=false`,
      headers: { 'accept-language': 'en' },
    });
  const routeCount = async () => (await t.context.db.selectFrom('gw_route').select('id').execute()).length;
  const through = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${gatewayUrl}${url}`, { headers: { 'accept-language': 'en', ...headers }, redirect: 'manual' });
  const badGateway = { code: 502, message: 'The upstream service cannot be reached', data: null };

  beforeAll(async () => {
    const ownPort = await freePort();
    t = await createTestApp({ realTime: true, config: { port: ownPort, gatewayUpstreamAllow: ['0.0.0.0/0', '::/0', '127.0.0.2'] } });
    admin = await signIn(t.app, sysadmin);
    inside = await listener('127.0.0.1');
    allowed = await listener('127.0.0.2', 0, `http://127.0.0.1:${inside.port}/secret`);
    self = await listener('127.0.0.2', ownPort);
    gateway = await buildGateway(t.context);
    gatewayUrl = await gateway.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await gateway?.app.close();
    for (const each of [inside, allowed, self]) each?.server.close();
    await t?.close();
  });

  it.each([
    ['loopback', () => `http://127.0.0.1:${inside.port}`, 'the address 127.0.0.1 is not on'],
    ['loopback as one number', () => `http://2130706433:${inside.port}`, 'the address 127.0.0.1 is not on'],
    ['loopback in hex', () => `http://0x7f.1:${inside.port}`, 'the address 127.0.0.1 is not on'],
    ['a name for loopback', () => `http://localhost:${inside.port}`, 'is not on'],
    ['the metadata service', () => 'http://169.254.169.254', '169.254.169.254 is a link-local or cloud metadata address'],
    ["Alibaba Cloud's metadata service", () => 'http://100.100.100.200', '100.100.100.200 is a link-local or cloud metadata address'],
    ['a private range', () => 'http://10.20.2.21:8081', 'the address 10.20.2.21 is not on'],
    ['another private range', () => 'http://192.168.1.10', 'the address 192.168.1.10 is not on'],
    ["Qiming's own port on an allowed address", () => `http://127.0.0.2:${self.port}`, "is Qiming's own server or gateway port"],
    ["Qiming's own port by name", () => `http://localhost:${self.port}`, "is Qiming's own server or gateway port"],
  ])('refuses a route to %s at save, naming the field and the reason, and stores nothing', async (_name, uri, reason) => {
    const before = await routeCount();
    const answer = await call('POST', '/api/admin/gateway/routes', routeInput('internal', uri()));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/^uri: the gateway may not send requests to /);
    expect(answer.json().message).toContain(reason);
    expect(await routeCount()).toBe(before);
  });

  it('answers the refusal in the caller language', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/gateway/routes',
      payload: routeInput('metadata', 'http://169.254.169.254'),
      headers: { ...bearer(admin), 'accept-language': 'zh' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('uri：网关不能向 169.254.169.254 转发请求：169.254.169.254 是链路本地或云元数据地址，始终禁止');
  });

  it('saves and carries a route to an allowed upstream', async () => {
    await saved(routeInput('open', `http://127.0.0.2:${allowed.port}`));
    const answer = await through('/open/x');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ url: '/open/x', host: `127.0.0.2:${allowed.port}` });
  });

  it.each([
    ['loopback', () => `http://127.0.0.1:${inside.port}`, () => inside],
    ['a name for loopback', () => `http://localhost:${inside.port}`, () => inside],
    ["Qiming's own port", () => `http://127.0.0.2:${self.port}`, () => self],
  ])('answers 502 without calling %s when a route stored earlier leads there', async (name, uri, target) => {
    const routeId = `earlier-${name.replaceAll(/\W/g, '')}`;
    await storedEarlier(routeInput(routeId, uri()));
    const answer = await through(`/${routeId}/secret`);
    expect(answer.status).toBe(502);
    expect(await answer.json()).toEqual(badGateway);
    expect(target().hits).toEqual([]);
  });

  it('refuses to release again a route stored earlier with an internal upstream or a pattern RE2 cannot run', async () => {
    for (const [routeId, uri, predicates, reason] of [
      ['earlier-inside', `http://127.0.0.1:${inside.port}`, [path('/x')], /^uri: the gateway may not send requests to 127\.0\.0\.1/],
      [
        'earlier-pattern',
        `http://127.0.0.2:${allowed.port}`,
        [path('/x'), { name: 'Header', args: { header: 'X', regexp: '(a)\\1' } }],
        /^predicates\.1\.args\.regexp: /,
      ],
    ] as const) {
      const id = await insertRoute(t.context.db, routeInput(routeId, uri, [...predicates]) as RouteInput, Date.now());
      await setRouteStatus(t.context.db, id, 'cancelled', Date.now());
      const release = await call('POST', `/api/admin/gateway/routes/${id}/release`);
      expect(release.statusCode).toBe(400);
      expect(release.json().message).toMatch(reason);
      expect((await call('GET', `/api/admin/gateway/routes/${id}`)).json().data.status).toBe('cancelled');
    }
  });

  it('passes a redirect to an internal address back to the client without following it', async () => {
    await saved(routeInput('bounce', `http://127.0.0.2:${allowed.port}`, [path('/redirect')]));
    const answer = await through('/redirect');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`http://127.0.0.1:${inside.port}/secret`);
    expect(inside.hits).toEqual([]);
  });

  it.each([['169.254.169.254'], ['::ffff:169.254.169.254'], ['64:ff9b::a9fe:a9fe'], ['fe80::1'], ['fd00:ec2::254'], ['100.100.100.200']])(
    'refuses to register an instance at %s through the Nacos API',
    async (ip) => {
      const answer = await register('metadata-stock', ip, 80);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(
        `ip: an instance may not be registered at ${ip}: link-local and cloud metadata addresses are refused`,
      );
      const listed = await t.app.inject({ method: 'GET', url: `/nacos/v1/ns/instance/list?${client}&serviceName=metadata-stock` });
      expect(listed.json().hosts ?? []).toEqual([]);
    },
  );

  it.each([['127.0.0.1'], ['::ffff:127.0.0.1'], ['64:ff9b::7f00:1'], ['::1']])(
    'refuses an lb:// route at save while its service has an instance at %s',
    async (ip) => {
      const service = `inner-${ip.replaceAll(/\W/g, '')}`;
      expect((await register(service, ip, inside.port)).statusCode).toBe(200);
      const answer = await call('POST', '/api/admin/gateway/routes', routeInput(service, `lb://${service}`));
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain(`uri: the gateway may not send requests to lb://${service} (${ip}:${inside.port})`);
    },
  );

  it('never calls an instance registered at an internal address after the route was saved, and answers 502 when only such are left', async () => {
    expect((await register('stock', '127.0.0.2', allowed.port)).statusCode).toBe(200);
    await saved(routeInput('stock', 'lb://stock'));
    expect((await register('stock', '127.0.0.1', inside.port)).statusCode).toBe(200);
    // Instance lists are re-read every second: a second later the gateway has seen the new one.
    t.clock.advance(1_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => through('/stock/1')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/nacos/v1/ns/instance?${client}&serviceName=stock&ip=127.0.0.2&port=${allowed.port}&ephemeral=false`,
    });
    expect(gone.statusCode).toBe(200);
    t.clock.advance(1_000);
    expect((await through('/stock/1')).status).toBe(502);
    expect(await (await through('/stock/1')).json()).toEqual(badGateway);
    expect(inside.hits).toEqual([]);
  });

  /** A request whose answer must come at once, however the pattern would backtrack: 10,000 characters of it. */
  async function quickly(url: string, headers: Record<string, string> = {}) {
    const started = performance.now();
    const answer = await through(url, headers);
    await answer.arrayBuffer();
    // Backtracking would take years on these inputs; 1 s leaves a loaded 2-core machine room.
    expect(performance.now() - started).toBeLessThan(1000);
    return answer.status;
  }
  const long = 'a'.repeat(10_000);

  it('matches catastrophic header, query and cookie patterns in linear time', async () => {
    const predicate = (name: string, args: Record<string, string>) => ({ name, args });
    await saved(
      routeInput('redos-header', `http://127.0.0.2:${allowed.port}`, [
        path('/redos/**'),
        predicate('Header', { header: 'X-Probe', regexp: '(a+)+b' }),
      ]),
    );
    await saved(
      routeInput('redos-query', `http://127.0.0.2:${allowed.port}`, [
        path('/redos/**'),
        predicate('Query', { param: 'q', regexp: '(a|aa)+$' }),
      ]),
    );
    await saved(
      routeInput('redos-cookie', `http://127.0.0.2:${allowed.port}`, [
        path('/redos/**'),
        predicate('Cookie', { name: 'c', regexp: '(.*a){20}' }),
      ]),
    );
    expect(await quickly('/redos/1', { 'x-probe': long })).toBe(404);
    expect(await quickly(`/redos/1?q=${long}b`)).toBe(404);
    expect(await quickly('/redos/1', { cookie: `c=${long}` })).toBe(200);
    expect(await quickly('/redos/1', { 'x-probe': `${long}b` })).toBe(200);
    expect(await quickly('/redos/1', { cookie: `c=${'b'.repeat(10_000)}` })).toBe(404);
  });

  it('matches a path pattern of many ** and an API group regex in linear time', async () => {
    await saved(routeInput('redos-path', `http://127.0.0.2:${allowed.port}`, [path('/deep/**/**/**/**/**/**/**/**/x')]));
    expect(await quickly(`/deep/${'a/'.repeat(5_000)}y`)).toBe(404);
    expect(await quickly('/deep/a/b/x')).toBe(200);
    await saved(routeInput('redos-segment', `http://127.0.0.2:${allowed.port}`, [path('/seg/*a*a*a*a*a*x/{id}')]));
    expect(await quickly(`/seg/${long}/1`)).toBe(404);
    expect(await (await through('/seg/aaaaax/7')).json()).toMatchObject({ url: '/seg/aaaaax/7' });
    const group = await call('POST', '/api/admin/gateway/api-groups', {
      apiName: 'redos-group',
      description: '',
      items: [{ name: 'regex', args: { pattern: '/open/(a+)+b' } }],
    });
    expect(group.statusCode, group.body).toBe(200);
    await gateway.routes.reload();
    expect(await quickly(`/open/${long}`)).toBe(200);
  });

  it('rewrites paths with Spring named groups on RE2', async () => {
    const rewrite = { name: 'RewritePath', args: { regexp: '/rw/(?<segment>.*)', replacement: '/$\\{segment}' } };
    await saved(routeInput('rewrite', `http://127.0.0.2:${allowed.port}`, [path('/rw/**')], [rewrite]));
    expect(await (await through('/rw/a/b?x=1')).json()).toMatchObject({ url: '/a/b?x=1' });
  });

  it.each([
    [
      'a back-reference',
      [path('/p'), { name: 'Header', args: { header: 'X-A', regexp: '(a)\\1' } }],
      [],
      'predicates.1.args.regexp',
      'not a regular expression RE2 can run',
    ],
    [
      'a look-ahead',
      [path('/p')],
      [{ name: 'RewritePath', args: { regexp: '/x(?=y)', replacement: '/' } }],
      'filters.0.args.regexp',
      'no back-references or look-arounds',
    ],
    [
      'a pattern too long',
      [path('/p'), { name: 'Query', args: { param: 'q', regexp: 'a'.repeat(501) } }],
      [],
      'predicates.1.args.regexp',
      'at most 500 characters',
    ],
  ])('refuses %s at save, naming the field', async (_name, predicates, filters, field, reason) => {
    const before = await routeCount();
    const answer = await call(
      'POST',
      '/api/admin/gateway/routes',
      routeInput('refused', `http://127.0.0.2:${allowed.port}`, predicates, filters),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: the pattern .* is refused: .*${reason}`));
    expect(await routeCount()).toBe(before);
  });

  it('refuses an API group regex RE2 cannot run, naming the field', async () => {
    const answer = await call('POST', '/api/admin/gateway/api-groups', {
      apiName: 'refused-group',
      description: '',
      items: [
        { name: 'prefix', args: { pattern: '/a' } },
        { name: 'regex', args: { pattern: '(?<=a)b' } },
      ],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/^items\.1\.args\.pattern: the pattern \(\?<=a\)b is refused/);
  });

  it('answers 504 to every request queued behind busy upstream connections past the timeout, cutting none off', async () => {
    await saved(routeInput('queued', `http://127.0.0.2:${allowed.port}`, [path('/hold-queue/**')]));
    const impatient = await buildGateway(t.context, { upstreamTimeoutMs: 1000, upstreamConnections: 1 });
    try {
      const impatientUrl = await impatient.app.listen({ host: '127.0.0.1', port: 0 });
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          fetch(`${impatientUrl}/hold-queue/${index}`, { headers: { 'accept-language': 'en' } }).then(
            async (answer) => ({ status: answer.status, body: await answer.json() }),
            (error: Error) => ({ status: 0, body: error.message }),
          ),
        ),
      );
      const timeout = { status: 504, body: { code: 504, message: 'The upstream service did not answer in time', data: null } };
      expect(answers).toEqual(Array(8).fill(timeout));
    } finally {
      await impatient.app.close();
    }
  });

  it("releases in the demo only a route the default allow-list lets the gateway call, and keeps the one to Qiming's own port cancelled", async () => {
    const demo = await t.context.db
      .selectFrom('gw_route')
      .select(['route_id', 'uri', 'status', 'description'])
      .where('route_id', 'in', ['httpbin', 'site-content'])
      .orderBy('route_id')
      .execute();
    expect(demo.map((route) => [route.route_id, route.uri, route.status])).toEqual([
      ['httpbin', 'http://httpbin.org', 'released'],
      ['site-content', 'http://127.0.0.1:3000', 'cancelled'],
    ]);
    // A public name: the default list lets it through once it resolves outside (no DNS is asked here).
    expect(new URL(demo[0]?.uri ?? '').hostname).not.toMatch(/^(localhost|[\d.]+|\[.*\])$/);
    expect(demo[1]?.description).toContain('3000');
    // Listing loopback does not lift the own-port refusal that keeps site-content from answering.
    const listingLoopback = new UpstreamPolicy(['0.0.0.0/0', '::/0', '127.0.0.0/8'], () => [3000, 3080]);
    expect(listingLoopback.refusal('127.0.0.1', '127.0.0.1', 3000)?.reason).toBe('validation.upstreamOwnPort');
  });
});
