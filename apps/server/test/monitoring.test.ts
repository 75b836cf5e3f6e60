import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlarmEvent, AlarmNotifications, AlarmReceiver, AlarmRule, MonitorSeries, PageResult } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCluster } from '../src/cluster/memoryCluster.ts';
import { buildGateway, type Gateway } from '../src/modules/governance/gateway/gatewayServer.ts';
import { history } from '../src/modules/monitor/figureRepo.ts';
import { ProcessMonitor } from '../src/modules/monitor/processMonitor.ts';
import { TrafficMeter } from '../src/modules/monitor/trafficMeter.ts';
import { startLocalSmtp } from './localSmtp.ts';
import { bearer, createTestApp, form, signIn, staff, sysadmin, type TestApp, type Tokens, withBearer } from './testApp.ts';

interface Hit {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A real HTTP server: the upstream behind the gateway (`/fail` answers 500) and the webhook receiver. */
async function startListener() {
  const hits: Hit[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hits.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(request.url?.includes('/fail') ? 500 : 200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, hits, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Reads until `done` holds or `timeoutMs` pass: for what travels on real sockets (webhooks, mail, the gateway's report). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const total = (series: MonitorSeries, metric: string) =>
  series.series.flatMap((one) => one.points).reduce((sum, point) => sum + (point.values[metric] ?? 0), 0);

/** Prometheus' promtool: `PROMTOOL`, else the copy `npm test` takes from Debian's package, else the PATH's. */
function promtool(): string {
  const taken = new URL('../../../.cache/bin/promtool', import.meta.url).pathname;
  return process.env.PROMTOOL ?? (existsSync(taken) ? taken : 'promtool');
}

describe(`monitoring and alarms (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let staffTokens: Tokens;
  let gateway: Gateway;
  let gatewayUrl: string;
  let listener: Awaited<ReturnType<typeof startListener>>;
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, tokens: Tokens = admin, language = 'en') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(tokens), 'accept-language': language } });
  const data = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> => {
    const answer = await call(method, url, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as T;
  };
  const through = (path: string) => fetch(`${gatewayUrl}${path}`).then((answer) => answer.status);

  async function releasedRoute(routeId: string, pattern: string): Promise<void> {
    const route = await data<{ id: number }>('POST', '/api/admin/gateway/routes', {
      routeId,
      routeName: routeId,
      orderNum: 1,
      uri: listener.url,
      predicates: [{ name: 'Path', args: { patterns: pattern } }],
      filters: [],
      description: '',
    });
    await data('POST', `/api/admin/gateway/routes/${route.id}/release`);
    await gateway.routes.reload();
  }

  const rule = (overrides: Partial<AlarmRule>) => ({
    ruleName: 'Failures',
    targetKind: 'route',
    target: '',
    metric: 'failed',
    comparison: 'gt',
    threshold: 0,
    durationSec: 0,
    level: 'serious',
    receiverIds: [],
    enabled: true,
    ...overrides,
  });
  const events = (query = '') => data<PageResult<AlarmEvent>>('GET', `/api/admin/alarms/events?limit=50${query}`);
  /** The clock's next second: the monitor's tick reports, merges and evaluates at once, rather than on its timer. */
  const nextSecond = async () => {
    t.clock.advance(1_000);
    await t.monitor.tick();
  };
  /** Live figures show a second once it is 3 s old (settleMs): the seconds until the current one is shown. */
  const settled = async () => {
    for (let second = 0; second < 4; second++) await nextSecond();
  };

  beforeAll(async () => {
    // The clock stands still unless a test moves it; the monitor's seconds are ticked by the tests as they move it.
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
    staffTokens = await signIn(t.app, staff);
    listener = await startListener();
    smtp = await startLocalSmtp();
    gateway = await buildGateway(t.context);
    gatewayUrl = await gateway.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await gateway?.app.close();
    listener?.server.close();
    await smtp?.close();
    await t?.close();
  });

  it('adds up a known burst exactly: by gateway route, by API group, and by API route', async () => {
    await releasedRoute('figures', '/figures/**');
    await data('POST', '/api/admin/gateway/api-groups', {
      apiName: 'failing',
      description: '',
      items: [{ name: 'prefix', args: { pattern: '/figures/fail' } }],
    });
    await data('POST', '/api/admin/gateway/flow-rules', {
      resourceMode: 'route',
      resource: 'figures',
      grade: 'qps',
      count: 15,
      intervalSec: 60,
      burst: 0,
      controlBehavior: 'reject',
      paramStrategy: 'none',
      paramField: '',
    });
    await gateway.routes.reload();
    const statuses = [];
    for (let index = 0; index < 12; index++) statuses.push(await through('/figures/ok'));
    for (let index = 0; index < 3; index++) statuses.push(await through('/figures/fail'));
    for (let index = 0; index < 5; index++) statuses.push(await through('/figures/ok'));
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    for (let index = 0; index < 4; index++) await data('GET', '/api/admin/alarms/receivers');
    for (let index = 0; index < 2; index++)
      expect((await call('GET', '/api/admin/alarms/receivers', undefined, staffTokens)).statusCode).toBe(403);

    await settled();
    const route = await data<MonitorSeries>('GET', '/api/admin/monitor/live?kind=route&target=figures');
    expect({
      passed: total(route, 'passed'),
      blocked: total(route, 'blocked'),
      succeeded: total(route, 'succeeded'),
      failed: total(route, 'failed'),
    }).toEqual({ passed: 15, blocked: 5, succeeded: 12, failed: 3 });
    expect(route.stepMs).toBe(1000);
    expect(route.series[0]?.points.length).toBeGreaterThan(500);
    const group = await data<MonitorSeries>('GET', '/api/admin/monitor/live?kind=apiGroup&target=failing');
    expect({ passed: total(group, 'passed'), failed: total(group, 'failed'), blocked: total(group, 'blocked') }).toEqual({
      passed: 3,
      failed: 3,
      blocked: 0,
    });
    const api = await data<MonitorSeries>(
      'GET',
      `/api/admin/monitor/live?kind=api&target=${encodeURIComponent('GET /api/admin/alarms/receivers')}`,
    );
    expect({ passed: total(api, 'passed'), blocked: total(api, 'blocked'), succeeded: total(api, 'succeeded') }).toEqual({
      passed: 4,
      blocked: 2,
      succeeded: 4,
    });
    const targets = await data<Record<string, string[]>>('GET', '/api/admin/monitor/targets');
    expect(targets.route).toContain('figures');
    expect(targets.server).toHaveLength(1);
    const server = await data<MonitorSeries>('GET', '/api/admin/monitor/live?kind=server');
    const lastPoint = server.series[0]?.points.at(-1);
    expect(lastPoint?.values.rssMb).toBeGreaterThan(10);
  });

  it('rolls finished minutes of two processes into one history, requests per second over each step', async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000;
    const serverIds: string[] = [];
    for (const processFigures of [
      { ok: 90, failed: 30 },
      { ok: 30, failed: 0 },
    ]) {
      const meter = new TrafficMeter();
      for (let index = 0; index < processFigures.ok; index++) {
        meter.passed('route', 'history', minute + index);
        meter.completed('route', 'history', 200, 10, minute + index);
      }
      for (let index = 0; index < processFigures.failed; index++) {
        meter.passed('route', 'history', minute + index);
        meter.completed('route', 'history', 503, 40, minute + index);
      }
      const cluster = new MemoryCluster();
      serverIds.push(cluster.serverId);
      const monitor = new ProcessMonitor(t.context.db, cluster, meter);
      await monitor.tick(minute + 30_000);
      await monitor.tick(minute + 61_000);
    }
    const found = await history(t.context.db, { kind: 'route', target: 'history', from: minute - 60_000, to: minute + 120_000 });
    expect(found.stepMs).toBe(60_000);
    expect(found.series).toHaveLength(1);
    expect(found.series[0]?.points).toEqual([
      // 150 requests in the minute from both processes: 2.5 a second; 30 of them failed, 0.5 a second.
      {
        at: minute,
        values: { passed: 2.5, blocked: 0, succeeded: 2, failed: 0.5, avgMs: (120 * 10 + 30 * 40) / 150, p99Ms: expect.any(Number) },
      },
    ]);
    const p99 = found.series[0]?.points[0]?.values.p99Ms ?? 0;
    expect(p99).toBeGreaterThanOrEqual(40);
    expect(p99).toBeLessThanOrEqual(44);
    // Each process's own gauges, beside the demo's server.
    const all = await history(t.context.db, { kind: 'server', from: minute - 60_000, to: minute + 120_000 });
    const processes = all.series.filter((series) => serverIds.includes(series.target));
    expect(processes).toHaveLength(2);
    expect(Object.keys(processes[0]?.points[0]?.values ?? {})).toEqual(expect.arrayContaining(['cpuPercent', 'rssMb', 'eventLoopP99Ms']));
  });

  it('refuses bad rules, receivers and settings with a message in the caller language, and changes nothing', async () => {
    const before = await data<PageResult<AlarmRule>>('GET', '/api/admin/alarms/rules');
    const cases: Array<[object, string]> = [
      [rule({ metric: 'healthy' }), 'Please select'],
      [rule({ target: 'no-such-route' }), 'There is no no-such-route to watch'],
      [rule({ receiverIds: [99999] }), 'does not exist'],
      [rule({ durationSec: 7200 }), '3600'],
      [rule({ level: 'fatal' as never }), 'Please select'],
      [rule({ ruleName: '网关熔断器打开' }), 'already taken'],
    ];
    for (const [payload, expected] of cases) {
      const answer = await call('POST', '/api/admin/alarms/rules', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.body).toContain(expected);
    }
    const zh = await call('POST', '/api/admin/alarms/rules', rule({ target: 'nowhere' }), admin, 'zh');
    expect(zh.json().message).toContain('监控对象nowhere不存在');
    expect((await data<PageResult<AlarmRule>>('GET', '/api/admin/alarms/rules')).total).toBe(before.total);

    const webhook = await call('POST', '/api/admin/alarms/receivers', { receiverName: 'Hook', kind: 'webhook', url: '' });
    expect(webhook.statusCode).toBe(400);
    const mail = await call('POST', '/api/admin/alarms/receivers', { receiverName: 'Mail', kind: 'email', emails: ['not-an-address'] });
    expect(mail.statusCode).toBe(400);
    for (const entry of ['10.0.0.0/33', '*', 'http://evil.example', '1.2.3.4/8/9']) {
      const answer = await call('PUT', '/api/admin/alarms/settings', { allowList: [entry], smtpPort: 25 });
      expect(answer.statusCode, entry).toBe(400);
    }
    expect((await data<{ allowList: string[] }>('GET', '/api/admin/alarms/settings')).allowList).toEqual([]);
  });

  it('takes rules and the in-use switch from form bodies too, where a list of one arrives as a plain value', async () => {
    const receivers = await data<PageResult<AlarmReceiver>>('GET', '/api/admin/alarms/receivers');
    const administrators = receivers.records.find((one) => one.receiverName === '管理员');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/alarms/rules',
      ...withBearer(
        admin,
        form({
          ruleName: 'Slow API',
          targetKind: 'route',
          metric: 'p99Ms',
          comparison: 'gt',
          threshold: '800',
          durationSec: '60',
          level: 'general',
          receiverIds: String(administrators?.id),
        }),
      ),
    });
    expect(created.statusCode, created.body).toBe(200);
    const rule = created.json().data as AlarmRule;
    expect(rule).toMatchObject({ receiverIds: [administrators?.id], enabled: true, threshold: 800 });
    const toggled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/alarms/rules/${rule.id}/enabled`,
      ...withBearer(admin, form({ enabled: 'false' })),
    });
    expect(toggled.json().data).toMatchObject({ enabled: false });
    await data('POST', '/api/admin/alarms/rules/delete', { ids: [rule.id] });
  });

  it('sends a test only where the allow-list lets it, and never shows a stored secret', async () => {
    const receiver = await data<AlarmReceiver>('POST', '/api/admin/alarms/receivers', {
      receiverName: 'Ops hook',
      kind: 'webhook',
      url: `${listener.url}/hook`,
      secret: 's3cret',
    });
    expect(receiver.hasSecret).toBe(true);
    expect(JSON.stringify(await data('GET', '/api/admin/alarms/receivers'))).not.toContain('s3cret');
    // The rule pages read names only, under the rules' own grant.
    const options = await data<PageResult<Record<string, unknown>>>('GET', '/api/admin/alarms/rules/receivers');
    expect(options.records.find((one) => one.id === receiver.id)).toEqual({
      id: receiver.id,
      receiverName: 'Ops hook',
      kind: 'webhook',
      enabled: true,
    });
    const refused = await call('POST', `/api/admin/alarms/receivers/${receiver.id}/test`, undefined, admin, 'en');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('not allowed');
    expect(listener.hits.filter((hit) => hit.url === '/hook')).toHaveLength(0);

    await data('PUT', '/api/admin/alarms/settings', {
      allowList: ['127.0.0.1'],
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpFrom: 'alarms@qiming.test',
      smtpPassword: 'mail-pass',
    });
    const settings = await data<Record<string, unknown>>('GET', '/api/admin/alarms/settings');
    expect(settings).toMatchObject({ allowList: ['127.0.0.1'], hasSmtpPassword: true });
    expect(JSON.stringify(settings)).not.toContain('mail-pass');
    await data('POST', `/api/admin/alarms/receivers/${receiver.id}/test`);
    const hit = listener.hits.find((one) => one.url === '/hook');
    expect(JSON.parse(hit?.body ?? '{}')).toMatchObject({ phase: 'test', receiver: 'Ops hook' });
    expect(hit?.headers['x-qiming-signature']).toBe(
      `sha256=${createHmac('sha256', 's3cret')
        .update(hit?.body ?? '')
        .digest('hex')}`,
    );

    // Edited without a secret, the receiver keeps the one it had.
    await data('PUT', `/api/admin/alarms/receivers/${receiver.id}`, {
      receiverName: 'Ops hook',
      kind: 'webhook',
      url: `${listener.url}/hook`,
      secret: '',
    });
    await data('POST', `/api/admin/alarms/receivers/${receiver.id}/test`);
    const second = listener.hits.filter((one) => one.url === '/hook')[1];
    expect(second?.headers['x-qiming-signature']).toBe(
      `sha256=${createHmac('sha256', 's3cret')
        .update(second?.body ?? '')
        .digest('hex')}`,
    );
  });

  it('fires a rule once its condition has held for its duration, tells every receiver once, keeps one event, and resolves', async () => {
    await releasedRoute('alarmed', '/alarmed/**');
    const receivers = await data<PageResult<AlarmReceiver>>('GET', '/api/admin/alarms/receivers');
    const hook = receivers.records.find((one) => one.receiverName === 'Ops hook');
    const mail = await data<AlarmReceiver>('POST', '/api/admin/alarms/receivers', {
      receiverName: 'Ops mail',
      kind: 'email',
      emails: ['ops@qiming.test'],
    });
    const bell = await data<AlarmReceiver>('POST', '/api/admin/alarms/receivers', {
      receiverName: 'Admin bell',
      kind: 'inApp',
      userNames: ['sysadmin'],
    });
    const created = await data<AlarmRule>(
      'POST',
      '/api/admin/alarms/rules',
      rule({
        ruleName: 'Alarmed failing',
        target: 'alarmed',
        durationSec: 2,
        level: 'urgent',
        receiverIds: [hook?.id ?? 0, mail.id, bell.id],
      }),
    );
    const hooksBefore = listener.hits.filter((hit) => hit.url === '/hook').length;

    /** A second of the clock with failures through the gateway, evaluated as it ends. */
    const failingSecond = async () => {
      for (let index = 0; index < 3; index++) expect(await through('/alarmed/fail')).toBe(500);
      await nextSecond();
    };
    const fired = async () => (await events(`&ruleId=${created.id}`)).total;
    // The first failing second is seen once settled, 3 s on; the condition then holds 2 s before it fires.
    const failingFrom = t.clock.now();
    for (let second = 0; second < 4; second++) await failingSecond();
    expect(await fired()).toBe(0);
    await failingSecond();
    const firing = await events(`&ruleId=${created.id}`);
    expect(firing.total).toBe(1);
    expect(firing.records[0]).toMatchObject({ status: 'firing', target: 'alarmed', level: 'urgent', metric: 'failed' });
    expect(firing.records[0]?.firedAt).toBe(failingFrom + 5_000);
    // Failures go on; still one event.
    for (let second = 0; second < 3; second++) await failingSecond();
    expect(await fired()).toBe(1);
    const told = await eventually(
      async () => ({ hooks: listener.hits.filter((hit) => hit.url === '/hook').length - hooksBefore, mails: smtp.received.length }),
      (count) => count.hooks >= 1 && count.mails >= 1,
    );
    expect(told).toEqual({ hooks: 1, mails: 1 });
    const delivered = listener.hits.filter((hit) => hit.url === '/hook').at(-1);
    expect(JSON.parse(delivered?.body ?? '{}')).toMatchObject({
      phase: 'firing',
      event: { ruleName: 'Alarmed failing', target: 'alarmed' },
    });
    expect(smtp.received[0]?.raw).toContain('FIRING: Alarmed failing (alarmed)');
    const notifications = await data<AlarmNotifications>('GET', '/api/admin/notifications');
    expect(notifications.records.filter((one) => one.ruleName === 'Alarmed failing')).toHaveLength(1);
    expect(notifications.unread).toBeGreaterThanOrEqual(1);

    // Ten quiet settled seconds bring the average over the window back to zero: the last failing second
    // is seen 3 s on and leaves the window 10 s later.
    const lastFailing = t.clock.now() - 1_000;
    const status = async () => (await events(`&ruleId=${created.id}`)).records[0]?.status;
    while (t.clock.now() < lastFailing + 12_000) await nextSecond();
    expect(await status()).toBe('firing');
    await nextSecond();
    const resolved = await events(`&ruleId=${created.id}`);
    expect(resolved.records[0]?.status).toBe('resolved');
    expect(resolved.total).toBe(1);
    expect(resolved.records[0]?.resolvedAt).toBeGreaterThan(resolved.records[0]?.firedAt ?? 0);
    // A delivery round still under way when the event resolved leaves the new ones to the next tick.
    const afterResolve = await eventually(
      async () => {
        await t.monitor.tick();
        return { hooks: listener.hits.filter((hit) => hit.url === '/hook').length - hooksBefore, mails: smtp.received.length };
      },
      (count) => count.hooks >= 2 && count.mails >= 2,
    );
    expect(afterResolve).toEqual({ hooks: 2, mails: 2 });
    expect(JSON.parse(listener.hits.filter((hit) => hit.url === '/hook').at(-1)?.body ?? '{}')).toMatchObject({ phase: 'resolved' });
    // The receivers have it; the history says so once each delivery is recorded.
    const page = await eventually(
      () => events(`&ruleId=${created.id}`),
      (found) => found.records[0]?.deliveries.every((delivery) => delivery.status === 'sent') === true,
    );
    const event = page.records[0];
    expect(event?.deliveries.map((delivery) => `${delivery.receiverName}:${delivery.phase}:${delivery.status}`).sort()).toEqual([
      'Admin bell:firing:sent',
      'Admin bell:resolved:sent',
      'Ops hook:firing:sent',
      'Ops hook:resolved:sent',
      'Ops mail:firing:sent',
      'Ops mail:resolved:sent',
    ]);

    const acknowledged = await data<AlarmEvent>('POST', `/api/admin/alarms/events/${event?.id}/acknowledge`);
    expect(acknowledged).toMatchObject({ acknowledgedBy: 'sysadmin' });
  }, 60_000);

  it('raises the seeded breaker alarm when a breaker opens, in the bell of the super administrators only', async () => {
    await releasedRoute('fragile', '/fragile/**');
    await data('POST', '/api/admin/gateway/degrade-rules', {
      resourceMode: 'route',
      resource: 'fragile',
      grade: 'errorCount',
      count: 1,
      slowRatioThreshold: 1,
      minRequestAmount: 1,
      statIntervalMs: 10_000,
      timeWindow: 30,
    });
    await gateway.routes.reload();
    for (let index = 0; index < 3; index++) await through('/fragile/fail');
    // The gateway reports its breakers once a second; each tick evaluates what it last reported.
    const fired = await eventually(
      async () => {
        await t.monitor.tick();
        return events('&status=firing');
      },
      (page) => page.records.some((one) => one.ruleName === '网关熔断器打开'),
    );
    expect(fired.records.find((one) => one.ruleName === '网关熔断器打开')).toMatchObject({
      targetKind: 'breaker',
      level: 'serious',
    });
    const bell = await data<AlarmNotifications>('GET', '/api/admin/notifications');
    expect(bell.records.some((one) => one.ruleName === '网关熔断器打开')).toBe(true);

    // Each sees and marks only their own.
    const staffBell = await call('GET', '/api/admin/notifications', undefined, staffTokens);
    expect(staffBell.json().data).toEqual({ unread: 0, records: [] });
    const adminIds = bell.records.map((one) => one.id);
    await call('POST', '/api/admin/notifications/read', { ids: adminIds }, staffTokens);
    expect((await data<AlarmNotifications>('GET', '/api/admin/notifications')).unread).toBe(bell.unread);
    await data('POST', '/api/admin/notifications/read-all');
    expect((await data<AlarmNotifications>('GET', '/api/admin/notifications')).unread).toBe(0);
  });

  it('serves /metrics in Prometheus text, open without a token', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    expect(answer.body).toContain('qiming_requests_total{kind="route",target="figures",outcome="blocked"} 5');
    expect(answer.body).toContain('process_cpu_user_seconds_total');
  });

  it('serves the API answer times as a histogram in seconds and a 4xx as a client error, valid for promtool', async () => {
    const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const sample = (text: string, name: string, labels: string) =>
      Number(text.match(new RegExp(`^${name}\\{${labels}\\} (\\S+)$`, 'm'))?.[1] ?? 0);
    const events = 'method="GET",route="/api/admin/alarms/events"';
    const outcome = (text: string, name: string) =>
      sample(text, 'qiming_requests_total', `kind="api",target="GET /api/admin/alarms/events",outcome="${name}"`);
    const before = await scrape();
    expect((await call('GET', '/api/admin/alarms/events?limit=5')).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/alarms/events?limit=nine')).statusCode).toBe(400);
    const after = await scrape();

    expect(after).toContain('# TYPE http_server_request_duration_seconds histogram');
    const buckets = [
      ...after.matchAll(
        new RegExp(`^http_server_request_duration_seconds_bucket\\{le="([^"]+)",${events},status_code="200"\\} (\\d+)$`, 'gm'),
      ),
    ];
    expect(buckets.map(([, le]) => le)).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.075',
      '0.1',
      '0.25',
      '0.5',
      '0.75',
      '1',
      '2.5',
      '5',
      '7.5',
      '10',
      '+Inf',
    ]);
    const answered = sample(after, 'http_server_request_duration_seconds_count', `${events},status_code="200"`);
    expect(Number(buckets.at(-1)?.[2])).toBe(answered);
    expect(sample(after, 'http_server_request_duration_seconds_sum', `${events},status_code="200"`)).toBeGreaterThan(0);
    const refused = (text: string) => sample(text, 'http_server_request_duration_seconds_count', `${events},status_code="400"`);
    expect(refused(after) - refused(before)).toBe(1);
    expect(outcome(after, 'client_error') - outcome(before, 'client_error')).toBe(1);
    expect(outcome(after, 'succeeded') - outcome(before, 'succeeded')).toBe(1);

    // Prometheus' own parser and linter: exit 0 (clean) or 3 (lint findings), and none about Qiming's metrics.
    const checked = spawnSync(promtool(), ['check', 'metrics'], { input: after, encoding: 'utf8' });
    expect([0, 3], checked.stdout + checked.stderr).toContain(checked.status);
    const findings = `${checked.stdout}${checked.stderr}`.split('\n').filter(Boolean);
    expect(findings.filter((line) => !line.startsWith('nodejs_'))).toEqual([]);
  });
});

describe('metrics behind a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: 'scrape-me' } });
  });
  afterAll(async () => t?.close());

  it('asks for the bearer token QIMING_METRICS_TOKEN names', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-one' } })).statusCode).toBe(401);
    const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-me' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('qiming_requests_total');
  });
});
