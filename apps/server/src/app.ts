import fs from 'node:fs';
import type { Server } from 'node:http';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { type DestinationStream, pino } from 'pino';
import { installationSecret } from './bootstrap/installationSecret.ts';
import { prepareDatabase } from './bootstrap/prepareDatabase.ts';
import { openCluster } from './cluster/openCluster.ts';
import { clusterRateLimitStore } from './cluster/rateLimitStore.ts';
import type { ServerConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { isGuarded, registerAccessGuard } from './http/accessGuard.ts';
import { boundedServer } from './http/boundedServer.ts';
import { checkedResponseSerializerCompiler } from './http/checkedResponses.ts';
import { responseSerializerCompiler } from './http/envelope.ts';
import { AppError, registerErrorHandling } from './http/errors.ts';
import { parseQueryString, registerFormBody } from './http/formBody.ts';
import { documentedOperations, sharedErrorAnswers } from './http/openApiOperations.ts';
import { collectRouteOperations, type RouteOperation } from './http/operationDeclarations.ts';
import { redactedRequest } from './http/redactedRequest.ts';
import { echoRequestId, requestIdOf } from './http/requestId.ts';
import { registerSecurityHeaders } from './http/securityHeaders.ts';
import { registerStorableText } from './http/storableText.ts';
import { alarmRoutes } from './modules/alarms/alarmRoutes.ts';
import { AlarmWatch } from './modules/alarms/alarmWatch.ts';
import { attachmentRoutes } from './modules/attachments/attachmentRoutes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { AccessCache } from './modules/auth/accessCache.ts';
import { AuthService } from './modules/auth/authService.ts';
import { ClientCredentials } from './modules/auth/clientCredentials.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AccessTokens } from './modules/auth/tokens.ts';
import { bpmRoutes } from './modules/bpm/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { formRoutes } from './modules/forms/routes.ts';
import { gatewayActuatorRoutes } from './modules/governance/gateway/actuatorRoutes.ts';
import { gatewayAdminRoutes } from './modules/governance/gateway/routeAdminRoutes.ts';
import { gatewayRuleRoutes } from './modules/governance/gateway/ruleAdminRoutes.ts';
import { HealthSweeper } from './modules/governance/registry/healthSweeper.ts';
import { governanceRoutes } from './modules/governance/routes.ts';
import { accountRoutes } from './modules/iam/accounts/routes.ts';
import { currentUserRoutes } from './modules/iam/currentUserRoutes.ts';
import { organRoutes } from './modules/iam/organs/routes.ts';
import { passwordPolicyRoutes } from './modules/iam/passwordPolicyRoutes.ts';
import { profileRoutes } from './modules/iam/profile/profileRoutes.ts';
import { roleRoutes } from './modules/iam/roles/routes.ts';
import { staffRoutes } from './modules/iam/staff/staffRoutes.ts';
import { recordApiFigures } from './modules/monitor/apiFigures.ts';
import { monitorRoutes } from './modules/monitor/monitorRoutes.ts';
import { MonitorService } from './modules/monitor/monitorService.ts';
import { registerMetricsEndpoint } from './modules/monitor/prometheusMetrics.ts';
import { newRequestDurations } from './modules/monitor/requestDurations.ts';
import { TrafficMeter } from './modules/monitor/trafficMeter.ts';
import { dictionaryRoutes } from './modules/platform/dictionaries/routes.ts';
import { AccessIndex } from './modules/platform/functionModel/accessIndex.ts';
import { syncRouteUrls } from './modules/platform/functionModel/functionModelRepo.ts';
import { functionModelRoutes } from './modules/platform/functionModel/functionModelRoutes.ts';
import { menuAdminRoutes } from './modules/platform/menus/menuAdminRoutes.ts';
import { menuRoutes } from './modules/platform/menus/routes.ts';
import { regionRoutes } from './modules/platform/regions/routes.ts';
import { serialNumberRoutes } from './modules/platform/serialNumbers/routes.ts';
import { workCalendarRoutes } from './modules/platform/workCalendar/routes.ts';
import { portalRoutes } from './modules/portal/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { todoRoutes } from './modules/todo/routes.ts';
import { qimingApp } from './operationCatalogue.ts';

export interface BuildOptions {
  config: ServerConfig;
  adminPassword?: string;
  /** Log to standard output (the server), to a stream of the caller's (tests), or not at all. */
  logger?: boolean | DestinationStream;
  now?: () => number;
  /** Refuse any answer its response schema would change (the suites set it; production only writes). */
  checkResponses?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  context: AppContext;
  /** Every route registered under a guarded prefix with the operation it names, kept up to date as routes are added. */
  routeOperations: RouteOperation[];
  monitor: MonitorService;
  /** The registry's health sweep, which tests run on demand after moving the clock. */
  registrySweep: HealthSweeper;
}

/**
 * Sessions and grants are kept per process and dropped on every change through the cluster bus; the
 * time to live only bounds what a lost bus message could leave behind.
 */
const accessCacheOptions = { ttlMs: 30_000, maxEntries: 50_000 };

/** Where the API's documentation is served (Swagger UI and the OpenAPI document). */
const docsPrefix = '/api/docs';

/** Trusts that many proxies in front, nearest first, as `X-Forwarded-For` lists them. */
const trustedHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Opens the database, brings it up to date and assembles the server; `app.close()` releases everything. */
export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config } = options;
  const now = options.now ?? Date.now;
  // One logger from the first line on: the first start's messages (a generated password) are log lines too.
  const logger = pino(
    { level: options.logger ? config.logLevel : 'silent', serializers: { req: redactedRequest } },
    typeof options.logger === 'object' ? options.logger : process.stdout,
  );
  const handle = openDatabase(config, logger);
  await prepareDatabase(handle.db, handle.dialect, {
    production: config.production,
    adminPassword: options.adminPassword,
    log: (message) => logger.warn(message),
    now: now(),
  });
  const accessIndex = new AccessIndex(handle.db);
  const secret = await installationSecret(handle.db);
  const cluster = await openCluster(config, logger);
  const accessCache = await AccessCache.open(cluster, now, accessCacheOptions);
  const auth = new AuthService(handle.db, new AccessTokens(secret, now), accessCache, now);
  const context: AppContext = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    accessIndex,
    accessCache,
    auth,
    clientCredentials: new ClientCredentials(auth, secret, now, config.signInRateLimit),
    cluster,
    traffic: new TrafficMeter(),
    requestDurations: newRequestDurations(),
    poolStats: handle.poolStats,
    now,
  };

  const app = Fastify<Server>({
    loggerInstance: logger,
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    trustProxy: typeof config.trustProxy === 'number' ? trustedHops(config.trustProxy) : config.trustProxy,
    routerOptions: { querystringParser: parseQueryString, maxParamLength: 200 },
    serverFactory: (handler) => boundedServer(handler, config),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(options.checkResponses ? checkedResponseSerializerCompiler : responseSerializerCompiler);
  registerErrorHandling(app);
  echoRequestId(app);
  registerSecurityHeaders(app, config.webDistDir);
  registerFormBody(app);
  registerStorableText(app);
  registerAccessGuard(app, context);
  if (config.recordFigures) recordApiFigures(app, context.traffic, context.requestDurations, now);
  // The documentation plugin registers its pages itself and cannot name their operation: they are the docs'.
  // Added before the collector, so the collector's hook sees the name.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(docsPrefix)) route.config = { ...route.config, operation: 'system:docs' };
  });
  const routeOperations = collectRouteOperations(app, qimingApp.modules, isGuarded);
  const monitor = new MonitorService(context, (error) => app.log.warn(error, 'monitor: a second was lost'));
  const alarms = new AlarmWatch(context, (error) => app.log.warn(error, 'alarms: a delivery round failed'));
  monitor.onLease(alarms.evaluate);
  const registrySweep = new HealthSweeper(context, (error) => app.log.error({ err: error }, 'registry health sweep failed'));
  // Before the close hooks release the database and the cluster that the last minute is written through.
  app.addHook('preClose', async () => {
    await monitor.stop();
    await alarms.settle();
  });
  app.addHook('onClose', async () => {
    await cluster.close();
    await handle.db.destroy();
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Qiming API',
        version: '1.0.0',
        description: 'Back-office and public website API. Bearer tokens from /api/oauth/token.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: documentedOperations((method, url) => context.accessIndex.find(method, url)?.accessType),
    // Schemas with an id (the recursive trees) become components their operations refer to.
    transformObject: (input) => sharedErrorAnswers(jsonSchemaTransformObject(input)),
  });
  await app.register(fastifySwaggerUi, { routePrefix: docsPrefix });
  // Limits apply only where a route asks for them (the public website API).
  // With several servers the counters live in Redis, so a client's limit is one limit, not one per server;
  // while Redis is unreachable each server counts alone (see clusterRateLimitStore).
  await app.register(fastifyRateLimit, {
    global: false,
    store: clusterRateLimitStore(cluster),
    errorResponseBuilder: () => new AppError(429, 'error.rateLimited'),
  });

  for (const routes of [
    systemRoutes,
    authRoutes,
    currentUserRoutes,
    menuRoutes,
    dictionaryRoutes,
    auditRoutes,
    portalRoutes,
    governanceRoutes(registrySweep),
    organRoutes,
    staffRoutes,
    accountRoutes,
    roleRoutes,
    passwordPolicyRoutes,
    menuAdminRoutes,
    workCalendarRoutes,
    regionRoutes,
    serialNumberRoutes,
    functionModelRoutes,
    todoRoutes,
    dashboardRoutes,
    profileRoutes,
    attachmentRoutes,
    gatewayAdminRoutes,
    gatewayActuatorRoutes,
    gatewayRuleRoutes,
    monitorRoutes(monitor),
    alarmRoutes,
    formRoutes,
    bpmRoutes,
  ]) {
    await app.register(routes, context);
  }
  registerMetricsEndpoint(app, context, monitor.live);

  if (config.webDistDir && fs.existsSync(config.webDistDir)) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      preCompressed: true,
      // Hashed assets never change under their name; index.html must always be fresh.
      setHeaders: (response, file) => {
        response.header('cache-control', file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  await syncRouteUrls(handle.db, qimingApp.appCode, routeOperations);
  await accessIndex.reload();
  monitor.start();
  return { app, context, routeOperations, monitor, registrySweep };
}
