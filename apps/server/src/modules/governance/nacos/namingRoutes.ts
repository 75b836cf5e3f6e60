import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { badRequest } from '../../../http/errors.ts';
import { type NamespaceService, namespaceOf } from '../namespaces/namespaceService.ts';
import { heartbeatOf, type RegistryService } from '../registry/registryService.ts';
import { nacosParams } from './nacosParams.ts';
import {
  beatParams,
  defaultCluster,
  deregisterParams,
  listParams,
  registerParams,
  serviceListParams,
  serviceParams,
  splitServiceName,
} from './namingSchemas.ts';

const tags = ['nacos naming'];
/** How often clients re-read an instance list they subscribe to. */
const cacheMillis = 3_000;

/** The Nacos v1 naming API that the npm `nacos` client speaks; answers are Nacos' own shapes, not the envelope. */
export function namingRoutes(registry: RegistryService, namespaces: NamespaceService): FastifyPluginAsyncZod<AppContext> {
  return async (app) => {
    const nameOf = (params: { namespaceId: string; serviceName: string; groupName: string }) => {
      const name = splitServiceName(params.serviceName, params.groupName);
      if (!name) throw badRequest('error.badInput', { field: 'serviceName', reason: params.serviceName });
      return { namespaceId: namespaceOf(params.namespaceId), ...name };
    };
    const serviceOf = async (params: { namespaceId: string; serviceName: string; groupName: string }) => {
      const name = nameOf(params);
      await namespaces.requireExisting(name.namespaceId);
      return name;
    };

    app.post('/nacos/v1/ns/instance', { schema: { tags, summary: 'Registers an instance' } }, async (request) => {
      const params = nacosParams(registerParams, request);
      await registry.register({
        service: await serviceOf(params),
        clusterName: params.clusterName,
        ip: params.ip,
        port: params.port,
        weight: params.weight,
        healthy: params.healthy,
        enabled: params.enabled ?? params.enable,
        ephemeral: params.ephemeral,
        metadata: params.metadata,
      });
      return 'ok';
    });

    /** The stored instance at an address, as the list stores it; undefined when none. */
    const instanceAt = async (params: z.infer<typeof deregisterParams>) => {
      const service = await serviceOf(params);
      const { instances: found } = await registry.instancesOf(service, [params.clusterName]);
      return { service, instance: found.find((instance) => instance.ip === params.ip && instance.port === params.port) };
    };

    app.get('/nacos/v1/ns/instance', { schema: { tags, summary: 'One instance' } }, async (request, reply) => {
      const params = nacosParams(deregisterParams, request);
      const { service, instance } = await instanceAt(params);
      if (!instance) return reply.code(404).type('text/plain; charset=UTF-8').send('no matched ip found!');
      const grouped = `${service.groupName}@@${service.serviceName}`;
      return {
        service: grouped,
        ip: instance.ip,
        port: instance.port,
        clusterName: instance.clusterName || defaultCluster,
        weight: instance.weight,
        healthy: instance.healthy,
        instanceId: `${instance.ip}#${instance.port}#${instance.clusterName}#${grouped}`,
        metadata: instance.metadata,
        enabled: instance.enabled,
        ephemeral: instance.ephemeral,
      };
    });

    // Replaces weight, enabled and metadata of a registered instance, as Nacos's update does; its health stays.
    app.put('/nacos/v1/ns/instance', { schema: { tags, summary: 'Updates an instance' } }, async (request, reply) => {
      const params = nacosParams(registerParams, request);
      const { service, instance } = await instanceAt(params);
      if (!instance) return reply.code(400).type('text/plain; charset=UTF-8').send(`instance not exist: ${params.ip}:${params.port}`);
      await registry.register({
        service,
        clusterName: params.clusterName,
        ip: params.ip,
        port: params.port,
        weight: params.weight,
        healthy: instance.healthy,
        enabled: params.enabled ?? params.enable,
        ephemeral: instance.ephemeral,
        metadata: params.metadata,
      });
      return 'ok';
    });

    app.delete('/nacos/v1/ns/instance', { schema: { tags, summary: 'Deregisters an instance' } }, async (request) => {
      const params = nacosParams(deregisterParams, request);
      await registry.deregister(await serviceOf(params), { clusterName: params.clusterName, ip: params.ip, port: params.port });
      return 'ok';
    });

    app.put('/nacos/v1/ns/instance/beat', { schema: { tags, summary: 'Heartbeat of an ephemeral instance' } }, async (request) => {
      const params = nacosParams(beatParams, request);
      const { beat } = params;
      if (!beat) {
        if (params.ip === undefined || params.port === undefined) throw badRequest('error.badInput', { field: 'beat', reason: 'ip, port' });
        const service = await serviceOf(params);
        const known = await registry.lightBeat({ service, clusterName: params.clusterName, ip: params.ip, port: params.port });
        // Nacos answers 20404 so that the client registers the instance again.
        return { clientBeatInterval: heartbeatOf({}).beatInterval, code: known ? 10200 : 20404, lightBeatEnabled: true };
      }
      const service = nameOf({ ...params, serviceName: beat.serviceName || params.serviceName });
      const interval = await registry.beat(
        {
          service,
          clusterName: beat.cluster,
          ip: beat.ip,
          port: beat.port,
          weight: beat.weight,
          healthy: true,
          enabled: true,
          ephemeral: true,
          metadata: beat.metadata,
        },
        () => namespaces.requireExisting(service.namespaceId),
      );
      return { clientBeatInterval: interval, code: 10200, lightBeatEnabled: false };
    });

    app.get('/nacos/v1/ns/instance/list', { schema: { tags, summary: 'Instances of a service' } }, async (request) => {
      const params = nacosParams(listParams, request);
      const service = await serviceOf(params);
      const clusters = params.clusters
        .split(',')
        .map((cluster) => cluster.trim())
        .filter((cluster) => cluster !== '');
      const { instances: found, protectThreshold: threshold } = await registry.instancesOf(service, clusters);
      const healthy = found.filter((instance) => instance.healthy);
      // Below the protect threshold every instance is served, so that the healthy few are not flooded.
      const protect = found.length > 0 && healthy.length / found.length <= threshold;
      const served = params.healthyOnly && !protect ? healthy : found;
      const grouped = `${service.groupName}@@${service.serviceName}`;
      return {
        name: grouped,
        groupName: service.groupName,
        clusters: params.clusters,
        cacheMillis,
        lastRefTime: Date.now(),
        checksum: '',
        allIPs: false,
        reachProtectionThreshold: protect,
        valid: true,
        hosts: served.map((instance) => ({
          instanceId: `${instance.ip}#${instance.port}#${instance.clusterName}#${grouped}`,
          ip: instance.ip,
          port: instance.port,
          weight: instance.weight,
          healthy: instance.healthy,
          enabled: instance.enabled,
          valid: instance.healthy,
          marked: false,
          ephemeral: instance.ephemeral,
          clusterName: instance.clusterName || defaultCluster,
          serviceName: grouped,
          metadata: instance.metadata,
          instanceHeartBeatInterval: instance.beatInterval,
          instanceHeartBeatTimeOut: instance.beatTimeout,
          ipDeleteTimeout: instance.deleteTimeout,
        })),
      };
    });

    app.get('/nacos/v1/ns/service', { schema: { tags, summary: 'One service' } }, async (request, reply) => {
      const params = nacosParams(serviceParams, request);
      const name = await serviceOf(params);
      const service = await registry.serviceNamed(name);
      if (!service)
        return reply.code(400).type('text/plain; charset=UTF-8').send(`service ${name.groupName}@@${name.serviceName} is not found!`);
      const { instances: found } = await registry.instancesOf(name, []);
      const clusters = [...new Set(found.map((instance) => instance.clusterName || defaultCluster))].sort();
      return {
        namespaceId: name.namespaceId,
        groupName: service.groupName,
        name: service.serviceName,
        protectThreshold: service.protectThreshold,
        metadata: service.metadata,
        selector: { type: 'none' },
        clusters: clusters.map((cluster) => ({ name: cluster, healthChecker: { type: 'TCP' }, metadata: {} })),
      };
    });

    app.get('/nacos/v1/ns/service/list', { schema: { tags, summary: 'Service names of a namespace and group' } }, async (request) => {
      const params = nacosParams(serviceListParams, request);
      const namespaceId = await namespaces.requireExisting(namespaceOf(params.namespaceId));
      const page = await registry.serviceNames(namespaceId, params.groupName || 'DEFAULT_GROUP', params.pageNo, params.pageSize);
      return { count: page.count, doms: page.names };
    });

    app.get('/nacos/v1/ns/operator/metrics', { schema: { tags, summary: 'Registry status and counts' } }, async () => {
      const counts = await registry.counts();
      return { status: 'UP', serviceCount: counts.services, instanceCount: counts.instances, load: 0, cpu: 0, mem: 0 };
    });
  };
}
