import type { RouteInput, RouteStatus } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertRoute, setRouteStatus } from '../modules/governance/gateway/routeRepo.ts';
import { insertApiGroup, insertDegradeRule, insertFlowRule } from '../modules/governance/gateway/ruleRepo.ts';

const path = (patterns: string) => ({ name: 'Path', args: { patterns } });

/**
 * Gateway routes in each state. The released one must answer in the demo, and the gateway never calls
 * Qiming's own ports (a route to the server would make every client look like 127.0.0.1 to the sign-in
 * limits) nor, under the default GATEWAY_UPSTREAM_ALLOW, any loopback or private address: so no
 * listener on the demo's machine can be its upstream without widening the list. It is Spring Cloud
 * Gateway's own getting-started route instead, to the public httpbin.org, which echoes the request as
 * it arrived (the gateway's added header and X-Forwarded-* included): what an SCG user tries first, and
 * it answers wherever the demo reaches the internet (offline, the gateway's 502). `site-content`, once
 * released to the demo server's port 3000, stays as the cancelled example, its description saying why.
 */
const routes: Array<[RouteInput, RouteStatus]> = [
  [
    {
      routeId: 'httpbin',
      routeName: 'httpbin 回显（公网）',
      orderNum: 1,
      uri: 'http://httpbin.org',
      predicates: [path('/httpbin/**')],
      filters: [
        { name: 'StripPrefix', args: { parts: '1' } },
        { name: 'AddRequestHeader', args: { name: 'Hello', value: 'World' } },
        { name: 'AddResponseHeader', args: { name: 'X-Gateway-Route', value: 'httpbin' } },
      ],
      description: 'Spring Cloud Gateway 入门示例：/httpbin/get 即 httpbin.org/get，回显网关转发的请求头；需能访问公网，离线时网关答 502',
    },
    'released',
  ],
  [
    {
      routeId: 'site-content',
      routeName: '官网内容接口',
      orderNum: 2,
      uri: 'http://127.0.0.1:3000',
      predicates: [path('/site/**'), { name: 'Method', args: { methods: 'GET' } }],
      filters: [
        { name: 'StripPrefix', args: { parts: '1' } },
        { name: 'PrefixPath', args: { prefix: '/api/public' } },
        { name: 'AddResponseHeader', args: { name: 'X-Gateway-Route', value: 'site-content' } },
      ],
      description:
        '已取消：上游是启明自己的端口 3000，网关从不转发到启明自己的端口（否则登录限流眼中每个客户端都成了 127.0.0.1），重新发布也只会答 502',
    },
    'cancelled',
  ],
  [
    {
      routeId: 'course-service',
      routeName: '课程服务',
      orderNum: 10,
      uri: 'lb://course-service',
      predicates: [path('/course/**')],
      filters: [
        { name: 'StripPrefix', args: { parts: '1' } },
        { name: 'Retry', args: { retries: '2', statuses: '502,503', methods: 'GET' } },
      ],
      description: '按注册中心的健康实例负载均衡',
    },
    'unreleased',
  ],
  [
    {
      routeId: 'order-service-v1',
      routeName: '订单服务（旧版）',
      orderNum: 20,
      uri: 'http://10.20.2.21:8081',
      predicates: [path('/order/v1/**'), { name: 'Header', args: { header: 'X-Client', regexp: 'mini-program' } }],
      filters: [{ name: 'RequestSize', args: { maxSize: '1048576' } }],
      description: '已由新版替代',
    },
    'cancelled',
  ],
];

const flow = {
  intervalSec: 1,
  burst: 0,
  controlBehavior: 'reject',
  paramField: '',
  warmUpPeriodSec: 10,
  maxQueueingTimeMs: 500,
  enabled: true,
} as const;

export async function seedDemoGateway(db: Kysely<Database>, now: number): Promise<void> {
  for (const [input, status] of routes) {
    const id = await insertRoute(db, input, now);
    if (status !== 'unreleased') await setRouteStatus(db, id, status, now);
  }
  await insertApiGroup(
    db,
    { apiName: 'site-news', description: '官网新闻接口', items: [{ name: 'prefix', args: { pattern: '/site/news' } }] },
    now,
  );
  await insertFlowRule(
    db,
    { ...flow, resourceMode: 'route', resource: 'site-content', grade: 'qps', count: 50, paramStrategy: 'clientIp' },
    now,
  );
  // Low enough that a few quick calls to /httpbin/get show the 429 with Retry-After.
  await insertFlowRule(db, { ...flow, resourceMode: 'route', resource: 'httpbin', grade: 'qps', count: 5, paramStrategy: 'clientIp' }, now);
  await insertFlowRule(
    db,
    { ...flow, resourceMode: 'apiGroup', resource: 'site-news', grade: 'concurrency', count: 20, paramStrategy: 'none' },
    now,
  );
  await insertFlowRule(
    db,
    {
      ...flow,
      resourceMode: 'route',
      resource: 'course-service',
      grade: 'qps',
      count: 200,
      controlBehavior: 'warmUp',
      paramStrategy: 'none',
    },
    now,
  );
  await insertFlowRule(
    db,
    { ...flow, resourceMode: 'apiGroup', resource: 'site-news', grade: 'qps', count: 100, controlBehavior: 'queue', paramStrategy: 'none' },
    now,
  );
  const breaker = { resourceMode: 'route', minRequestAmount: 5, statIntervalMs: 1000, timeWindow: 10, enabled: true } as const;
  await insertDegradeRule(db, { ...breaker, resource: 'site-content', grade: 'slowRatio', count: 500, slowRatioThreshold: 0.5 }, now);
  await insertDegradeRule(db, { ...breaker, resource: 'course-service', grade: 'errorRatio', count: 0.5, slowRatioThreshold: 1 }, now);
}
