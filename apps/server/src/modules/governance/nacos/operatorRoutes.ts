import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { heartbeatDefaults, type RegistryService } from '../registry/registryService.ts';
import { answerV1Refusals, NacosRefusal, nacosErrorCodes } from './nacosRefusal.ts';

const tags = ['nacos naming'];

/**
 * Nacos's naming switches as Qiming runs them. They are fixed by how the registry is built (beats kept
 * in the shared database, no health checker on persistent instances), so they are read-only.
 */
export const namingSwitches = {
  name: '00-00---000-NACOS_SWITCH_DOMAIN-000---00-00',
  masters: null,
  adWeightMap: {},
  defaultPushCacheMillis: 10_000,
  clientBeatInterval: heartbeatDefaults.interval,
  defaultCacheMillis: 3_000,
  distroThreshold: 0.7,
  healthCheckEnabled: true,
  autoChangeHealthCheckEnabled: true,
  distroEnabled: false,
  enableStandalone: true,
  pushEnabled: false,
  checkTimes: 3,
  disableAddIP: false,
  sendBeatOnly: false,
  lightBeatEnabled: true,
  doubleWriteEnabled: false,
  defaultInstanceEphemeral: true,
  limitedUrlMap: {},
  distroServerExpiredMillis: 10_000,
  pushGoVersion: '0.1.0',
  pushJavaVersion: '0.1.0',
  pushPythonVersion: '0.4.3',
  pushCVersion: '1.0.12',
  pushCSharpVersion: '0.9.0',
  enableAuthentication: true,
  overriddenServerStatus: null,
  serverStatusSynchronizationPeriodMillis: 2_000,
  serviceStatusSynchronizationPeriodMillis: 5_000,
  incrementalList: [],
  checksum: null,
};

/** This server as a member of its Nacos cluster: servers sharing a database do not know each other here. */
export function thisServer(context: AppContext) {
  return { ip: context.config.host, port: context.config.port, address: `${context.config.host}:${context.config.port}` };
}

/** No switch is safe to change at run time here, so every change is refused as Nacos refuses one a caller may not make. */
export function switchChangeRefused(): NacosRefusal {
  return new NacosRefusal(403, nacosErrorCodes.accessDenied, 'authorization failed!');
}

/** Registry status and counts, the same for v1 and v2. */
export async function registryMetrics(registry: RegistryService) {
  const counts = await registry.counts();
  return { status: 'UP', serviceCount: counts.services, instanceCount: counts.instances, load: 0, cpu: 0, mem: 0 };
}

/** Nacos's naming operator endpoints: switches (read-only), this server, and status with counts. */
export function operatorRoutes(registry: RegistryService): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    answerV1Refusals(app);
    app.get(
      '/nacos/v1/ns/operator/switches',
      { config: { operation: 'registry:client' }, schema: { tags, summary: "The registry's switches" } },
      async () => namingSwitches,
    );
    app.put(
      '/nacos/v1/ns/operator/switches',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Refuses to change a switch' } },
      async () => {
        throw switchChangeRefused();
      },
    );
    app.get(
      '/nacos/v1/ns/operator/servers',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'The servers of the registry' } },
      async () => {
        const server = thisServer(context);
        return {
          servers: [
            {
              ip: server.ip,
              servePort: server.port,
              site: 'unknown',
              weight: 1,
              adWeight: 0,
              alive: true,
              lastRefTime: Date.now(),
              lastRefTimeStr: null,
              key: server.address,
            },
          ],
        };
      },
    );
    app.get(
      '/nacos/v1/ns/operator/metrics',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Registry status and counts' } },
      () => registryMetrics(registry),
    );
  };
}
