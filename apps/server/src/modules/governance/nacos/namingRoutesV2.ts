import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { requestParams } from '../../../http/accessGuard.ts';
import type { RegistryService } from '../registry/registryService.ts';
import { nacosParams } from './nacosParams.ts';
import { answerV2Refusals, nacosResult } from './nacosRefusal.ts';
import type { NamingOperations } from './namingOperations.ts';
import {
  beatParams,
  deregisterParams,
  healthParams,
  listParams,
  metadataBatchParams,
  registerParams,
  serviceListParams,
  serviceParams,
  serviceWriteParams,
} from './namingSchemas.ts';
import { namingSwitches, registryMetrics, switchChangeRefused } from './operatorRoutes.ts';

const tags = ['nacos naming v2'];
/** v2 names the clusters to list `clusterName`, v1 `clusters`. */
const listParamsV2 = z.preprocess((value) => {
  const { clusterName, ...rest } = value as Record<string, unknown>;
  return { ...rest, clusters: clusterName ?? '' };
}, listParams);

/** The Nacos v2 naming open API: the v1 operations, answered as `{code, message, data}`. */
export function namingRoutesV2(naming: NamingOperations, registry: RegistryService): FastifyPluginAsyncZod<AppContext> {
  return async (app) => {
    answerV2Refusals(app);
    const done = nacosResult('ok');
    const instance = '/nacos/v2/ns/instance';
    const service = '/nacos/v2/ns/service';

    app.post(
      instance,
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Registers an instance' } },
      async (request) => {
        await naming.register(nacosParams(registerParams, request));
        return done;
      },
    );
    app.put(instance, { config: { operation: 'registry:client' }, schema: { tags, summary: 'Updates an instance' } }, async (request) => {
      await naming.update(nacosParams(registerParams, request));
      return done;
    });
    app.delete(
      instance,
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Deregisters an instance' } },
      async (request) => {
        await naming.deregister(nacosParams(deregisterParams, request));
        return done;
      },
    );
    app.get(instance, { config: { operation: 'registry:client' }, schema: { tags, summary: 'One instance' } }, async (request) => {
      const {
        service: serviceName,
        enabled: _enabled,
        ephemeral: _ephemeral,
        ...detail
      } = await naming.instanceDetail(nacosParams(deregisterParams, request));
      return nacosResult({ serviceName, ...detail });
    });
    app.get(
      `${instance}/list`,
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Instances of a service' } },
      async (request) => nacosResult(await naming.serviceInfo(nacosParams(listParamsV2, request))),
    );
    // Nacos answers a v2 beat as v1 does, outside `Result`, so that one client handles both.
    app.put(
      `${instance}/beat`,
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Heartbeat of an ephemeral instance' } },
      (request) => naming.beat(requestParams(request), () => nacosParams(beatParams, request)),
    );
    app.put(
      `${instance}/metadata/batch`,
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Adds metadata to instances' } },
      async (request) => nacosResult(await naming.changeMetadata(nacosParams(metadataBatchParams, request), 'merge')),
    );
    app.delete(
      `${instance}/metadata/batch`,
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Removes metadata keys from instances' } },
      async (request) => nacosResult(await naming.changeMetadata(nacosParams(metadataBatchParams, request), 'remove')),
    );
    app.put(
      '/nacos/v2/ns/health/instance',
      { config: { operation: 'registry:client' }, schema: { tags, summary: "Sets a persistent instance's health" } },
      async (request) => {
        const params = nacosParams(healthParams, request);
        await naming.setHealth({ ...params, healthy: params.healthy ?? params.valid });
        return done;
      },
    );

    app.post(service, { config: { operation: 'registry:client' }, schema: { tags, summary: 'Creates a service' } }, async (request) => {
      await naming.createService(request.caller, nacosParams(serviceWriteParams, request));
      return done;
    });
    app.put(
      service,
      { config: { operation: 'registry:client' }, schema: { tags, summary: "Changes a service's protect threshold and metadata" } },
      async (request) => {
        await naming.updateService(request.caller, nacosParams(serviceWriteParams, request));
        return done;
      },
    );
    app.delete(
      service,
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Removes a service without instances' } },
      async (request) => {
        await naming.removeService(request.caller, nacosParams(serviceParams, request));
        return done;
      },
    );
    app.get(service, { config: { operation: 'registry:client' }, schema: { tags, summary: 'One service' } }, async (request) => {
      const detail = await naming.serviceDetail(nacosParams(serviceParams, request));
      const clusterMap = Object.fromEntries(
        detail.clusters.map((cluster) => [cluster.name, { clusterName: cluster.name, healthChecker: cluster.healthChecker, metadata: {} }]),
      );
      return nacosResult({
        namespace: detail.namespaceId,
        serviceName: detail.name,
        groupName: detail.groupName,
        clusterMap,
        metadata: detail.metadata,
        protectThreshold: detail.protectThreshold,
        selector: detail.selector,
        ephemeral: false,
      });
    });
    app.get(
      `${service}/list`,
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Service names of a namespace and group' } },
      async (request) => {
        const page = await naming.serviceNames(nacosParams(serviceListParams, request));
        return nacosResult({ count: page.count, services: page.names });
      },
    );

    app.get(
      '/nacos/v2/ns/operator/switches',
      { config: { operation: 'registry:client' }, schema: { tags, summary: "The registry's switches" } },
      async () => nacosResult(namingSwitches),
    );
    app.put(
      '/nacos/v2/ns/operator/switches',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Refuses to change a switch' } },
      async () => {
        throw switchChangeRefused();
      },
    );
    app.get(
      '/nacos/v2/ns/operator/metrics',
      { config: { operation: 'registry:client' }, schema: { tags, summary: 'Registry status and counts' } },
      async () => nacosResult(await registryMetrics(registry)),
    );
  };
}
